// Population variance of rows of 4096 (issue 41): the row mean, x - mean,
// its square, the row mean of that; the per-row statistic is the output
// (torch: ((x - x.mean(-1, keepdim=True)) ** 2).mean(-1)). Target: one kernel.
func.func @main(%x: tensor<?x4096xT>) -> tensor<?xT> {
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %d = ferric.sub %x, %mub : tensor<?x4096xT>
  %d2 = ferric.mul %d, %d : tensor<?x4096xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4096xT> -> tensor<?xT>
  return %var : tensor<?xT>
}
