// RUN: ferric-opt %s -canonicalize -split-input-file | FileCheck %s

// Canonicalization and folding of ferric ops. Elementwise ops on splat
// constants fold by evaluating their scalar body (the math in ScalarMath.cpp)
// with the arith and math folders; f16 and bf16 compute transcendental
// functions in f32 and round the result once, to nearest even.

//===----------------------------------------------------------------------===//
// Unary constant folding (f32)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fold_neg
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<-1.500000e+00> : tensor<4xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_neg() -> tensor<4xf32> {
  %c = arith.constant dense<1.5> : tensor<4xf32>
  %0 = ferric.neg %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @fold_abs
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<4xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_abs() -> tensor<4xf32> {
  %c = arith.constant dense<-2.5> : tensor<4xf32>
  %0 = ferric.abs %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @fold_exp
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<2.71828175> : tensor<4xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_exp() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %0 = ferric.exp %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @fold_log
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<0.693147182> : tensor<4xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_log() -> tensor<4xf32> {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %0 = ferric.log %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The log of a negative number is NaN; math.log's folder leaves it alone.
// CHECK-LABEL: func.func @no_fold_log_negative
//       CHECK:   ferric.log
func.func @no_fold_log_negative() -> tensor<4xf32> {
  %c = arith.constant dense<-1.0> : tensor<4xf32>
  %0 = ferric.log %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @fold_sqrt
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<1.41421354> : tensor<4xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_sqrt() -> tensor<4xf32> {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %0 = ferric.sqrt %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// math.rsqrt has no folder of its own; Ferric's folder evaluates it.
// CHECK-LABEL: func.func @fold_rsqrt
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<0.707106769> : tensor<4xf32>
//  CHECK-NEXT:   %[[D:.*]] = arith.constant dense<0.70710678118654746> : tensor<4xf64>
//  CHECK-NEXT:   return %[[C]], %[[D]]
func.func @fold_rsqrt() -> (tensor<4xf32>, tensor<4xf64>) {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %0 = ferric.rsqrt %c : tensor<4xf32>
  %d = arith.constant dense<2.0> : tensor<4xf64>
  %1 = ferric.rsqrt %d : tensor<4xf64>
  return %0, %1 : tensor<4xf32>, tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @fold_tanh
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<0.761594176> : tensor<4xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_tanh() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %0 = ferric.tanh %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @fold_relu
//   CHECK-DAG:   %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[P:.*]] = arith.constant dense<3.000000e+00> : tensor<4xf32>
//   CHECK-NOT:   ferric.relu
//       CHECK:   return %[[Z]], %[[P]]
func.func @fold_relu() -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<-2.0> : tensor<4xf32>
  %0 = ferric.relu %c : tensor<4xf32>
  %d = arith.constant dense<3.0> : tensor<4xf32>
  %1 = ferric.relu %d : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @fold_sigmoid
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<0.731058597> : tensor<4xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_sigmoid() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %0 = ferric.sigmoid %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// silu(1) = 1 * sigmoid(1); silu(2) = 2 * sigmoid(2).
// CHECK-LABEL: func.func @fold_silu
//   CHECK-DAG:   %[[A:.*]] = arith.constant dense<0.731058597> : tensor<4xf32>
//   CHECK-DAG:   %[[B:.*]] = arith.constant dense<1.76159406> : tensor<4xf32>
//   CHECK-NOT:   ferric.silu
//       CHECK:   return %[[A]], %[[B]]
func.func @fold_silu() -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %0 = ferric.silu %c : tensor<4xf32>
  %d = arith.constant dense<2.0> : tensor<4xf32>
  %1 = ferric.silu %d : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The tanh approximation and the erf form differ in the fourth digit.
// CHECK-LABEL: func.func @fold_gelu
//   CHECK-DAG:   %[[T:.*]] = arith.constant dense<8.411920e-01> : tensor<4xf32>
//   CHECK-DAG:   %[[E:.*]] = arith.constant dense<0.841344714> : tensor<4xf32>
//   CHECK-NOT:   ferric.gelu
//       CHECK:   return %[[T]], %[[E]]
func.func @fold_gelu() -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %0 = ferric.gelu %c : tensor<4xf32>
  %1 = ferric.gelu %c exact : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Rank 0 folds too.
// CHECK-LABEL: func.func @fold_rank0
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<-4.000000e+00> : tensor<f32>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_rank0() -> tensor<f32> {
  %c = arith.constant dense<4.0> : tensor<f32>
  %0 = ferric.neg %c : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A non-splat constant is not folded.
// CHECK-LABEL: func.func @no_fold_non_splat
//       CHECK:   ferric.exp
func.func @no_fold_non_splat() -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = ferric.exp %c : tensor<2xf32>
  return %0 : tensor<2xf32>
}

//===----------------------------------------------------------------------===//
// The ops real models need: sin, cos, erf, log1p, expm1 through math's
// folders; floor, ceil, round (ties to even), sign, reciprocal and clamp
// through arith and math; idempotent rounding and sign fold away.
//===----------------------------------------------------------------------===//

// The f32 results correctly rounded (sin(1) = 0.84147098..., numpy's f32
// sin gives the next float up); log1p and expm1 keep tiny x.
// CHECK-LABEL: func.func @fold_transcendental
//   CHECK-DAG:   %[[SIN:.*]] = arith.constant dense<0.841470957> : tensor<4xf32>
//   CHECK-DAG:   %[[COS:.*]] = arith.constant dense<0.540302277> : tensor<4xf32>
//   CHECK-DAG:   %[[ERF:.*]] = arith.constant dense<0.520499885> : tensor<4xf32>
//   CHECK-DAG:   %[[TINY:.*]] = arith.constant dense<1.000000e-10> : tensor<4xf32>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[SIN]], %[[COS]], %[[ERF]], %[[TINY]], %[[TINY]] :
func.func @fold_transcendental() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %half = arith.constant dense<0.5> : tensor<4xf32>
  %tiny = arith.constant dense<1.0e-10> : tensor<4xf32>
  %0 = ferric.sin %one : tensor<4xf32>
  %1 = ferric.cos %one : tensor<4xf32>
  %2 = ferric.erf %half : tensor<4xf32>
  %3 = ferric.log1p %tiny : tensor<4xf32>
  %4 = ferric.expm1 %tiny : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// round(2.5) = 2 and round(-0.5) = -0 (ties to even); floor, ceil.
// CHECK-LABEL: func.func @fold_rounding
//   CHECK-DAG:   %[[A:.*]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[B:.*]] = arith.constant dense<-0.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[C:.*]] = arith.constant dense<-2.000000e+00> : tensor<4xf16>
//   CHECK-DAG:   %[[D:.*]] = arith.constant dense<8.000000e+00> : tensor<4xbf16>
//   CHECK-DAG:   %[[E:.*]] = arith.constant dense<4.000000e+00> : tensor<4xf64>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]] :
func.func @fold_rounding() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>, tensor<4xf64>) {
  %a = arith.constant dense<2.5> : tensor<4xf32>
  %b = arith.constant dense<-0.5> : tensor<4xf32>
  %c = arith.constant dense<-1.25> : tensor<4xf16>
  %d = arith.constant dense<7.5> : tensor<4xbf16>
  %e = arith.constant dense<3.5> : tensor<4xf64>
  %0 = ferric.round %a : tensor<4xf32>
  %1 = ferric.round %b : tensor<4xf32>
  %2 = ferric.floor %c : tensor<4xf16>
  %3 = ferric.ceil %d : tensor<4xbf16>
  %4 = ferric.round %e : tensor<4xf64>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>, tensor<4xf64>
}

// -----

// sign keeps -0 and NaN; reciprocal of -0 is -inf; clamp of NaN is NaN.
// CHECK-LABEL: func.func @fold_sign_reciprocal_clamp
//   CHECK-DAG:   %[[M1:.*]] = arith.constant dense<-1.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[NZ:.*]] = arith.constant dense<-0.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[Q:.*]] = arith.constant dense<2.500000e-01> : tensor<4xf32>
//   CHECK-DAG:   %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<4xf32>
//   CHECK-DAG:   %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<4xf32>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[M1]], %[[NZ]], %[[Q]], %[[NINF]], %[[M1]], %[[NAN]] :
func.func @fold_sign_reciprocal_clamp() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %neg = arith.constant dense<-3.0> : tensor<4xf32>
  %nz = arith.constant dense<-0.0> : tensor<4xf32>
  %nan = arith.constant dense<0x7FC00000> : tensor<4xf32>
  %four = arith.constant dense<4.0> : tensor<4xf32>
  %lo = arith.constant -1.0 : f32
  %hi = arith.constant 2.0 : f32
  %0 = ferric.sign %neg : tensor<4xf32>
  %1 = ferric.sign %nz : tensor<4xf32>
  %2 = ferric.reciprocal %four : tensor<4xf32>
  %3 = ferric.reciprocal %nz : tensor<4xf32>
  %4 = ferric.clamp %neg, %lo, %hi : tensor<4xf32>, f32, f32
  %5 = ferric.clamp %nan, %lo, %hi : tensor<4xf32>, f32, f32
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Integers, +-1, +-0, infinities and NaN are fixed points of every rounding
// op and sign, so the outer op folds to the inner one; reciprocal twice
// rounds twice and stays.
// CHECK-LABEL: func.func @fold_idempotent
//  CHECK-SAME: (%[[X:.*]]: tensor<8xf32>)
//       CHECK:   %[[C:.*]] = ferric.ceil %[[X]]
//  CHECK-NEXT:   %[[S:.*]] = ferric.sign %[[X]]
//  CHECK-NEXT:   %[[R:.*]] = ferric.reciprocal %[[X]]
//  CHECK-NEXT:   %[[RR:.*]] = ferric.reciprocal %[[R]]
//  CHECK-NEXT:   return %[[C]], %[[S]], %[[S]], %[[RR]]
func.func @fold_idempotent(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = ferric.ceil %x : tensor<8xf32>
  %1 = ferric.floor %0 : tensor<8xf32>
  %2 = ferric.round %1 : tensor<8xf32>
  %3 = ferric.sign %x : tensor<8xf32>
  %4 = ferric.sign %3 : tensor<8xf32>
  %5 = ferric.round %3 : tensor<8xf32>
  %6 = ferric.reciprocal %x : tensor<8xf32>
  %7 = ferric.reciprocal %6 : tensor<8xf32>
  return %2, %4, %5, %7 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

//===----------------------------------------------------------------------===//
// f16, bf16 and f64 constant folding
//===----------------------------------------------------------------------===//

// -----

// exp(2) = 7.3890562 rounds to the f16 7.390625 (arith.truncf's own folder
// refuses inexact conversions, so this used to stay unfolded).
// CHECK-LABEL: func.func @fold_exp_f16
//  CHECK-NEXT:   %[[C:.*]] = arith.constant dense<7.390630e+00> : tensor<4xf16>
//  CHECK-NEXT:   return %[[C]]
func.func @fold_exp_f16() -> tensor<4xf16> {
  %c = arith.constant dense<2.0> : tensor<4xf16>
  %0 = ferric.exp %c : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// CHECK-LABEL: func.func @fold_unary_f16
//   CHECK-DAG:   %[[LOG:.*]] = arith.constant dense<6.933590e-01> : tensor<4xf16>
//   CHECK-DAG:   %[[SQRT:.*]] = arith.constant dense<1.414060e+00> : tensor<4xf16>
//   CHECK-DAG:   %[[RSQRT:.*]] = arith.constant dense<5.000000e-01> : tensor<4xf16>
//   CHECK-DAG:   %[[TANH:.*]] = arith.constant dense<9.638670e-01> : tensor<4xf16>
//   CHECK-DAG:   %[[SIG:.*]] = arith.constant dense<8.808590e-01> : tensor<4xf16>
//   CHECK-DAG:   %[[SILU:.*]] = arith.constant dense<1.761720e+00> : tensor<4xf16>
//   CHECK-DAG:   %[[GELU:.*]] = arith.constant dense<1.955080e+00> : tensor<4xf16>
//   CHECK-DAG:   %[[GELUX:.*]] = arith.constant dense<1.954100e+00> : tensor<4xf16>
//   CHECK-DAG:   %[[NEG:.*]] = arith.constant dense<-2.000000e+00> : tensor<4xf16>
//   CHECK-DAG:   %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<4xf16>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[LOG]], %[[SQRT]], %[[RSQRT]], %[[TANH]], %[[SIG]], %[[SILU]], %[[GELU]], %[[GELUX]], %[[NEG]], %[[TWO]], %[[TWO]]
func.func @fold_unary_f16() -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>,
                                tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>) {
  %c = arith.constant dense<2.0> : tensor<4xf16>
  %four = arith.constant dense<4.0> : tensor<4xf16>
  %0 = ferric.log %c : tensor<4xf16>
  %1 = ferric.sqrt %c : tensor<4xf16>
  %2 = ferric.rsqrt %four : tensor<4xf16>
  %3 = ferric.tanh %c : tensor<4xf16>
  %4 = ferric.sigmoid %c : tensor<4xf16>
  %5 = ferric.silu %c : tensor<4xf16>
  %6 = ferric.gelu %c : tensor<4xf16>
  %7 = ferric.gelu %c exact : tensor<4xf16>
  %8 = ferric.neg %c : tensor<4xf16>
  %9 = ferric.abs %8 : tensor<4xf16>
  %10 = ferric.relu %c : tensor<4xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10
      : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>,
        tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>
}

// -----

// bf16 keeps 8 significant bits: exp(2) = 7.389 rounds to 7.375.
// CHECK-LABEL: func.func @fold_unary_bf16
//   CHECK-DAG:   %[[EXP:.*]] = arith.constant dense<7.375000e+00> : tensor<4xbf16>
//   CHECK-DAG:   %[[LOG:.*]] = arith.constant dense<6.914060e-01> : tensor<4xbf16>
//   CHECK-DAG:   %[[TANH:.*]] = arith.constant dense<9.648430e-01> : tensor<4xbf16>
//   CHECK-DAG:   %[[SILU:.*]] = arith.constant dense<1.757810e+00> : tensor<4xbf16>
//   CHECK-DAG:   %[[RSQRT:.*]] = arith.constant dense<7.070310e-01> : tensor<4xbf16>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[EXP]], %[[LOG]], %[[TANH]], %[[SILU]], %[[RSQRT]]
func.func @fold_unary_bf16() -> (tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>) {
  %c = arith.constant dense<2.0> : tensor<4xbf16>
  %0 = ferric.exp %c : tensor<4xbf16>
  %1 = ferric.log %c : tensor<4xbf16>
  %2 = ferric.tanh %c : tensor<4xbf16>
  %3 = ferric.silu %c : tensor<4xbf16>
  %4 = ferric.rsqrt %c : tensor<4xbf16>
  return %0, %1, %2, %3, %4 : tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>
}

// -----

// CHECK-LABEL: func.func @fold_binary_f16_bf16
//   CHECK-DAG:   %[[ADD:.*]] = arith.constant dense<3.750000e+00> : tensor<4xf16>
//   CHECK-DAG:   %[[POW:.*]] = arith.constant dense<2.490230e+00> : tensor<4xf16>
//   CHECK-DAG:   %[[DIV:.*]] = arith.constant dense<4.277340e-01> : tensor<4xbf16>
//   CHECK-DAG:   %[[MUL:.*]] = arith.constant dense<2.100000e+01> : tensor<4xbf16>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[ADD]], %[[POW]], %[[DIV]], %[[MUL]]
func.func @fold_binary_f16_bf16() -> (tensor<4xf16>, tensor<4xf16>, tensor<4xbf16>, tensor<4xbf16>) {
  %a = arith.constant dense<1.5> : tensor<4xf16>
  %b = arith.constant 2.25 : f16
  %0 = ferric.add %a, %b : tensor<4xf16>, f16
  %1 = ferric.pow %a, %b : tensor<4xf16>, f16
  %c = arith.constant dense<3.0> : tensor<4xbf16>
  %d = arith.constant dense<7.0> : tensor<4xbf16>
  %2 = ferric.div %c, %d : tensor<4xbf16>
  %3 = ferric.mul %c, %d : tensor<4xbf16>
  return %0, %1, %2, %3 : tensor<4xf16>, tensor<4xf16>, tensor<4xbf16>, tensor<4xbf16>
}

// -----

// CHECK-LABEL: func.func @fold_f64
//   CHECK-DAG:   %[[EXP:.*]] = arith.constant dense<2.7182818284590451> : tensor<2xf64>
//   CHECK-DAG:   %[[SIG:.*]] = arith.constant dense<0.7310585786300049> : tensor<2xf64>
//   CHECK-DAG:   %[[GELU:.*]] = arith.constant dense<0.84134474606854304> : tensor<2xf64>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[EXP]], %[[SIG]], %[[GELU]]
func.func @fold_f64() -> (tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) {
  %c = arith.constant dense<1.0> : tensor<2xf64>
  %0 = ferric.exp %c : tensor<2xf64>
  %1 = ferric.sigmoid %c : tensor<2xf64>
  %2 = ferric.gelu %c exact : tensor<2xf64>
  return %0, %1, %2 : tensor<2xf64>, tensor<2xf64>, tensor<2xf64>
}

//===----------------------------------------------------------------------===//
// Binary, cmp, select and cast constant folding
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @fold_binary
//   CHECK-DAG:   %[[ADD:.*]] = arith.constant dense<5.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[SUB:.*]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[MUL:.*]] = arith.constant dense<6.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[DIV:.*]] = arith.constant dense<1.500000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[MAX:.*]] = arith.constant dense<3.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[MIN:.*]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[POW:.*]] = arith.constant dense<9.000000e+00> : tensor<4xf32>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[MAX]], %[[MIN]], %[[POW]]
func.func @fold_binary() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = arith.constant dense<3.0> : tensor<4xf32>
  %b = arith.constant dense<2.0> : tensor<4xf32>
  %0 = ferric.add %a, %b : tensor<4xf32>
  %1 = ferric.sub %a, %b : tensor<4xf32>
  %2 = ferric.mul %a, %b : tensor<4xf32>
  %3 = ferric.div %a, %b : tensor<4xf32>
  %4 = ferric.max %a, %b : tensor<4xf32>
  %5 = ferric.min %a, %b : tensor<4xf32>
  %6 = ferric.pow %a, %b : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A scalar constant operand folds on either side, in operand order.
// CHECK-LABEL: func.func @fold_binary_scalar
//   CHECK-DAG:   %[[SUB:.*]] = arith.constant dense<-2.500000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[POW:.*]] = arith.constant dense<1.73205078> : tensor<4xf32>
//   CHECK-DAG:   %[[DIV:.*]] = arith.constant dense<0.166666672> : tensor<4xf32>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[SUB]], %[[POW]], %[[DIV]]
func.func @fold_binary_scalar() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = arith.constant dense<3.0> : tensor<4xf32>
  %s = arith.constant 0.5 : f32
  %0 = ferric.sub %s, %a : f32, tensor<4xf32>
  %1 = ferric.pow %a, %s : tensor<4xf32>, f32
  %2 = ferric.div %s, %a : f32, tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// max and min propagate NaN; cmp is ordered except ne.
// CHECK-LABEL: func.func @fold_nan
//   CHECK-DAG:   %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<4xf32>
//   CHECK-DAG:   %[[T:.*]] = arith.constant dense<true> : tensor<4xi1>
//   CHECK-DAG:   %[[F:.*]] = arith.constant dense<false> : tensor<4xi1>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[NAN]], %[[NAN]], %[[T]], %[[F]], %[[F]]
func.func @fold_nan() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = arith.constant dense<0x7FC00000> : tensor<4xf32>
  %b = arith.constant dense<2.0> : tensor<4xf32>
  %0 = ferric.max %a, %b : tensor<4xf32>
  %1 = ferric.min %b, %a : tensor<4xf32>
  %2 = ferric.cmp ne, %a, %a : tensor<4xf32>
  %3 = ferric.cmp eq, %a, %a : tensor<4xf32>
  %4 = ferric.cmp ge, %a, %b : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @fold_cmp
//   CHECK-DAG:   %[[F:.*]] = arith.constant dense<false> : tensor<4xi1>
//   CHECK-DAG:   %[[T:.*]] = arith.constant dense<true> : tensor<4xi1>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[F]], %[[F]], %[[T]], %[[T]], %[[F]], %[[T]], %[[T]], %[[T]]
func.func @fold_cmp() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = arith.constant dense<3.0> : tensor<4xf32>
  %b = arith.constant dense<2.0> : tensor<4xf32>
  %s = arith.constant 3.0 : f32
  %0 = ferric.cmp lt, %a, %b : tensor<4xf32>
  %1 = ferric.cmp le, %a, %b : tensor<4xf32>
  %2 = ferric.cmp gt, %a, %b : tensor<4xf32>
  %3 = ferric.cmp ge, %a, %b : tensor<4xf32>
  %4 = ferric.cmp eq, %a, %b : tensor<4xf32>
  %5 = ferric.cmp ne, %a, %b : tensor<4xf32>
  %6 = ferric.cmp eq, %a, %s : tensor<4xf32>, f32
  %7 = ferric.cmp le, %s, %a : f32, tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @fold_select
//   CHECK-DAG:   %[[A:.*]] = arith.constant dense<3.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[S:.*]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[A]], %[[S]], %[[S]]
func.func @fold_select() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = arith.constant dense<true> : tensor<4xi1>
  %f = arith.constant dense<false> : tensor<4xi1>
  %a = arith.constant dense<3.0> : tensor<4xf32>
  %s = arith.constant 2.0 : f32
  %0 = ferric.select %t, %a, %s : tensor<4xi1>, tensor<4xf32>, f32
  %1 = ferric.select %f, %a, %s : tensor<4xi1>, tensor<4xf32>, f32
  %2 = ferric.select %t, %s, %a : tensor<4xi1>, f32, tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Narrowing casts round to nearest even: 1/3 in f16 is 0.333251953, in bf16
// 0.333984375; f16 1 + 2^-10 is 1.0 in bf16.
// CHECK-LABEL: func.func @fold_cast
//   CHECK-DAG:   %[[I:.*]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[H:.*]] = arith.constant dense<3.332520e-01> : tensor<4xf16>
//   CHECK-DAG:   %[[B:.*]] = arith.constant dense<3.339840e-01> : tensor<4xbf16>
//   CHECK-DAG:   %[[F:.*]] = arith.constant dense<1.000000e-01> : tensor<4xf32>
//   CHECK-DAG:   %[[BH:.*]] = arith.constant dense<1.000000e+00> : tensor<4xbf16>
//   CHECK-DAG:   %[[D:.*]] = arith.constant dense<1.0009765625> : tensor<4xf64>
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[I]], %[[H]], %[[B]], %[[F]], %[[BH]], %[[D]]
func.func @fold_cast() -> (tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>, tensor<4xf32>, tensor<4xbf16>, tensor<4xf64>) {
  %t = arith.constant dense<true> : tensor<4xi1>
  %0 = ferric.cast %t : tensor<4xi1> to tensor<4xf32>
  %a = arith.constant dense<0.333333343> : tensor<4xf32>
  %1 = ferric.cast %a : tensor<4xf32> to tensor<4xf16>
  %2 = ferric.cast %a : tensor<4xf32> to tensor<4xbf16>
  %d = arith.constant dense<0.1> : tensor<4xf64>
  %3 = ferric.cast %d : tensor<4xf64> to tensor<4xf32>
  %h = arith.constant dense<1.0009765625> : tensor<4xf16>
  %4 = ferric.cast %h : tensor<4xf16> to tensor<4xbf16>
  %5 = ferric.cast %h : tensor<4xf16> to tensor<4xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf16>, tensor<4xbf16>, tensor<4xf32>, tensor<4xbf16>, tensor<4xf64>
}

// -----

// A dynamic result shape cannot hold a constant: no folding.
// CHECK-LABEL: func.func @no_fold_dynamic
//       CHECK:   ferric.add
func.func @no_fold_dynamic(%n: index) -> tensor<?xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %b = ferric.broadcast %c dims [0] sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  %s = arith.constant 1.0 : f32
  %r = ferric.reduce sum %b dims [1] : tensor<?x4xf32> -> tensor<?xf32>
  %0 = ferric.add %r, %s : tensor<?xf32>, f32
  return %0 : tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// Identities (exact under IEEE 754)
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @identities
//  CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>, %[[H:.*]]: tensor<8xf16>, %[[B:.*]]: tensor<8xbf16>)
//   CHECK-NOT:   ferric.
//       CHECK:   return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[H]], %[[H]], %[[H]], %[[B]]
func.func @identities(%x: tensor<4x?xf32>, %h: tensor<8xf16>, %b: tensor<8xbf16>)
    -> (tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>,
        tensor<8xf16>, tensor<8xf16>, tensor<8xf16>, tensor<8xbf16>) {
  %mz = arith.constant -0.0 : f32
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  // x + (-0.0) -> x
  %0 = ferric.add %x, %mz : tensor<4x?xf32>, f32
  // (-0.0) + x -> x
  %1 = ferric.add %mz, %x : f32, tensor<4x?xf32>
  // x - 0.0 -> x
  %2 = ferric.sub %x, %z : tensor<4x?xf32>, f32
  // x * 1 -> x
  %3 = ferric.mul %x, %one : tensor<4x?xf32>, f32
  // 1 * x -> x
  %4 = ferric.mul %one, %x : f32, tensor<4x?xf32>
  // x / 1 -> x
  %5 = ferric.div %x, %one : tensor<4x?xf32>, f32
  // The same with splat tensors, in f16 and bf16.
  %hmz = arith.constant dense<-0.0> : tensor<8xf16>
  %hz = arith.constant dense<0.0> : tensor<8xf16>
  %hone = arith.constant dense<1.0> : tensor<8xf16>
  %6 = ferric.add %h, %hmz : tensor<8xf16>
  %7 = ferric.mul %hone, %h : tensor<8xf16>
  %8 = ferric.sub %h, %hz : tensor<8xf16>
  %bone = arith.constant 1.0 : bf16
  %9 = ferric.div %b, %bone : tensor<8xbf16>, bf16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9
      : tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>,
        tensor<8xf16>, tensor<8xf16>, tensor<8xf16>, tensor<8xbf16>
}

// -----

// Not identities: x + 0.0 is +0.0 for x = -0.0; x * 0.0 is NaN for
// infinities and NaN and -0.0 for negative x; x - (-0.0) is x + 0.0. (The
// commutative add moves its constant operand to the right.)
// CHECK-LABEL: func.func @not_identities
//  CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
//   CHECK-DAG:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:   %[[MZ:.*]] = arith.constant -0.000000e+00 : f32
//   CHECK-DAG:   %[[ZT:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
//   CHECK-DAG:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//       CHECK:   %[[A:.*]] = ferric.add %[[X]], %[[Z]] : tensor<4xf32>, f32
//       CHECK:   %[[A2:.*]] = ferric.add %[[X]], %[[ZT]] : tensor<4xf32>
//       CHECK:   %[[M:.*]] = ferric.mul %[[X]], %[[Z]] : tensor<4xf32>, f32
//       CHECK:   %[[S:.*]] = ferric.sub %[[X]], %[[MZ]] : tensor<4xf32>, f32
//       CHECK:   %[[S2:.*]] = ferric.sub %[[Z]], %[[X]] : f32, tensor<4xf32>
//       CHECK:   %[[D:.*]] = ferric.div %[[ONE]], %[[X]] : f32, tensor<4xf32>
//       CHECK:   return %[[A]], %[[A2]], %[[M]], %[[S]], %[[S2]], %[[D]]
func.func @not_identities(%x: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %z = arith.constant 0.0 : f32
  %mz = arith.constant -0.0 : f32
  %zt = arith.constant dense<0.0> : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %0 = ferric.add %x, %z : tensor<4xf32>, f32
  %1 = ferric.add %zt, %x : tensor<4xf32>
  %2 = ferric.mul %x, %z : tensor<4xf32>, f32
  %3 = ferric.sub %x, %mz : tensor<4xf32>, f32
  %4 = ferric.sub %z, %x : f32, tensor<4xf32>
  %5 = ferric.div %one, %x : f32, tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// An identity constant that is the tensor (and the other operand a scalar)
// cannot fold to the scalar.
// CHECK-LABEL: func.func @identity_needs_tensor_result
//       CHECK:   ferric.mul
func.func @identity_needs_tensor_result(%s: f32) -> tensor<4xf32> {
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %0 = ferric.mul %s, %one : f32, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @neg_neg
//  CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
//       CHECK:   %[[N:.*]] = ferric.neg %[[X]] : tensor<?xf32>
//  CHECK-NEXT:   return %[[X]], %[[N]]
func.func @neg_neg(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = ferric.neg %x : tensor<?xf32>
  %1 = ferric.neg %0 : tensor<?xf32>
  %2 = ferric.neg %1 : tensor<?xf32>
  return %1, %2 : tensor<?xf32>, tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// cast
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @cast_same_type
//  CHECK-SAME: (%[[X:.*]]: tensor<4x?xbf16>)
//  CHECK-NEXT:   return %[[X]]
func.func @cast_same_type(%x: tensor<4x?xbf16>) -> tensor<4x?xbf16> {
  %0 = ferric.cast %x : tensor<4x?xbf16> to tensor<4x?xbf16>
  return %0 : tensor<4x?xbf16>
}

// -----

// f16 -> f32 is exact, so f16 -> f32 -> f64 is f16 -> f64 and
// f16 -> f32 -> f16 is the identity.
// CHECK-LABEL: func.func @cast_cast_exact
//  CHECK-SAME: (%[[X:.*]]: tensor<4xf16>)
//  CHECK-NEXT:   %[[C:.*]] = ferric.cast %[[X]] : tensor<4xf16> to tensor<4xf64>
//  CHECK-NEXT:   return %[[C]], %[[X]]
func.func @cast_cast_exact(%x: tensor<4xf16>) -> (tensor<4xf64>, tensor<4xf16>) {
  %0 = ferric.cast %x : tensor<4xf16> to tensor<4xf32>
  %1 = ferric.cast %0 : tensor<4xf32> to tensor<4xf64>
  %2 = ferric.cast %0 : tensor<4xf32> to tensor<4xf16>
  return %1, %2 : tensor<4xf64>, tensor<4xf16>
}

// -----

// More exact first steps: f32 -> f64 -> f32, bf16 -> f32 -> f16 (one
// rounding either way) and i1 -> f16 -> f32.
// CHECK-LABEL: func.func @cast_cast_exact_more
//  CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xbf16>, %[[M:.*]]: tensor<?xi1>)
//  CHECK-NEXT:   %[[C1:.*]] = ferric.cast %[[B]] : tensor<?xbf16> to tensor<?xf16>
//  CHECK-NEXT:   %[[C2:.*]] = ferric.cast %[[M]] : tensor<?xi1> to tensor<?xf32>
//  CHECK-NEXT:   return %[[X]], %[[C1]], %[[C2]]
func.func @cast_cast_exact_more(%x: tensor<?xf32>, %b: tensor<?xbf16>, %m: tensor<?xi1>)
    -> (tensor<?xf32>, tensor<?xf16>, tensor<?xf32>) {
  %0 = ferric.cast %x : tensor<?xf32> to tensor<?xf64>
  %1 = ferric.cast %0 : tensor<?xf64> to tensor<?xf32>
  %2 = ferric.cast %b : tensor<?xbf16> to tensor<?xf32>
  %3 = ferric.cast %2 : tensor<?xf32> to tensor<?xf16>
  %4 = ferric.cast %m : tensor<?xi1> to tensor<?xf16>
  %5 = ferric.cast %4 : tensor<?xf16> to tensor<?xf32>
  return %1, %3, %5 : tensor<?xf32>, tensor<?xf16>, tensor<?xf32>
}

// -----

// f32 -> f16 rounds, so f32 -> f16 -> f32 is not the identity, and
// f64 -> f32 -> f16 rounds twice, which a direct f64 -> f16 would not.
// CHECK-LABEL: func.func @cast_cast_inexact
//  CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[D:.*]]: tensor<4xf64>, %[[H:.*]]: tensor<4xf16>)
//  CHECK-NEXT:   %[[A:.*]] = ferric.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
//  CHECK-NEXT:   %[[B:.*]] = ferric.cast %[[A]] : tensor<4xf16> to tensor<4xf32>
//  CHECK-NEXT:   %[[C:.*]] = ferric.cast %[[D]] : tensor<4xf64> to tensor<4xf32>
//  CHECK-NEXT:   %[[E:.*]] = ferric.cast %[[C]] : tensor<4xf32> to tensor<4xf16>
//  CHECK-NEXT:   %[[F:.*]] = ferric.cast %[[H]] : tensor<4xf16> to tensor<4xbf16>
//  CHECK-NEXT:   %[[G:.*]] = ferric.cast %[[F]] : tensor<4xbf16> to tensor<4xf32>
//  CHECK-NEXT:   return %[[B]], %[[E]], %[[G]]
func.func @cast_cast_inexact(%x: tensor<4xf32>, %d: tensor<4xf64>, %h: tensor<4xf16>)
    -> (tensor<4xf32>, tensor<4xf16>, tensor<4xf32>) {
  %0 = ferric.cast %x : tensor<4xf32> to tensor<4xf16>
  %1 = ferric.cast %0 : tensor<4xf16> to tensor<4xf32>
  %2 = ferric.cast %d : tensor<4xf64> to tensor<4xf32>
  %3 = ferric.cast %2 : tensor<4xf32> to tensor<4xf16>
  %4 = ferric.cast %h : tensor<4xf16> to tensor<4xbf16>
  %5 = ferric.cast %4 : tensor<4xbf16> to tensor<4xf32>
  return %1, %3, %5 : tensor<4xf32>, tensor<4xf16>, tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @broadcast_broadcast
//  CHECK-SAME: (%[[R:.*]]: tensor<64xf32>)
//  CHECK-NEXT:   %[[B:.*]] = ferric.broadcast %[[R]] dims [0, 2] : tensor<64xf32> -> tensor<32x64x3xf32>
//  CHECK-NEXT:   %[[C:.*]] = ferric.broadcast %[[R]] dims [0, 1] : tensor<64xf32> -> tensor<32x5x64xf32>
//  CHECK-NEXT:   return %[[B]], %[[C]]
func.func @broadcast_broadcast(%r: tensor<64xf32>) -> (tensor<32x64x3xf32>, tensor<32x5x64xf32>) {
  %0 = ferric.broadcast %r dims [0] : tensor<64xf32> -> tensor<32x64xf32>
  %1 = ferric.broadcast %0 dims [2] : tensor<32x64xf32> -> tensor<32x64x3xf32>
  %2 = ferric.broadcast %0 dims [1] : tensor<32x64xf32> -> tensor<32x5x64xf32>
  return %1, %2 : tensor<32x64x3xf32>, tensor<32x5x64xf32>
}

// -----

// The sizes of the composed broadcast follow its added dims in order,
// whichever broadcast they came from.
// CHECK-LABEL: func.func @broadcast_broadcast_dynamic
//  CHECK-SAME: (%[[R:.*]]: tensor<8xf16>, %[[N:.*]]: index, %[[K:.*]]: index, %[[X:.*]]: tensor<?xf32>)
//  CHECK-NEXT:   %[[B:.*]] = ferric.broadcast %[[R]] dims [0, 2] sizes(%[[K]], %[[N]]) : tensor<8xf16> -> tensor<?x8x?xf16>
//  CHECK-NEXT:   %[[C:.*]] = ferric.broadcast %[[X]] dims [0, 1, 2] sizes(%[[N]], %[[K]]) : tensor<?xf32> -> tensor<?x2x?x?xf32>
//  CHECK-NEXT:   return %[[B]], %[[C]]
func.func @broadcast_broadcast_dynamic(%r: tensor<8xf16>, %n: index, %k: index, %x: tensor<?xf32>)
    -> (tensor<?x8x?xf16>, tensor<?x2x?x?xf32>) {
  %0 = ferric.broadcast %r dims [1] sizes(%n) : tensor<8xf16> -> tensor<8x?xf16>
  %1 = ferric.broadcast %0 dims [0] sizes(%k) : tensor<8x?xf16> -> tensor<?x8x?xf16>
  %5 = ferric.broadcast %x dims [0, 1] sizes(%n) : tensor<?xf32> -> tensor<?x2x?xf32>
  %6 = ferric.broadcast %5 dims [2] sizes(%k) : tensor<?x2x?xf32> -> tensor<?x2x?x?xf32>
  return %1, %6 : tensor<?x8x?xf16>, tensor<?x2x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_splat
//   CHECK-DAG:   %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<3x4xf32>
//   CHECK-DAG:   %[[M:.*]] = arith.constant dense<true> : tensor<2x5xi1>
//   CHECK-NOT:   ferric.broadcast
//       CHECK:   return %[[C]], %[[M]]
func.func @broadcast_splat() -> (tensor<3x4xf32>, tensor<2x5xi1>) {
  %c = arith.constant dense<2.5> : tensor<4xf32>
  %0 = ferric.broadcast %c dims [0] : tensor<4xf32> -> tensor<3x4xf32>
  %m = arith.constant dense<true> : tensor<5xi1>
  %1 = ferric.broadcast %m dims [0] : tensor<5xi1> -> tensor<2x5xi1>
  return %0, %1 : tensor<3x4xf32>, tensor<2x5xi1>
}

// -----

// A broadcast of a splat to a dynamic shape stays.
// CHECK-LABEL: func.func @broadcast_splat_dynamic
//       CHECK:   %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<4xf32>
//       CHECK:   ferric.broadcast %[[C]] dims [0] sizes(%{{.*}}) : tensor<4xf32> -> tensor<?x4xf32>
func.func @broadcast_splat_dynamic(%n: index) -> tensor<?x4xf32> {
  %c = arith.constant dense<2.5> : tensor<4xf32>
  %0 = ferric.broadcast %c dims [0] sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

//===----------------------------------------------------------------------===//
// fused
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @fused_dedupe_inputs
//  CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.addf %[[M]], %[[X]] : f32
//  CHECK-NEXT:     ferric.yield %[[S]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @fused_dedupe_inputs(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %f = ferric.fused ins(%a, %b, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %z : f32
    ferric.yield %s : f32
  }
  return %f : tensor<4xf32>
}

// -----

// The same value read through different maps is two inputs.
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[TR:map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @fused_no_dedupe_different_maps
//  CHECK-SAME: (%[[A:.*]]: tensor<4x4xf32>)
//       CHECK:   ferric.fused ins(%[[A]], %[[A]] : tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32> attributes {indexing_maps = [#[[ID]], #[[TR]]]}
func.func @fused_no_dedupe_different_maps(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %f = ferric.fused ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>]} {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    ferric.yield %s : f32
  }
  return %f : tensor<4x4xf32>
}

// -----

// Dropping the unused input drops its map; the remaining maps are not all
// identities, so they stay.
// CHECK-DAG: #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[SC:map[0-9]*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @fused_drop_unused_inputs
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[R:.*]]: tensor<8xf32>, %[[S:.*]]: f32, %[[T:.*]]: f32)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[R]], %[[T]] : tensor<8xf32>, f32) -> tensor<4x8xf32> attributes {indexing_maps = [#[[ROW]], #[[SC]]]} {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     ferric.yield %[[M]] : f32
func.func @fused_drop_unused_inputs(%a: tensor<4x8xf32>, %r: tensor<8xf32>, %s: f32, %t: f32) -> tensor<4x8xf32> {
  %f = ferric.fused ins(%a, %r, %s, %t : tensor<4x8xf32>, tensor<8xf32>, f32, f32) -> tensor<4x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,
                                   affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>]} {
  ^bb0(%x: f32, %y: f32, %z: f32, %w: f32):
    %m = arith.mulf %y, %w : f32
    ferric.yield %m : f32
  }
  return %f : tensor<4x8xf32>
}

// -----

// When the remaining maps are the default ones, the attribute goes.
// CHECK-LABEL: func.func @fused_drop_unused_inputs_default_maps
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[R:.*]]: tensor<8xf32>)
//       CHECK:   ferric.fused ins(%[[A]] : tensor<4x8xf32>) -> tensor<4x8xf32> {
func.func @fused_drop_unused_inputs_default_maps(%a: tensor<4x8xf32>, %r: tensor<8xf32>) -> tensor<4x8xf32> {
  %f = ferric.fused ins(%a, %r : tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>]} {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    ferric.yield %n : f32
  }
  return %f : tensor<4x8xf32>
}

// -----

// An unused input that is the only one to read a dynamic iteration dim
// stays: the op needs it for its size.
// CHECK-LABEL: func.func @fused_keep_input_sizing_dynamic_dim
//  CHECK-SAME: (%[[A:.*]]: tensor<?x8xf32>, %[[R:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<?x8xf32>)
//       CHECK:   ferric.fused ins(%[[A]], %[[R]] : tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32> attributes {indexing_maps = [#{{.*}}, #{{.*}}]} {
//  CHECK-NEXT:   ^bb0(%{{.*}}: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[Y]] : f32
//  CHECK-NEXT:     ferric.yield %[[N]] : f32
func.func @fused_keep_input_sizing_dynamic_dim(%a: tensor<?x8xf32>, %r: tensor<8xf32>, %b: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %f = ferric.fused ins(%a, %r, %b : tensor<?x8xf32>, tensor<8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,
                                   affine_map<(d0, d1) -> (d0, d1)>]} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %n = arith.negf %y : f32
    ferric.yield %n : f32
  }
  return %f : tensor<?x8xf32>
}

