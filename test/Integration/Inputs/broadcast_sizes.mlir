// A broadcast whose size comes from another input: row is broadcast to the
// rows of x and added to y, so x and y must have as many rows
// (test/Integration/cpu/errors.mlir).

func.func @row_from_x(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %row: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %b = ferric.broadcast %row dims [0] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %y, %b : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
