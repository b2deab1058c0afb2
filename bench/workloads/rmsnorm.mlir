// RMSNorm over rows of 1024: x * rsqrt(mean(x * x) + 1e-6) * gamma. A block
// reduction (ferric-reduction-to-gpu) between two fused elementwise kernels.
func.func @main(%x: tensor<?x1024xT>, %g: tensor<1024xT>) -> tensor<?x1024xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1024xT>
  %eps = arith.constant 1.0e-06 : T
  %sq = ferric.mul %x, %x : tensor<?x1024xT>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1024xT> -> tensor<?xT>
  %mse = ferric.add %ms, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %mse : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x1024xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1024xT> -> tensor<?x1024xT>
  %y = ferric.mul %x, %ib : tensor<?x1024xT>
  %r = ferric.mul %y, %gb : tensor<?x1024xT>
  return %r : tensor<?x1024xT>
}
