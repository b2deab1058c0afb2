// SwiGLU MLP gate: silu(x @ w1) * (x @ w3): two cuBLASLt calls and one
// Ferric kernel reading both products.
func.func @main(%x: tensor<?x?xT>, %w1: tensor<?x?xT>, %w3: tensor<?x?xT>) -> tensor<?x?xT> {
  %g = ferric.matmul %x, %w1 : tensor<?x?xT>, tensor<?x?xT> -> tensor<?x?xT>
  %u = ferric.matmul %x, %w3 : tensor<?x?xT>, tensor<?x?xT> -> tensor<?x?xT>
  %s = ferric.silu %g : tensor<?x?xT>
  %0 = ferric.mul %s, %u : tensor<?x?xT>
  return %0 : tensor<?x?xT>
}
