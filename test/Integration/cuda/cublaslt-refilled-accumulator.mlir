// An f32 LLaMA MLP half-block whose down projection accumulates in the
// buffer the two earlier matmuls read, zero-filled again before it: all
// three matmuls are cuBLASLt calls (test/Conversion/ferric-matmul-to-
// cublaslt-nvvm.mlir pins the IR); run on CUDA at 1, 17 and 300 rows and
// checked against the unfused program on the CPU in f64.
// RUN: ferric-run %s --target=cuda --input=randn:1x16xf32 --input=randn:1x16xf32 --input=rand:16xf32 --input=randn:16x32xf32 --input=randn:16x32xf32 --input=randn:32x16xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --input=randn:17x16xf32 --input=randn:17x16xf32 --input=rand:16xf32 --input=randn:16x32xf32 --input=randn:16x32xf32 --input=randn:32x16xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --input=randn:300x16xf32 --input=randn:300x16xf32 --input=rand:16xf32 --input=randn:16x32xf32 --input=randn:16x32xf32 --input=randn:32x16xf32 --check | FileCheck %s --implicit-check-not=FAILED
// CHECK: check: result 0: {{.*}}: ok
// CHECK: check: result 1: {{.*}}: ok

func.func @mlp_half_block_f32(%arg0: tensor<?x16xf32>, %arg1: tensor<?x16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16x32xf32>, %arg4: tensor<16x32xf32>, %arg5: tensor<32x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>) {
  %0 = ferric.add %arg0, %arg1 : tensor<?x16xf32>, tensor<?x16xf32>
  %1 = ferric.mul %0, %0 : tensor<?x16xf32>, tensor<?x16xf32>
  %2 = ferric.reduce mean %1 dims [1] keepdim : tensor<?x16xf32> -> tensor<?x1xf32>
  %cst_0 = arith.constant 9.999999974752427e-07 : f32
  %3 = ferric.add %2, %cst_0 : tensor<?x1xf32>, f32
  %4 = ferric.rsqrt %3 : tensor<?x1xf32>
  %5 = tensor.collapse_shape %4 [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %6 = ferric.broadcast %5 dims [1] : tensor<?xf32> -> tensor<?x16xf32>
  %7 = ferric.mul %0, %6 : tensor<?x16xf32>, tensor<?x16xf32>
  %c0 = arith.constant 0 : index
  %8 = tensor.dim %arg0, %c0 : tensor<?x16xf32>
  %9 = ferric.broadcast %arg2 dims [0] sizes(%8) : tensor<16xf32> -> tensor<?x16xf32>
  %10 = ferric.mul %7, %9 : tensor<?x16xf32>, tensor<?x16xf32>
  %11 = ferric.matmul %10, %arg3 : tensor<?x16xf32>, tensor<16x32xf32> -> tensor<?x32xf32>
  %12 = ferric.silu %11 : tensor<?x32xf32>
  %13 = ferric.matmul %10, %arg4 : tensor<?x16xf32>, tensor<16x32xf32> -> tensor<?x32xf32>
  %14 = ferric.mul %12, %13 : tensor<?x32xf32>, tensor<?x32xf32>
  %15 = ferric.matmul %14, %arg5 : tensor<?x32xf32>, tensor<32x16xf32> -> tensor<?x16xf32>
  return %0, %15 : tensor<?x16xf32>, tensor<?x16xf32>
}

