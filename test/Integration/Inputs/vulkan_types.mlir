// Static-shape programs for test/Integration/vulkan/run-types.mlir: each
// exercised a gap of the SPIR-V path that is now closed (the comment above
// each says what made it work). The same programs run on the CPU.

// f16: Float16 + 16-bit storage in the target env (an odd size checks that
// buffers are not addressed as 32-bit words).
func.func @f16_add(%a: tensor<1023xf16>, %b: tensor<1023xf16>) -> tensor<1023xf16> {
  %0 = ferric.add %a, %b : tensor<1023xf16>
  return %0 : tensor<1023xf16>
}

// bf16: computed in f32, buffers as i16 words (ferric-bf16-buffers-as-i16).
func.func @bf16_swiglu(%a: tensor<1023xbf16>, %b: tensor<1023xbf16>) -> tensor<1023xbf16> {
  %s = ferric.silu %a : tensor<1023xbf16>
  %0 = ferric.mul %s, %b : tensor<1023xbf16>
  return %0 : tensor<1023xbf16>
}

// f64: Float64 in the target env (arithmetic; GLSL.std.450 has no f64
// transcendentals, which ferric-legalize-math-for-spirv diagnoses).
func.func @f64_add(%a: tensor<1023xf64>, %b: tensor<1023xf64>) -> tensor<1023xf64> {
  %0 = ferric.add %a, %b : tensor<1023xf64>
  return %0 : tensor<1023xf64>
}

// An i1 tensor in a kernel's buffers (a result here): 8-bit storage in the
// kernel, ferric-launch-bool-buffers-as-bytes on the host.
func.func @i1_result(%a: tensor<1023xf32>, %b: tensor<1023xf32>) -> tensor<1023xi1> {
  %0 = ferric.cmp lt, %a, %b : tensor<1023xf32>
  return %0 : tensor<1023xi1>
}

// gelu exact: math.erf expanded by ferric-legalize-math-for-spirv.
func.func @gelu_exact(%a: tensor<1023xf32>) -> tensor<1023xf32> {
  %0 = ferric.gelu %a exact : tensor<1023xf32>
  return %0 : tensor<1023xf32>
}

// Rank 2: the host's memref.collapse_shape needs expand-strided-metadata.
func.func @rank2_add(%a: tensor<37x65xf32>, %b: tensor<37x65xf32>) -> tensor<37x65xf32> {
  %0 = ferric.add %a, %b : tensor<37x65xf32>
  return %0 : tensor<37x65xf32>
}

// A broadcast (rank 0 to 1-D): lower-affine before outlining.
func.func @broadcast(%a: tensor<1023xf32>, %s: tensor<f32>) -> tensor<1023xf32> {
  %b = ferric.broadcast %s dims [0] : tensor<f32> -> tensor<1023xf32>
  %0 = ferric.add %a, %b : tensor<1023xf32>
  return %0 : tensor<1023xf32>
}

// ferric.reduce: lower-affine, and ferric-sink-into-launch so that no
// scalar becomes a kernel argument.
func.func @reduce(%a: tensor<37x65xf32>) -> tensor<37xf32> {
  %0 = ferric.reduce sum %a dims [1] : tensor<37x65xf32> -> tensor<37xf32>
  return %0 : tensor<37xf32>
}

// ferric.matmul: as ferric.reduce.
func.func @matmul(%a: tensor<33x65xf32>, %b: tensor<65x17xf32>) -> tensor<33x17xf32> {
  %0 = ferric.matmul %a, %b : tensor<33x65xf32>, tensor<65x17xf32> -> tensor<33x17xf32>
  return %0 : tensor<33x17xf32>
}
