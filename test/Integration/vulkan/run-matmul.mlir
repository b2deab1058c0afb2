// ferric.matmul on Vulkan (Inputs/matmul_*.mlir, the programs of
// Integration/{cpu,cuda}/run-matmul.mlir; ferric-run compiles them for the
// input shapes): 2-D and batched, empty dimensions (K = 0 gives zeros), a
// prologue and epilogue around the barrier, through ferric-matmul-to-gpu's
// tiled kernel (bf16 tiles as 16-bit words in workgroup memory).
// Tolerances as in the CUDA file: f32 runs give --atol=1e-4 (a K-term dot
// product in f32 is off by up to about K ulp of the largest term), the
// bf16/f16 epilogues 0.2 / 2e-2. f64 is not here: its epilogue needs an f64
// tanh, which GLSL.std.450 lacks. --check compares every result with the
// unfused program run on the CPU in f64. On lavapipe, a CPU Vulkan driver.

// RUN: ferric-run %S/../Inputs/matmul_f16.mlir --target=vulkan --entry=matmuls --input=rand:37x129xf16 --input=rand:129x65xf16 --input=rand:3x37x129xf16 --input=rand:3x129x65xf16 --input=rand:33x65xf16 --input=rand:65x17xf16 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f16.mlir --target=vulkan --entry=mm_epilogue --input=rand:37x129xf16 --input=rand:129x65xf16 --input=rand:65xf16 --atol=2e-2 --check | FileCheck %s --check-prefix=EPILOGUE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f16.mlir --target=vulkan --entry=matmuls --input=rand:37x129xf16 --input=rand:129x65xf16 --input=rand:3x37x129xf16 --input=rand:3x129x65xf16 --input=rand:33x65xf16 --input=rand:65x17xf16 --no-fuse --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f16.mlir --target=vulkan --entry=mm_epilogue --input=rand:37x129xf16 --input=rand:129x65xf16 --input=rand:65xf16 --atol=2e-2 --no-fuse --check | FileCheck %s --check-prefix=EPILOGUE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_bf16.mlir --target=vulkan --entry=matmuls --input=rand:37x129xbf16 --input=rand:129x65xbf16 --input=rand:3x37x129xbf16 --input=rand:3x129x65xbf16 --input=rand:33x65xbf16 --input=rand:65x17xbf16 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_bf16.mlir --target=vulkan --entry=mm_epilogue --input=rand:37x129xbf16 --input=rand:129x65xbf16 --input=rand:65xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=EPILOGUE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_bf16.mlir --target=vulkan --entry=matmuls --input=rand:37x129xbf16 --input=rand:129x65xbf16 --input=rand:3x37x129xbf16 --input=rand:3x129x65xbf16 --input=rand:33x65xbf16 --input=rand:65x17xbf16 --no-fuse --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_bf16.mlir --target=vulkan --entry=mm_epilogue --input=rand:37x129xbf16 --input=rand:129x65xbf16 --input=rand:65xbf16 --atol=0.2 --no-fuse --check | FileCheck %s --check-prefix=EPILOGUE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=matmuls --input=rand:37x129xf32 --input=rand:129x65xf32 --input=rand:3x37x129xf32 --input=rand:3x129x65xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=mm_epilogue --input=rand:37x129xf32 --input=rand:129x65xf32 --input=rand:65xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=EPILOGUE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=matmuls --input=rand:37x129xf32 --input=rand:129x65xf32 --input=rand:3x37x129xf32 --input=rand:3x129x65xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 --atol=1e-4 --no-fuse --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=mm_epilogue --input=rand:37x129xf32 --input=rand:129x65xf32 --input=rand:65xf32 --atol=1e-4 --no-fuse --check | FileCheck %s --check-prefix=EPILOGUE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=matmuls --input=rand:0x5xf32 --input=rand:5x3xf32 --input=rand:3x0x5xf32 --input=rand:3x5x3xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=matmuls --input=rand:5x0xf32 --input=rand:0x3xf32 --input=rand:3x5x0xf32 --input=rand:3x0x3xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=matmuls --input=rand:3x5xf32 --input=rand:5x0xf32 --input=rand:3x3x5xf32 --input=rand:3x5x0xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=matmuls --input=rand:1x1xf32 --input=rand:1x1xf32 --input=rand:3x1x1xf32 --input=rand:3x1x1xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=matmuls --input=rand:1023x3xf32 --input=rand:3x1xf32 --input=rand:3x1023x3xf32 --input=rand:3x3x1xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED

// MATMULS-COUNT-3: check: result {{[0-9]+}}: {{.*}}: ok
// MATMULS-NOT: check:
// EPILOGUE-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// EPILOGUE-NOT: check:
