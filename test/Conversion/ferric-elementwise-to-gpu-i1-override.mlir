// Kernels with i1 buffers use one element per thread even when
// elements-per-thread is given: a memref of i1 holds one byte per element,
// a vector<4xi1> is four bits, so a vector store would write wrong bytes.
// RUN: ferric-opt %s --ferric-elementwise-to-gpu=elements-per-thread=4 | FileCheck %s

// CHECK-LABEL: func.func @cmp
//   CHECK-NOT:   vector<4xi1>
//   CHECK-NOT:   vector.load
//       CHECK:   memref.store %{{.*}} : memref<?xi1>
func.func @cmp(%a: memref<?xf32>, %b: memref<?xf32>, %o: memref<?xi1>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                   affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a, %b : memref<?xf32>, memref<?xf32>) outs(%o : memref<?xi1>) {
  ^bb0(%x: f32, %y: f32, %out: i1):
    %0 = arith.cmpf olt, %x, %y : f32
    linalg.yield %0 : i1
  }
  return
}
