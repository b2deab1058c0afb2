// The runtime's cuBLASLt autotuning (a plan's first call times the
// heuristic's candidates on the call's own output before the real call) must
// not change results: products of every epilogue kind checked against the
// f64 CPU reference with autotuning on (the default), off, and with 1 and
// 32 candidates. Then the bench's launch count, which counts each cuBLASLt
// call as one launch: one call; one call and the residual kernel; two calls
// and the SwiGLU kernel. Last, a bias over the rows (bias[M]), which stays
// in a Ferric kernel after the call.
// RUN: ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=plain --input=rand:1000x255xf32 --input=rand:255x1000xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: env FERRIC_CUBLASLT_AUTOTUNE=0 ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=plain --input=rand:1000x255xf32 --input=rand:255x1000xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: env FERRIC_CUBLASLT_CANDIDATES=1 ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=plain --input=rand:1000x255xf32 --input=rand:255x1000xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: env FERRIC_CUBLASLT_CANDIDATES=32 ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=plain --input=rand:1000x255xf32 --input=rand:255x1000xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: env FERRIC_CUBLASLT_CANDIDATES=32 ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=bias_gelu --input=rand:255x1000xf32 --input=rand:1000x17xf32 --input=rand:17xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: env FERRIC_CUBLASLT_CANDIDATES=32 ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=batched_bias_gelu --input=rand:3x255x17xf32 --input=rand:3x17x1000xf32 --input=rand:1000xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: env FERRIC_CUBLASLT_CANDIDATES=32 ferric-run %S/Inputs/cublaslt_bf16.mlir --target=cuda --entry=bias_relu --input=rand:1000x1000xbf16 --input=rand:1000x1000xbf16 --input=rand:1000xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: env FERRIC_CUBLASLT_CANDIDATES=32 ferric-run %S/Inputs/cublaslt_f16.mlir --target=cuda --entry=swiglu --input=rand:17x1000xf16 --input=rand:1000x255xf16 --input=rand:1000x255xf16 --atol=2e-2 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=plain --input=rand:64x64xf32 --input=rand:64x64xf32 --bench=2 --warmup=1 | FileCheck %s --check-prefix=ONE
// RUN: ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=bias_relu_residual --input=rand:64x64xf32 --input=rand:64x64xf32 --input=rand:64xf32 --input=rand:64x64xf32 --bench=2 --warmup=1 | FileCheck %s --check-prefix=TWO
// RUN: ferric-run %S/Inputs/cublaslt_f32.mlir --target=cuda --entry=swiglu --input=rand:64x64xf32 --input=rand:64x64xf32 --input=rand:64x64xf32 --bench=2 --warmup=1 | FileCheck %s --check-prefix=THREE
// RUN: ferric-run %S/Inputs/cublaslt_column_bias.mlir --target=cuda --entry=column_bias --input=rand:255x17xf32 --input=rand:17x1000xf32 --input=rand:255xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// OK: check: result 0: {{.*}}: ok
// ONE: 1 launches/call
// TWO: 2 launches/call
// THREE: 3 launches/call