// -----

// With a static iteration space every unused input goes, even all of them.
// CHECK-LABEL: func.func @fused_drop_all_inputs
//       CHECK:   ferric.fused -> tensor<2x3xf32> {
//  CHECK-NEXT:     %[[C:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     ferric.yield %[[C]] : f32
func.func @fused_drop_all_inputs(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %f = ferric.fused ins(%a : tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%x: f32):
    %c = arith.constant 1.0 : f32
    ferric.yield %c : f32
  }
  return %f : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @fused_drop_unused_results
//  CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
//       CHECK:   %[[F:.*]]:2 = ferric.fused ins(%[[A]] : tensor<4xf32>) -> tensor<4xf32>, tensor<4xi1> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[X]] : f32
//  CHECK-NEXT:     %[[C:.*]] = arith.cmpf olt, %[[X]], %[[N]] : f32
//  CHECK-NEXT:     ferric.yield %[[N]], %[[C]] : f32, i1
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]#1, %[[F]]#0 : tensor<4xi1>, tensor<4xf32>
func.func @fused_drop_unused_results(%a: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xf32>) {
  %f:4 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xf32> {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    %m = arith.mulf %x, %x : f32
    %c = arith.cmpf olt, %x, %n : f32
    ferric.yield %x, %n, %c, %m : f32, f32, i1, f32
  }
  return %f#2, %f#1 : tensor<4xi1>, tensor<4xf32>
}

