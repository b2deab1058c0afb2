// Population variance AND mean of rows of 1000 as two outputs (issue 41;
// torch.var_mean(x, -1, correction=0) spelled as in the program). Target:
// one kernel writing both statistics.
func.func @main(%x: tensor<?x1000xT>) -> (tensor<?xT>, tensor<?xT>) {
  %mu = ferric.reduce mean %x dims [1] : tensor<?x1000xT> -> tensor<?xT>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xT> -> tensor<?x1000xT>
  %d = ferric.sub %x, %mub : tensor<?x1000xT>
  %d2 = ferric.mul %d, %d : tensor<?x1000xT>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x1000xT> -> tensor<?xT>
  return %var, %mu : tensor<?xT>, tensor<?xT>
}
