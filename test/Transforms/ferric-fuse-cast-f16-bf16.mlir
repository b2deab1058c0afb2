// RUN: ferric-opt %s --ferric-fuse | FileCheck %s

// f16 and bf16 have the same width, so a cast between them cannot be one
// arith.extf or arith.truncf (both need a width change); the scalar body goes
// through f32, which holds either type exactly, so there is one rounding.

// CHECK-LABEL: func.func @f16_to_bf16
//       CHECK:   ferric.fused ins(%{{.*}} : tensor<4xf16>) -> tensor<4xbf16> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f16):
//  CHECK-NEXT:     %[[W:.*]] = arith.extf %[[X]] : f16 to f32
//  CHECK-NEXT:     %[[N:.*]] = arith.truncf %[[W]] : f32 to bf16
//  CHECK-NEXT:     %[[R:.*]] = arith.negf %[[N]] : bf16
//  CHECK-NEXT:     ferric.yield %[[R]] : bf16
func.func @f16_to_bf16(%a: tensor<4xf16>) -> tensor<4xbf16> {
  %0 = ferric.cast %a : tensor<4xf16> to tensor<4xbf16>
  %1 = ferric.neg %0 : tensor<4xbf16>
  return %1 : tensor<4xbf16>
}

// CHECK-LABEL: func.func @bf16_to_f16
//       CHECK:   ferric.fused ins(%{{.*}} : tensor<4xbf16>) -> tensor<4xf16> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: bf16):
//  CHECK-NEXT:     %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
//  CHECK-NEXT:     %[[N:.*]] = arith.truncf %[[W]] : f32 to f16
//  CHECK-NEXT:     %[[R:.*]] = arith.negf %[[N]] : f16
//  CHECK-NEXT:     ferric.yield %[[R]] : f16
func.func @bf16_to_f16(%a: tensor<4xbf16>) -> tensor<4xf16> {
  %0 = ferric.cast %a : tensor<4xbf16> to tensor<4xf16>
  %1 = ferric.neg %0 : tensor<4xf16>
  return %1 : tensor<4xf16>
}
