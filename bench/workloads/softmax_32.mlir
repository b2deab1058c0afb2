// Softmax over rows of 32 (bench: softmax_32): the row max, the row sum of
// exp(x - max) and the division, one row group on CUDA.
func.func @main(%x: tensor<?x32xT>) -> tensor<?x32xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x32xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x32xT>
  %sd = ferric.sub %x, %mxb : tensor<?x32xT>
  %se = ferric.exp %sd : tensor<?x32xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x32xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x32xT>
  %r = ferric.div %se, %ssb : tensor<?x32xT>
  return %r : tensor<?x32xT>
}
