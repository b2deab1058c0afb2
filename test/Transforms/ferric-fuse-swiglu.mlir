// RUN: ferric-opt %s --ferric-fuse | FileCheck %s

// The SwiGLU gate silu(a) * b becomes exactly one ferric.fused.
// CHECK-LABEL: func.func @swiglu
//  CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> {
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//       CHECK:     math.exp
//       CHECK:     %[[S:.*]] = arith.mulf %[[X]], %{{.*}} : f32
//       CHECK:     %[[R:.*]] = arith.mulf %[[S]], %[[Y]] : f32
//       CHECK:     ferric.yield %[[R]] : f32
//   CHECK-NOT:   ferric.fused
//       CHECK:   return %[[F]]
func.func @swiglu(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
