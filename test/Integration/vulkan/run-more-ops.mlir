// The runs of test/Integration/cpu/run-more-ops.mlir on Vulkan (lavapipe
// here), where ferric-legalize-math-for-spirv writes sin, cos, log1p and
// expm1 itself (GLSL.std.450 lacks log1p and expm1, and bounds Sin/Cos to
// 2^-11 in [-pi, pi] only) and erf as upstream's polynomial. f64 rounds,
// clamps and divides on Vulkan; its sin (and the other functions GLSL has
// no f64 form of) is one diagnostic.

// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=trig_f32 --input=%S/../Inputs/more_ops/f32.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=small_f32 --input=%S/../Inputs/more_ops/f32.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=small_f32 --input=%S/../Inputs/more_ops/f32.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=rounding_f32 --input=%S/../Inputs/more_ops/f32.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=rounding_f32 --input=%S/../Inputs/more_ops/f32.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=clamp_f32 --input=%S/../Inputs/more_ops/f32.cx.npy --input=%S/../Inputs/more_ops/f32.clo.npy --input=%S/../Inputs/more_ops/f32.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=chains_f32 --input=%S/../Inputs/more_ops/f32.x.npy --input=%S/../Inputs/more_ops/f32.y.npy --input=%S/../Inputs/more_ops/f32.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=chains_f32 --input=%S/../Inputs/more_ops/f32.x.npy --input=%S/../Inputs/more_ops/f32.y.npy --input=%S/../Inputs/more_ops/f32.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=trig_f16 --input=%S/../Inputs/more_ops/f16.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=small_f16 --input=%S/../Inputs/more_ops/f16.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=small_f16 --input=%S/../Inputs/more_ops/f16.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=rounding_f16 --input=%S/../Inputs/more_ops/f16.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=rounding_f16 --input=%S/../Inputs/more_ops/f16.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=clamp_f16 --input=%S/../Inputs/more_ops/f16.cx.npy --input=%S/../Inputs/more_ops/f16.clo.npy --input=%S/../Inputs/more_ops/f16.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=chains_f16 --input=%S/../Inputs/more_ops/f16.x.npy --input=%S/../Inputs/more_ops/f16.y.npy --input=%S/../Inputs/more_ops/f16.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=chains_f16 --input=%S/../Inputs/more_ops/f16.x.npy --input=%S/../Inputs/more_ops/f16.y.npy --input=%S/../Inputs/more_ops/f16.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=trig_bf16 --input=%S/../Inputs/more_ops/bf16.trig.npy --check | FileCheck %s --check-prefix=R2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=small_bf16 --input=%S/../Inputs/more_ops/bf16.small.npy --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=small_bf16 --input=%S/../Inputs/more_ops/bf16.small.npy --no-fuse --atol=0 --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=rounding_bf16 --input=%S/../Inputs/more_ops/bf16.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=rounding_bf16 --input=%S/../Inputs/more_ops/bf16.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=clamp_bf16 --input=%S/../Inputs/more_ops/bf16.cx.npy --input=%S/../Inputs/more_ops/bf16.clo.npy --input=%S/../Inputs/more_ops/bf16.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=chains_bf16 --input=%S/../Inputs/more_ops/bf16.x.npy --input=%S/../Inputs/more_ops/bf16.y.npy --input=%S/../Inputs/more_ops/bf16.p.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=chains_bf16 --input=%S/../Inputs/more_ops/bf16.x.npy --input=%S/../Inputs/more_ops/bf16.y.npy --input=%S/../Inputs/more_ops/bf16.p.npy --no-fuse --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=rounding_f64 --input=%S/../Inputs/more_ops/f64.round.npy --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=rounding_f64 --input=%S/../Inputs/more_ops/f64.round.npy --no-fuse --check | FileCheck %s --check-prefix=R5 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=clamp_f64 --input=%S/../Inputs/more_ops/f64.cx.npy --input=%S/../Inputs/more_ops/f64.clo.npy --input=%S/../Inputs/more_ops/f64.chi.npy --check | FileCheck %s --check-prefix=R3 --implicit-check-not=FAILED
// RUN: not ferric-run %S/../Inputs/more_ops.mlir --target=vulkan --entry=trig_f64 --input=%S/../Inputs/more_ops/f64.trig.npy 2>&1 | FileCheck %s --check-prefix=F64

// R2-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// R2-NOT: check:
// R3-COUNT-3: check: result {{[0-9]+}}: {{.*}}: ok
// R3-NOT: check:
// R5-COUNT-5: check: result {{[0-9]+}}: {{.*}}: ok
// R5-NOT: check:

// F64: error: 'math.sin' op on f64 has no SPIR-V lowering for Vulkan
