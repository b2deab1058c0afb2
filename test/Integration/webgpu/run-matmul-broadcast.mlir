// Matmuls (tiled workgroup-memory kernels), broadcasts and multi-output
// fusion through WGSL on WebGPU (SwiftShader here), checked against the CPU
// in f64.

// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=webgpu --entry=matmuls --input=rand:37x129xf32 --input=rand:129x65xf32 --input=rand:3x37x129xf32 --input=rand:3x129x65xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=MATMULS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f32.mlir --target=webgpu --entry=mm_epilogue --input=rand:37x129xf32 --input=rand:129x65xf32 --input=rand:65xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=EPILOGUE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=webgpu --entry=broadcast --input=rand:1023xf32 --input=rand:f32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f32.mlir --target=webgpu --input=rand:37x1023xf32 --input=rand:1023xf32 --input=rand:37xf32 --input=rand:f32 --input=rand:37x1023xf32 --input=rand:3x5x1023xf32 --input=rand:3x1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=BROADCASTS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=webgpu --entry=aliases --input=randn:1023xf32 --input=randn:1023xf32 --check | FileCheck %s --check-prefix=MULTI --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=webgpu --entry=across_barrier --input=randn:37x65xf32 --input=randn:37x65xf32 --check | FileCheck %s --check-prefix=MULTI --implicit-check-not=FAILED

// MATMULS: check: result {{[0-9]+}}: {{.*}}: ok
// MATMULS-NOT: FAILED
// EPILOGUE: check: result {{[0-9]+}}: {{.*}}: ok
// ONE: check: result 0: {{.*}}: ok
// BROADCASTS-COUNT-9: check: result {{[0-9]+}}: {{.*}}: ok
// MULTI: check: result 1: {{.*}}: ok
