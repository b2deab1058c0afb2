// RUN: ferric-opt %s --ferric-elementwise-to-gpu | FileCheck %s
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa" | FileCheck %s --check-prefix=ISA

// A kernel that yields a value from outside its body (a constant that
// canonicalize hoisted out of a ferric.fused with no inputs, or a select
// whose mask folded) stores it broadcast to every lane: vector.store takes
// vectors only ("'vector.store' op operand #0 must be vector of any type
// values, but got 'f32'").

// CHECK-LABEL: func.func @yield_constant
//       CHECK:   %[[C:.*]] = arith.constant 2.500000e+00 : f32
//       CHECK:   gpu.launch
//       CHECK:     %[[V:.*]] = vector.broadcast %[[C]] : f32 to vector<4xf32>
//       CHECK:     vector.store %[[V]], %{{.*}} : memref<64xf32>, vector<4xf32>
// ISA: gpu.binary @yield_constant_kernel
func.func @yield_constant(%out: memref<64xf32>) {
  %c = arith.constant 2.5 : f32
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]} outs(%out : memref<64xf32>) {
  ^bb0(%o: f32):
    linalg.yield %c : f32
  }
  return
}
