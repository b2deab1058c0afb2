// Every matmul + epilogue combination of Inputs/cublaslt_bf16.mlir on CUDA
// at odd sizes (M, K, N from 1, 17, 255, 1000), checked against the
// unfused program run on the CPU in f64 (ferric-run --check). With the
// NVVM pipeline running ferric-matmul-to-cublaslt these go through
// cuBLASLt with the epilogue fused where it can be; FERRIC_CUBLASLT naming
// a library that does not exist must give one clear error and exit 1.
// Tolerances for f16/bf16 as run-matmul.mlir's epilogue runs: cuBLASLt
// applies the epilogue in f32 before one rounding, the reference rounds
// the product first.
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=plain --input=rand:1x1xbf16 --input=rand:1x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=relu --input=rand:1x1xbf16 --input=rand:1x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=gelu --input=rand:1x1xbf16 --input=rand:1x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias --input=rand:1x1xbf16 --input=rand:1x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu --input=rand:1x1xbf16 --input=rand:1x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu --input=rand:1x1xbf16 --input=rand:1x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu_erf --input=rand:1x1xbf16 --input=rand:1x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu_residual --input=rand:1x1xbf16 --input=rand:1x1xbf16 --input=rand:1xbf16 --input=rand:1x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=swiglu --input=rand:1x1xbf16 --input=rand:1x1xbf16 --input=rand:1x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=plain --input=rand:17x17xbf16 --input=rand:17x17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=relu --input=rand:17x17xbf16 --input=rand:17x17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=gelu --input=rand:17x17xbf16 --input=rand:17x17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias --input=rand:17x17xbf16 --input=rand:17x17xbf16 --input=rand:17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu --input=rand:17x17xbf16 --input=rand:17x17xbf16 --input=rand:17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu --input=rand:17x17xbf16 --input=rand:17x17xbf16 --input=rand:17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu_erf --input=rand:17x17xbf16 --input=rand:17x17xbf16 --input=rand:17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu_residual --input=rand:17x17xbf16 --input=rand:17x17xbf16 --input=rand:17xbf16 --input=rand:17x17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=swiglu --input=rand:17x17xbf16 --input=rand:17x17xbf16 --input=rand:17x17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=plain --input=rand:255x255xbf16 --input=rand:255x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=relu --input=rand:255x255xbf16 --input=rand:255x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=gelu --input=rand:255x255xbf16 --input=rand:255x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias --input=rand:255x255xbf16 --input=rand:255x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu --input=rand:255x255xbf16 --input=rand:255x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu --input=rand:255x255xbf16 --input=rand:255x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu_erf --input=rand:255x255xbf16 --input=rand:255x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu_residual --input=rand:255x255xbf16 --input=rand:255x255xbf16 --input=rand:255xbf16 --input=rand:255x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=swiglu --input=rand:255x255xbf16 --input=rand:255x255xbf16 --input=rand:255x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=plain --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=relu --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=gelu --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --input=rand:1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --input=rand:1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --input=rand:1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu_erf --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --input=rand:1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu_residual --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --input=rand:1000xbf16 --input=rand:1000x1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=swiglu --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=plain --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=relu --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=gelu --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu_erf --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu_residual --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --input=rand:255xbf16 --input=rand:17x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=swiglu --input=rand:17x1000xbf16 --input=rand:1000x255xbf16 --input=rand:1000x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=plain --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=relu --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=gelu --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu_erf --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu_residual --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --input=rand:1xbf16 --input=rand:1000x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=swiglu --input=rand:1000x17xbf16 --input=rand:17x1xbf16 --input=rand:17x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=batched --input=rand:3x1x1xbf16 --input=rand:3x1x1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=batched_bias_gelu --input=rand:3x1x1xbf16 --input=rand:3x1x1xbf16 --input=rand:1xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=batched --input=rand:3x17x17xbf16 --input=rand:3x17x17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=batched_bias_gelu --input=rand:3x17x17xbf16 --input=rand:3x17x17xbf16 --input=rand:17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=batched --input=rand:3x255x17xbf16 --input=rand:3x17x255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=batched_bias_gelu --input=rand:3x255x17xbf16 --input=rand:3x17x255xbf16 --input=rand:255xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=batched --input=rand:2x1000x255xbf16 --input=rand:2x255x17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=batched_bias_gelu --input=rand:2x1000x255xbf16 --input=rand:2x255x17xbf16 --input=rand:17xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=scale_bias_gelu --input=rand:255x17xbf16 --input=rand:17x1000xbf16 --input=rand:1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: env FERRIC_CUBLASLT=/nonexistent/libcublasLt.so.13 ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_gelu --input=rand:17x17xbf16 --input=rand:17x17xbf16 --input=rand:17xbf16 --atol=0.2 --check 2>&1 | FileCheck %s --check-prefix=MISSING

// OK: check: result 0: {{.*}}: ok
// MISSING: remark: ferric.matmul runs on ferric-matmul-to-gpu's tiled kernel (no tensor cores): ferric cuda runtime: no cuBLASLt found (
// MISSING-SAME: set FERRIC_CUBLASLT to libcublasLt.so.13
// MISSING: check: result 0: {{.*}}: ok
