// RUN: ferric-opt %s --convert-ferric-to-linalg --split-input-file | FileCheck %s
// RUN: ferric-opt %s --convert-ferric-to-linalg --split-input-file --mlir-print-local-scope | FileCheck %s --check-prefix=MAPS

// convert-ferric-to-linalg alone, on hand-written ferric IR. Every
// elementwise op becomes one linalg.generic (identity maps for tensors,
// `(d...) -> ()` for scalars) whose body is the op's scalar math;
// ferric.fused becomes exactly one generic with its maps and results;
// broadcast, reduce and matmul become their linalg counterparts.

// CHECK-DAG: #[[ID1:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[SC1:.+]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ID0:.+]] = affine_map<() -> ()>

// CHECK-LABEL: func.func @neg
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>)
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
//       CHECK:   %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]] : tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>) {
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.negf %[[IN]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
//       CHECK:   return %[[G]]
//   CHECK-NOT:   ferric.
func.func @neg(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.neg %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @abs
//       CHECK:   linalg.generic
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = math.absf %[[IN]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @abs(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.abs %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @exp
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = math.exp %[[IN]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @exp(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.exp %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @log
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = math.log %[[IN]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @log(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.log %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @sqrt
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = math.sqrt %[[IN]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @sqrt(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.sqrt %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @rsqrt
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = math.rsqrt %[[IN]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @rsqrt(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.rsqrt %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @tanh
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = math.tanh %[[IN]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @tanh(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.tanh %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// relu is maximumf (NaN-propagating) against 0.
// CHECK-LABEL: func.func @relu
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[Z:.*]] = arith.constant 0.000000e+00 : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.maximumf %[[IN]], %[[Z]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @relu(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.relu %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// sigmoid = 1 / (1 + exp(-x))
// CHECK-LABEL: func.func @sigmoid
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[IN]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[N]] : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.divf %[[ONE]], %[[D]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @sigmoid(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.sigmoid %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// silu = x * sigmoid(x)
// CHECK-LABEL: func.func @silu
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[IN]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[N]] : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.divf %[[ONE]], %[[D]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.mulf %[[IN]], %[[S]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @silu(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.silu %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// gelu (tanh form) = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))),
// computed as x / (1 + exp(x (k1 + k2 x^2))), k1 = -2 sqrt(2/pi), k2 =
// 0.044715 k1 (0.5 (1 + tanh(u)) is the logistic function of 2u).
// CHECK-LABEL: func.func @gelu_tanh
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[X2:.*]] = arith.mulf %[[IN]], %[[IN]] : f32
//  CHECK-NEXT:     %[[K2:.*]] = arith.constant -0.0713548139 : f32
//  CHECK-NEXT:     %[[K2X2:.*]] = arith.mulf %[[K2]], %[[X2]] : f32
//  CHECK-NEXT:     %[[K1:.*]] = arith.constant -1.59576917 : f32
//  CHECK-NEXT:     %[[P:.*]] = arith.addf %[[K1]], %[[K2X2]] : f32
//  CHECK-NEXT:     %[[M2U:.*]] = arith.mulf %[[IN]], %[[P]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[M2U]] : f32
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.divf %[[IN]], %[[D]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
//   CHECK-NOT:     math.tanh
//   CHECK-NOT:     math.erf
func.func @gelu_tanh(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.gelu %a : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// gelu exact = 0.5 x (1 + erf(x / sqrt(2)))
// CHECK-LABEL: func.func @gelu_exact
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//   CHECK-DAG:     %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
//   CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//   CHECK-DAG:     %[[RS2:.*]] = arith.constant 0.707106769 : f32
//       CHECK:     %[[XS:.*]] = arith.mulf %[[IN]], %[[RS2]] : f32
//       CHECK:     %[[E:.*]] = math.erf %[[XS]] : f32
//       CHECK:     %[[HX:.*]] = arith.mulf %[[HALF]], %[[IN]] : f32
//       CHECK:     %[[S:.*]] = arith.addf %[[ONE]], %[[E]] : f32
//       CHECK:     %[[R:.*]] = arith.mulf %[[HX]], %[[S]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
//   CHECK-NOT:     math.tanh
func.func @gelu_exact(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.gelu %a exact : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// The ops real models need: each is one math op (round is math.roundeven:
// ties to even, as torch.round), or arith for sign, reciprocal and clamp.
// (ceil and round take %a: of floor's result they would fold away.)
// CHECK-LABEL: func.func @more_unary
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = math.sin %[[IN]] : f32
//       CHECK:     math.cos %{{.*}} : f32
//       CHECK:     math.erf %{{.*}} : f32
//       CHECK:     math.log1p %{{.*}} : f32
//       CHECK:     math.expm1 %{{.*}} : f32
//       CHECK:     math.floor %{{.*}} : f32
//       CHECK:     math.ceil %{{.*}} : f32
//       CHECK:     math.roundeven %{{.*}} : f32
func.func @more_unary(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.sin %a : tensor<4x8xf32>
  %1 = ferric.cos %0 : tensor<4x8xf32>
  %2 = ferric.erf %1 : tensor<4x8xf32>
  %3 = ferric.log1p %2 : tensor<4x8xf32>
  %4 = ferric.expm1 %3 : tensor<4x8xf32>
  %5 = ferric.floor %4 : tensor<4x8xf32>
  %6 = ferric.ceil %a : tensor<4x8xf32>
  %7 = ferric.round %a : tensor<4x8xf32>
  %8 = ferric.add %5, %6 : tensor<4x8xf32>
  %9 = ferric.add %8, %7 : tensor<4x8xf32>
  return %9 : tensor<4x8xf32>
}

// sign: 1 above zero, -1 below, the input itself for +-0 and NaN.
// CHECK-LABEL: func.func @sign
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[Z:.*]] = arith.constant 0.000000e+00 : f32
//  CHECK-NEXT:     %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[Z]] : f32
//  CHECK-NEXT:     %[[LT:.*]] = arith.cmpf olt, %[[IN]], %[[Z]] : f32
//  CHECK-NEXT:     %[[M1:.*]] = arith.constant -1.000000e+00 : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.select %[[LT]], %[[M1]], %[[IN]] : f32
//  CHECK-NEXT:     %[[P1:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.select %[[GT]], %[[P1]], %[[N]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @sign(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = ferric.sign %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// reciprocal divides in the element type, like ferric.div.
// CHECK-LABEL: func.func @reciprocal_f16
//       CHECK:   ^bb0(%[[IN:.*]]: f16, %{{.*}}: f16):
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f16
//  CHECK-NEXT:     %[[R:.*]] = arith.divf %[[ONE]], %[[IN]] : f16
//  CHECK-NEXT:     linalg.yield %[[R]] : f16
func.func @reciprocal_f16(%a: tensor<4xf16>) -> tensor<4xf16> {
  %0 = ferric.reciprocal %a : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// Rounding ops of bf16 go through f32 (exactly, both ways).
// CHECK-LABEL: func.func @floor_bf16
//       CHECK:   ^bb0(%[[IN:.*]]: bf16, %{{.*}}: bf16):
//  CHECK-NEXT:     %[[W:.*]] = arith.extf %[[IN]] : bf16 to f32
//  CHECK-NEXT:     %[[F:.*]] = math.floor %[[W]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.truncf %[[F]] : f32 to bf16
//  CHECK-NEXT:     linalg.yield %[[R]] : bf16
func.func @floor_bf16(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = ferric.floor %a : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// clamp: maximumf then minimumf; a scalar bound is read through `(d0) -> ()`.
// CHECK-LABEL: func.func @clamp_tensor_scalar
//  CHECK-SAME: (%[[X:.*]]: tensor<16xf32>, %[[LO:.*]]: tensor<16xf32>, %[[HI:.*]]: f32)
//       CHECK:   linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]], #[[SC1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[X]], %[[LO]], %[[HI]] : tensor<16xf32>, tensor<16xf32>, f32)
//       CHECK:   ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.maximumf %[[A]], %[[B]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.minimumf %[[M]], %[[C]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @clamp_tensor_scalar(%x: tensor<16xf32>, %lo: tensor<16xf32>, %hi: f32) -> tensor<16xf32> {
  %0 = ferric.clamp %x, %lo, %hi : tensor<16xf32>, tensor<16xf32>, f32
  return %0 : tensor<16xf32>
}

// f16 transcendental math runs in f32 and is narrowed back; neg does not.
// CHECK-LABEL: func.func @exp_f16
//       CHECK:   ^bb0(%[[IN:.*]]: f16, %{{.*}}: f16):
//  CHECK-NEXT:     %[[W:.*]] = arith.extf %[[IN]] : f16 to f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[W]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.truncf %[[E]] : f32 to f16
//  CHECK-NEXT:     linalg.yield %[[R]] : f16
func.func @exp_f16(%a: tensor<4xf16>) -> tensor<4xf16> {
  %0 = ferric.exp %a : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// CHECK-LABEL: func.func @silu_bf16
//       CHECK:   ^bb0(%[[IN:.*]]: bf16, %{{.*}}: bf16):
//       CHECK:     %[[W:.*]] = arith.extf %[[IN]] : bf16 to f32
//       CHECK:     math.exp %{{.*}} : f32
//       CHECK:     %[[M:.*]] = arith.mulf %[[W]], %{{.*}} : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.truncf %[[M]] : f32 to bf16
//  CHECK-NEXT:     linalg.yield %[[R]] : bf16
func.func @silu_bf16(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = ferric.silu %a : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// CHECK-LABEL: func.func @neg_f16
//       CHECK:   ^bb0(%[[IN:.*]]: f16, %{{.*}}: f16):
//  CHECK-NEXT:     %[[R:.*]] = arith.negf %[[IN]] : f16
//  CHECK-NEXT:     linalg.yield %[[R]] : f16
func.func @neg_f16(%a: tensor<4xf16>) -> tensor<4xf16> {
  %0 = ferric.neg %a : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// == Binary ops, tensor-tensor.

// CHECK-LABEL: func.func @add
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>)
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
//       CHECK:   linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>)
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.addf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.add %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @sub
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.subf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @sub(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.sub %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @mul
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.mulf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @mul(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.mul %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @div
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.divf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @div(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.div %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @max
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.maximumf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @max(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.max %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @min
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.minimumf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @min(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.min %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @pow
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = math.powf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @pow(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.pow %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// == Binary ops with a scalar operand: the scalar is a generic input read
// through `(d0) -> ()`, on either side.

// CHECK-LABEL: func.func @mul_tensor_scalar
//  CHECK-SAME: (%[[A:.*]]: tensor<16xf32>, %[[S:.*]]: f32)
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<16xf32>
//       CHECK:   linalg.generic {indexing_maps = [#[[ID1]], #[[SC1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[A]], %[[S]] : tensor<16xf32>, f32) outs(%[[E]] : tensor<16xf32>)
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.mulf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @mul_tensor_scalar(%a: tensor<16xf32>, %s: f32) -> tensor<16xf32> {
  %0 = ferric.mul %a, %s : tensor<16xf32>, f32
  return %0 : tensor<16xf32>
}

// Scalar on the left keeps the operand order (sub is not commutative).
// CHECK-LABEL: func.func @sub_scalar_tensor
//  CHECK-SAME: (%[[A:.*]]: tensor<16xf32>, %[[S:.*]]: f32)
//       CHECK:   linalg.generic {indexing_maps = [#[[SC1]], #[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[S]], %[[A]] : f32, tensor<16xf32>)
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.subf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @sub_scalar_tensor(%a: tensor<16xf32>, %s: f32) -> tensor<16xf32> {
  %0 = ferric.sub %s, %a : f32, tensor<16xf32>
  return %0 : tensor<16xf32>
}

// pow on f16 with a scalar exponent: both widened to f32.
// CHECK-LABEL: func.func @pow_f16_scalar
//       CHECK:   ins(%{{.*}}, %{{.*}} : tensor<16xf16>, f16)
//       CHECK:   ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f16, %{{.*}}: f16):
//  CHECK-NEXT:     %[[WX:.*]] = arith.extf %[[X]] : f16 to f32
//  CHECK-NEXT:     %[[WY:.*]] = arith.extf %[[Y]] : f16 to f32
//  CHECK-NEXT:     %[[P:.*]] = math.powf %[[WX]], %[[WY]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.truncf %[[P]] : f32 to f16
//  CHECK-NEXT:     linalg.yield %[[R]] : f16
func.func @pow_f16_scalar(%a: tensor<16xf16>, %s: f16) -> tensor<16xf16> {
  %0 = ferric.pow %a, %s : tensor<16xf16>, f16
  return %0 : tensor<16xf16>
}

// == cmp, select, cast.

// CHECK-LABEL: func.func @cmp_gt_scalar
//  CHECK-SAME: (%[[A:.*]]: tensor<16xf32>, %[[S:.*]]: f32) -> tensor<16xi1>
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<16xi1>
//       CHECK:   linalg.generic {indexing_maps = [#[[ID1]], #[[SC1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[A]], %[[S]] : tensor<16xf32>, f32) outs(%[[E]] : tensor<16xi1>)
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: i1):
//  CHECK-NEXT:     %[[R:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : i1
//       CHECK:   -> tensor<16xi1>
func.func @cmp_gt_scalar(%a: tensor<16xf32>, %s: f32) -> tensor<16xi1> {
  %0 = ferric.cmp gt, %a, %s : tensor<16xf32>, f32
  return %0 : tensor<16xi1>
}

// Every predicate: ordered, except ne which is unordered.
// CHECK-LABEL: func.func @cmp_all
//       CHECK:   arith.cmpf olt
//       CHECK:   arith.cmpf ole
//       CHECK:   arith.cmpf oge
//       CHECK:   arith.cmpf oeq
//       CHECK:   arith.cmpf une, %{{.*}}, %{{.*}} : f64
func.func @cmp_all(%a: tensor<4xf64>, %b: tensor<4xf64>)
    -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = ferric.cmp lt, %a, %b : tensor<4xf64>
  %1 = ferric.cmp le, %a, %b : tensor<4xf64>
  %2 = ferric.cmp ge, %a, %b : tensor<4xf64>
  %3 = ferric.cmp eq, %a, %b : tensor<4xf64>
  %4 = ferric.cmp ne, %a, %b : tensor<4xf64>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// CHECK-LABEL: func.func @select
//  CHECK-SAME: (%[[C:.*]]: tensor<8xi1>, %[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<8xf32>
//       CHECK:   linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]], #[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[C]], %[[A]], %[[B]] : tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
//       CHECK:   ^bb0(%[[I:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.select %[[I]], %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
func.func @select(%c: tensor<8xi1>, %a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.select %c, %a, %b : tensor<8xi1>, tensor<8xf32>
  return %0 : tensor<8xf32>
}

// Dynamic condition, scalar false value: the init is sized by the condition.
// CHECK-LABEL: func.func @select_dyn_scalar
//  CHECK-SAME: (%[[C:.*]]: tensor<?xi1>, %[[A:.*]]: tensor<?xbf16>, %[[S:.*]]: bf16)
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[D:.*]] = tensor.dim %[[C]], %[[C0]] : tensor<?xi1>
//       CHECK:   %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xbf16>
//       CHECK:   linalg.generic {indexing_maps = [#[[ID1]], #[[ID1]], #[[SC1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[C]], %[[A]], %[[S]] : tensor<?xi1>, tensor<?xbf16>, bf16) outs(%[[E]] : tensor<?xbf16>)
//       CHECK:     arith.select %{{.*}}, %{{.*}}, %{{.*}} : bf16
func.func @select_dyn_scalar(%c: tensor<?xi1>, %a: tensor<?xbf16>, %s: bf16) -> tensor<?xbf16> {
  %0 = ferric.select %c, %a, %s : tensor<?xi1>, tensor<?xbf16>, bf16
  return %0 : tensor<?xbf16>
}

// CHECK-LABEL: func.func @cast_f32_f16
//       CHECK:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f16):
//  CHECK-NEXT:     %[[R:.*]] = arith.truncf %[[IN]] : f32 to f16
//  CHECK-NEXT:     linalg.yield %[[R]] : f16
func.func @cast_f32_f16(%a: tensor<8xf32>) -> tensor<8xf16> {
  %0 = ferric.cast %a : tensor<8xf32> to tensor<8xf16>
  return %0 : tensor<8xf16>
}

// CHECK-LABEL: func.func @cast_bf16_f64
//       CHECK:   ^bb0(%[[IN:.*]]: bf16, %{{.*}}: f64):
//  CHECK-NEXT:     %[[R:.*]] = arith.extf %[[IN]] : bf16 to f64
//  CHECK-NEXT:     linalg.yield %[[R]] : f64
func.func @cast_bf16_f64(%a: tensor<8xbf16>) -> tensor<8xf64> {
  %0 = ferric.cast %a : tensor<8xbf16> to tensor<8xf64>
  return %0 : tensor<8xf64>
}

// f16 -> bf16 has no direct arith op: through f32.
// CHECK-LABEL: func.func @cast_f16_bf16
//       CHECK:   ^bb0(%[[IN:.*]]: f16, %{{.*}}: bf16):
//  CHECK-NEXT:     %[[W:.*]] = arith.extf %[[IN]] : f16 to f32
//  CHECK-NEXT:     %[[R:.*]] = arith.truncf %[[W]] : f32 to bf16
//  CHECK-NEXT:     linalg.yield %[[R]] : bf16
func.func @cast_f16_bf16(%a: tensor<8xf16>) -> tensor<8xbf16> {
  %0 = ferric.cast %a : tensor<8xf16> to tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// An i1 source converts to 0.0 / 1.0 (unsigned).
// CHECK-LABEL: func.func @cast_i1
//  CHECK-SAME: (%[[A:.*]]: tensor<2x4xi1>)
//       CHECK:   linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]] : tensor<2x4xi1>) outs(%{{.*}} : tensor<2x4xf16>)
//       CHECK:   ^bb0(%[[IN:.*]]: i1, %{{.*}}: f16):
//  CHECK-NEXT:     %[[R:.*]] = arith.uitofp %[[IN]] : i1 to f16
//  CHECK-NEXT:     linalg.yield %[[R]] : f16
func.func @cast_i1(%a: tensor<2x4xi1>) -> tensor<2x4xf16> {
  %0 = ferric.cast %a : tensor<2x4xi1> to tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// == Dynamic shapes: tensor.empty sized by tensor.dim of the first tensor
// operand (the scalar is skipped).

// CHECK-LABEL: func.func @dynamic_binary
//  CHECK-SAME: (%[[S:.*]]: f32, %[[A:.*]]: tensor<?x8x?xf32>)
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : index
//   CHECK-DAG:   %[[D0:.*]] = tensor.dim %[[A]], %[[C0]] : tensor<?x8x?xf32>
//   CHECK-DAG:   %[[D2:.*]] = tensor.dim %[[A]], %[[C2]] : tensor<?x8x?xf32>
//       CHECK:   %[[E:.*]] = tensor.empty(%[[D0]], %[[D2]]) : tensor<?x8x?xf32>
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[S]], %[[A]] : f32, tensor<?x8x?xf32>) outs(%[[E]] : tensor<?x8x?xf32>)
//       CHECK:     arith.divf
func.func @dynamic_binary(%s: f32, %a: tensor<?x8x?xf32>) -> tensor<?x8x?xf32> {
  %0 = ferric.div %s, %a : f32, tensor<?x8x?xf32>
  return %0 : tensor<?x8x?xf32>
}

// Rank-0 tensors: a generic with no loops.
// CHECK-LABEL: func.func @rank0
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<f32>
//       CHECK:   linalg.generic {indexing_maps = [#[[ID0]], #[[ID0]]], iterator_types = []} ins(%{{.*}} : tensor<f32>) outs(%[[E]] : tensor<f32>)
//       CHECK:     math.sqrt
func.func @rank0(%a: tensor<f32>) -> tensor<f32> {
  %0 = ferric.sqrt %a : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// ferric.fused -> exactly one linalg.generic with the fused op's maps (a
// broadcast row, the identity, a scalar), identity maps for both results,
// both inits sized from the input that reads the dynamic dim, and the body
// cloned verbatim.

// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[SC:.+]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[T:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @fused_multi_result
//  CHECK-SAME: (%[[ROWV:.*]]: tensor<8xf32>, %[[X:.*]]: tensor<?x8xf32>, %[[S:.*]]: f32)
//       CHECK:   %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
//       CHECK:   %[[E0:.*]] = tensor.empty(%[[D0]]) : tensor<?x8xf32>
//       CHECK:   %[[D1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
//       CHECK:   %[[E1:.*]] = tensor.empty(%[[D1]]) : tensor<?x8xi1>
//       CHECK:   %[[G:.*]]:2 = linalg.generic {indexing_maps = [#[[ROW]], #[[ID]], #[[SC]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[ROWV]], %[[X]], %[[S]] : tensor<8xf32>, tensor<?x8xf32>, f32) outs(%[[E0]], %[[E1]] : tensor<?x8xf32>, tensor<?x8xi1>) {
//  CHECK-NEXT:   ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %{{.*}}: f32, %{{.*}}: i1):
//  CHECK-NEXT:     %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : f32
//  CHECK-NEXT:     %[[P:.*]] = arith.mulf %[[SUM]], %[[C]] : f32
//  CHECK-NEXT:     %[[CMP:.*]] = arith.cmpf ogt, %[[P]], %[[C]] : f32
//  CHECK-NEXT:     linalg.yield %[[P]], %[[CMP]] : f32, i1
//  CHECK-NEXT:   } -> (tensor<?x8xf32>, tensor<?x8xi1>)
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[G]]#0, %[[G]]#1
func.func @fused_multi_result(%row: tensor<8xf32>, %x: tensor<?x8xf32>, %s: f32)
    -> (tensor<?x8xf32>, tensor<?x8xi1>) {
  %r:2 = ferric.fused ins(%row, %x, %s : tensor<8xf32>, tensor<?x8xf32>, f32)
      -> tensor<?x8xf32>, tensor<?x8xi1> attributes {indexing_maps = [
        affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>,
        affine_map<(d0, d1) -> ()>]} {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.addf %a, %b : f32
    %1 = arith.mulf %0, %c : f32
    %2 = arith.cmpf ogt, %1, %c : f32
    ferric.yield %1, %2 : f32, i1
  }
  return %r#0, %r#1 : tensor<?x8xf32>, tensor<?x8xi1>
}

// Without indexing_maps: identity maps for tensors, `()` for scalars. A
// transposed read keeps its permutation map.
// CHECK-LABEL: func.func @fused_implied_maps
//       CHECK:   linalg.generic {indexing_maps = [#[[ID]], #[[SC]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<4x8xf16>, f16) outs(%{{.*}} : tensor<4x8xf16>)
//       CHECK:     math.tanh
//   CHECK-NOT:   linalg.generic
func.func @fused_implied_maps(%x: tensor<4x8xf16>, %s: f16) -> tensor<4x8xf16> {
  %r = ferric.fused ins(%x, %s : tensor<4x8xf16>, f16) -> tensor<4x8xf16> {
  ^bb0(%a: f16, %b: f16):
    %0 = arith.mulf %a, %b : f16
    %1 = arith.extf %0 : f16 to f32
    %2 = math.tanh %1 : f32
    %3 = arith.truncf %2 : f32 to f16
    ferric.yield %3 : f16
  }
  return %r : tensor<4x8xf16>
}

// CHECK-LABEL: func.func @fused_transposed
//       CHECK:   linalg.generic {indexing_maps = [#[[T]], #[[ID]], #[[ID]]]
//  CHECK-SAME:     ins(%{{.*}}, %{{.*}} : tensor<8x4xf32>, tensor<4x8xf32>)
func.func @fused_transposed(%t: tensor<8x4xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = ferric.fused ins(%t, %x : tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>,
                                   affine_map<(d0, d1) -> (d0, d1)>]} {
  ^bb0(%a: f32, %b: f32):
    %0 = arith.subf %a, %b : f32
    ferric.yield %0 : f32
  }
  return %r : tensor<4x8xf32>
}

// -----

// ferric.broadcast -> linalg.broadcast with the same added dims; a dynamic
// added dim takes its size operand, a dynamic kept dim a tensor.dim.

// CHECK-LABEL: func.func @broadcast_static
//  CHECK-SAME: (%[[A:.*]]: tensor<8xf32>)
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
//       CHECK:   %[[B:.*]] = linalg.broadcast ins(%[[A]] : tensor<8xf32>) outs(%[[E]] : tensor<4x8xf32>) dimensions = [0]
//       CHECK:   return %[[B]]
func.func @broadcast_static(%a: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.broadcast %a dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @broadcast_dynamic
//  CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[N:.*]]: index)
//       CHECK:   %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xf32>
//       CHECK:   %[[E:.*]] = tensor.empty(%[[D]], %[[N]]) : tensor<?x3x?xf32>
//       CHECK:   linalg.broadcast ins(%[[A]] : tensor<?xf32>) outs(%[[E]] : tensor<?x3x?xf32>) dimensions = [1, 2]
func.func @broadcast_dynamic(%a: tensor<?xf32>, %n: index) -> tensor<?x3x?xf32> {
  %0 = ferric.broadcast %a dims [1, 2] sizes(%n) : tensor<?xf32> -> tensor<?x3x?xf32>
  return %0 : tensor<?x3x?xf32>
}

// CHECK-LABEL: func.func @broadcast_i1
//       CHECK:   linalg.broadcast ins(%{{.*}} : tensor<4xi1>) outs(%{{.*}} : tensor<4x2xi1>) dimensions = [1]
func.func @broadcast_i1(%a: tensor<4xi1>) -> tensor<4x2xi1> {
  %0 = ferric.broadcast %a dims [1] : tensor<4xi1> -> tensor<4x2xi1>
  return %0 : tensor<4x2xi1>
}

// -----

// ferric.reduce: fill with the identity, one generic with reduction
// iterators on the reduced dims and an output map of the kept dims.

// CHECK-DAG: #[[IN2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[KEEP0:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[KEEP1:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[IN3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[MID:.+]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[V1:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[NONE:.+]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[R0:.+]] = affine_map<() -> ()>

// CHECK-LABEL: func.func @reduce_sum
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>) -> tensor<4xf32>
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<4xf32>
//       CHECK:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<4xf32>)
//       CHECK:   %[[G:.*]] = linalg.generic {indexing_maps = [#[[IN2]], #[[KEEP0]]], iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<4x8xf32>) outs(%[[F]] : tensor<4xf32>)
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: f32):
//  CHECK-NEXT:     %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : f32
//  CHECK-NEXT:     linalg.yield %[[S]] : f32
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[G]]
func.func @reduce_sum(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = ferric.reduce sum %a dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @reduce_max_dim0
//       CHECK:   %[[NINF:.*]] = arith.constant 0xFF800000 : f32
//       CHECK:   linalg.fill ins(%[[NINF]] : f32)
//       CHECK:   linalg.generic {indexing_maps = [#[[IN2]], #[[KEEP1]]], iterator_types = ["reduction", "parallel"]}
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: f32):
//  CHECK-NEXT:     %[[S:.*]] = arith.maximumf %[[ACC]], %[[X]] : f32
//  CHECK-NEXT:     linalg.yield %[[S]] : f32
func.func @reduce_max_dim0(%a: tensor<4x8xf32>) -> tensor<8xf32> {
  %0 = ferric.reduce max %a dims [0] : tensor<4x8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @reduce_min_f64
//       CHECK:   %[[INF:.*]] = arith.constant 0x7FF0000000000000 : f64
//       CHECK:   linalg.fill ins(%[[INF]] : f64) outs(%{{.*}} : tensor<4xf64>)
//       CHECK:   ^bb0(%[[X:.*]]: f64, %[[ACC:.*]]: f64):
//  CHECK-NEXT:     %[[S:.*]] = arith.minimumf %[[ACC]], %[[X]] : f64
//  CHECK-NEXT:     linalg.yield %[[S]] : f64
func.func @reduce_min_f64(%a: tensor<4x8xf64>) -> tensor<4xf64> {
  %0 = ferric.reduce min %a dims [1] : tensor<4x8xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// mean: sum, then divide by the product of the reduced dims; a count of 0
// gives NaN explicitly (a Vulkan driver may evaluate 0 / 0 to anything).
// CHECK-LABEL: func.func @reduce_mean
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>)
//       CHECK:   %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[IN2]], #[[KEEP0]]], iterator_types = ["parallel", "reduction"]}
//       CHECK:     arith.addf
//       CHECK:   %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<4x8xf32>
//       CHECK:   %[[N:.*]] = arith.muli %{{.*}}, %[[D]] : index
//       CHECK:   %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
//       CHECK:   %[[NF:.*]] = arith.uitofp %[[N64]] : i64 to f32
//       CHECK:   %[[M:.*]] = linalg.generic {indexing_maps = [#[[V1]], #[[V1]]], iterator_types = ["parallel"]} ins(%[[SUM]] : tensor<4xf32>)
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
//   CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:     %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
//       CHECK:     %[[EMPTY:.*]] = arith.cmpf oeq, %[[NF]], %[[ZERO]] : f32
//  CHECK-NEXT:     %[[Q:.*]] = arith.divf %[[X]], %[[NF]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.select %[[EMPTY]], %[[NAN]], %[[Q]] : f32
//  CHECK-NEXT:     linalg.yield %[[R]] : f32
//       CHECK:   return %[[M]]
func.func @reduce_mean(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = ferric.reduce mean %a dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// f16 accumulates in f32 and is narrowed once at the end.
// CHECK-LABEL: func.func @reduce_sum_f16
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<4xf32>
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<4xf32>)
//       CHECK:   %[[SUM:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<4x8xf16>) outs(%{{.*}} : tensor<4xf32>)
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f16, %[[ACC:.*]]: f32):
//  CHECK-NEXT:     %[[W:.*]] = arith.extf %[[X]] : f16 to f32
//  CHECK-NEXT:     %[[S:.*]] = arith.addf %[[ACC]], %[[W]] : f32
//  CHECK-NEXT:     linalg.yield %[[S]] : f32
//       CHECK:   %[[T:.*]] = linalg.generic {{.*}} ins(%[[SUM]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf16>)
//  CHECK-NEXT:   ^bb0(%[[Y:.*]]: f32, %{{.*}}: f16):
//  CHECK-NEXT:     %[[N:.*]] = arith.truncf %[[Y]] : f32 to f16
//  CHECK-NEXT:     linalg.yield %[[N]] : f16
//       CHECK:   return %[[T]] : tensor<4xf16>
func.func @reduce_sum_f16(%a: tensor<4x8xf16>) -> tensor<4xf16> {
  %0 = ferric.reduce sum %a dims [1] : tensor<4x8xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// mean on bf16: divide in f32, then narrow.
// CHECK-LABEL: func.func @reduce_mean_bf16
//       CHECK:   arith.extf %{{.*}} : bf16 to f32
//       CHECK:   %[[NF:.*]] = arith.uitofp %{{.*}} : i64 to f32
//       CHECK:   ^bb0(%[[Y:.*]]: f32, %{{.*}}: bf16):
//       CHECK:     %[[Q:.*]] = arith.divf %[[Y]], %[[NF]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Q]] : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.truncf %[[R]] : f32 to bf16
//  CHECK-NEXT:     linalg.yield %[[N]] : bf16
func.func @reduce_mean_bf16(%a: tensor<4x8xbf16>) -> tensor<4xbf16> {
  %0 = ferric.reduce mean %a dims [1] : tensor<4x8xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// keepdim: reduce to the kept dims, then tensor.expand_shape re-adds the
// unit dims; a leading reduced dim joins the first group.
// CHECK-LABEL: func.func @reduce_max_keepdim
//  CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xbf16>) -> tensor<1x3x1xbf16>
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<3xf32>
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<3xf32>)
//       CHECK:   linalg.generic {indexing_maps = [#[[IN3]], #[[MID]]], iterator_types = ["reduction", "parallel", "reduction"]}
//       CHECK:     arith.maximumf
//       CHECK:   %[[T:.*]] = linalg.generic
//       CHECK:     arith.truncf %{{.*}} : f32 to bf16
//       CHECK:   %[[X:.*]] = tensor.expand_shape %[[T]] {{\[}}[0, 1, 2]] output_shape [1, 3, 1] : tensor<3xbf16> into tensor<1x3x1xbf16>
//       CHECK:   return %[[X]]
func.func @reduce_max_keepdim(%a: tensor<2x3x4xbf16>) -> tensor<1x3x1xbf16> {
  %0 = ferric.reduce max %a dims [0, 2] keepdim : tensor<2x3x4xbf16> -> tensor<1x3x1xbf16>
  return %0 : tensor<1x3x1xbf16>
}

// keepdim with a dynamic kept dim and a trailing reduced dim.
// CHECK-LABEL: func.func @reduce_sum_keepdim_dynamic
//  CHECK-SAME: (%[[A:.*]]: tensor<?x5xf32>) -> tensor<?x1xf32>
//       CHECK:   %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x5xf32>
//       CHECK:   %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xf32>
//       CHECK:   %[[G:.*]] = linalg.generic {indexing_maps = [#[[IN2]], #[[KEEP0]]], iterator_types = ["parallel", "reduction"]}
//       CHECK:   tensor.expand_shape %[[G]] {{\[}}[0, 1]] output_shape [%{{.*}}, 1] : tensor<?xf32> into tensor<?x1xf32>
func.func @reduce_sum_keepdim_dynamic(%a: tensor<?x5xf32>) -> tensor<?x1xf32> {
  %0 = ferric.reduce sum %a dims [1] keepdim : tensor<?x5xf32> -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// Reducing every dim: rank-0 accumulator, mean divides by 2*3.
// CHECK-LABEL: func.func @reduce_mean_all
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<f32>
//       CHECK:   linalg.generic {indexing_maps = [#[[IN2]], #[[NONE]]], iterator_types = ["reduction", "reduction"]}
//       CHECK:   arith.muli
//       CHECK:   arith.muli
//       CHECK:   linalg.generic {indexing_maps = [#[[R0]], #[[R0]]], iterator_types = []}
//       CHECK:     arith.divf
//   CHECK-NOT:   tensor.expand_shape
func.func @reduce_mean_all(%a: tensor<2x3xf32>) -> tensor<f32> {
  %0 = ferric.reduce mean %a dims [0, 1] : tensor<2x3xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// Reducing every dim with keepdim: rank 0 expanded to all-unit dims.
// CHECK-LABEL: func.func @reduce_min_all_keepdim
//       CHECK:   %[[G:.*]] = linalg.generic {indexing_maps = [#[[IN2]], #[[NONE]]], iterator_types = ["reduction", "reduction"]}
//       CHECK:     arith.minimumf
//       CHECK:   tensor.expand_shape %[[G]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
func.func @reduce_min_all_keepdim(%a: tensor<2x3xf32>) -> tensor<1x1xf32> {
  %0 = ferric.reduce min %a dims [0, 1] keepdim : tensor<2x3xf32> -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

// ferric.matmul -> linalg.matmul / linalg.batch_matmul into a zero-filled
// accumulator; f16 and bf16 accumulate in f32 and are narrowed afterwards.

// CHECK-LABEL: func.func @matmul_f32
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8x16xf32>)
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<4x16xf32>
//       CHECK:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<4x16xf32>)
//       CHECK:   %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<8x16xf32>) outs(%[[F]] : tensor<4x16xf32>)
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[M]]
func.func @matmul_f32(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %0 = ferric.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @matmul_f16
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<4x16xf32>
//       CHECK:   %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<4x16xf32>)
//       CHECK:   %[[M:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf16>, tensor<8x16xf16>) outs(%[[F]] : tensor<4x16xf32>)
//       CHECK:   %[[T:.*]] = linalg.generic {{.*}} ins(%[[M]] : tensor<4x16xf32>) outs(%{{.*}} : tensor<4x16xf16>)
//       CHECK:     arith.truncf %{{.*}} : f32 to f16
//       CHECK:   return %[[T]] : tensor<4x16xf16>
func.func @matmul_f16(%a: tensor<4x8xf16>, %b: tensor<8x16xf16>) -> tensor<4x16xf16> {
  %0 = ferric.matmul %a, %b : tensor<4x8xf16>, tensor<8x16xf16> -> tensor<4x16xf16>
  return %0 : tensor<4x16xf16>
}

// Batched with dynamic batch (from lhs) and N (from rhs).
// CHECK-LABEL: func.func @batch_matmul_bf16_dynamic
//  CHECK-SAME: (%[[A:.*]]: tensor<?x4x8xbf16>, %[[B:.*]]: tensor<?x8x?xbf16>)
//   CHECK-DAG:   %[[DB:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x4x8xbf16>
//   CHECK-DAG:   %[[DN:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?x8x?xbf16>
//       CHECK:   %[[E:.*]] = tensor.empty(%[[DB]], %[[DN]]) : tensor<?x4x?xf32>
//       CHECK:   %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x4x?xf32>)
//       CHECK:   %[[M:.*]] = linalg.batch_matmul ins(%[[A]], %[[B]] : tensor<?x4x8xbf16>, tensor<?x8x?xbf16>) outs(%[[F]] : tensor<?x4x?xf32>)
//       CHECK:   linalg.generic {{.*}} ins(%[[M]] : tensor<?x4x?xf32>) outs(%{{.*}} : tensor<?x4x?xbf16>)
//       CHECK:     arith.truncf %{{.*}} : f32 to bf16
func.func @batch_matmul_bf16_dynamic(%a: tensor<?x4x8xbf16>, %b: tensor<?x8x?xbf16>) -> tensor<?x4x?xbf16> {
  %0 = ferric.matmul %a, %b : tensor<?x4x8xbf16>, tensor<?x8x?xbf16> -> tensor<?x4x?xbf16>
  return %0 : tensor<?x4x?xbf16>
}

// CHECK-LABEL: func.func @batch_matmul_f64
//       CHECK:   linalg.fill ins(%{{.*}} : f64) outs(%{{.*}} : tensor<2x3x5xf64>)
//       CHECK:   linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x3x4xf64>, tensor<2x4x5xf64>) outs(%{{.*}} : tensor<2x3x5xf64>)
//   CHECK-NOT:   linalg.generic
func.func @batch_matmul_f64(%a: tensor<2x3x4xf64>, %b: tensor<2x4x5xf64>) -> tensor<2x3x5xf64> {
  %0 = ferric.matmul %a, %b : tensor<2x3x4xf64>, tensor<2x4x5xf64> -> tensor<2x3x5xf64>
  return %0 : tensor<2x3x5xf64>
}

// -----

// Transposed operands are read through indexing maps that swap their last
// two dims (no copy); dynamic result dims come from the stored dims that
// hold M and N.
// CHECK-LABEL: func.func @matmul_transpose_rhs
// MAPS-LABEL: func.func @matmul_transpose_rhs
//  MAPS-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<16x8xf32>)
//       MAPS:   linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%[[A]], %[[W]] : tensor<4x8xf32>, tensor<16x8xf32>) outs(%{{.*}} : tensor<4x16xf32>)
func.func @matmul_transpose_rhs(%a: tensor<4x8xf32>, %w: tensor<16x8xf32>) -> tensor<4x16xf32> {
  %0 = ferric.matmul %a, %w transpose_rhs : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// MAPS-LABEL: func.func @matmul_transpose_lhs_dynamic
//  MAPS-SAME: (%[[A:.*]]: tensor<8x?xf32>, %[[B:.*]]: tensor<8x?xf32>)
//   MAPS-DAG:   %[[DM:.*]] = tensor.dim %[[A]], %c1{{.*}} : tensor<8x?xf32>
//   MAPS-DAG:   %[[DN:.*]] = tensor.dim %[[B]], %c1{{.*}} : tensor<8x?xf32>
//       MAPS:   %[[E:.*]] = tensor.empty(%[[DM]], %[[DN]]) : tensor<?x?xf32>
//       MAPS:   linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%[[A]], %[[B]] : tensor<8x?xf32>, tensor<8x?xf32>)
func.func @matmul_transpose_lhs_dynamic(%a: tensor<8x?xf32>, %b: tensor<8x?xf32>) -> tensor<?x?xf32> {
  %0 = ferric.matmul %a, %b transpose_lhs : tensor<8x?xf32>, tensor<8x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// MAPS-LABEL: func.func @batch_matmul_transpose_both_bf16
//  MAPS-SAME: (%[[A:.*]]: tensor<2x8x?xbf16>, %[[B:.*]]: tensor<2x?x8xbf16>)
//   MAPS-DAG:   %[[DM:.*]] = tensor.dim %[[A]], %c2{{.*}} : tensor<2x8x?xbf16>
//   MAPS-DAG:   %[[DN:.*]] = tensor.dim %[[B]], %c1{{.*}} : tensor<2x?x8xbf16>
//       MAPS:   %[[E:.*]] = tensor.empty(%[[DM]], %[[DN]]) : tensor<2x?x?xf32>
//       MAPS:   %[[M:.*]] = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%[[A]], %[[B]] : tensor<2x8x?xbf16>, tensor<2x?x8xbf16>) outs(%{{.*}} : tensor<2x?x?xf32>)
//       MAPS:   linalg.generic {{.*}} ins(%[[M]] : tensor<2x?x?xf32>)
//       MAPS:     arith.truncf %{{.*}} : f32 to bf16
func.func @batch_matmul_transpose_both_bf16(%a: tensor<2x8x?xbf16>, %b: tensor<2x?x8xbf16>) -> tensor<2x?x?xbf16> {
  %0 = ferric.matmul %a, %b transpose_lhs transpose_rhs : tensor<2x8x?xbf16>, tensor<2x?x8xbf16> -> tensor<2x?x?xbf16>
  return %0 : tensor<2x?x?xbf16>
}
