// Column max of [n / 4096, 4096] over the leading dim (issue 13): the
// split-column schedule (a thread per column, or two adjacent bf16/f16
// columns with one vector load on CUDA; the rows in chunks), two kernels.
func.func @main(%x: tensor<?x4096xT>) -> tensor<4096xT> {
  %r = ferric.reduce max %x dims [0] : tensor<?x4096xT> -> tensor<4096xT>
  return %r : tensor<4096xT>
}