// -----

// The indexing maps stay with the inputs when results are dropped.
// CHECK-DAG: #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @fused_drop_unused_results_maps
//       CHECK:   %[[F:.*]] = ferric.fused ins(%{{.*}}, %{{.*}} : tensor<8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16> attributes {indexing_maps = [#[[ROW]], #[[ID]]]} {
//       CHECK:     ferric.yield %{{.*}} : f16
//       CHECK:   return %[[F]]
func.func @fused_drop_unused_results_maps(%r: tensor<8xf16>, %a: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %f:2 = ferric.fused ins(%r, %a : tensor<8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>, tensor<4x8xf16>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]} {
  ^bb0(%x: f16, %y: f16):
    %s = arith.addf %x, %y : f16
    %m = arith.mulf %x, %y : f16
    ferric.yield %s, %m : f16, f16
  }
  return %f#1 : tensor<4x8xf16>
}

// -----

// Constant inputs, scalar or splat, move into the body.
// CHECK-LABEL: func.func @fused_inline_constants
//  CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]] : tensor<4xf32>) -> tensor<4xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//   CHECK-DAG:     %[[S:.*]] = arith.constant 2.000000e+00 : f32
//   CHECK-DAG:     %[[T:.*]] = arith.constant 3.000000e+00 : f32
//       CHECK:     %[[M:.*]] = arith.mulf %[[X]], %[[S]] : f32
//  CHECK-NEXT:     %[[P:.*]] = arith.addf %[[M]], %[[T]] : f32
//  CHECK-NEXT:     ferric.yield %[[P]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @fused_inline_constants(%a: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.constant 2.0 : f32
  %t = arith.constant dense<3.0> : tensor<4xf32>
  %f = ferric.fused ins(%a, %s, %t : tensor<4xf32>, f32, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %p = arith.addf %m, %z : f32
    ferric.yield %p : f32
  }
  return %f : tensor<4xf32>
}

