// A square matmul (n = sqrt(size)) through ferric-matmul-to-gpu's 16x16
// shared-memory tiles: a correctness-first kernel, not a tensor-core one;
// compare with torch (cuBLAS) to see how far.
func.func @main(%a: tensor<?x?xT>, %b: tensor<?x?xT>) -> tensor<?x?xT> {
  %0 = ferric.matmul %a, %b : tensor<?x?xT>, tensor<?x?xT> -> tensor<?x?xT>
  return %0 : tensor<?x?xT>
}
