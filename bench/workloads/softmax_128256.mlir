// Softmax over rows of 128256 (bench: softmax_128256, the Llama 3 vocabulary):
// the row max, the row sum of exp(x - max) and the division; too long for
// one block's registers: a row program over a thread-block cluster (sm_90).
func.func @main(%x: tensor<?x128256xT>) -> tensor<?x128256xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x128256xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x128256xT>
  %sd = ferric.sub %x, %mxb : tensor<?x128256xT>
  %se = ferric.exp %sd : tensor<?x128256xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128256xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x128256xT>
  %r = ferric.div %se, %ssb : tensor<?x128256xT>
  return %r : tensor<?x128256xT>
}