// -----

// A non-splat constant is an ordinary input.
// CHECK-LABEL: func.func @fused_keep_non_splat_constant
//       CHECK:   %[[C:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
//       CHECK:   ferric.fused ins(%{{.*}}, %[[C]] : tensor<2xf32>, tensor<2xf32>)
func.func @fused_keep_non_splat_constant(%a: tensor<2xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %f = ferric.fused ins(%a, %c : tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    ferric.yield %s : f32
  }
  return %f : tensor<2xf32>
}

// -----

// A splat constant that is the only input reading a dynamic iteration dim
// is inlined but stays as an (unused) input, to size the dim.
// CHECK-LABEL: func.func @fused_inline_constant_sizing_dynamic_dim
//  CHECK-SAME: (%[[S:.*]]: f32)
//       CHECK:   %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[C]], %[[S]] : tensor<4xf32>, f32) -> tensor<?xf32> {
//  CHECK-NEXT:   ^bb0(%{{.*}}: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[K:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[Y]], %[[K]] : f32
//  CHECK-NEXT:     ferric.yield %[[A]] : f32
func.func @fused_inline_constant_sizing_dynamic_dim(%s: f32) -> tensor<?xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %f = ferric.fused ins(%c, %s : tensor<4xf32>, f32) -> tensor<?xf32> {
  ^bb0(%x: f32, %y: f32):
    %a = arith.addf %x, %y : f32
    ferric.yield %a : f32
  }
  return %f : tensor<?xf32>
}

