// Log-softmax over rows of 1024: x - max - log(sum(exp(x - max))).
func.func @main(%x: tensor<?x1024xT>) -> tensor<?x1024xT> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1024xT> -> tensor<?xT>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xT> -> tensor<?x1024xT>
  %sd = ferric.sub %x, %mxb : tensor<?x1024xT>
  %se = ferric.exp %sd : tensor<?x1024xT>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1024xT> -> tensor<?xT>
  %ls = ferric.log %ss : tensor<?xT>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xT> -> tensor<?x1024xT>
  %r = ferric.sub %sd, %lsb : tensor<?x1024xT>
  return %r : tensor<?x1024xT>
}
