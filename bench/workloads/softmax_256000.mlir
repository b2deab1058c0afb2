// Softmax over rows of 256000 (bench: softmax_256000, the Gemma 2 vocabulary):
// the row max, the row sum of exp(x - max) and the division; too long for
// one block's registers: a row program over a thread-block cluster (sm_90).
func.func @main(%x: tensor<?x256000xT>) -> tensor<?x256000xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x256000xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x256000xT>
  %sd = ferric.sub %x, %mxb : tensor<?x256000xT>
  %se = ferric.exp %sd : tensor<?x256000xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x256000xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x256000xT>
  %r = ferric.div %se, %ssb : tensor<?x256000xT>
  return %r : tensor<?x256000xT>
}
