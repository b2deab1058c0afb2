// Plain matmul a (M x K) @ b (K x N): one cuBLASLt call on CUDA when the
// NVVM pipeline runs ferric-matmul-to-cublaslt, the tiled kernel otherwise.
func.func @main(%a: tensor<?x?xT>, %b: tensor<?x?xT>) -> tensor<?x?xT> {
  %0 = ferric.matmul %a, %b : tensor<?x?xT>, tensor<?x?xT> -> tensor<?x?xT>
  return %0 : tensor<?x?xT>
}
