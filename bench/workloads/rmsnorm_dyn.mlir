// RMSNorm over rows of a length known only at run time, gamma of that
// length (issue 13); host-picked row-program variants as softmax_dyn.
// Not a driver workload: ferric-run --input=rand:RxNxT --input=rand:NxT.
func.func @main(%x: tensor<?x?xT>, %g: tensor<?xT>) -> tensor<?x?xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xT>
  %eps = arith.constant 1.0e-06 : T
  %sq = ferric.mul %x, %x : tensor<?x?xT>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xT> -> tensor<?xT>
  %mse = ferric.add %ms, %eps : tensor<?xT>, T
  %inv = ferric.rsqrt %mse : tensor<?xT>
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xT>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xT> -> tensor<?x?xT>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xT> -> tensor<?x?xT>
  %y = ferric.mul %x, %ib : tensor<?x?xT>
  %r = ferric.mul %y, %gb : tensor<?x?xT>
  return %r : tensor<?x?xT>
}
