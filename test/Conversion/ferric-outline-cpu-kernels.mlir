// RUN: ferric-opt %s --split-input-file --ferric-outline-cpu-kernels="min-kernels=3" | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-outline-cpu-kernels | FileCheck %s --check-prefix=DEFAULT

// A function with at least min-kernels linalg ops on buffers gets each in a
// private, non-inlined function of its own, called in its place: constants
// the body captures are cloned into it, other captured values become
// arguments after the op's operands. With the default (32) these three
// stay where they are.

// CHECK-LABEL: func.func @chain(
//  CHECK-SAME:     %[[A:.*]]: memref<8xf32>, %[[B:.*]]: memref<8xf32>, %[[S:.*]]: f32)
//       CHECK:   call @chain_kernel(%[[A]], %[[B]]) : (memref<8xf32>, memref<8xf32>) -> ()
//       CHECK:   call @chain_kernel_0(%[[B]], %[[A]], %[[S]]) : (memref<8xf32>, memref<8xf32>, f32) -> ()
//       CHECK:   call @chain_kernel_1(%[[A]], %[[B]]) : (memref<8xf32>, memref<8xf32>) -> ()
//   CHECK-NOT:   linalg.
//       CHECK:   return
//       CHECK: func.func private @chain_kernel(%{{.*}}: memref<8xf32>, %{{.*}}: memref<8xf32>) attributes {passthrough = ["noinline"]} {
//       CHECK:   %[[C:.*]] = arith.constant 2.000000e+00 : f32
//       CHECK:   linalg.generic
//       CHECK:     arith.mulf %{{.*}}, %[[C]] : f32
//       CHECK:   return
//       CHECK: func.func private @chain_kernel_0(%{{.*}}: memref<8xf32>, %{{.*}}: memref<8xf32>, %[[SS:.*]]: f32) attributes {passthrough = ["noinline"]} {
//       CHECK:     arith.addf %{{.*}}, %[[SS]] : f32
//       CHECK: func.func private @chain_kernel_1(
//       CHECK:   linalg.copy

// DEFAULT-LABEL: func.func @chain(
//   DEFAULT-NOT:   call
//       DEFAULT:   linalg.generic
//   DEFAULT-NOT:   func.func private
func.func @chain(%a: memref<8xf32>, %b: memref<8xf32>, %s: f32) {
  %two = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<8xf32>) outs(%b : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %two : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%b : memref<8xf32>) outs(%a : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %s : f32
    linalg.yield %0 : f32
  }
  linalg.copy ins(%a : memref<8xf32>) outs(%b : memref<8xf32>)
  return
}

// -----

// Fewer than min-kernels: unchanged.

// CHECK-LABEL: func.func @two(
//   CHECK-NOT:   call
//       CHECK:   linalg.copy
//       CHECK:   linalg.copy
//   CHECK-NOT:   func.func private
func.func @two(%a: memref<8xf32>, %b: memref<8xf32>) {
  linalg.copy ins(%a : memref<8xf32>) outs(%b : memref<8xf32>)
  linalg.copy ins(%b : memref<8xf32>) outs(%a : memref<8xf32>)
  return
}
