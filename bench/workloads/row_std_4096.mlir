// Population standard deviation of rows of 4096 (issue 41): the square root
// of row_var_4096 (torch: x.std(-1, correction=0) spelled as in the program).
// Target: one kernel.
func.func @main(%x: tensor<?x4096xT>) -> tensor<?xT> {
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %d = ferric.sub %x, %mub : tensor<?x4096xT>
  %d2 = ferric.mul %d, %d : tensor<?x4096xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %std = ferric.sqrt %var : tensor<?xT>
  return %std : tensor<?xT>
}
