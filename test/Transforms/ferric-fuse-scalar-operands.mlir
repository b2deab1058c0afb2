// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s

// Scalar operands. An f32 SSA argument is an input of the kernel that every
// point sees (a block argument of type f32, no indexing map needed);
// arith.constant scalars and splat tensors are not inputs at all: the body
// materializes the scalar itself.

// CHECK-LABEL: func.func @scalar_arg
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[S:.*]]: f32)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[S]] : tensor<4x8xf32>, f32) -> tensor<4x8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[SV:.*]]: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[X]], %[[SV]] : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.subf %[[SV]], %[[M]] : f32
//  CHECK-NEXT:     ferric.yield %[[D]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @scalar_arg(%a: tensor<4x8xf32>, %s: f32) -> tensor<4x8xf32> {
  %0 = ferric.mul %a, %s : tensor<4x8xf32>, f32
  %1 = ferric.sub %s, %0 : f32, tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @constants
//  CHECK-SAME: (%[[A:.*]]: tensor<8xf32>)
//   CHECK-NOT:   arith.constant
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]] : tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[C:.*]] = arith.constant 2.500000e+00 : f32
//  CHECK-NEXT:     %[[P:.*]] = arith.addf %[[X]], %[[C]] : f32
//  CHECK-NEXT:     %[[SP:.*]] = arith.constant 3.000000e+00 : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.subf %[[P]], %[[SP]] : f32
//  CHECK-NEXT:     ferric.yield %[[D]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @constants(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = arith.constant 2.5 : f32
  %sp = arith.constant dense<3.0> : tensor<8xf32>
  %0 = ferric.add %a, %c : tensor<8xf32>, f32
  %1 = ferric.sub %0, %sp : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// A dense constant that is not a splat is an ordinary tensor input.

// CHECK-LABEL: func.func @dense_not_splat
//  CHECK-SAME: (%[[A:.*]]: tensor<2xf32>)
//       CHECK:   %[[D:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
//  CHECK-NEXT:   ferric.fused ins(%[[A]], %[[D]] : tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> {
func.func @dense_not_splat(%a: tensor<2xf32>) -> tensor<2xf32> {
  %d = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = ferric.add %a, %d : tensor<2xf32>
  %1 = ferric.exp %0 : tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// f16 scalars in cmp and select.

// CHECK-LABEL: func.func @select_scalars
//  CHECK-SAME: (%[[A:.*]]: tensor<8xf16>)
//       CHECK:   ferric.fused ins(%[[A]] : tensor<8xf16>) -> tensor<8xf16> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f16):
//  CHECK-NEXT:     %[[Z:.*]] = arith.constant 0.000000e+00 : f16
//  CHECK-NEXT:     %[[M:.*]] = arith.cmpf ogt, %[[X]], %[[Z]] : f16
//  CHECK-NEXT:     %[[H:.*]] = arith.constant 5.000000e-01 : f16
//  CHECK-NEXT:     %[[S:.*]] = arith.select %[[M]], %[[X]], %[[H]] : f16
//  CHECK-NEXT:     ferric.yield %[[S]] : f16
func.func @select_scalars(%a: tensor<8xf16>) -> tensor<8xf16> {
  %z = arith.constant 0.0 : f16
  %h = arith.constant 0.5 : f16
  %m = ferric.cmp gt, %a, %z : tensor<8xf16>, f16
  %0 = ferric.select %m, %a, %h : tensor<8xi1>, tensor<8xf16>, f16
  return %0 : tensor<8xf16>
}

// -----

// An i1 splat condition becomes an i1 constant in the body.

// CHECK-LABEL: func.func @splat_bool
//  CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
//       CHECK:   ferric.fused ins(%[[A]], %[[B]] : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[T:.*]] = arith.constant true
//  CHECK-NEXT:     %[[S:.*]] = arith.select %[[T]], %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     arith.negf %[[S]] : f32
func.func @splat_bool(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %t = arith.constant dense<true> : tensor<8xi1>
  %0 = ferric.select %t, %a, %b : tensor<8xi1>, tensor<8xf32>
  %1 = ferric.neg %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}
