// Row statistics (Inputs/row_stats.mlir: row variance, standard deviation
// with the mean, log-sum-exp) on Vulkan, against the unfused program on the
// CPU in f64: the programs the CUDA row groups of run-row-stats.mlir (cuda/)
// compute in one kernel, checked here where no GPU is needed.

// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=vulkan --entry=row_var_f32 --input=randn:37x1000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=vulkan --entry=row_var_bf16 --input=randn:37x1000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=vulkan --entry=row_std_mean_f32 --input=randn:37x1000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=vulkan --entry=row_std_mean_bf16 --input=randn:37x1000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=vulkan --entry=logsumexp_f32 --input=randn:37x1000xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=vulkan --entry=logsumexp_bf16 --input=randn:37x1000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_stats.mlir --target=vulkan --entry=row_var_f16 --input=randn:5x4097xf16 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
