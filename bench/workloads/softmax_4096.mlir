// Softmax over rows of 4096 (bench: softmax_4096): the row max, the row sum of
// exp(x - max) and the division, one row group on CUDA.
func.func @main(%x: tensor<?x4096xT>) -> tensor<?x4096xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %sd = ferric.sub %x, %mxb : tensor<?x4096xT>
  %se = ferric.exp %sd : tensor<?x4096xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4096xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x4096xT>
  %r = ferric.div %se, %ssb : tensor<?x4096xT>
  return %r : tensor<?x4096xT>
}
