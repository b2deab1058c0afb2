// Bias add + tanh-GELU over rows of 11008 (issue 41: f16 at 11008, the
// LLaMA-7B MLP width), the bias broadcast over the rows: elementwise, one
// kernel; the target is 90% of copy bandwidth.
func.func @main(%x: tensor<?x11008xT>, %bias: tensor<11008xT>) -> tensor<?x11008xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x11008xT>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<11008xT> -> tensor<?x11008xT>
  %s = ferric.add %x, %b : tensor<?x11008xT>
  %r = ferric.gelu %s : tensor<?x11008xT>
  return %r : tensor<?x11008xT>
}
