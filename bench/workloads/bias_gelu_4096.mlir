// Bias add + tanh-GELU over rows of 4096 (issue 41: f16 at 11008, the
// LLaMA-7B MLP width), the bias broadcast over the rows: elementwise, one
// kernel; the target is 90% of copy bandwidth.
func.func @main(%x: tensor<?x4096xT>, %bias: tensor<4096xT>) -> tensor<?x4096xT> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xT>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<4096xT> -> tensor<?x4096xT>
  %s = ferric.add %x, %b : tensor<?x4096xT>
  %r = ferric.gelu %s : tensor<?x4096xT>
  return %r : tensor<?x4096xT>
}
