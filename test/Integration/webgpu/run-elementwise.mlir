// Elementwise programs through WGSL on WebGPU (SwiftShader here), checked
// against the CPU in f64: odd sizes, a grid past WebGPU's 65535 workgroups
// per dimension (folded into z), fused and unfused, masks, several outputs.

// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=webgpu --entry=elementwise --input=randn:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=webgpu --entry=fused --input=randn:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=FIVE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=webgpu --entry=fused --input=randn:1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --check-prefix=FIVE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=webgpu --entry=masks --input=randn:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=FIVE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=webgpu --entry=multi_output --input=randn:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=SIX --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=webgpu --entry=chain_1 --input=randn:1xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=webgpu --entry=chain_3 --input=randn:3xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=webgpu --entry=chain_1048577 --input=randn:1048577xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../../../examples/swiglu.mlir --target=webgpu --input=randn:4194305xf32 --input=randn:4194305xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=webgpu --entry=i1_result --input=rand:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=webgpu --entry=gelu_exact --input=randn:1023xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=webgpu --entry=rank2_add --input=rand:37x65xf32 --input=rand:37x65xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// --print, .npy out and back in.
// RUN: ferric-run %S/../../../examples/swiglu.mlir --target=webgpu --input=full=1.5:7xf32 --input=full=2:7xf32 --output=%t.npy --print | FileCheck %s --check-prefix=PRINT
// RUN: ferric-run %S/../../../examples/swiglu.mlir --target=webgpu --input=%t.npy --input=%t.npy --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED

// silu(1.5) * 2 = 2.45272...: the last digits are the device's exp.
// PRINT: result 0: array([2.45272{{[0-9]*}}, 2.45272{{[0-9]*}}, 2.45272{{[0-9]*}}, 2.45272{{[0-9]*}}, 2.45272{{[0-9]*}}, 2.45272{{[0-9]*}}, 2.45272{{[0-9]*}}], shape=(7,), dtype=f32)

// ELEMENTWISE-COUNT-27: check: result {{[0-9]+}}: {{.*}}: ok
// FIVE-COUNT-5: check: result {{[0-9]+}}: {{.*}}: ok
// SIX-COUNT-6: check: result {{[0-9]+}}: {{.*}}: ok
// ONE: check: result 0: {{.*}}: ok
