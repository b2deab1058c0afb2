// Matmul with every epilogue ferric-matmul-to-cublaslt folds into one
// cuBLASLt call, and the ones it leaves to a Ferric kernel, on bf16, for
// test/Integration/cuda/cublaslt-epilogues-bf16.mlir. One entry per
// combination: two epilogues of one product would share it (ferric.matmul
// is Pure, so CSE merges the matmuls) and then none is fused.
// Generated from one template for f16, bf16 and f32: keep them in step.
// a: M x K, b: K x N, bias: N, res: M x N.

func.func @plain(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %p = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  return %p : tensor<?x?xbf16>
}

func.func @bias(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %bias: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %m = tensor.dim %p, %c0 : tensor<?x?xbf16>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %0 = ferric.add %p, %bb : tensor<?x?xbf16>
  return %0 : tensor<?x?xbf16>
}

func.func @relu(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %p = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %0 = ferric.relu %p : tensor<?x?xbf16>
  return %0 : tensor<?x?xbf16>
}

func.func @bias_relu(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %bias: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %m = tensor.dim %p, %c0 : tensor<?x?xbf16>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %0 = ferric.add %p, %bb : tensor<?x?xbf16>
  %1 = ferric.relu %0 : tensor<?x?xbf16>
  return %1 : tensor<?x?xbf16>
}

func.func @gelu(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %p = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %0 = ferric.gelu %p : tensor<?x?xbf16>
  return %0 : tensor<?x?xbf16>
}

func.func @bias_gelu(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %bias: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %m = tensor.dim %p, %c0 : tensor<?x?xbf16>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %0 = ferric.add %p, %bb : tensor<?x?xbf16>
  %1 = ferric.gelu %0 : tensor<?x?xbf16>
  return %1 : tensor<?x?xbf16>
}

// The exact GELU is no cuBLASLt epilogue: bias in the call, erf in a kernel.
func.func @bias_gelu_erf(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %bias: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %m = tensor.dim %p, %c0 : tensor<?x?xbf16>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %0 = ferric.add %p, %bb : tensor<?x?xbf16>
  %1 = ferric.gelu %0 exact : tensor<?x?xbf16>
  return %1 : tensor<?x?xbf16>
}

// relu(a b + bias) + res: the residual add is a kernel reading the result.
func.func @bias_relu_residual(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %bias: tensor<?xbf16>, %res: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %m = tensor.dim %p, %c0 : tensor<?x?xbf16>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %0 = ferric.add %p, %bb : tensor<?x?xbf16>
  %1 = ferric.relu %0 : tensor<?x?xbf16>
  %2 = ferric.add %1, %res : tensor<?x?xbf16>
  return %2 : tensor<?x?xbf16>
}

// SwiGLU: silu(a w1) * (a w3), two calls and one kernel.
func.func @swiglu(%a: tensor<?x?xbf16>, %w1: tensor<?x?xbf16>, %w3: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %g = ferric.matmul %a, %w1 : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %u = ferric.matmul %a, %w3 : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %s = ferric.silu %g : tensor<?x?xbf16>
  %0 = ferric.mul %s, %u : tensor<?x?xbf16>
  return %0 : tensor<?x?xbf16>
}

func.func @batched(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> {
  %p = ferric.matmul %a, %b : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %p : tensor<?x?x?xbf16>
}

// One bias row for every batch.
func.func @batched_bias_gelu(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>, %bias: tensor<?xbf16>) -> tensor<?x?x?xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = ferric.matmul %a, %b : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  %nb = tensor.dim %p, %c0 : tensor<?x?x?xbf16>
  %m = tensor.dim %p, %c1 : tensor<?x?x?xbf16>
  %bb = ferric.broadcast %bias dims [0, 1] sizes(%nb, %m) : tensor<?xbf16> -> tensor<?x?x?xbf16>
  %0 = ferric.add %p, %bb : tensor<?x?x?xbf16>
  %1 = ferric.gelu %0 : tensor<?x?x?xbf16>
  return %1 : tensor<?x?x?xbf16>
}

// 0.5 (a b) + bias, then GELU: scale, bias and GELU in one call (static
// shape: the scale is a splat constant).
func.func @scale_bias_gelu(%a: tensor<255x17xbf16>, %b: tensor<17x1000xbf16>, %bias: tensor<1000xbf16>) -> tensor<255x1000xbf16> {
  %half = arith.constant dense<0.5> : tensor<255x1000xbf16>
  %p = ferric.matmul %a, %b : tensor<255x17xbf16>, tensor<17x1000xbf16> -> tensor<255x1000xbf16>
  %s = ferric.mul %p, %half : tensor<255x1000xbf16>
  %bb = ferric.broadcast %bias dims [0] : tensor<1000xbf16> -> tensor<255x1000xbf16>
  %0 = ferric.add %s, %bb : tensor<255x1000xbf16>
  %1 = ferric.gelu %0 : tensor<255x1000xbf16>
  return %1 : tensor<255x1000xbf16>
}
