// Population standard deviation of rows of 1000 (issue 41): the square root
// of row_var_1000 (torch: x.std(-1, correction=0) spelled as in the program).
// Target: one kernel.
func.func @main(%x: tensor<?x1000xT>) -> tensor<?xT> {
  %mu = ferric.reduce mean %x dims [1] : tensor<?x1000xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x1000xT>
  %d = ferric.sub %x, %mub : tensor<?x1000xT>
  %d2 = ferric.mul %d, %d : tensor<?x1000xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x1000xT> -> tensor<?xT>
  %std = ferric.sqrt %var : tensor<?xT>
  return %std : tensor<?xT>
}
