// Softmax over rows of 128 (bench: softmax_128): the row max, the row sum of
// exp(x - max) and the division, one row group on CUDA.
func.func @main(%x: tensor<?x128xT>) -> tensor<?x128xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x128xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x128xT>
  %sd = ferric.sub %x, %mxb : tensor<?x128xT>
  %se = ferric.exp %sd : tensor<?x128xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x128xT>
  %r = ferric.div %se, %ssb : tensor<?x128xT>
  return %r : tensor<?x128xT>
}
