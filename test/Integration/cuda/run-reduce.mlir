// ferric.reduce (Inputs/reduce_*.mlir): sum, max, min and mean over
// the rows, the columns and everything, with keepdim, over rank 3,
// softmax and RMSNorm; every size dynamic, including empty
// reductions (sum 0, max -inf, min +inf, mean NaN) and empty results.
// Inputs: x (N x M), y (3 x 5 x 7).
// Run by ferric-run on CUDA; --check compares every result with the
// unfused program run on the CPU in f64, and FileCheck wants an `ok` for
// each result and no FAILED.
// The same runs as test/Integration/cpu/ with --target=cuda. Every RUN
// line is one `ferric-run ... --check` command piped to FileCheck:
// scripts/gpu-tests.sh runs them without lit, from the exit status.

// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:37x1023xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:37x1023xf32 --input=rand:3x5x7xf32 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:0x5xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:5x0xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:1x1xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:1023x3xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// Long rows, few of them (block reductions chosen on the host), and many
// short rows (warp reductions); the CPU's own sequential f32 sums over
// 70000 elements would miss these tolerances, the GPU's trees do not.
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:3x70000xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=cuda --input=randn:9000x5xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f16.mlir --target=cuda --input=randn:37x129xf16 --input=rand:3x5x7xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f16.mlir --target=cuda --input=randn:37x129xf16 --input=rand:3x5x7xf16 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_bf16.mlir --target=cuda --input=randn:37x129xbf16 --input=rand:3x5x7xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_bf16.mlir --target=cuda --input=randn:37x129xbf16 --input=rand:3x5x7xbf16 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f64.mlir --target=cuda --input=randn:37x129xf64 --input=rand:3x5x7xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f64.mlir --target=cuda --input=randn:37x129xf64 --input=rand:3x5x7xf64 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED

// CHECK-COUNT-21: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:
