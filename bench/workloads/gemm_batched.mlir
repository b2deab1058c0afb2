// Batched matmul a (B x M x K) @ b (B x K x N): one strided-batched
// cuBLASLt call.
func.func @main(%a: tensor<?x?x?xT>, %b: tensor<?x?x?xT>) -> tensor<?x?x?xT> {
  %0 = ferric.matmul %a, %b : tensor<?x?x?xT>, tensor<?x?x?xT> -> tensor<?x?x?xT>
  return %0 : tensor<?x?x?xT>
}
