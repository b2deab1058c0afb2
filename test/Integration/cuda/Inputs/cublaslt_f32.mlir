// Matmul with every epilogue ferric-matmul-to-cublaslt folds into one
// cuBLASLt call, and the ones it leaves to a Ferric kernel, on f32, for
// test/Integration/cuda/cublaslt-epilogues-f32.mlir. One entry per
// combination: two epilogues of one product would share it (ferric.matmul
// is Pure, so CSE merges the matmuls) and then none is fused.
// Generated from one template for f16, bf16 and f32: keep them in step.
// a: M x K, b: K x N, bias: N, res: M x N.

func.func @plain(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

func.func @bias(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %m = tensor.dim %p, %c0 : tensor<?x?xf32>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @relu(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %0 = ferric.relu %p : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @bias_relu(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %m = tensor.dim %p, %c0 : tensor<?x?xf32>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?xf32>
  %1 = ferric.relu %0 : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

func.func @gelu(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %0 = ferric.gelu %p : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @bias_gelu(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %m = tensor.dim %p, %c0 : tensor<?x?xf32>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?xf32>
  %1 = ferric.gelu %0 : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// The exact GELU is no cuBLASLt epilogue: bias in the call, erf in a kernel.
func.func @bias_gelu_erf(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %m = tensor.dim %p, %c0 : tensor<?x?xf32>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?xf32>
  %1 = ferric.gelu %0 exact : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// relu(a b + bias) + res: the residual add is a kernel reading the result.
func.func @bias_relu_residual(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>, %res: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %m = tensor.dim %p, %c0 : tensor<?x?xf32>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?xf32>
  %1 = ferric.relu %0 : tensor<?x?xf32>
  %2 = ferric.add %1, %res : tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// SwiGLU: silu(a w1) * (a w3), two calls and one kernel.
func.func @swiglu(%a: tensor<?x?xf32>, %w1: tensor<?x?xf32>, %w3: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %g = ferric.matmul %a, %w1 : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %u = ferric.matmul %a, %w3 : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %s = ferric.silu %g : tensor<?x?xf32>
  %0 = ferric.mul %s, %u : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @batched(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %p = ferric.matmul %a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  return %p : tensor<?x?x?xf32>
}

// One bias row for every batch.
func.func @batched_bias_gelu(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = ferric.matmul %a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32> -> tensor<?x?x?xf32>
  %nb = tensor.dim %p, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %p, %c1 : tensor<?x?x?xf32>
  %bb = ferric.broadcast %bias dims [0, 1] sizes(%nb, %m) : tensor<?xf32> -> tensor<?x?x?xf32>
  %0 = ferric.add %p, %bb : tensor<?x?x?xf32>
  %1 = ferric.gelu %0 : tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}

// 0.5 (a b) + bias, then GELU: scale, bias and GELU in one call (static
// shape: the scale is a splat constant).
func.func @scale_bias_gelu(%a: tensor<255x17xf32>, %b: tensor<17x1000xf32>, %bias: tensor<1000xf32>) -> tensor<255x1000xf32> {
  %half = arith.constant dense<0.5> : tensor<255x1000xf32>
  %p = ferric.matmul %a, %b : tensor<255x17xf32>, tensor<17x1000xf32> -> tensor<255x1000xf32>
  %s = ferric.mul %p, %half : tensor<255x1000xf32>
  %bb = ferric.broadcast %bias dims [0] : tensor<1000xf32> -> tensor<255x1000xf32>
  %0 = ferric.add %s, %bb : tensor<255x1000xf32>
  %1 = ferric.gelu %0 : tensor<255x1000xf32>
  return %1 : tensor<255x1000xf32>
}
