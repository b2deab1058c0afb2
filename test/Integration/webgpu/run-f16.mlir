// f16 through WGSL on WebGPU (`enable f16;`, the adapter's shader-f16
// feature): reductions (accumulated in f32), broadcasts, a matmul with an
// epilogue and an op chain, checked against the CPU. Runs only where the
// adapter has shader-f16: not SwiftShader, and not the H100 machine's Dawn
// adapter either (NVIDIA Vulkan driver 580, 2026-12-07: each kernel said
// "needs the adapter feature 'shader-f16', which ... lacks", the clear
// error it should give); scripts/gpu-tests.sh honours this REQUIRES.
// REQUIRES: webgpu-f16

// RUN: ferric-run %S/../Inputs/reduce_f16.mlir --target=webgpu --input=randn:37x129xf16 --input=rand:3x5x7xf16 --check | FileCheck %s --check-prefix=MANY --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f16.mlir --target=webgpu --input=randn:1023x3xf16 --input=rand:3x5x7xf16 --check | FileCheck %s --check-prefix=MANY --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f16.mlir --target=webgpu --input=rand:37x1023xf16 --input=rand:1023xf16 --input=rand:37xf16 --input=rand:f16 --input=rand:37x1023xf16 --input=rand:3x5x1023xf16 --input=rand:3x1023xf16 --input=rand:1023xf16 --check | FileCheck %s --check-prefix=MANY --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_f16.mlir --target=webgpu --entry=mm_epilogue --input=rand:37x129xf16 --input=rand:129x65xf16 --input=rand:65xf16 --atol=2e-2 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f16.mlir --target=webgpu --entry=chain --input=randn:1023xf16 --check | FileCheck %s --check-prefix=MANY --implicit-check-not=FAILED

// MANY-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// ONE: check: result 0: {{.*}}: ok
