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
