// Softmax over rows of 32000 (bench: softmax_32000): the row max, the row sum of
// exp(x - max) and the division, one row group on CUDA.
func.func @main(%x: tensor<?x32000xT>) -> tensor<?x32000xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x32000xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x32000xT>
  %sd = ferric.sub %x, %mxb : tensor<?x32000xT>
  %se = ferric.exp %sd : tensor<?x32000xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x32000xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x32000xT>
  %r = ferric.div %se, %ssb : tensor<?x32000xT>
  return %r : tensor<?x32000xT>
}
