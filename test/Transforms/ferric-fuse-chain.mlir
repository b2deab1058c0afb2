// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s

// A chain of elementwise ops over one iteration space becomes one
// ferric.fused whose body applies the ops in order; the intermediate tensors
// disappear.

// CHECK-LABEL: func.func @chain
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>)
//   CHECK-NOT:   ferric.exp
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[X]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.addf %[[E]], %[[Y]] : f32
//  CHECK-NEXT:     %[[T:.*]] = math.tanh %[[S]] : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[T]] : f32
//  CHECK-NEXT:     ferric.yield %[[N]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<4x8xf32>
func.func @chain(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.exp %a : tensor<4x8xf32>
  %1 = ferric.add %0, %b : tensor<4x8xf32>
  %2 = ferric.tanh %1 : tensor<4x8xf32>
  %3 = ferric.neg %2 : tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}

// -----

// Two ops are enough (the default min-ops=2), also over dynamic shapes and
// f64.

// CHECK-LABEL: func.func @two_ops
//  CHECK-SAME: (%[[A:.*]]: tensor<?xf64>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]] : tensor<?xf64>) -> tensor<?xf64> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f64):
//  CHECK-NEXT:     %[[B:.*]] = math.absf %[[X]] : f64
//  CHECK-NEXT:     %[[S:.*]] = math.sqrt %[[B]] : f64
//  CHECK-NEXT:     ferric.yield %[[S]] : f64
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @two_ops(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = ferric.abs %a : tensor<?xf64>
  %1 = ferric.sqrt %0 : tensor<?xf64>
  return %1 : tensor<?xf64>
}

// -----

// Interleaved chains over different iteration spaces stay apart: one kernel
// per space.

// CHECK-LABEL: func.func @chains_apart
//  CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<16xf32>)
//       CHECK:   %[[F8:.*]] = ferric.fused ins(%[[A]] : tensor<8xf32>) -> tensor<8xf32> {
//       CHECK:     math.exp
//  CHECK-NEXT:     arith.negf
//  CHECK-NEXT:     ferric.yield
//       CHECK:   %[[F16:.*]] = ferric.fused ins(%[[B]] : tensor<16xf32>) -> tensor<16xf32> {
//       CHECK:     math.exp
//  CHECK-NEXT:     arith.negf
//  CHECK-NEXT:     ferric.yield
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[F8]], %[[F16]] : tensor<8xf32>, tensor<16xf32>
func.func @chains_apart(%a: tensor<8xf32>, %b: tensor<16xf32>) -> (tensor<8xf32>, tensor<16xf32>) {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.exp %b : tensor<16xf32>
  %2 = ferric.neg %0 : tensor<8xf32>
  %3 = ferric.neg %1 : tensor<16xf32>
  return %2, %3 : tensor<8xf32>, tensor<16xf32>
}