// -----

// A producer used only by its consumer merges into it; the producer's
// broadcast map is composed with the consumer's transposed read.
// CHECK-DAG: #[[COL:map[0-9]*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @fused_merge_producer
//  CHECK-SAME: (%[[A:.*]]: tensor<8x4xf32>, %[[R:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8x4xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[B]], %[[A]], %[[R]] : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8xf32>) -> tensor<8x4xf32> attributes {indexing_maps = [#[[ID]], #[[ID]], #[[COL]]]} {
//  CHECK-NEXT:   ^bb0(%[[Z:.*]]: f32, %[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.subf %[[M]], %[[Z]] : f32
//  CHECK-NEXT:     ferric.yield %[[S]] : f32
//  CHECK-NEXT:   }
//   CHECK-NOT:   ferric.fused
//       CHECK:   return %[[F]]
func.func @fused_merge_producer(%a: tensor<8x4xf32>, %r: tensor<8xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // p[i, j] = a[j, i] * r[j], over a 4x8 space.
  %p = ferric.fused ins(%a, %r : tensor<8x4xf32>, tensor<8xf32>) -> tensor<4x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1)>]} {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %y : f32
    ferric.yield %m : f32
  }
  // c[i, j] = p[j, i] - b[i, j], over an 8x4 space.
  %c = ferric.fused ins(%p, %b : tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]} {
  ^bb0(%x: f32, %z: f32):
    %s = arith.subf %x, %z : f32
    ferric.yield %s : f32
  }
  return %c : tensor<8x4xf32>
}

