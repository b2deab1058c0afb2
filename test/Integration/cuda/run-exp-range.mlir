// exp on CUDA over a wide range: x = 64 * rand in [-64, 64) (exact in f32,
// so the f64 CPU reference sees the same arguments), and the ops built on
// it (sigmoid, SiLU), fused into one kernel and unfused. The NVVM pipeline
// computes exp as libdevice's __nv_fast_expf (ferric-approx-exp,
// docs/TargetSupport.md): ex2.approx(x * log2(e)), whose error grows with
// |x| (the rounding of x * log2(e): about 2.6e-6 relative at |x| = 64)
// and must stay inside --check's f32 tolerance (rtol 1e-5); approx-exp=0
// (the correctly rounded __nv_expf) must pass too.
// RUN: ferric-run %s --target=cuda --input=rand:65537xf32 --input=64.0 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --input=rand:65537xf32 --input=64.0 --no-fuse --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --input=rand:65537xf32 --input=64.0 --pipeline-options=approx-exp=0 --check | FileCheck %s
// CHECK-COUNT-3: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: FAILED
func.func @main(%a: tensor<?xf32>, %s: f32) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %x = ferric.mul %a, %s : tensor<?xf32>, f32
  %e = ferric.exp %x : tensor<?xf32>
  %g = ferric.sigmoid %x : tensor<?xf32>
  %h = ferric.silu %x : tensor<?xf32>
  return %e, %g, %h : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
