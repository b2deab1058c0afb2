// Row statistics on CUDA (Inputs/row_stats.mlir): the row variance, the row
// standard deviation with the mean, and log-sum-exp, whose second reduction
// reads the first one's row result, each one row-group kernel under the
// default schedules (warp rows, row programs, clusters and row streams as
// the row length picks them), rows of 1 to 300007 elements, in f32, f16 and
// bf16. --check compares every result with the unfused program run on the
// CPU in f64; FileCheck wants an `ok` and no FAILED. One `ferric-run ...
// --check` per RUN line (scripts/gpu-tests.sh runs them without lit).

// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:37x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:37x17xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:37x128xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:9x1000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:9x4096xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:9x4097xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:3x32000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:3x100003xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f32 --input=randn:2x300007xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:37x1xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:37x17xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:37x128xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:9x1000xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:9x4096xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:9x4097xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:3x32000xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:3x100003xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_f16 --input=randn:2x300007xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:37x1xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:37x17xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:37x128xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:9x1000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:9x4096xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:9x4097xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:3x32000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:3x100003xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_var_bf16 --input=randn:2x300007xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:37x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:37x17xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:37x128xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:9x1000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:9x4096xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:9x4097xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:3x32000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:3x100003xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f32 --input=randn:2x300007xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:37x1xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:37x17xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:37x128xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:9x1000xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:9x4096xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:9x4097xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:3x32000xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:3x100003xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_f16 --input=randn:2x300007xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:37x1xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:37x17xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:37x128xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:9x1000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:9x4096xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:9x4097xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:3x32000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:3x100003xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=row_std_mean_bf16 --input=randn:2x300007xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:37x1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:37x17xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:37x128xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:9x1000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:9x4096xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:9x4097xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:3x32000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:3x100003xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f32 --input=randn:2x300007xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:37x1xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:37x17xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:37x128xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:9x1000xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:9x4096xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:9x4097xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:3x32000xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:3x100003xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_f16 --input=randn:2x300007xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:37x1xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:37x17xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:37x128xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:9x1000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:9x4096xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:9x4097xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:3x32000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:3x100003xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=cuda --entry=logsumexp_bf16 --input=randn:2x300007xbf16 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
