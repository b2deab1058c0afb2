// The hand-written ferric twin of ../gelu_linear.mlir (bench/workloads/
// gemm_bias_gelu.mlir at 128x256 @ 256x512): one cuBLASLt call with the
// GELU_BIAS epilogue.
func.func @main(%x: tensor<128x256xf32>, %w: tensor<256x512xf32>, %bias: tensor<512xf32>) -> tensor<128x512xf32> {
  %p = ferric.matmul %x, %w : tensor<128x256xf32>, tensor<256x512xf32> -> tensor<128x512xf32>
  %bb = ferric.broadcast %bias dims [0] : tensor<512xf32> -> tensor<128x512xf32>
  %0 = ferric.add %p, %bb : tensor<128x512xf32>
  %1 = ferric.gelu %0 : tensor<128x512xf32>
  return %1 : tensor<128x512xf32>
}
