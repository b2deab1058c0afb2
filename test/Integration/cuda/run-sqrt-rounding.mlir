// sqrt on CUDA is correctly rounded (ferric-precise-sqrt: sqrt.rn.f32, as
// nvcc and torch without fast-math): every f16 and bf16 value and a dense
// sample of f32 bit patterns (2^24 of them, each 256-pattern stretch once,
// both signs, subnormals, infinities and NaNs) are within half a unit in
// the last place of the f64 reference. With approx-sqrt=1 (libdevice's
// sqrt.approx.f32) the f32 sample fails, so the test can tell them apart.
// RUN: ferric-run %s --entry=sqrt_f16 --target=cuda --input=bits:65536xf16 --check --ulp-tol=0.5 | FileCheck %s
// RUN: ferric-run %s --entry=sqrt_bf16 --target=cuda --input=bits:65536xbf16 --check --ulp-tol=0.5 | FileCheck %s
// RUN: ferric-run %s --entry=sqrt_f32 --target=cuda --input=bits:16777216xf32 --check --ulp-tol=0.5 | FileCheck %s
// RUN: not ferric-run %s --entry=sqrt_f32 --target=cuda --input=bits:16777216xf32 --check --ulp-tol=0.5 --pipeline-options=approx-sqrt=1 | FileCheck %s --check-prefix=APPROX
// CHECK: check: result 0: {{.*}}, ulp-tol 0.5): ok
// APPROX: check: result 0: {{.*}}, ulp-tol 0.5): FAILED
func.func @sqrt_f16(%a: tensor<?xf16>) -> tensor<?xf16> {
  %r = ferric.sqrt %a : tensor<?xf16>
  return %r : tensor<?xf16>
}
func.func @sqrt_bf16(%a: tensor<?xbf16>) -> tensor<?xbf16> {
  %r = ferric.sqrt %a : tensor<?xbf16>
  return %r : tensor<?xbf16>
}
func.func @sqrt_f32(%a: tensor<?xf32>) -> tensor<?xf32> {
  %r = ferric.sqrt %a : tensor<?xf32>
  return %r : tensor<?xf32>
}
