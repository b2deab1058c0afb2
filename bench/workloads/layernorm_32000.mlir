// LayerNorm over rows of 32000 with gamma and beta (issue 13; a driver
// workload since the fourth session).
func.func @main(%x: tensor<?x32000xT>, %g: tensor<32000xT>, %b: tensor<32000xT>) -> tensor<?x32000xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32000xT>
  %eps = arith.constant 1.0e-05 : T
  %mu = ferric.reduce mean %x dims [1] : tensor<?x32000xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x32000xT>
  %d = ferric.sub %x, %mub : tensor<?x32000xT>
  %d2 = ferric.mul %d, %d : tensor<?x32000xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x32000xT> -> tensor<?xT>
  %ve = ferric.add %var, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %ve : tensor<?xT>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xT> -> tensor<?x32000xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32000xT> -> tensor<?x32000xT>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<32000xT> -> tensor<?x32000xT>
  %y = ferric.mul %d, %ib : tensor<?x32000xT>
  %yg = ferric.mul %y, %gb : tensor<?x32000xT>
  %r = ferric.add %yg, %bb : tensor<?x32000xT>
  return %r : tensor<?x32000xT>
}
