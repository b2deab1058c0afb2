// RMSNorm over rows of 4096 (bench: rmsnorm_4096): x * rsqrt(mean(x * x) +
// 1e-6) * gamma, one row group on CUDA.
func.func @main(%x: tensor<?x4096xT>, %g: tensor<4096xT>) -> tensor<?x4096xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xT>
  %eps = arith.constant 1.0e-06 : T
  %sq = ferric.mul %x, %x : tensor<?x4096xT>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %mse = ferric.add %ms, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %mse : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xT> -> tensor<?x4096xT>
  %y = ferric.mul %x, %ib : tensor<?x4096xT>
  %r = ferric.mul %y, %gb : tensor<?x4096xT>
  return %r : tensor<?x4096xT>
}
