// REQUIRES: spirv-tools
// XFAIL: *
// Known bug: ferric.gelu exact does not lower to SPIR-V: math.erf has no
// GLSL.std.450 counterpart and convert-math-to-spirv leaves it, so
// convert-gpu-to-spirv fails with "failed to legalize operation 'math.erf'".
// (A polynomial expansion of erf before the SPIR-V conversion, e.g. upstream's
// math polynomial approximation patterns, would fix it.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-spirv -o %t/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/out.mlir --out-dir %t
// RUN: spirv-val --target-env vulkan1.1 %t/gelu_exact_kernel.spv
func.func @gelu_exact(%x: tensor<256xf32>, %y: tensor<256xf32>) -> tensor<256xf32> {
  %0 = ferric.gelu %x exact : tensor<256xf32>
  %1 = ferric.mul %0, %y : tensor<256xf32>
  return %1 : tensor<256xf32>
}
