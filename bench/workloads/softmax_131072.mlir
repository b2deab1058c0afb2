// Softmax over rows of 131072 (bench: softmax_131072, the issue-13 row):
// the row max, the row sum of exp(x - max) and the division; too long for
// one block's registers: a row program over a thread-block cluster (sm_90).
func.func @main(%x: tensor<?x131072xT>) -> tensor<?x131072xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x131072xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x131072xT>
  %sd = ferric.sub %x, %mxb : tensor<?x131072xT>
  %se = ferric.exp %sd : tensor<?x131072xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x131072xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x131072xT>
  %r = ferric.div %se, %ssb : tensor<?x131072xT>
  return %r : tensor<?x131072xT>
}
