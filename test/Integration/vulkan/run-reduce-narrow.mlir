// Column reductions over few static columns on Vulkan
// (Inputs/reduce_narrow.mlir): sum, max, min and mean over the rows of
// N x C. ferric-run specializes the shapes, and the SPIR-V pipeline's block
// of 64 threads takes the column-narrow schedules for C <= 32 (64 / C row
// groups): one kernel (column-narrow) while N < 2 * (64 / C) * 32, else
// split-column-narrow with a second kernel over the chunks' partials; C = 33
// keeps the one-thread-per-column split-column. bf16 and f16 sums are cast
// back and means divided in the kernel writing the outputs. Odd sizes and
// empty inputs; --check compares with the unfused program on the CPU in
// f64.

// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c1_f32 --input=randn:1x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c1_f32 --input=randn:4097x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c3_f32 --input=randn:0x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c3_f32 --input=randn:33x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c3_f32 --input=randn:4097x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c8_f32 --input=randn:1x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c8_f32 --input=randn:31x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c8_f32 --input=randn:4097x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c8_f32 --input=randn:70001x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c33_f32 --input=randn:4097x33xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c8_bf16 --input=randn:1x8xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c8_bf16 --input=randn:4097x8xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c16_f16 --input=randn:33x16xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=narrow_c16_f16 --input=randn:4097x16xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=middle_c4_f32 --input=randn:3x1000x4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=middle_c4_f32 --input=randn:2x70001x4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=vulkan --entry=middle_c4_f32 --input=randn:5x0x4xf32 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:
