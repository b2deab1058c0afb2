// The runs of test/Integration/cpu/run-more-ops.mlir on CUDA (libdevice's
// sin, cos, erf, log1p, expm1, floor, ceil and rint). Every RUN line is one
// `ferric-run ... --check` command piped to FileCheck: scripts/gpu-tests.sh
// runs them without lit, from the exit status.

// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=trig_f32 --input=%S/../Inputs/more_ops/f32.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=small_f32 --input=%S/../Inputs/more_ops/f32.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=small_f32 --input=%S/../Inputs/more_ops/f32.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=rounding_f32 --input=%S/../Inputs/more_ops/f32.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=rounding_f32 --input=%S/../Inputs/more_ops/f32.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=clamp_f32 --input=%S/../Inputs/more_ops/f32.cx.npy --input=%S/../Inputs/more_ops/f32.clo.npy --input=%S/../Inputs/more_ops/f32.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=chains_f32 --input=%S/../Inputs/more_ops/f32.x.npy --input=%S/../Inputs/more_ops/f32.y.npy --input=%S/../Inputs/more_ops/f32.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=chains_f32 --input=%S/../Inputs/more_ops/f32.x.npy --input=%S/../Inputs/more_ops/f32.y.npy --input=%S/../Inputs/more_ops/f32.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=trig_f16 --input=%S/../Inputs/more_ops/f16.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=small_f16 --input=%S/../Inputs/more_ops/f16.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=small_f16 --input=%S/../Inputs/more_ops/f16.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=rounding_f16 --input=%S/../Inputs/more_ops/f16.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=rounding_f16 --input=%S/../Inputs/more_ops/f16.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=clamp_f16 --input=%S/../Inputs/more_ops/f16.cx.npy --input=%S/../Inputs/more_ops/f16.clo.npy --input=%S/../Inputs/more_ops/f16.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=chains_f16 --input=%S/../Inputs/more_ops/f16.x.npy --input=%S/../Inputs/more_ops/f16.y.npy --input=%S/../Inputs/more_ops/f16.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=chains_f16 --input=%S/../Inputs/more_ops/f16.x.npy --input=%S/../Inputs/more_ops/f16.y.npy --input=%S/../Inputs/more_ops/f16.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=trig_bf16 --input=%S/../Inputs/more_ops/bf16.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=small_bf16 --input=%S/../Inputs/more_ops/bf16.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=small_bf16 --input=%S/../Inputs/more_ops/bf16.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=rounding_bf16 --input=%S/../Inputs/more_ops/bf16.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=rounding_bf16 --input=%S/../Inputs/more_ops/bf16.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=clamp_bf16 --input=%S/../Inputs/more_ops/bf16.cx.npy --input=%S/../Inputs/more_ops/bf16.clo.npy --input=%S/../Inputs/more_ops/bf16.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=chains_bf16 --input=%S/../Inputs/more_ops/bf16.x.npy --input=%S/../Inputs/more_ops/bf16.y.npy --input=%S/../Inputs/more_ops/bf16.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=chains_bf16 --input=%S/../Inputs/more_ops/bf16.x.npy --input=%S/../Inputs/more_ops/bf16.y.npy --input=%S/../Inputs/more_ops/bf16.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=trig_f64 --input=%S/../Inputs/more_ops/f64.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=small_f64 --input=%S/../Inputs/more_ops/f64.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=small_f64 --input=%S/../Inputs/more_ops/f64.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=rounding_f64 --input=%S/../Inputs/more_ops/f64.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=rounding_f64 --input=%S/../Inputs/more_ops/f64.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=cuda --entry=clamp_f64 --input=%S/../Inputs/more_ops/f64.cx.npy --input=%S/../Inputs/more_ops/f64.clo.npy --input=%S/../Inputs/more_ops/f64.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED

// R2-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// R2-NOT: check:
// R3-COUNT-3: check: result {{[0-9]+}}: {{.*}}: ok
// R3-NOT: check:
// R5-COUNT-5: check: result {{[0-9]+}}: {{.*}}: ok
// R5-NOT: check:
