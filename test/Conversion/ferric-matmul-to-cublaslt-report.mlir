// RUN: rm -f %t.report
// RUN: ferric-opt %s --pass-pipeline='builtin.module(func.func(ferric-fuse{report=%t.report}),convert-ferric-to-linalg,canonicalize,cse,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,buffer-deallocation-pipeline,convert-bufferization-to-memref,canonicalize,ferric-matmul-to-cublaslt{report=%t.report})' -o %t.mlir
// RUN: FileCheck %s --input-file=%t.report
// RUN: ferric-opt %s --pass-pipeline='builtin.module(func.func(ferric-fuse),convert-ferric-to-linalg,canonicalize,cse,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,buffer-deallocation-pipeline,convert-bufferization-to-memref,canonicalize,ferric-matmul-to-cublaslt{use-cublaslt=false report=-})' -o %t.off.mlir | FileCheck %s --check-prefix=OFF
// RUN: not ferric-opt %s --pass-pipeline='builtin.module(func.func(ferric-fuse),convert-ferric-to-linalg,canonicalize,cse,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,buffer-deallocation-pipeline,convert-bufferization-to-memref,canonicalize,ferric-matmul-to-cublaslt{report=%t.missing/dir/report})' -o %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: rm -f %t.nvvm.report
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa fuse-report=%t.nvvm.report" -o %t.nvvm.mlir
// RUN: FileCheck %s --check-prefix=NVVM --input-file=%t.nvvm.report
// The report= file of ferric-matmul-to-cublaslt: after ferric-fuse's report
// (the NVVM pipeline gives both passes its fuse-report file), one line per
// matmul with its location, what went into the cuBLASLt epilogue and what
// stayed in a Ferric kernel and why, or why it stays on the tiled kernel.

// ferric-fuse's part comes first (one section per function, in the order
// the pass manager's threads finish them: -DAG).
// CHECK-DAG: ferric-fuse report for @bias_gelu
// CHECK-DAG: ferric-fuse report for @f64
// CHECK-LABEL: ferric-matmul-to-cublaslt report
//  CHECK-NEXT:   matmuls: 6
//  CHECK-NEXT:   @bias_gelu: matmul at {{.*}}ferric-matmul-to-cublaslt-report.mlir:[[@LINE+22]]:8: cuBLASLt, one mgpuCublasLtMatmul call, epilogue: bias, gelu(tanh)
//  CHECK-NEXT:   @residual: matmul at {{.*}}:[[@LINE+30]]:8: cuBLASLt, one mgpuCublasLtMatmul call, epilogue: scale 0.5, bias, relu; left in a Ferric kernel: 'arith.addf' is not a cuBLASLt epilogue step after relu
//  CHECK-NEXT:   @gelu_erf: matmul at {{.*}}:[[@LINE+39]]:8: cuBLASLt, one mgpuCublasLtMatmul call, epilogue: bias; left in a Ferric kernel: the body reads the result of bias more than once (the exact, erf GELU is not a cuBLASLt epilogue)
//  CHECK-NEXT:   @column_bias: matmul at {{.*}}:[[@LINE+46]]:8: cuBLASLt, one mgpuCublasLtMatmul call, epilogue: none; left in a Ferric kernel: a bias over the rows (bias[M], broadcast along N) is not a cuBLASLt epilogue: cuBLASLt adds its bias along the rows of its column-major D, which is the row-major result transposed, so only a bias over the columns (bias[N]) fits, and row-major (CUBLASLT_ORDER_ROW) layouts do not take a bias epilogue
//  CHECK-NEXT:   @batched: batch_matmul at {{.*}}:[[@LINE+53]]:8: cuBLASLt, one mgpuCublasLtMatmul call, epilogue: relu
//  CHECK-NEXT:   @f64: matmul at {{.*}}:[[@LINE+58]]:8: tiled kernel, cuBLASLt is called for f16, bf16 and f32 operands accumulating in f32, not f64 x f64 -> f64
//   CHECK-NOT: @

