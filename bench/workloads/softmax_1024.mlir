// Softmax over rows of 1024 (bench: softmax_1024): the row max, the row sum of
// exp(x - max) and the division, one row group on CUDA.
func.func @main(%x: tensor<?x1024xT>) -> tensor<?x1024xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1024xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x1024xT>
  %sd = ferric.sub %x, %mxb : tensor<?x1024xT>
  %se = ferric.exp %sd : tensor<?x1024xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1024xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x1024xT>
  %r = ferric.div %se, %ssb : tensor<?x1024xT>
  return %r : tensor<?x1024xT>
}
