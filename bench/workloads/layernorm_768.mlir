// LayerNorm over rows of 768 with gamma and beta: the row mean, the row
// mean of (x - mean)^2 (two passes over the row), the normalization.
func.func @main(%x: tensor<?x768xT>, %g: tensor<768xT>, %b: tensor<768xT>) -> tensor<?x768xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x768xT>
  %eps = arith.constant 1.0e-05 : T
  %mu = ferric.reduce mean %x dims [1] : tensor<?x768xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x768xT>
  %d = ferric.sub %x, %mub : tensor<?x768xT>
  %d2 = ferric.mul %d, %d : tensor<?x768xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x768xT> -> tensor<?xT>
  %ve = ferric.add %var, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %ve : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x768xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<768xT> -> tensor<?x768xT>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<768xT> -> tensor<?x768xT>
  %y = ferric.mul %d, %ib : tensor<?x768xT>
  %yg = ferric.mul %y, %gb : tensor<?x768xT>
  %r = ferric.add %yg, %bb : tensor<?x768xT>
  return %r : tensor<?x768xT>
}
