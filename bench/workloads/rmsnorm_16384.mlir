// RMSNorm over rows of 16384 (bench: rmsnorm_16384): x * rsqrt(mean(x * x) +
// 1e-6) * gamma, one row group on CUDA.
func.func @main(%x: tensor<?x16384xT>, %g: tensor<16384xT>) -> tensor<?x16384xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16384xT>
  %eps = arith.constant 1.0e-06 : T
  %sq = ferric.mul %x, %x : tensor<?x16384xT>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x16384xT> -> tensor<?xT>
  %mse = ferric.add %ms, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %mse : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x16384xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<16384xT> -> tensor<?x16384xT>
  %y = ferric.mul %x, %ib : tensor<?x16384xT>
  %r = ferric.mul %y, %gb : tensor<?x16384xT>
  return %r : tensor<?x16384xT>
}
