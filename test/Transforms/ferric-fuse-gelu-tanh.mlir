// RUN: ferric-opt %s --ferric-fuse | FileCheck %s
// RUN: ferric-opt %s --ferric-fuse="report=-" -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=REPORT

// GELU (tanh approximation) written with nine primitive ferric ops and four
// scalar constants,
//   0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))),
// becomes exactly one ferric.fused with one input; the constants live in
// the body.

// CHECK-LABEL: func.func @gelu_tanh
//  CHECK-SAME: (%[[X:.*]]: tensor<4x1024xf32>)
//   CHECK-NOT:   ferric.mul
//   CHECK-NOT:   arith.constant
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[X]] : tensor<4x1024xf32>) -> tensor<4x1024xf32> {
//  CHECK-NEXT:   ^bb0(%[[V:.*]]: f32):
//  CHECK-NEXT:     %[[X2:.*]] = arith.mulf %[[V]], %[[V]] : f32
//  CHECK-NEXT:     %[[X3:.*]] = arith.mulf %[[X2]], %[[V]] : f32
//  CHECK-NEXT:     %[[K:.*]] = arith.constant 4.471500e-02 : f32
//  CHECK-NEXT:     %[[KX3:.*]] = arith.mulf %[[X3]], %[[K]] : f32
//  CHECK-NEXT:     %[[IN:.*]] = arith.addf %[[V]], %[[KX3]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.constant 0.797884583 : f32
//  CHECK-NEXT:     %[[SC:.*]] = arith.mulf %[[IN]], %[[S]] : f32
//  CHECK-NEXT:     %[[T:.*]] = math.tanh %[[SC]] : f32
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[OPT:.*]] = arith.addf %[[T]], %[[ONE]] : f32
//  CHECK-NEXT:     %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
//  CHECK-NEXT:     %[[HX:.*]] = arith.mulf %[[V]], %[[HALF]] : f32
//  CHECK-NEXT:     %[[Y:.*]] = arith.mulf %[[HX]], %[[OPT]] : f32
//  CHECK-NEXT:     ferric.yield %[[Y]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<4x1024xf32>
//   CHECK-NOT:   ferric.fused

// REPORT:      ferric-fuse report for @gelu_tanh
// REPORT-NEXT:   groups formed: 1
// REPORT-NEXT:   ops fused: 9
// REPORT-NEXT:   kernel launches: 9 -> 1
// REPORT-NEXT:   intermediate bytes no longer written or read: 262144
// REPORT-NEXT:   group 0 at 'ferric.mul' (line [[#@LINE+15]]): 9 ops, 1 inputs: mul mul mul add mul tanh add mul mul
// REPORT-NOT:    unfused edges
func.func @gelu_tanh(%x: tensor<4x1024xf32>) -> tensor<4x1024xf32> {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 0.044715 : f32
  %sqrt_2_over_pi = arith.constant 0.7978845608 : f32
  %x2 = ferric.mul %x, %x : tensor<4x1024xf32>
  %x3 = ferric.mul %x2, %x : tensor<4x1024xf32>
  %kx3 = ferric.mul %x3, %k : tensor<4x1024xf32>, f32
  %inner = ferric.add %x, %kx3 : tensor<4x1024xf32>
  %scaled = ferric.mul %inner, %sqrt_2_over_pi : tensor<4x1024xf32>, f32
  %t = ferric.tanh %scaled : tensor<4x1024xf32>
  %onept = ferric.add %t, %one : tensor<4x1024xf32>, f32
  %hx = ferric.mul %x, %half : tensor<4x1024xf32>, f32
  %y = ferric.mul %hx, %onept : tensor<4x1024xf32>
  return %y : tensor<4x1024xf32>
}
