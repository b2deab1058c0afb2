// With elements-per-thread=3 on f32, thread i accesses byte offset 12*i,
// which is only 4-byte aligned: the pass asserts the largest power of two
// dividing the access size (4), not min(12, 16) (which llvm::Align would
// round to 8).
// RUN: ferric-opt %s --ferric-elementwise-to-gpu=elements-per-thread=3 | FileCheck %s

// CHECK-LABEL: func.func @f
//       CHECK:   vector.load %{{.*}} {alignment = 4 : i64} : memref<?xf32>, vector<3xf32>
//       CHECK:   vector.store %{{.*}} {alignment = 4 : i64} : memref<?xf32>, vector<3xf32>
func.func @f(%a: memref<?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%x: f32, %out: f32):
    %0 = arith.negf %x : f32
    linalg.yield %0 : f32
  }
  return
}
