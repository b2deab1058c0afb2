// sin, cos, erf, log1p, expm1, floor, ceil, round, sign, reciprocal and
// clamp (Inputs/more_ops.mlir) in f32, f16, bf16 and f64, alone and fused
// into RoPE/GELU-like chains (fused and --no-fuse), on edge values
// (Inputs/more_ops/*.npy, written by Inputs/gen_more_ops_inputs.py: halves,
// +-0, NaN, infinities, |x| up to 1e5 for sin/cos, tiny x for log1p/expm1).
// --check compares with the unfused program run on the CPU in f64 (libm's
// log1p and expm1), which pins the semantics: round(2.5) = 2 (ties to
// even), floor(-0.3) = -1, sign(NaN) = NaN, clamp's NaN and lo > hi giving
// hi all differ from the alternatives by far more than the tolerance; the
// erf/log1p/expm1 runs use --atol=0, so tiny x must keep its digits
// (log(1 + x) gives 0 for log1p(1e-10)). The same runs: test/Integration/
// vulkan/ and test/Integration/cuda/run-more-ops.mlir.

// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=trig_f32 --input=%S/../Inputs/more_ops/f32.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=small_f32 --input=%S/../Inputs/more_ops/f32.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=small_f32 --input=%S/../Inputs/more_ops/f32.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=rounding_f32 --input=%S/../Inputs/more_ops/f32.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=rounding_f32 --input=%S/../Inputs/more_ops/f32.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=clamp_f32 --input=%S/../Inputs/more_ops/f32.cx.npy --input=%S/../Inputs/more_ops/f32.clo.npy --input=%S/../Inputs/more_ops/f32.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=chains_f32 --input=%S/../Inputs/more_ops/f32.x.npy --input=%S/../Inputs/more_ops/f32.y.npy --input=%S/../Inputs/more_ops/f32.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=chains_f32 --input=%S/../Inputs/more_ops/f32.x.npy --input=%S/../Inputs/more_ops/f32.y.npy --input=%S/../Inputs/more_ops/f32.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=trig_f16 --input=%S/../Inputs/more_ops/f16.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=small_f16 --input=%S/../Inputs/more_ops/f16.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=small_f16 --input=%S/../Inputs/more_ops/f16.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=rounding_f16 --input=%S/../Inputs/more_ops/f16.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=rounding_f16 --input=%S/../Inputs/more_ops/f16.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=clamp_f16 --input=%S/../Inputs/more_ops/f16.cx.npy --input=%S/../Inputs/more_ops/f16.clo.npy --input=%S/../Inputs/more_ops/f16.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=chains_f16 --input=%S/../Inputs/more_ops/f16.x.npy --input=%S/../Inputs/more_ops/f16.y.npy --input=%S/../Inputs/more_ops/f16.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=chains_f16 --input=%S/../Inputs/more_ops/f16.x.npy --input=%S/../Inputs/more_ops/f16.y.npy --input=%S/../Inputs/more_ops/f16.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=trig_bf16 --input=%S/../Inputs/more_ops/bf16.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=small_bf16 --input=%S/../Inputs/more_ops/bf16.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=small_bf16 --input=%S/../Inputs/more_ops/bf16.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=rounding_bf16 --input=%S/../Inputs/more_ops/bf16.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=rounding_bf16 --input=%S/../Inputs/more_ops/bf16.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=clamp_bf16 --input=%S/../Inputs/more_ops/bf16.cx.npy --input=%S/../Inputs/more_ops/bf16.clo.npy --input=%S/../Inputs/more_ops/bf16.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=chains_bf16 --input=%S/../Inputs/more_ops/bf16.x.npy --input=%S/../Inputs/more_ops/bf16.y.npy --input=%S/../Inputs/more_ops/bf16.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=chains_bf16 --input=%S/../Inputs/more_ops/bf16.x.npy --input=%S/../Inputs/more_ops/bf16.y.npy --input=%S/../Inputs/more_ops/bf16.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=trig_f64 --input=%S/../Inputs/more_ops/f64.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=small_f64 --input=%S/../Inputs/more_ops/f64.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=small_f64 --input=%S/../Inputs/more_ops/f64.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=rounding_f64 --input=%S/../Inputs/more_ops/f64.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=rounding_f64 --input=%S/../Inputs/more_ops/f64.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cpu --entry=clamp_f64 --input=%S/../Inputs/more_ops/f64.cx.npy --input=%S/../Inputs/more_ops/f64.clo.npy --input=%S/../Inputs/more_ops/f64.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED

// R2-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// R2-NOT: check:
// R3-COUNT-3: check: result {{[0-9]+}}: {{.*}}: ok
// R3-NOT: check:
// R5-COUNT-5: check: result {{[0-9]+}}: {{.*}}: ok
// R5-NOT: check:
