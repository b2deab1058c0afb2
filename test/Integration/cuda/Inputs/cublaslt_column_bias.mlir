// x w + bias[:, None] and relu of it, with bias[M] broadcast along N: not a
// cuBLASLt epilogue (see ferric-matmul-to-cublaslt), so the call computes
// the product and one Ferric kernel adds the bias.
func.func @column_bias(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %n = tensor.dim %p, %c1 : tensor<?x?xf32>
  %bb = ferric.broadcast %bias dims [1] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?xf32>
  %1 = ferric.relu %0 : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
