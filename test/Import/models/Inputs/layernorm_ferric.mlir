// The hand-written ferric twin of ../layernorm.mlir (bench/workloads/layernorm.mlir with
// 64 rows of 1024, f32).
// LayerNorm over rows (here of 1024) with gamma and beta: the row mean, the row
// mean of (x - mean)^2 (two passes over the row), the normalization.
func.func @main(%x: tensor<64x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<64x1024xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<64x1024xf32>
  %eps = arith.constant 1.0e-05 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<64x1024xf32> -> tensor<64xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<64xf32> -> tensor<64x1024xf32>
  %d = ferric.sub %x, %mub : tensor<64x1024xf32>
  %d2 = ferric.mul %d, %d : tensor<64x1024xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<64x1024xf32> -> tensor<64xf32>
  %ve = ferric.add %var, %eps : tensor<64xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<64xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<64xf32> -> tensor<64x1024xf32>
  %gb = ferric.broadcast %g dims [0] : tensor<1024xf32> -> tensor<64x1024xf32>
  %bb = ferric.broadcast %b dims [0] : tensor<1024xf32> -> tensor<64x1024xf32>
  %y = ferric.mul %d, %ib : tensor<64x1024xf32>
  %yg = ferric.mul %y, %gb : tensor<64x1024xf32>
  %r = ferric.add %yg, %bb : tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}
