// Column sum of [n / 8, 8] over the leading dim (issue 13): few columns,
// the column-narrow schedules (a block covers all 8 columns, the rows
// tiled across its threads), two kernels.
func.func @main(%x: tensor<?x8xT>) -> tensor<8xT> {
  %r = ferric.reduce sum %x dims [0] : tensor<?x8xT> -> tensor<8xT>
  return %r : tensor<8xT>
}
