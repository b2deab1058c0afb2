// Non-splat constant tensors read by a kernel (a row table broadcast over a
// 2-D input, a full-shape table) and one returned as a result.
func.func @constants(%x: tensor<?x4xf32>, %y: tensor<2x3xf32>)
    -> (tensor<?x4xf32>, tensor<2x3xf32>, tensor<4xf32>) {
  %row = arith.constant dense<[1.0, -2.0, 0.5, 4.0]> : tensor<4xf32>
  %tab = arith.constant dense<[[1.0, 2.0, 3.0], [-1.0, -2.0, -3.0]]> : tensor<2x3xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %b = ferric.broadcast %row dims [0] sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  %s = ferric.mul %x, %b : tensor<?x4xf32>
  %e = ferric.exp %s : tensor<?x4xf32>
  %t = ferric.add %y, %tab : tensor<2x3xf32>
  return %e, %t, %row : tensor<?x4xf32>, tensor<2x3xf32>, tensor<4xf32>
}
