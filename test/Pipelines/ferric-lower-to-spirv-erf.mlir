// REQUIRES: spirv-tools
// gelu exact: GLSL.std.450 has no erf; ferric-legalize-math-for-spirv
// expands math.erf into upstream's polynomial approximation before
// convert-math-to-spirv, so the kernel validates and calls no Erf.
// (Its numbers are checked on lavapipe in Integration/vulkan/run-types.mlir.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-spirv -o %t/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/out.mlir --out-dir %t
// RUN: spirv-val --target-env vulkan1.1 %t/gelu_exact_kernel.spv
// RUN: spirv-dis %t/gelu_exact_kernel.spv | FileCheck %s

// CHECK: OpEntryPoint GLCompute %gelu_exact_kernel
// CHECK-NOT: Erf
// CHECK: OpFunction
// The approximation: polynomials evaluated with fused multiply-adds.
// CHECK-COUNT-8: OpExtInst %float %{{[0-9]+}} Fma
// CHECK-NOT: OpExtInst %float %{{[0-9]+}} {{Fma|Erf}}
// CHECK: OpFunctionEnd
func.func @gelu_exact(%x: tensor<256xf32>, %y: tensor<256xf32>) -> tensor<256xf32> {
  %0 = ferric.gelu %x exact : tensor<256xf32>
  %1 = ferric.mul %0, %y : tensor<256xf32>
  return %1 : tensor<256xf32>
}
