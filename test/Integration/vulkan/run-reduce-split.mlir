// Full and column sums, max, min and mean on Vulkan (Inputs/reduce_split.mlir)
// at odd sizes, through the schedules of ferric-reduction-to-gpu (block
// size 256): full reductions of 1, 17, 255 and 1000 elements fit one block's
// share (block), 8193, 70001 and 100003 are split-full (2, 9 and 13 blocks
// and a second kernel); columns [1000, 3] and [257, 129] are split-column
// (15 and 4 chunks), [3, 1000] one thread per output; empty inputs too;
// f32, f16, bf16 and f64. @middle_f32 reduces the middle dim of A x R x B:
// R = 1000 and 70001 are split-column, R = 17 one thread per output.
// --check compares every result with the unfused program run on the CPU in
// f64, with ferric-run's per-dtype tolerances.

// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:1x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:1x17xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:15x17xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:1000x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:3x2731xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:7x10001xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:1x100003xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:1000x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:3x1000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:257x129xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:0x5xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:5x0xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f16 --input=randn:1x17xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f16 --input=randn:15x17xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f16 --input=randn:3x2731xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f16 --input=randn:7x10001xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f16 --input=randn:1000x3xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f16 --input=randn:3x1000xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f16 --input=randn:257x129xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f64 --input=randn:1x1xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f64 --input=randn:15x17xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f64 --input=randn:3x2731xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f64 --input=randn:7x10001xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f64 --input=randn:1000x3xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f64 --input=randn:3x1000xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f64 --input=randn:257x129xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_bf16 --input=randn:1x17xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_bf16 --input=randn:3x2731xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_bf16 --input=randn:7x10001xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_bf16 --input=randn:1000x3xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_bf16 --input=randn:257x129xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=middle_f32 --input=randn:5x17x1xf32 --check | FileCheck %s --check-prefix=MID --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=middle_f32 --input=randn:3x1000x7xf32 --check | FileCheck %s --check-prefix=MID --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=middle_f32 --input=randn:2x70001x3xf32 --check | FileCheck %s --check-prefix=MID --implicit-check-not=FAILED

// Inputs/reduce_f32.mlir with y = 100 x 5 x 1000: its sum over [0, 2] is split-full
// with 5 outputs of 100000 elements (reduced dims not contiguous).
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=vulkan --input=randn:37x1023xf32 --input=rand:100x5x1000xf32 --check | FileCheck %s --check-prefix=ALL --implicit-check-not=FAILED

// CHECK-COUNT-8: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:
// MID-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// MID-NOT: check:
// ALL-COUNT-21: check: result {{[0-9]+}}: {{.*}}: ok
// ALL-NOT: check:

// --bench reports the kernels the runtime launched per call (counted by the
// Vulkan runtime): the SPIR-V pipeline compiles for the inputs' shapes, so
// every one of the program's 14 kernels runs (split-full and split-column-
// narrow stages for the eight reductions of 70001 elements).
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=vulkan --entry=split_f32 --input=randn:70001x1xf32 --bench=1 --warmup=0 | FileCheck %s --check-prefix=LAUNCHES
// LAUNCHES: bench: target vulkan, 1 calls: {{.*}}, 14 launches/call, 14 kernels,

// Inputs/reduce_columns.mlir (static even column counts; on CUDA 2 columns
// per thread, here one: SPIR-V leaves column-load-bytes at 0).
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=vulkan --entry=cols_bf16_4096 --input=randn:0x4096xbf16 --check | FileCheck %s --check-prefix=COLS4 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=vulkan --entry=cols_bf16_4096 --input=randn:33x4096xbf16 --check | FileCheck %s --check-prefix=COLS4 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=vulkan --entry=cols_f16_130 --input=randn:1x130xf16 --check | FileCheck %s --check-prefix=COLS2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=vulkan --entry=cols_f16_130 --input=randn:257x130xf16 --check | FileCheck %s --check-prefix=COLS2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=vulkan --entry=weighted_bf16_2050 --input=randn:33x2050xbf16 --input=randn:2050xbf16 --check | FileCheck %s --check-prefix=COLS1 --implicit-check-not=FAILED
// COLS4-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// COLS4-NOT: check:
// COLS2-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// COLS2-NOT: check:
// COLS1: check: result 0: {{.*}}: ok
// COLS1-NOT: check:
