// Masked attention softmax (issue 41: f16 at 82-88% of copy bandwidth):
// scores [batch, 16 heads, 512, 512] plus an additive mask [512, 512] shared
// across batch and heads, softmax over the last dim. Target: one kernel.
func.func @main(%x: tensor<?x16x512x512xT>, %mask: tensor<512x512xT>) -> tensor<?x16x512x512xT> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x16x512x512xT>
  %mb = ferric.broadcast %mask dims [0, 1] sizes(%b) : tensor<512x512xT> -> tensor<?x16x512x512xT>
  %xm = ferric.add %x, %mb : tensor<?x16x512x512xT>
  %mx = ferric.reduce max %xm dims [3] : tensor<?x16x512x512xT> -> tensor<?x16x512xT>
  %mxb = ferric.broadcast %mx dims [3] : tensor<?x16x512xT> -> tensor<?x16x512x512xT>
  %sd = ferric.sub %xm, %mxb : tensor<?x16x512x512xT>
  %se = ferric.exp %sd : tensor<?x16x512x512xT>
  %ss = ferric.reduce sum %se dims [3] : tensor<?x16x512x512xT> -> tensor<?x16x512xT>
  %ssb = ferric.broadcast %ss dims [3] : tensor<?x16x512xT> -> tensor<?x16x512x512xT>
  %r = ferric.div %se, %ssb : tensor<?x16x512x512xT>
  return %r : tensor<?x16x512x512xT>
}
