// IEEE special values on the CPU (Inputs/specials.mlir; the Vulkan run is
// test/Integration/vulkan/run-specials.mlir and must print the same):
// arithmetic with a constant +-0 operand, for infinities, NaN, both zeros,
// and finite numbers of either sign.

// RUN: /usr/bin/python3 -c "import numpy as np; inf, nan = np.inf, np.nan; \
// RUN:   np.save('%t.z.npy', np.array([inf, -inf, nan, 2, -0.0, 0, -3, 1e30], np.float32))"

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
