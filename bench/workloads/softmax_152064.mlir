// Softmax over rows of 152064 (bench: softmax_152064, the Qwen 2 vocabulary):
// the row max, the row sum of exp(x - max) and the division; too long for
// one block's registers: a row program over a thread-block cluster (sm_90).
func.func @main(%x: tensor<?x152064xT>) -> tensor<?x152064xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x152064xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x152064xT>
  %sd = ferric.sub %x, %mxb : tensor<?x152064xT>
  %se = ferric.exp %sd : tensor<?x152064xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x152064xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x152064xT>
  %r = ferric.div %se, %ssb : tensor<?x152064xT>
  return %r : tensor<?x152064xT>
}
