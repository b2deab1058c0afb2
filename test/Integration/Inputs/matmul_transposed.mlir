// ferric.matmul with transposed operands (transpose_lhs, transpose_rhs) on
// f32, for the integration tests test/Integration/{cpu,vulkan,cuda}/
// run-matmul-transposed.mlir; their RUN lines make the f16 and bf16
// programs with sed (s/f32/f16/). Inputs/check_transposed_matmul.py feeds
// each operand with its transpose (at = a^T, bt = b^T) and wants every
// result equal to numpy's a @ b: a transposed operand read the wrong way
// round gives another product, which the CPU reference of --check alone
// (the same lowering) would not see.

// a: M x K, at: K x M, b: K x N, bt: N x K (dynamic). All four are a @ b.
func.func @transposed(%a: tensor<?x?xf32>, %at: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bt: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %1 = ferric.matmul %a, %bt transpose_rhs : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %2 = ferric.matmul %at, %b transpose_lhs : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %3 = ferric.matmul %at, %bt transpose_lhs transpose_rhs : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// The same, batched (B x M x K and so on), dynamic.
func.func @batched(%a: tensor<?x?x?xf32>, %at: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>, %bt: tensor<?x?x?xf32>)
    -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %0 = ferric.matmul %a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %1 = ferric.matmul %a, %bt transpose_rhs : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %2 = ferric.matmul %at, %b transpose_lhs : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %3 = ferric.matmul %at, %bt transpose_lhs transpose_rhs : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %0, %1, %2, %3 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>
}

// A linear layer, x @ w^T + bias with w stored N x K (torch's layout),
// and the same through relu: on CUDA one cuBLASLt call each, with the
// bias (and relu) in its epilogue.
func.func @linear(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %x, %w transpose_rhs : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %m = tensor.dim %p, %c0 : tensor<?x?xf32>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @linear_relu(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %x, %w transpose_rhs : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %m = tensor.dim %p, %c0 : tensor<?x?xf32>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?xf32>
  %1 = ferric.relu %0 : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
