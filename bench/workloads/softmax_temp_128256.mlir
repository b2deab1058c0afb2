// Sampling softmax over rows of 128256 (the Llama 3 vocabulary) with a
// temperature division, softmax(x / 0.7) (issue 41: bf16 at 49% of copy
// bandwidth). Target: one kernel.
func.func @main(%x: tensor<?x128256xT>) -> tensor<?x128256xT> {
  %t = arith.constant 7.000000e-01 : T
  %xt = ferric.div %x, %t : tensor<?x128256xT>, T
  %mx = ferric.reduce max %xt dims [1] : tensor<?x128256xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x128256xT>
  %sd = ferric.sub %xt, %mxb : tensor<?x128256xT>
  %se = ferric.exp %sd : tensor<?x128256xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128256xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x128256xT>
  %r = ferric.div %se, %ssb : tensor<?x128256xT>
  return %r : tensor<?x128256xT>
}
