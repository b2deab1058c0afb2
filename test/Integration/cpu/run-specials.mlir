// IEEE special values on the CPU (Inputs/specials.mlir; the Vulkan run is
// test/Integration/vulkan/run-specials.mlir and must print the same):
// arithmetic with a constant +-0 operand, for infinities, NaN, both zeros,
// and finite numbers of either sign.

// RUN: /usr/bin/python3 -c "import numpy as np; inf, nan = np.inf, np.nan; \
// RUN:   np.save('%t.z.npy', np.array([inf, -inf, nan, 2, -0.0, 0, -3, 1e30], np.float32)); \
// RUN:   np.save('%t.ma.npy', np.array([-0.0, 0, -0.0, 0, nan, 1], np.float32)); \
// RUN:   np.save('%t.mb.npy', np.array([0, -0.0, -0.0, 0, 1, nan], np.float32)); \
// RUN:   np.save('%t.fz.npy', np.array([1.5, -2, 0, -0.0, inf, nan], np.float16))"

// RUN: ferric-run %S/../Inputs/specials.mlir --target=cpu --entry=constzero --input=%t.z.npy --print | FileCheck %s --check-prefix=ZERO
// RUN: ferric-run %S/../Inputs/specials.mlir --target=cpu --entry=constzero --input=%t.z.npy --no-fuse --print | FileCheck %s --check-prefix=ZERO
// x * 0, -0 * x, x / 0, x / -0, 0 / x, -0 / x, x + 0, 0 - x:
// ZERO: result 0: array([nan, nan, nan, 0, -0, 0, -0, 0], shape=(8,), dtype=f32)
// ZERO: result 1: array([nan, nan, nan, -0, 0, -0, 0, -0], shape=(8,), dtype=f32)
// ZERO: result 2: array([inf, -inf, nan, inf, nan, nan, -inf, inf], shape=(8,), dtype=f32)
// ZERO: result 3: array([-inf, inf, nan, -inf, nan, nan, inf, -inf], shape=(8,), dtype=f32)
// ZERO: result 4: array([0, -0, nan, 0, nan, nan, -0, 0], shape=(8,), dtype=f32)
// ZERO: result 5: array([-0, 0, nan, -0, nan, nan, 0, -0], shape=(8,), dtype=f32)
// ZERO: result 6: array([inf, -inf, nan, 2, 0, 0, -3, 1e+30], shape=(8,), dtype=f32)
// ZERO: result 7: array([-inf, inf, nan, -2, 0, 0, 3, -1e+30], shape=(8,), dtype=f32)

// min(-0, +0) = -0 and max(-0, +0) = +0 either way round; NaN propagates
// (also test/Integration/vulkan/run-specials.mlir, where GLSL FMin/FMax
// gave +0 for min(-0, +0)).
// RUN: ferric-run %S/../Inputs/specials.mlir --target=cpu --entry=minmax --input=%t.ma.npy --input=%t.mb.npy --print | FileCheck %s --check-prefix=MINMAX
// MINMAX: result 0: array([-0, -0, -0, 0, nan, nan], shape=(6,), dtype=f32)
// MINMAX: result 1: array([0, 0, -0, 0, nan, nan], shape=(6,), dtype=f32)
// MINMAX: result 2: array([-inf, -inf, -inf, inf, nan, nan], shape=(6,), dtype=f32)
// MINMAX: result 3: array([inf, inf, -inf, inf, nan, nan], shape=(6,), dtype=f32)

// a / (v - v) where the driver can prove v - v = 0 (a < a is false, so v
// is 1): a / +0 (also test/Integration/vulkan/run-specials.mlir, where
// lavapipe folded it to undef).
// RUN: ferric-run %S/../Inputs/specials.mlir --target=cpu --entry=foldedzero --input=%t.fz.npy --print | FileCheck %s --check-prefix=FOLDEDZERO
// FOLDEDZERO: result 0: array([inf, -inf, nan, nan, inf, nan], shape=(6,), dtype=f16)
