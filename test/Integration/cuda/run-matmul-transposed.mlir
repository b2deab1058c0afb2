// ferric.matmul with transposed operands on CUDA (CI has no GPU: run by
// scripts/gpu-tests.sh on the GPU machine, which needs only each line's
// exit status; Inputs/check_transposed_matmul.py exits 1 on a wrong
// element). Through cuBLASLt (the default: FERRIC_CUBLASLT_TRANSPOSE_A/_B,
// CUBLASLT_MATMUL_DESC_TRANSA/TRANSB) and through the tiled kernel
// (cublaslt=false), f32, f16 and bf16, 2-D and batched, at odd sizes and a
// square one; and linear layers, x @ w^T + bias with w stored N x K, whose
// bias (and relu) go into the cuBLASLt epilogue (the fusion report says
// so). The script wants every result equal to numpy's product of the
// rounded inputs; --check also compares with the unfused program run on
// the CPU in f64.
// RUN: sed 's/f32/f16/g' %S/../Inputs/matmul_transposed.mlir > %t.f16.mlir
// RUN: sed 's/f32/bf16/g' %S/../Inputs/matmul_transposed.mlir > %t.bf16.mlir
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 transposed 37x29x19 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 transposed 1x7x1 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 transposed 33x33x33 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 batched 3x5x33x17 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 batched 2x17x17x17 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cuda f16 transposed 37x29x19 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cuda f16 batched 3x5x33x17 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cuda bf16 transposed 37x29x19 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cuda bf16 batched 3x5x33x17 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 transposed 37x29x19 --check --atol=1e-4 --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 transposed 1x7x1 --check --atol=1e-4 --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 transposed 33x33x33 --check --atol=1e-4 --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 batched 3x5x33x17 --check --atol=1e-4 --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 batched 2x17x17x17 --check --atol=1e-4 --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cuda f16 transposed 37x29x19 --check --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cuda f16 batched 3x5x33x17 --check --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cuda bf16 transposed 37x29x19 --check --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cuda bf16 batched 3x5x33x17 --check --pipeline-options=cublaslt=false | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 linear 37x29x19 --check --atol=1e-4 --fuse-report=- | FileCheck %s --check-prefix=LINEAR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 linear 256x64x96 --check --atol=1e-4 --fuse-report=- | FileCheck %s --check-prefix=LINEAR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 linear_relu 37x29x19 --check --atol=1e-4 --fuse-report=- | FileCheck %s --check-prefix=LINEAR_RELU --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cuda f32 linear_relu 256x64x96 --check --atol=1e-4 --fuse-report=- | FileCheck %s --check-prefix=LINEAR_RELU --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cuda f16 linear 37x29x19 --check --fuse-report=- | FileCheck %s --check-prefix=LINEAR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cuda f16 linear 256x64x96 --check --fuse-report=- | FileCheck %s --check-prefix=LINEAR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cuda f16 linear_relu 37x29x19 --check --fuse-report=- | FileCheck %s --check-prefix=LINEAR_RELU --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cuda f16 linear_relu 256x64x96 --check --fuse-report=- | FileCheck %s --check-prefix=LINEAR_RELU --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cuda bf16 linear 37x29x19 --check --fuse-report=- | FileCheck %s --check-prefix=LINEAR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cuda bf16 linear 256x64x96 --check --fuse-report=- | FileCheck %s --check-prefix=LINEAR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cuda bf16 linear_relu 37x29x19 --check --fuse-report=- | FileCheck %s --check-prefix=LINEAR_RELU --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cuda bf16 linear_relu 256x64x96 --check --fuse-report=- | FileCheck %s --check-prefix=LINEAR_RELU --implicit-check-not=FAILED

// FOUR-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// FOUR-NOT: check:
// FOUR-COUNT-4: {{^}}result {{[0-9]}}: ok
// FOUR-NOT: result

// LINEAR: @linear: matmul at {{.*}}: cuBLASLt, one mgpuCublasLtMatmul call, epilogue: bias
// LINEAR: check: result 0: {{.*}}: ok
// LINEAR: {{^}}result 0: ok
// LINEAR_RELU: @linear_relu: matmul at {{.*}}: cuBLASLt, one mgpuCublasLtMatmul call, epilogue: bias, relu
// LINEAR_RELU: check: result 0: {{.*}}: ok
// LINEAR_RELU: {{^}}result 0: ok
