// Narrowing on the vulkan target (Inputs/narrowing.mlir): f32 -> bf16 keeps
// bf16 subnormals (2^-130 prints as 7e-40, not 0); f64 -> bf16 rounds once
// (-5.140625236 -> -5.15625, through f32 it became -5.125; 1 + 2^-8 + 2^-30
// -> 1.0078125, not 1); f64 -> f16 too (1 + 2^-11 + 2^-30 -> 1.0009766, not
// 1); x / mean(x) of tiny bf16 rows is 1, not inf.
// REQUIRES: vulkan

// RUN: ferric-run %S/../Inputs/narrowing.mlir --target=vulkan --entry=f32_to_bf16 --input=full=7.346839692639297e-40:4xf32 --print | FileCheck %s --check-prefix=SUB
// SUB: result 0: array([7e-40, 7e-40, 7e-40, 7e-40], shape=(4,), dtype=bf16)
// RUN: ferric-run %S/../Inputs/narrowing.mlir --target=vulkan --entry=f64_to_bf16 --input=full=-5.140625236:4xf64 --print | FileCheck %s --check-prefix=MID
// MID: result 0: array([-5.16, -5.16, -5.16, -5.16], shape=(4,), dtype=bf16)
// RUN: ferric-run %S/../Inputs/narrowing.mlir --target=vulkan --entry=f64_to_bf16 --input=full=1.0039062509313226:4xf64 --print | FileCheck %s --check-prefix=ABOVE
// ABOVE: result 0: array([1.01, 1.01, 1.01, 1.01], shape=(4,), dtype=bf16)
// RUN: ferric-run %S/../Inputs/narrowing.mlir --target=vulkan --entry=f64_to_f16 --input=full=1.000488282181323:4xf64 --print | FileCheck %s --check-prefix=HALF
// HALF: result 0: array([1.001, 1.001, 1.001, 1.001], shape=(4,), dtype=f16)
// RUN: ferric-run %S/../Inputs/narrowing.mlir --target=vulkan --entry=bf16_ratio --input=full=1.1e-39:2x4xbf16 --print | FileCheck %s --check-prefix=RATIO
// RATIO: result 0: array({{\[}}[1, 1, 1, 1], [1, 1, 1, 1]], shape=(2, 4), dtype=bf16)
