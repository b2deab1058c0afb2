// Column max of [n / 1024, 1024] over the leading dim (issue 41: f16 at
// 0.99x torch.compile): a split-column reduction, two kernels.
func.func @main(%x: tensor<?x1024xT>) -> tensor<1024xT> {
  %r = ferric.reduce max %x dims [0] : tensor<?x1024xT> -> tensor<1024xT>
  return %r : tensor<1024xT>
}
