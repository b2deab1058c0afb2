// RMSNorm over rows of 32000 with gamma (issue 13; a driver workload since
// the fourth session): x * rsqrt(mean(x * x) + 1e-6) * gamma.
func.func @main(%x: tensor<?x32000xT>, %g: tensor<32000xT>) -> tensor<?x32000xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32000xT>
  %eps = arith.constant 1.0e-06 : T
  %sq = ferric.mul %x, %x : tensor<?x32000xT>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x32000xT> -> tensor<?xT>
  %mse = ferric.add %ms, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %mse : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x32000xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32000xT> -> tensor<?x32000xT>
  %y = ferric.mul %x, %ib : tensor<?x32000xT>
  %r = ferric.mul %y, %gb : tensor<?x32000xT>
  return %r : tensor<?x32000xT>
}
