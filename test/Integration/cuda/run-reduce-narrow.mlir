// Column reductions over few static columns on CUDA
// (Inputs/reduce_narrow.mlir): sum, max, min and mean over the rows of
// N x C, N known only at run time, so the host picks column-narrow (one
// chunk) or split-column-narrow (two kernels) by the chunk count; 256
// threads give C <= 64 the narrow schedules (256 / C row groups). Rows 0,
// 1, 31, 33, 4097 and 10^6 + 3; f32, bf16 and f16 (cast back in the kernel
// writing the outputs); a middle-dim reduction A x R x 4. --check compares
// every result with the unfused program run on the CPU in f64. Every RUN
// line is one `ferric-run ... --check` command piped to FileCheck:
// scripts/gpu-tests.sh runs them without lit, from the exit status.

// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c1_f32 --input=randn:0x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c1_f32 --input=randn:1x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c1_f32 --input=randn:31x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c1_f32 --input=randn:33x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c1_f32 --input=randn:4097x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c1_f32 --input=randn:1000003x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c3_f32 --input=randn:0x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c3_f32 --input=randn:1x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c3_f32 --input=randn:31x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c3_f32 --input=randn:33x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c3_f32 --input=randn:4097x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c3_f32 --input=randn:1000003x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_f32 --input=randn:0x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_f32 --input=randn:1x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_f32 --input=randn:31x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_f32 --input=randn:33x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_f32 --input=randn:4097x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_f32 --input=randn:1000003x8xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c33_f32 --input=randn:0x33xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c33_f32 --input=randn:1x33xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c33_f32 --input=randn:31x33xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c33_f32 --input=randn:33x33xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c33_f32 --input=randn:4097x33xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c33_f32 --input=randn:1000003x33xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c64_f32 --input=randn:0x64xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c64_f32 --input=randn:1x64xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c64_f32 --input=randn:31x64xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c64_f32 --input=randn:33x64xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c64_f32 --input=randn:4097x64xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c64_f32 --input=randn:1000003x64xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_bf16 --input=randn:1x8xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c16_f16 --input=randn:1x16xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_bf16 --input=randn:33x8xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c16_f16 --input=randn:33x16xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_bf16 --input=randn:4097x8xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c16_f16 --input=randn:4097x16xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c8_bf16 --input=randn:1000003x8xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=narrow_c16_f16 --input=randn:1000003x16xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=middle_c4_f32 --input=randn:1x1x4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=middle_c4_f32 --input=randn:3x1000x4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=middle_c4_f32 --input=randn:2x70001x4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=middle_c4_f32 --input=randn:5x0x4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=middle_c4_f32 --input=randn:0x7x4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=cuda --entry=middle_c4_f32 --input=randn:3x1000003x4xf32 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:
