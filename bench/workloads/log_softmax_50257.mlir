// Log-softmax over rows of 50257 (the GPT-2 vocabulary, an odd length;
// issue 41: f32 at 82-88% of copy bandwidth). Target: one kernel.
func.func @main(%x: tensor<?x50257xT>) -> tensor<?x50257xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x50257xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x50257xT>
  %sd = ferric.sub %x, %mxb : tensor<?x50257xT>
  %se = ferric.exp %sd : tensor<?x50257xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x50257xT> -> tensor<?xT>
  %ls = ferric.log %ss : tensor<?xT>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xT> -> tensor<?x50257xT>
  %r = ferric.sub %sd, %lsb : tensor<?x50257xT>
  return %r : tensor<?x50257xT>
}
