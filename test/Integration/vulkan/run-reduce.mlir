// ferric.reduce on Vulkan (Inputs/reduce_*.mlir, the programs of
// Integration/{cpu,cuda}/run-reduce.mlir; ferric-run compiles them for the
// input shapes): sum, max, min, mean over rows (block reductions), columns
// (one thread per output), everything, keepdim, rank 3, softmax and
// RMSNorm. --check compares every result with the unfused program run on
// the CPU in f64. Empty reductions too: their mean is NaN because the
// lowering selects NaN for a zero count (lavapipe evaluates 0 / 0 to 0;
// Vulkan promises nothing without SPV_KHR_float_controls). Not here: f64,
// whose softmax needs an f64 exp (see the diagnostic test below).

// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=vulkan --input=randn:37x1023xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=vulkan --input=randn:37x1023xf32 --input=rand:3x5x7xf32 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=vulkan --input=randn:0x5xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=vulkan --input=randn:5x0xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_bf16.mlir --target=vulkan --input=randn:5x0xbf16 --input=rand:3x5x7xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=vulkan --input=randn:1x1xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=vulkan --input=randn:1023x3xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f16.mlir --target=vulkan --input=randn:37x129xf16 --input=rand:3x5x7xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f16.mlir --target=vulkan --input=randn:37x129xf16 --input=rand:3x5x7xf16 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_bf16.mlir --target=vulkan --input=randn:37x129xbf16 --input=rand:3x5x7xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: not ferric-run %S/../Inputs/reduce_f64.mlir --target=vulkan --input=randn:37x129xf64 --input=rand:3x5x7xf64 2>&1 | FileCheck %s --check-prefix=F64

// CHECK-COUNT-21: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:

// F64: reduce_f64.mlir:[[#]]:[[#]]: error: 'math.exp' op on f64 has no SPIR-V lowering for Vulkan: GLSL.std.450 implements it for 16- and 32-bit floats only (use f32, or the cuda or cpu target)
