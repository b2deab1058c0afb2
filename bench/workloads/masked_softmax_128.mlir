// Masked attention softmax (issue 41: f16 at 82-88% of copy bandwidth):
// scores [batch, 16 heads, 128, 128] plus an additive mask [128, 128] shared
// across batch and heads, softmax over the last dim. Target: one kernel.
func.func @main(%x: tensor<?x16x128x128xT>, %mask: tensor<128x128xT>) -> tensor<?x16x128x128xT> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x16x128x128xT>
  %mb = ferric.broadcast %mask dims [0, 1] sizes(%b) : tensor<128x128xT> -> tensor<?x16x128x128xT>
  %xm = ferric.add %x, %mb : tensor<?x16x128x128xT>
  %mx = ferric.reduce max %xm dims [3] : tensor<?x16x128x128xT> -> tensor<?x16x128xT>
  %mxb = ferric.broadcast %mx dims [3] : tensor<?x16x128xT> -> tensor<?x16x128x128xT>
  %sd = ferric.sub %xm, %mxb : tensor<?x16x128x128xT>
  %se = ferric.exp %sd : tensor<?x16x128x128xT>
  %ss = ferric.reduce sum %se dims [3] : tensor<?x16x128x128xT> -> tensor<?x16x128xT>
  %ssb = ferric.broadcast %ss dims [3] : tensor<?x16x128xT> -> tensor<?x16x128x128xT>
  %r = ferric.div %se, %ssb : tensor<?x16x128x128xT>
  return %r : tensor<?x16x128x128xT>
}
