// x * scale[col]: a broadcast-heavy graph (the scale row is never materialized).
func.func @main(%x: tensor<?x1024xT>, %s: tensor<1024xT>) -> tensor<?x1024xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1024xT>
  %b = ferric.broadcast %s dims [0] sizes(%n) : tensor<1024xT> -> tensor<?x1024xT>
  %r = ferric.mul %x, %b : tensor<?x1024xT>
  return %r : tensor<?x1024xT>
}
