// IEEE special values on Vulkan (Inputs/specials.mlir), as the CPU computes
// them: x - x, x * 0, 0 / x and x / 0 of inf and NaN in one fused kernel
// (the driver folded them to 0 without SignedZeroInfNanPreserve), C's pow
// special cases (GLSL Pow leaves them undefined: lavapipe gave
// pow(0, 0) = 0), exp/log/sqrt/rsqrt/tanh of NaN, infinities, zeros and
// negative numbers; and ops that were rejected with internal legalization
// errors (abs of f16 and bf16, select of bf16, f64 <-> bf16 casts,
// abs/sqrt/rsqrt of f64).
// REQUIRES: vulkan

// RUN: /usr/bin/python3 -c "import numpy as np; inf, nan = np.inf, np.nan; \
// RUN:   np.save('%t.x.npy', np.array([inf, -inf, nan, 2, -0.0, 0], np.float32)); \
// RUN:   np.save('%t.px.npy', np.array([0, -1, 0, nan, 1, nan, -1, -0.0, -2, -inf, -inf, 2], np.float32)); \
// RUN:   np.save('%t.py.npy', np.array([0, 0.5, -1, 1, inf, 0, inf, -1, 3, 0.5, -3, 10], np.float32)); \
// RUN:   np.save('%t.u.npy', np.array([nan, inf, -inf, -1, -0.0, 0, 1, 20], np.float32)); \
// RUN:   np.save('%t.z.npy', np.array([inf, -inf, nan, 2, -0.0, 0, -3, 1e30], np.float32)); \
// RUN:   np.save('%t.ma.npy', np.array([-0.0, 0, -0.0, 0, nan, 1], np.float32)); \
// RUN:   np.save('%t.mb.npy', np.array([0, -0.0, -0.0, 0, 1, nan], np.float32)); \
// RUN:   np.save('%t.fz.npy', np.array([1.5, -2, 0, -0.0, inf, nan], np.float16)); \
// RUN:   np.save('%t.tiny.npy', np.array([1e-30, -1e-30, 3e-20, -3e-20, 1e-7, -1e-7, 1e-5, -1e-5], np.float32))"

// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=ieee --input=%t.x.npy --input=zeros:6xf32 --print | FileCheck %s --check-prefix=IEEE
// IEEE: result 0: array([nan, nan, nan, 0, 0, 0], shape=(6,), dtype=f32)
// IEEE: result 1: array([nan, nan, nan, 0, -0, 0], shape=(6,), dtype=f32)
// IEEE: result 2: array([0, -0, nan, 0, nan, nan], shape=(6,), dtype=f32)
// IEEE: result 3: array([inf, -inf, nan, inf, nan, nan], shape=(6,), dtype=f32)

// A constant +-0 operand (lavapipe's code generator simplified x * 0 -> 0,
// 0 / x -> 0, x / 0 -> undef, x + 0 -> x, 0 - x -> -x); the CPU prints the
// same (test/Integration/cpu/run-specials.mlir).
// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=constzero --input=%t.z.npy --print | FileCheck %S/../cpu/run-specials.mlir --check-prefix=ZERO
// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=constzero --input=%t.z.npy --no-fuse --print | FileCheck %S/../cpu/run-specials.mlir --check-prefix=ZERO

// min and max with signed zeros and NaN, as on the CPU (GLSL FMin/FMax and
// arith-expand-ops' compare-and-select gave min(-0, +0) = +0).
// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=minmax --input=%t.ma.npy --input=%t.mb.npy --print | FileCheck %S/../cpu/run-specials.mlir --check-prefix=MINMAX

// A divisor lavapipe can prove zero (v - v with v = select(a < a, a, 1)):
// it folded a / 0 to undef (0, 5e-07, ... run to run); IEEE's a / +0.
// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=foldedzero --input=%t.fz.npy --print | FileCheck %S/../cpu/run-specials.mlir --check-prefix=FOLDEDZERO

// pow(0, 0) = 1, pow(-1, 0.5) = nan, pow(0, -1) = inf, pow(nan, 1) = nan,
// pow(1, inf) = 1, pow(nan, 0) = 1, pow(-1, inf) = 1, pow(-0, -1) = -inf,
// pow(-2, 3) = -8, pow(-inf, 0.5) = inf, pow(-inf, -3) = -0.
// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=pow --input=%t.px.npy --input=%t.py.npy --print | FileCheck %s --check-prefix=POW
// POW: result 0: array([1, nan, inf, nan, 1, 1, 1, -inf, -8, inf, -0, 1024], shape=(12,), dtype=f32)

// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=unary --input=%t.u.npy --print | FileCheck %s --check-prefix=UNARY
// UNARY: result 0: array([nan, inf, 0, 0.367879{{[0-9]*}}, 1, 1, 2.71828{{[0-9]*}}, 48516{{[0-9]*}}], shape=(8,), dtype=f32)
// UNARY: result 1: array([nan, inf, nan, nan, -inf, -inf, 0, 2.9957323], shape=(8,), dtype=f32)
// UNARY: result 2: array([nan, inf, nan, nan, -0, 0, 1, 4.472136], shape=(8,), dtype=f32)
// UNARY: result 3: array([nan, 0, nan, nan, -inf, inf, 1, 0.2236068], shape=(8,), dtype=f32)
// UNARY: result 4: array([nan, 1, -1, -0.7615942, -0, 0, 0.7615942, 1], shape=(8,), dtype=f32)

// tanh of tiny x is x, as on the CPU (GLSL's formula gave +-2.98e-08 for
// every |x| below about 2^-25: vulkan fuzz program 32160 at seed 20261205).
// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=unary --input=%t.tiny.npy --print | FileCheck %s --check-prefix=TINY
// TINY: result 4: array([1e-30, -1e-30, 3e-20, -3e-20, 1e-07, -1e-07, 1e-05, -1e-05], shape=(8,), dtype=f32)

// RUN: ferric-run %S/../Inputs/specials.mlir --target=vulkan --entry=types --input=randn:4xf16 --input=randn:4xbf16 --input=randn:4xf64 --check | FileCheck %s --check-prefix=TYPES --implicit-check-not=FAILED
// TYPES-COUNT-8: check: result {{[0-9]}}: {{.*}}: ok
