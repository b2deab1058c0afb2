// Softmax over rows of a length known only at run time (issue 13): the
// host picks among the row-program variants (one per power of two, aligned
// 16-byte chunks past 64 elements). Not a driver workload: run it with
// ferric-run --input=rand:RxNxT (bench/RESULTS.md, third session).
func.func @main(%x: tensor<?x?xT>) -> tensor<?x?xT> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xT>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xT> -> tensor<?x?xT>
  %sd = ferric.sub %x, %mxb : tensor<?x?xT>
  %se = ferric.exp %sd : tensor<?x?xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xT> -> tensor<?xT>
  %ssb = ferric.broadcast %ss dims [1] sizes(%m) : tensor<?xT> -> tensor<?x?xT>
  %r = ferric.div %se, %ssb : tensor<?x?xT>
  return %r : tensor<?x?xT>
}
