// Static-shape programs that the Vulkan path does not run correctly yet,
// one known bug each, for the XFAIL tests in test/Integration/vulkan/
// (xfail-*.mlir). The same programs work on the CPU.

// 16-bit floats: the kernel works on the 16-bit buffers as 32-bit words,
// which gives wrong numbers (an odd size fails the runtime's buffer size
// check instead).
func.func @f16_add(%a: tensor<1024xf16>, %b: tensor<1024xf16>) -> tensor<1024xf16> {
  %0 = ferric.add %a, %b : tensor<1024xf16>
  return %0 : tensor<1024xf16>
}

func.func @bf16_add(%a: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<1024xbf16> {
  %0 = ferric.add %a, %b : tensor<1024xbf16>
  return %0 : tensor<1024xbf16>
}

// f64: the kernel does not legalize ('gpu.func').
func.func @f64_add(%a: tensor<1023xf64>, %b: tensor<1023xf64>) -> tensor<1023xf64> {
  %0 = ferric.add %a, %b : tensor<1023xf64>
  return %0 : tensor<1023xf64>
}

// An i1 tensor in a kernel's buffers (a result here): 'gpu.launch_func' is
// left illegal.
func.func @i1_result(%a: tensor<1023xf32>, %b: tensor<1023xf32>) -> tensor<1023xi1> {
  %0 = ferric.cmp lt, %a, %b : tensor<1023xf32>
  return %0 : tensor<1023xi1>
}

// gelu exact: 'math.erf' does not legalize for SPIR-V.
func.func @gelu_exact(%a: tensor<1023xf32>) -> tensor<1023xf32> {
  %0 = ferric.gelu %a exact : tensor<1023xf32>
  return %0 : tensor<1023xf32>
}

// Rank 2: the host code keeps a 'memref.collapse_shape' that is never
// lowered to LLVM ("cannot JIT the module").
func.func @rank2_add(%a: tensor<37x65xf32>, %b: tensor<37x65xf32>) -> tensor<37x65xf32> {
  %0 = ferric.add %a, %b : tensor<37x65xf32>
  return %0 : tensor<37x65xf32>
}

// A broadcast, even rank 0 to 1-D: 'affine.apply' does not legalize.
func.func @broadcast(%a: tensor<1023xf32>, %s: tensor<f32>) -> tensor<1023xf32> {
  %b = ferric.broadcast %s dims [0] : tensor<f32> -> tensor<1023xf32>
  %0 = ferric.add %a, %b : tensor<1023xf32>
  return %0 : tensor<1023xf32>
}

// ferric.reduce: 'affine.apply' does not legalize.
func.func @reduce(%a: tensor<37x65xf32>) -> tensor<37xf32> {
  %0 = ferric.reduce sum %a dims [1] : tensor<37x65xf32> -> tensor<37xf32>
  return %0 : tensor<37xf32>
}

// ferric.matmul: 'affine.apply' does not legalize.
func.func @matmul(%a: tensor<33x65xf32>, %b: tensor<65x17xf32>) -> tensor<33x17xf32> {
  %0 = ferric.matmul %a, %b : tensor<33x65xf32>, tensor<65x17xf32> -> tensor<33x17xf32>
  return %0 : tensor<33x17xf32>
}
