// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s

// Diamonds: a shared subexpression used by two branches that meet again is
// computed once in the body, and the whole diamond is one kernel with a
// single result.

// CHECK-LABEL: func.func @diamond
//  CHECK-SAME: (%[[A:.*]]: tensor<8xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]] : tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[X]] : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[E]] : f32
//  CHECK-NEXT:     %[[T:.*]] = math.tanh %[[E]] : f32
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[N]], %[[T]] : f32
//  CHECK-NEXT:     ferric.yield %[[M]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<8xf32>
func.func @diamond(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.neg %0 : tensor<8xf32>
  %2 = ferric.tanh %0 : tensor<8xf32>
  %3 = ferric.mul %1, %2 : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// -----

// The shared values are function arguments: each becomes one input of the
// kernel, however many ops read it.

// CHECK-LABEL: func.func @input_diamond
//  CHECK-SAME: (%[[A:.*]]: tensor<2x4xf32>, %[[B:.*]]: tensor<2x4xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[S:.*]] = arith.subf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     %[[P:.*]] = arith.addf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.divf %[[S]], %[[P]] : f32
//  CHECK-NEXT:     %[[M:.*]] = arith.maximumf %[[D]], %[[X]] : f32
//  CHECK-NEXT:     ferric.yield %[[M]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @input_diamond(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = ferric.sub %a, %b : tensor<2x4xf32>
  %1 = ferric.add %a, %b : tensor<2x4xf32>
  %2 = ferric.div %0, %1 : tensor<2x4xf32>
  %3 = ferric.max %2, %a : tensor<2x4xf32>
  return %3 : tensor<2x4xf32>
}

// -----

// Diamonds inside diamonds: exp(a) feeds three ops and sigmoid(exp(a)) two;
// each is computed once.

// CHECK-LABEL: func.func @nested_diamond
//       CHECK:   %[[F:.*]] = ferric.fused ins(%{{.*}} : tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[X]] : f32
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[NE:.*]] = arith.negf %[[E]] : f32
//  CHECK-NEXT:     %[[EE:.*]] = math.exp %[[NE]] : f32
//  CHECK-NEXT:     %[[DEN:.*]] = arith.addf %[[ONE]], %[[EE]] : f32
//  CHECK-NEXT:     %[[SIG:.*]] = arith.divf %[[ONE]], %[[DEN]] : f32
//  CHECK-NEXT:     %[[M1:.*]] = arith.mulf %[[E]], %[[SIG]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.subf %[[M1]], %[[E]] : f32
//  CHECK-NEXT:     %[[M2:.*]] = arith.mulf %[[S]], %[[SIG]] : f32
//  CHECK-NEXT:     ferric.yield %[[M2]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @nested_diamond(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.sigmoid %0 : tensor<8xf32>
  %2 = ferric.mul %0, %1 : tensor<8xf32>
  %3 = ferric.sub %2, %0 : tensor<8xf32>
  %4 = ferric.mul %3, %1 : tensor<8xf32>
  return %4 : tensor<8xf32>
}
