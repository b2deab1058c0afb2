// Broadcast sizes computed at run time from the inputs' dims: negative when
// x has fewer than 5 elements (test/Integration/*/errors-negative-sizes.mlir).

// rows = dim(x) - 5 rows of `row`, then exp: one fused kernel.
func.func @rows_minus_5(%x: tensor<?xf32>, %row: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.subi %n, %c5 : index
  %b = ferric.broadcast %row dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %e = ferric.exp %b : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// Two added dims whose sizes are both negative: their product is positive,
// so the allocation alone would not notice.
func.func @both_negative(%x: tensor<?xf32>, %row: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.subi %n, %c5 : index
  %k = arith.subi %c0, %c5 : index
  %b = ferric.broadcast %row dims [0, 1] sizes(%m, %k) : tensor<?xf32> -> tensor<?x?x?xf32>
  %e = ferric.exp %b : tensor<?x?x?xf32>
  return %e : tensor<?x?x?xf32>
}

// A softmax over the broadcast rows: a reduction and a second broadcast
// after the negative one (the --check path used to segfault copying it).
func.func @softmax_rows(%x: tensor<?xf32>, %row: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %m = arith.subi %n, %c5 : index
  %b = ferric.broadcast %row dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %e = ferric.exp %b : tensor<?x?xf32>
  %r = ferric.reduce sum %e dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %w = tensor.dim %row, %c0 : tensor<?xf32>
  %b2 = ferric.broadcast %r dims [1] sizes(%w) : tensor<?xf32> -> tensor<?x?xf32>
  %d = ferric.div %e, %b2 : tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}
