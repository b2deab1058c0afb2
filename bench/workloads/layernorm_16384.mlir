// LayerNorm over rows of 16384 with gamma and beta: the row mean, the row
// mean of (x - mean)^2 (two passes over the row), the normalization.
func.func @main(%x: tensor<?x16384xT>, %g: tensor<16384xT>, %b: tensor<16384xT>) -> tensor<?x16384xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16384xT>
  %eps = arith.constant 1.0e-05 : T
  %mu = ferric.reduce mean %x dims [1] : tensor<?x16384xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x16384xT>
  %d = ferric.sub %x, %mub : tensor<?x16384xT>
  %d2 = ferric.mul %d, %d : tensor<?x16384xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x16384xT> -> tensor<?xT>
  %ve = ferric.add %var, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %ve : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x16384xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<16384xT> -> tensor<?x16384xT>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<16384xT> -> tensor<?x16384xT>
  %y = ferric.mul %d, %ib : tensor<?x16384xT>
  %yg = ferric.mul %y, %gb : tensor<?x16384xT>
  %r = ferric.add %yg, %bb : tensor<?x16384xT>
  return %r : tensor<?x16384xT>
}
