// Full and column sums, max, min and mean on CUDA (Inputs/reduce_split.mlir):
// the runs of test/Integration/vulkan/run-reduce-split.mlir with
// --target=cuda, and larger ones. Every size is dynamic here, so the host
// picks split-full's block count and split-column's chunk count (always two
// kernels for column reductions). --check compares every result with the
// unfused program run on the CPU in f64, and FileCheck wants an `ok` for
// each result and no FAILED. Every RUN line is one `ferric-run ... --check`
// command piped to FileCheck: scripts/gpu-tests.sh runs them without lit,
// from the exit status.

// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:1x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:1x17xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:15x17xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:1000x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:3x2731xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:7x10001xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:1x100003xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:1000x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:3x1000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:257x129xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:0x5xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:5x0xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f16 --input=randn:1x17xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f16 --input=randn:15x17xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f16 --input=randn:3x2731xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f16 --input=randn:7x10001xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f16 --input=randn:1000x3xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f16 --input=randn:3x1000xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f16 --input=randn:257x129xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f64 --input=randn:1x1xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f64 --input=randn:15x17xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f64 --input=randn:3x2731xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f64 --input=randn:7x10001xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f64 --input=randn:1000x3xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f64 --input=randn:3x1000xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f64 --input=randn:257x129xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:1x1000003xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:4097x4097xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f32 --input=randn:100003x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f16 --input=randn:4097x33xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_f64 --input=randn:4097x31xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_bf16 --input=randn:1x17xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_bf16 --input=randn:3x2731xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_bf16 --input=randn:7x10001xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_bf16 --input=randn:1000x3xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=split_bf16 --input=randn:257x129xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=middle_f32 --input=randn:5x17x1xf32 --check | FileCheck %s --check-prefix=MID --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=middle_f32 --input=randn:3x1000x7xf32 --check | FileCheck %s --check-prefix=MID --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=cuda --entry=middle_f32 --input=randn:2x70001x3xf32 --check | FileCheck %s --check-prefix=MID --implicit-check-not=FAILED


// Inputs/reduce_columns.mlir: static even column counts, so each thread of
// the column kernels reads 2 adjacent bf16/f16 columns with one vector load
// per row (column-load-bytes=4); 0 to 20000 rows (one chunk: the one-kernel
// column schedule; more: split-column).
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_bf16_4096 --input=randn:0x4096xbf16 --check | FileCheck %s --check-prefix=COLS4 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_bf16_4096 --input=randn:1x4096xbf16 --check | FileCheck %s --check-prefix=COLS4 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_bf16_4096 --input=randn:31x4096xbf16 --check | FileCheck %s --check-prefix=COLS4 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_bf16_4096 --input=randn:33x4096xbf16 --check | FileCheck %s --check-prefix=COLS4 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_bf16_4096 --input=randn:4097x4096xbf16 --check | FileCheck %s --check-prefix=COLS4 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_bf16_4096 --input=randn:20000x4096xbf16 --check | FileCheck %s --check-prefix=COLS4 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_f16_130 --input=randn:1x130xf16 --check | FileCheck %s --check-prefix=COLS2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_f16_130 --input=randn:33x130xf16 --check | FileCheck %s --check-prefix=COLS2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_f16_130 --input=randn:4097x130xf16 --check | FileCheck %s --check-prefix=COLS2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=cols_f16_130 --input=randn:1000003x130xf16 --check | FileCheck %s --check-prefix=COLS2 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=weighted_bf16_2050 --input=randn:1x2050xbf16 --input=randn:2050xbf16 --check | FileCheck %s --check-prefix=COLS1 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=weighted_bf16_2050 --input=randn:33x2050xbf16 --input=randn:2050xbf16 --check | FileCheck %s --check-prefix=COLS1 --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_columns.mlir --target=cuda --entry=weighted_bf16_2050 --input=randn:4097x2050xbf16 --input=randn:2050xbf16 --check | FileCheck %s --check-prefix=COLS1 --implicit-check-not=FAILED

// Inputs/reduce_f32.mlir with y = 100 x 5 x 1000: its sum over [0, 2] is split-full
// with 5 outputs of 100000 elements (reduced dims not contiguous).
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:37x1023xf32 --input=rand:100x5x1000xf32 --check | FileCheck %s --check-prefix=ALL --implicit-check-not=FAILED

// CHECK-COUNT-8: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:
// MID-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// MID-NOT: check:
// ALL-COUNT-21: check: result {{[0-9]+}}: {{.*}}: ok
// ALL-NOT: check:
// COLS4-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// COLS4-NOT: check:
// COLS2-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// COLS2-NOT: check:
// COLS1: check: result 0: {{.*}}: ok
// COLS1-NOT: check:
