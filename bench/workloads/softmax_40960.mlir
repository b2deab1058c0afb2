// Softmax over rows of 40960 (bench: softmax_40960): the longest f32 row one
// block of 1024 threads holds (40 values per thread, a few registers spilled),
// one row group on CUDA.
func.func @main(%x: tensor<?x40960xT>) -> tensor<?x40960xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x40960xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x40960xT>
  %sd = ferric.sub %x, %mxb : tensor<?x40960xT>
  %se = ferric.exp %sd : tensor<?x40960xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x40960xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xT> -> tensor<?x40960xT>
  %r = ferric.div %se, %ssb : tensor<?x40960xT>
  return %r : tensor<?x40960xT>
}
