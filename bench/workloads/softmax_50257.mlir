// Softmax over rows of 50257 (bench: softmax_50257, the GPT-2 vocabulary, an
// odd length): a row program over a thread-block cluster (sm_90).
func.func @main(%x: tensor<?x50257xT>) -> tensor<?x50257xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x50257xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x50257xT>
  %sd = ferric.sub %x, %mxb : tensor<?x50257xT>
  %se = ferric.exp %sd : tensor<?x50257xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x50257xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x50257xT>
  %r = ferric.div %se, %ssb : tensor<?x50257xT>
  return %r : tensor<?x50257xT>
}
