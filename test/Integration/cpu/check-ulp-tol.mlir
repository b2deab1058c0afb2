// ferric-run --check --ulp-tol=N also fails a result more than N units in
// the last place of its type off the f64 reference; `bits:` inputs walk the
// bit patterns of a type. The CPU's sqrt is correctly rounded over every
// f16 and bf16 value and a sample of f32 patterns (NaNs, infinities,
// subnormals and negatives included), and (x + 1) - 1 in f32 is not.
// RUN: ferric-run %s --entry=root_f16 --target=cpu --input=bits:65536xf16 --check --ulp-tol=0.5 | FileCheck %s
// RUN: ferric-run %s --entry=root_bf16 --target=cpu --input=bits:65536xbf16 --check --ulp-tol=0.5 | FileCheck %s
// RUN: ferric-run %s --entry=root_f32 --target=cpu --input=bits:1048576xf32 --check --ulp-tol=0.5 | FileCheck %s
// CHECK: check: result 0: {{.*}}, ulp-tol 0.5): ok
// RUN: not ferric-run %s --entry=cancel --target=cpu --input=randn:4096xf32 --check --ulp-tol=0.5 | FileCheck %s --check-prefix=CANCEL
// CANCEL: check: result 0: {{.*}}, ulp-tol 0.5): FAILED
// CANCEL-NEXT: units in the last place off the f64 reference, more than --ulp-tol

// bits: over 2^16 f16 elements is every pattern once, in order.
// RUN: ferric-run %s --entry=ident_f16 --target=cpu --input=bits:65536xf16 --print | FileCheck %s --check-prefix=BITS
// BITS: result 0: array([0, 6e-08, 1e-07, ..., nan, nan, nan], shape=(65536,), dtype=f16)
// RUN: not ferric-run %s --entry=root_f32 --target=cpu --input=bits:4xf32 --check --ulp-tol=-1 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: --ulp-tol must be a finite number >= 0, got -1

func.func @root_f16(%a: tensor<?xf16>) -> tensor<?xf16> {
  %r = ferric.sqrt %a : tensor<?xf16>
  return %r : tensor<?xf16>
}
func.func @root_bf16(%a: tensor<?xbf16>) -> tensor<?xbf16> {
  %r = ferric.sqrt %a : tensor<?xbf16>
  return %r : tensor<?xbf16>
}
func.func @root_f32(%a: tensor<?xf32>) -> tensor<?xf32> {
  %r = ferric.sqrt %a : tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @cancel(%a: tensor<?xf32>) -> tensor<?xf32> {
  %one = arith.constant 1.0 : f32
  %p = ferric.add %a, %one : tensor<?xf32>, f32
  %r = ferric.sub %p, %one : tensor<?xf32>, f32
  return %r : tensor<?xf32>
}
func.func @ident_f16(%a: tensor<?xf16>) -> tensor<?xf16> {
  %r = ferric.neg %a : tensor<?xf16>
  %s = ferric.neg %r : tensor<?xf16>
  return %s : tensor<?xf16>
}
