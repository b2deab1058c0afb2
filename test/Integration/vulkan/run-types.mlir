// Element types, ranks and non-elementwise ops on Vulkan
// (Inputs/vulkan_types.mlir): f16, bf16, f64, i1 buffers, gelu exact (erf),
// rank 2, broadcast, reduce, matmul. --check compares with the unfused
// program run on the CPU in f64, with ferric-run's per-dtype tolerances.
// On lavapipe, a CPU Vulkan driver.

// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=f16_add --input=rand:1023xf16 --input=rand:1023xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=bf16_swiglu --input=randn:1023xbf16 --input=randn:1023xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=f64_add --input=rand:1023xf64 --input=rand:1023xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=i1_result --input=rand:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=gelu_exact --input=randn:1023xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=rank2_add --input=rand:37x65xf32 --input=rand:37x65xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=broadcast --input=rand:1023xf32 --input=rand:f32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=reduce --input=rand:37x65xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_types.mlir --target=vulkan --entry=matmul --input=rand:33x65xf32 --input=rand:65x17xf32 --check | FileCheck %s --implicit-check-not=FAILED
// Unfused, the i1 values of cmp travel between kernels in i1 buffers.
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=masks --input=randn:1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --check-prefix=FIVE --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
// CHECK-NOT: check:
// FIVE-COUNT-5: check: result {{[0-9]+}}: {{.*}}: ok
// FIVE-NOT: check:
