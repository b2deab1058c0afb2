// relu(x @ w + bias) + res: bias and relu in the cuBLASLt epilogue, the
// residual add one Ferric kernel reading the result.
func.func @main(%x: tensor<?x?xT>, %w: tensor<?x?xT>, %bias: tensor<?xT>, %res: tensor<?x?xT>) -> tensor<?x?xT> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %x, %w : tensor<?x?xT>, tensor<?x?xT> -> tensor<?x?xT>
  %m = tensor.dim %p, %c0 : tensor<?x?xT>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xT> -> tensor<?x?xT>
  %0 = ferric.add %p, %bb : tensor<?x?xT>
  %1 = ferric.relu %0 : tensor<?x?xT>
  %2 = ferric.add %1, %res : tensor<?x?xT>
  return %2 : tensor<?x?xT>
}
