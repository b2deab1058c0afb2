// gelu(x + bias + residual), bias broadcast over rows of a [rows, 1024] tensor.
func.func @main(%x: tensor<?x1024xT>, %bias: tensor<1024xT>, %res: tensor<?x1024xT>) -> tensor<?x1024xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1024xT>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<1024xT> -> tensor<?x1024xT>
  %0 = ferric.add %x, %b : tensor<?x1024xT>
  %1 = ferric.add %0, %res : tensor<?x1024xT>
  %2 = ferric.gelu %1 : tensor<?x1024xT>
  return %2 : tensor<?x1024xT>
}