// -----

// A multi-result producer whose results are both read by the consumer.
// CHECK-LABEL: func.func @fused_merge_multi_result_producer
//  CHECK-SAME: (%[[A:.*]]: tensor<?xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]] : tensor<?xf32>) -> tensor<?xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[X]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[X]] : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.divf %[[N]], %[[E]] : f32
//  CHECK-NEXT:     ferric.yield %[[D]] : f32
//  CHECK-NEXT:   }
//   CHECK-NOT:   ferric.fused
func.func @fused_merge_multi_result_producer(%a: tensor<?xf32>) -> tensor<?xf32> {
  %p:2 = ferric.fused ins(%a : tensor<?xf32>) -> tensor<?xf32>, tensor<?xf32> {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    %e = math.exp %x : f32
    ferric.yield %n, %e : f32, f32
  }
  %c = ferric.fused ins(%p#0, %p#1 : tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%x: f32, %y: f32):
    %d = arith.divf %x, %y : f32
    ferric.yield %d : f32
  }
  return %c : tensor<?xf32>
}

// -----

// A producer with another user is not merged (it would be computed twice).
// CHECK-LABEL: func.func @fused_no_merge_shared_producer
//       CHECK:   %[[P:.*]] = ferric.fused ins(%{{.*}} : tensor<4xf32>) -> tensor<4xf32>
//       CHECK:   %[[C:.*]] = ferric.fused ins(%[[P]] : tensor<4xf32>) -> tensor<4xf32>
//       CHECK:   return %[[P]], %[[C]]
func.func @fused_no_merge_shared_producer(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %p = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    ferric.yield %n : f32
  }
  %c = ferric.fused ins(%p : tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    %e = math.exp %x : f32
    ferric.yield %e : f32
  }
  return %p, %c : tensor<4xf32>, tensor<4xf32>
}

