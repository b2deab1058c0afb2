// Odd sizes on Vulkan: the fused GELU chain of Inputs/vulkan_f32.mlir on
// 0, 1, 3, 1023 and 2^20 + 1 elements (one static function per size), past
// the workgroup size and the vector width.

// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=chain_0 --input=randn:0xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=chain_1 --input=randn:1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=chain_3 --input=randn:3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=chain_1023 --input=randn:1023xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=chain_1048577 --input=randn:1048577xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=chain_1048577 --input=randn:1048577xf32 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED

// More elements than 65535 workgroups of 64 threads take one each
// (4194304 + 1): the grid is capped at 65535 and the grid-stride loop
// takes the rest (it was a launch error: "grid (65537, 1, 1)").
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=add_4194305 --input=randn:4194305xf32 --input=randn:4194305xf32 --check | FileCheck %s --check-prefix=BIG
// BIG: check: result 0: {{.*}}: ok

// CHECK-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:
