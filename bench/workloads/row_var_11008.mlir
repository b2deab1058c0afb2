// Population variance of rows of 11008 (issue 41): the row mean, x - mean,
// its square, the row mean of that; the per-row statistic is the output
// (torch: ((x - x.mean(-1, keepdim=True)) ** 2).mean(-1)). Target: one kernel.
func.func @main(%x: tensor<?x11008xT>) -> tensor<?xT> {
  %mu = ferric.reduce mean %x dims [1] : tensor<?x11008xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x11008xT>
  %d = ferric.sub %x, %mub : tensor<?x11008xT>
  %d2 = ferric.mul %d, %d : tensor<?x11008xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x11008xT> -> tensor<?xT>
  return %var : tensor<?xT>
}
