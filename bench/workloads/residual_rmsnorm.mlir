// Residual add + RMSNorm over rows of 4096, returning the normalized rows
// and the new residual h = x + r.
func.func @main(%x: tensor<?x4096xT>, %r: tensor<?x4096xT>, %g: tensor<4096xT>) -> (tensor<?x4096xT>, tensor<?x4096xT>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xT>
  %eps = arith.constant 1.0e-06 : T
  %h = ferric.add %x, %r : tensor<?x4096xT>
  %sq = ferric.mul %h, %h : tensor<?x4096xT>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %mse = ferric.add %ms, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %mse : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xT> -> tensor<?x4096xT>
  %y = ferric.mul %h, %ib : tensor<?x4096xT>
  %o = ferric.mul %y, %gb : tensor<?x4096xT>
  return %o, %h : tensor<?x4096xT>, tensor<?x4096xT>
}
