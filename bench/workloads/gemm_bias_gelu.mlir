// gelu_tanh(x @ w + bias), bias broadcast over rows: one cuBLASLt call with
// the GELU_BIAS epilogue.
func.func @main(%x: tensor<?x?xT>, %w: tensor<?x?xT>, %bias: tensor<?xT>) -> tensor<?x?xT> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %x, %w : tensor<?x?xT>, tensor<?x?xT> -> tensor<?x?xT>
  %m = tensor.dim %p, %c0 : tensor<?x?xT>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xT> -> tensor<?x?xT>
  %0 = ferric.add %p, %bb : tensor<?x?xT>
  %1 = ferric.gelu %0 : tensor<?x?xT>
  return %1 : tensor<?x?xT>
}
