// Softmax over rows of 262144 (bench: softmax_262144, the Gemma 3 vocabulary):
// the row max, the row sum of exp(x - max) and the division; too long for
// one block's registers: a row program over a thread-block cluster (sm_90).
func.func @main(%x: tensor<?x262144xT>) -> tensor<?x262144xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x262144xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x262144xT>
  %sd = ferric.sub %x, %mxb : tensor<?x262144xT>
  %se = ferric.exp %sd : tensor<?x262144xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x262144xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x262144xT>
  %r = ferric.div %se, %ssb : tensor<?x262144xT>
  return %r : tensor<?x262144xT>
}
