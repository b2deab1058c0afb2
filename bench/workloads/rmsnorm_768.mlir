// RMSNorm over rows of 768 (bench: rmsnorm_768): x * rsqrt(mean(x * x) +
// 1e-6) * gamma, one row group on CUDA.
func.func @main(%x: tensor<?x768xT>, %g: tensor<768xT>) -> tensor<?x768xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x768xT>
  %eps = arith.constant 1.0e-06 : T
  %sq = ferric.mul %x, %x : tensor<?x768xT>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x768xT> -> tensor<?xT>
  %mse = ferric.add %ms, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %mse : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x768xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<768xT> -> tensor<?x768xT>
  %y = ferric.mul %x, %ib : tensor<?x768xT>
  %r = ferric.mul %y, %gb : tensor<?x768xT>
  return %r : tensor<?x768xT>
}