// -----

// A producer read through a broadcast (non-permutation) map is not merged.
// CHECK-LABEL: func.func @fused_no_merge_broadcast_read
//       CHECK:   %[[P:.*]] = ferric.fused ins(%{{.*}} : tensor<8xf32>) -> tensor<8xf32>
//       CHECK:   ferric.fused ins(%[[P]], %{{.*}} : tensor<8xf32>, tensor<4x8xf32>)
func.func @fused_no_merge_broadcast_read(%r: tensor<8xf32>, %a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %p = ferric.fused ins(%r : tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%x: f32):
    %e = math.exp %x : f32
    ferric.yield %e : f32
  }
  %c = ferric.fused ins(%p, %a : tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]} {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    ferric.yield %s : f32
  }
  return %c : tensor<4x8xf32>
}

// -----

// Merging a producer with only scalar inputs into a consumer with a dynamic
// iteration space would leave nothing to size it: not merged.
// CHECK-LABEL: func.func @fused_no_merge_losing_dynamic_size
//  CHECK-SAME: (%[[S:.*]]: f32)
//       CHECK:   %[[P:.*]] = ferric.fused ins(%[[S]] : f32) -> tensor<4xf32>
//       CHECK:   %[[C:.*]] = ferric.fused ins(%[[P]], %[[S]] : tensor<4xf32>, f32) -> tensor<?xf32>
//       CHECK:   return %[[C]]
func.func @fused_no_merge_losing_dynamic_size(%s: f32) -> tensor<?xf32> {
  %p = ferric.fused ins(%s : f32) -> tensor<4xf32> {
  ^bb0(%y: f32):
    %n = arith.negf %y : f32
    ferric.yield %n : f32
  }
  %c = ferric.fused ins(%p, %s : tensor<4xf32>, f32) -> tensor<?xf32> {
  ^bb0(%x: f32, %y: f32):
    %a = arith.addf %x, %y : f32
    ferric.yield %a : f32
  }
  return %c : tensor<?xf32>
}
