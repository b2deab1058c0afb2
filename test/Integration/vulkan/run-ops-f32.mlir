// Every f32 elementwise op Vulkan runs (Inputs/vulkan_f32.mlir; static
// shapes, constants for scalars), fused and unfused (--no-fuse), and a
// function with several results; --check compares with the unfused program
// run on the CPU in f64. Other element types, ranks, gelu exact, reduce and
// matmul are in run-types.mlir. On lavapipe, a CPU Vulkan driver.

// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=elementwise --input=randn:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=elementwise --input=randn:1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=fused --input=randn:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=FIVE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=fused --input=randn:1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --check-prefix=FIVE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=masks --input=randn:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=FIVE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=multi_output --input=randn:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=SIX --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=multi_output --input=randn:1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --check-prefix=SIX --implicit-check-not=FAILED

// ELEMENTWISE-COUNT-27: check: result {{[0-9]+}}: {{.*}}: ok
// ELEMENTWISE-NOT: check:
// FIVE-COUNT-5: check: result {{[0-9]+}}: {{.*}}: ok
// FIVE-NOT: check:
// SIX-COUNT-6: check: result {{[0-9]+}}: {{.*}}: ok
// SIX-NOT: check:
