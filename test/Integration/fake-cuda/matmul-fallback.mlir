// Without cuBLASLt (lit.local.cfg points FERRIC_CUBLASLT nowhere) a matmul
// still compiles and runs: ferric-run picks ferric-matmul-to-gpu's tiled
// kernel and says so at the matmul, with the runtime's reason. The fake
// driver runs no kernel; what is checked is the remark, the tiled kernel's
// launch (no mgpuCublasLtMatmul: no cuBLASLt workspace is allocated) and
// the exit status.

// RUN: env FERRIC_FAKE_CUDA_STATS=1 ferric-run %S/../cuda/Inputs/cublaslt_f32.mlir --target=cuda --no-cache --entry=bias_gelu --input=rand:17x17xf32 --input=rand:17x17xf32 --input=rand:17xf32 2>&1 | FileCheck %s
// CHECK: cublaslt_f32.mlir:[[#]]:[[#]]: remark: ferric.matmul runs on ferric-matmul-to-gpu's tiled kernel (no tensor cores): ferric cuda runtime: no cuBLASLt found (
// CHECK-SAME: set FERRIC_CUBLASLT to libcublasLt.so.13
// CHECK: fake-cuda: {{[1-9][0-9]*}} launches

// Choosing the tiled kernel (cublaslt=false) is not a fallback: no remark.
// RUN: env FERRIC_FAKE_CUDA_STATS=1 ferric-run %S/../cuda/Inputs/cublaslt_f32.mlir --target=cuda --no-cache --entry=bias_gelu --pipeline-options=cublaslt=false --input=rand:17x17xf32 --input=rand:17x17xf32 --input=rand:17xf32 2>&1 | FileCheck %s --check-prefix=CHOSEN --implicit-check-not=remark
// CHOSEN: fake-cuda: {{[1-9][0-9]*}} launches
