// Softmax over rows of 524288 (bench: softmax_524288, twice the Gemma 3
// vocabulary): the row max, the row sum of exp(x - max) and the division; a
// row program over a cluster of 16 blocks of 1024 threads with 32 values
// each (16 x 512 x 64 with row-program-max-values=64).
func.func @main(%x: tensor<?x524288xT>) -> tensor<?x524288xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x524288xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x524288xT>
  %sd = ferric.sub %x, %mxb : tensor<?x524288xT>
  %se = ferric.exp %sd : tensor<?x524288xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x524288xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x524288xT>
  %r = ferric.div %se, %ssb : tensor<?x524288xT>
  return %r : tensor<?x524288xT>
}
