// LayerNorm over rows of 4096 with gamma and beta: the row mean, the row
// mean of (x - mean)^2 (two passes over the row), the normalization.
func.func @main(%x: tensor<?x4096xT>, %g: tensor<4096xT>, %b: tensor<4096xT>) -> tensor<?x4096xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xT>
  %eps = arith.constant 1.0e-05 : T
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %d = ferric.sub %x, %mub : tensor<?x4096xT>
  %d2 = ferric.mul %d, %d : tensor<?x4096xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %ve = ferric.add %var, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %ve : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xT> -> tensor<?x4096xT>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<4096xT> -> tensor<?x4096xT>
  %y = ferric.mul %d, %ib : tensor<?x4096xT>
  %yg = ferric.mul %y, %gb : tensor<?x4096xT>
  %r = ferric.add %yg, %bb : tensor<?x4096xT>
  return %r : tensor<?x4096xT>
}
