// Population variance AND mean of rows of 4096 as two outputs (issue 41;
// torch.var_mean(x, -1, correction=0) spelled as in the program). Target:
// one kernel writing both statistics.
func.func @main(%x: tensor<?x4096xT>) -> (tensor<?xT>, tensor<?xT>) {
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %d = ferric.sub %x, %mub : tensor<?x4096xT>
  %d2 = ferric.mul %d, %d : tensor<?x4096xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4096xT> -> tensor<?xT>
  return %var, %mu : tensor<?xT>, tensor<?xT>
}
