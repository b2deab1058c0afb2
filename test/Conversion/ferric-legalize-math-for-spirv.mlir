// RUN: ferric-opt %s --split-input-file --verify-diagnostics --ferric-legalize-math-for-spirv | FileCheck %s

// ferric-legalize-math-for-spirv alone: f32 erf (scalar and vector) becomes
// upstream's polynomial approximation; f64 math that GLSL.std.450 has
// (sqrt, abs, fma, ...) and f16/f32 transcendentals are left for
// convert-math-to-spirv; f64 transcendentals are errors at the op.

// CHECK-LABEL: func.func @erf_f32
//   CHECK-NOT:   math.erf
//       CHECK:   math.fma
//       CHECK:   return
func.func @erf_f32(%x: f32) -> f32 {
  %0 = math.erf %x : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @erf_vector
//   CHECK-NOT:   math.erf
//       CHECK:   math.fma {{.*}} : vector<4xf32>
func.func @erf_vector(%x: vector<4xf32>) -> vector<4xf32> {
  %0 = math.erf %x : vector<4xf32>
  return %0 : vector<4xf32>
}

// CHECK-LABEL: func.func @kept
//       CHECK:   math.exp %{{.*}} : f32
//       CHECK:   math.tanh %{{.*}} : f16
//       CHECK:   math.sqrt %{{.*}} : f64
//       CHECK:   math.absf %{{.*}} : f64
//       CHECK:   math.fma %{{.*}} : f64
func.func @kept(%a: f32, %b: f16, %c: f64) -> (f32, f16, f64, f64, f64) {
  %0 = math.exp %a : f32
  %1 = math.tanh %b : f16
  %2 = math.sqrt %c : f64
  %3 = math.absf %c : f64
  %4 = math.fma %c, %c, %c : f64
  return %0, %1, %2, %3, %4 : f32, f16, f64, f64, f64
}

// sin and cos: Cody-Waite reduction by pi/2 in four pieces, Cephes'
// polynomials, the quadrant from k mod 4; the driver's own function only
// for |x| >= 102900 (kept, wrapped in its special values: inf -> NaN).
// CHECK-LABEL: func.func @sin_f32
//  CHECK-SAME: (%[[X:.*]]: f32)
//   CHECK-DAG:   %[[TWO_PI:.*]] = arith.constant 0.636619746 : f32
//   CHECK-DAG:   %[[P1:.*]] = arith.constant 1.5703125 : f32
//   CHECK-DAG:   %[[LIMIT:.*]] = arith.constant 1.029000e+05 : f32
//       CHECK:   %[[DRIVER:.*]] = math.sin %[[X]] : f32
//       CHECK:   %[[KX:.*]] = arith.mulf %[[X]], %[[TWO_PI]] : f32
//       CHECK:   %[[K:.*]] = math.roundeven %[[KX]] : f32
//       CHECK:   arith.mulf %[[K]], %[[P1]] : f32
//       CHECK:   math.floor
//       CHECK:   %[[AX:.*]] = math.absf %[[X]] : f32
//       CHECK:   %[[NEAR:.*]] = arith.cmpf olt, %[[AX]], %[[LIMIT]] : f32
//       CHECK:   %[[R:.*]] = arith.select %[[NEAR]], %{{.*}}, %{{.*}} : f32
//       CHECK:   return %[[R]]
func.func @sin_f32(%x: f32) -> f32 {
  %0 = math.sin %x : f32
  return %0 : f32
}

// cos of f16 computes in f32; vectors work the same way.
// CHECK-LABEL: func.func @cos_f16_vector
//       CHECK:   %[[W:.*]] = arith.extf %{{.*}} : vector<4xf16> to vector<4xf32>
//       CHECK:   math.cos %[[W]] : vector<4xf32>
//       CHECK:   math.roundeven %{{.*}} : vector<4xf32>
//       CHECK:   arith.truncf %{{.*}} : vector<4xf32> to vector<4xf16>
func.func @cos_f16_vector(%x: vector<4xf16>) -> vector<4xf16> {
  %0 = math.cos %x : vector<4xf16>
  return %0 : vector<4xf16>
}

// log1p: the series in s = x / (2 + x) for -0.5 < x < 1, GLSL's log of
// 1 + x elsewhere (guarded: log(-1 - eps) is NaN, log1p(-1) = -inf).
// CHECK-LABEL: func.func @log1p_f32
//  CHECK-SAME: (%[[X:.*]]: f32)
//   CHECK-NOT:   math.log1p
//       CHECK:   %[[D:.*]] = arith.addf %[[X]], %{{.*}} : f32
//       CHECK:   %[[S:.*]] = arith.divf %[[X]], %[[D]] : f32
//       CHECK:   %[[U:.*]] = arith.addf %[[X]], %{{.*}} : f32
//       CHECK:   %[[L:.*]] = math.log %[[U]] : f32
//       CHECK:   %[[HI:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
//       CHECK:   %[[LO:.*]] = arith.cmpf olt, %{{.*}}, %[[X]] : f32
//       CHECK:   %[[IN:.*]] = arith.andi %[[LO]], %[[HI]] : i1
//       CHECK:   arith.select %[[IN]]
//   CHECK-NOT:   math.log1p
func.func @log1p_f32(%x: f32) -> f32 {
  %0 = math.log1p %x : f32
  return %0 : f32
}

// expm1: Taylor to x^12 for |x| < 1, GLSL's exp minus one elsewhere.
// CHECK-LABEL: func.func @expm1_f32
//   CHECK-NOT:   math.expm1
//   CHECK-DAG:   arith.constant 2.08767559E-9 : f32
//       CHECK:   %[[E:.*]] = math.exp %{{.*}} : f32
//       CHECK:   arith.subf
//       CHECK:   math.absf
//       CHECK:   arith.select
//   CHECK-NOT:   math.expm1
func.func @expm1_f32(%x: f32) -> f32 {
  %0 = math.expm1 %x : f32
  return %0 : f32
}

// GLSL.std.450 floors and ceils f64 itself; f64 roundeven is written with
// floor (lavapipe's 64-bit RoundEven gave 1 for 1.5).
// CHECK-LABEL: func.func @rounding_f64
//       CHECK:   math.floor %{{.*}} : f64
//       CHECK:   math.ceil %{{.*}} : f64
//   CHECK-NOT:   math.roundeven
//       CHECK:   math.floor %{{.*}} : f64
//   CHECK-NOT:   math.roundeven
//       CHECK:   return
func.func @rounding_f64(%x: f64) -> (f64, f64, f64) {
  %0 = math.floor %x : f64
  %1 = math.ceil %x : f64
  %2 = math.roundeven %x : f64
  return %0, %1, %2 : f64, f64, f64
}

// -----

func.func @exp_f64(%x: f64) -> f64 {
  // expected-error @below {{'math.exp' op on f64 has no SPIR-V lowering for Vulkan: GLSL.std.450 implements it for 16- and 32-bit floats only (use f32, or the cuda or cpu target)}}
  %0 = math.exp %x : f64
  return %0 : f64
}

// -----

func.func @erf_f64_vector(%x: vector<2xf64>) -> vector<2xf64> {
  // expected-error @below {{'math.erf' op on f64 has no SPIR-V lowering}}
  %0 = math.erf %x : vector<2xf64>
  return %0 : vector<2xf64>
}

// -----

func.func @sin_f64(%x: f64) -> f64 {
  // expected-error @below {{'math.sin' op on f64 has no SPIR-V lowering}}
  %0 = math.sin %x : f64
  return %0 : f64
}

// -----

func.func @log1p_f64(%x: f64) -> f64 {
  // expected-error @below {{'math.log1p' op on f64 has no SPIR-V lowering}}
  %0 = math.log1p %x : f64
  return %0 : f64
}
