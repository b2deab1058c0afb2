// ferric.matmul on f16, 2-D and batched, for the ferric-run integration
// tests (test/Integration/{cpu,cuda}/run-matmul.mlir). A matmul is a
// fusion barrier; f16 and bf16 accumulate in f32.
// Generated from one template for f16, bf16, f32 and f64: keep the four
// files in step.

// a: M x K, b: K x N, ba: B x M x K, bb: B x K x N (dynamic), sa and sb
// static. The results: a * b, ba * bb, sa * sb.
func.func @matmuls(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %ba: tensor<?x?x?xf16>, %bb: tensor<?x?x?xf16>, %sa: tensor<33x65xf16>, %sb: tensor<65x17xf16>)
    -> (tensor<?x?xf16>, tensor<?x?x?xf16>, tensor<33x17xf16>) {
  %0 = ferric.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  %1 = ferric.matmul %ba, %bb : tensor<?x?x?xf16>, tensor<?x?x?xf16> -> tensor<?x?x?xf16>
  %2 = ferric.matmul %sa, %sb : tensor<33x65xf16>, tensor<65x17xf16> -> tensor<33x17xf16>
  return %0, %1, %2 : tensor<?x?xf16>, tensor<?x?x?xf16>, tensor<33x17xf16>
}

// A prologue and an epilogue around the barrier: relu(tanh(a) * b + bias)
// with the bias row broadcast, and the product itself.
func.func @mm_epilogue(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %bias: tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %t = ferric.tanh %a : tensor<?x?xf16>
  %p = ferric.matmul %t, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  %n = tensor.dim %p, %c0 : tensor<?x?xf16>
  %bb = ferric.broadcast %bias dims [0] sizes(%n) : tensor<?xf16> -> tensor<?x?xf16>
  %0 = ferric.add %p, %bb : tensor<?x?xf16>
  %1 = ferric.relu %0 : tensor<?x?xf16>
  return %1, %p : tensor<?x?xf16>, tensor<?x?xf16>
}