// The NVVM pipeline passes its fuse-report file to both passes.
// NVVM: ferric-fuse report for @bias_gelu
// NVVM-LABEL: ferric-matmul-to-cublaslt report
//  NVVM-NEXT:   matmuls: 6
//  NVVM-NEXT:   @bias_gelu: matmul at {{.*}}: cuBLASLt, one mgpuCublasLtMatmul call, epilogue: bias, gelu(tanh)

// use-cublaslt=false: every matmul says why it stays on the tiled kernel.
// OFF-LABEL: ferric-matmul-to-cublaslt report
//  OFF-NEXT:   matmuls: 6
//  OFF-NEXT:   @bias_gelu: matmul at {{.*}}: tiled kernel, use-cublaslt=false

// BAD: error: ferric-matmul-to-cublaslt: cannot write report to '{{.*}}missing/dir/report'

func.func @bias_gelu(%a: tensor<16x64xbf16>, %b: tensor<64x32xbf16>, %bias: tensor<32xbf16>) -> tensor<16x32xbf16> {
  %p = ferric.matmul %a, %b : tensor<16x64xbf16>, tensor<64x32xbf16> -> tensor<16x32xbf16>
  %bb = ferric.broadcast %bias dims [0] : tensor<32xbf16> -> tensor<16x32xbf16>
  %0 = ferric.add %p, %bb : tensor<16x32xbf16>
  %1 = ferric.gelu %0 : tensor<16x32xbf16>
  return %1 : tensor<16x32xbf16>
}

func.func @residual(%a: tensor<17x64xf32>, %b: tensor<64x33xf32>, %bias: tensor<33xf32>, %res: tensor<17x33xf32>) -> tensor<17x33xf32> {
  %half = arith.constant dense<0.5> : tensor<17x33xf32>
  %p = ferric.matmul %a, %b : tensor<17x64xf32>, tensor<64x33xf32> -> tensor<17x33xf32>
  %s = ferric.mul %p, %half : tensor<17x33xf32>
  %bb = ferric.broadcast %bias dims [0] : tensor<33xf32> -> tensor<17x33xf32>
  %0 = ferric.add %s, %bb : tensor<17x33xf32>
  %1 = ferric.relu %0 : tensor<17x33xf32>
  %2 = ferric.add %1, %res : tensor<17x33xf32>
  return %2 : tensor<17x33xf32>
}

func.func @gelu_erf(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %bias: tensor<32xf32>) -> tensor<8x32xf32> {
  %p = ferric.matmul %a, %b : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
  %bb = ferric.broadcast %bias dims [0] : tensor<32xf32> -> tensor<8x32xf32>
  %0 = ferric.add %p, %bb : tensor<8x32xf32>
  %1 = ferric.gelu %0 exact : tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

func.func @column_bias(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %bias: tensor<8xf32>) -> tensor<8x32xf32> {
  %p = ferric.matmul %a, %b : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
  %bb = ferric.broadcast %bias dims [1] : tensor<8xf32> -> tensor<8x32xf32>
  %0 = ferric.add %p, %bb : tensor<8x32xf32>
  %1 = ferric.relu %0 : tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

func.func @batched(%a: tensor<4x8x16xf16>, %b: tensor<4x16x32xf16>) -> tensor<4x8x32xf16> {
  %p = ferric.matmul %a, %b : tensor<4x8x16xf16>, tensor<4x16x32xf16> -> tensor<4x8x32xf16>
  %0 = ferric.relu %p : tensor<4x8x32xf16>
  return %0 : tensor<4x8x32xf16>
}

func.func @f64(%a: tensor<8x16xf64>, %b: tensor<16x32xf64>) -> tensor<8x32xf64> {
  %p = ferric.matmul %a, %b : tensor<8x16xf64>, tensor<16x32xf64> -> tensor<8x32xf64>
  return %p : tensor<8x32xf64>
}
