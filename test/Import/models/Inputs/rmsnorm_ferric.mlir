// The hand-written ferric twin of ../rmsnorm.mlir (bench/workloads/rmsnorm.mlir with
// 64 rows of 1024, f32).
// RMSNorm over rows of 1024: x * rsqrt(mean(x * x) + 1e-6) * gamma. A block
// reduction (ferric-reduction-to-gpu) between two fused elementwise kernels.
func.func @main(%x: tensor<64x1024xf32>, %g: tensor<1024xf32>) -> tensor<64x1024xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<64x1024xf32>
  %eps = arith.constant 1.0e-06 : f32
  %sq = ferric.mul %x, %x : tensor<64x1024xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<64x1024xf32> -> tensor<64xf32>
  %mse = ferric.add %ms, %eps : tensor<64xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<64xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<64xf32> -> tensor<64x1024xf32>
  %gb = ferric.broadcast %g dims [0] : tensor<1024xf32> -> tensor<64x1024xf32>
  %y = ferric.mul %x, %ib : tensor<64x1024xf32>
  %r = ferric.mul %y, %gb : tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}
