// REQUIRES: spirv-tools
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-spirv -o %t/out.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/out.mlir --out-dir %t
// RUN: spirv-val --target-env vulkan1.1 %t/swiglu_kernel.spv
// RUN: spirv-val --target-env vulkan1.1 %t/gelu_chain_kernel.spv
// RUN: spirv-dis %t/swiglu_kernel.spv | FileCheck %s --check-prefix=SWIGLU
// RUN: spirv-dis %t/gelu_chain_kernel.spv | FileCheck %s --check-prefix=GELU
//
// block-size sets the workgroup size.
// RUN: mkdir -p %t/bs && ferric-opt %s --ferric-lower-to-spirv="block-size=128" -o %t/bs/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/bs/out.mlir --out-dir %t/bs
// RUN: spirv-val --target-env vulkan1.1 %t/bs/swiglu_kernel.spv
// RUN: spirv-dis %t/bs/swiglu_kernel.spv | FileCheck %s --check-prefix=BS128

// The ferric-lower-to-spirv pipeline end to end: each chain becomes one
// GLCompute kernel with one storage buffer per input and output, valid for
// Vulkan 1.1, serialized into a gpu.binary; the host calls the mgpu* runtime.

// HOST: module attributes {gpu.container_module}
// HOST-LABEL: llvm.func @swiglu(
// HOST: gpu.launch_func @swiglu_kernel::@swiglu_kernel
// HOST-NOT: gpu.launch_func
// HOST: llvm.return
// HOST: gpu.binary @swiglu_kernel [#gpu.object<#spirv.target_env<#spirv.vce<v1.3, [Shader, Int8, Int16, Float16, Float64, StorageBuffer8BitAccess, StorageBuffer16BitAccess, SignedZeroInfNanPreserve], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_8bit_storage, SPV_KHR_16bit_storage, SPV_KHR_float_controls]>, api=Vulkan
// HOST-LABEL: llvm.func @gelu_chain(
// HOST: gpu.launch_func @gelu_chain_kernel::@gelu_chain_kernel
// HOST-NOT: gpu.launch_func
// HOST: llvm.return
// HOST-NOT: gpu.module

// The target env offers more (16/8-bit storage, Float64), but an f32
// kernel declares only what it uses.
// SWIGLU-NOT: OpCapability {{Int|Float|StorageBuffer}}
// SWIGLU: OpCapability Shader
// SWIGLU-NOT: OpCapability {{Int|Float|StorageBuffer}}
// SWIGLU: OpExtension "SPV_KHR_storage_buffer_storage_class"
// IEEE special values (ferric-spirv-float-controls):
// SWIGLU: OpExtension "SPV_KHR_float_controls"
// SWIGLU-NOT: OpExtension
// SWIGLU: [[GLSL:%[0-9]+]] = OpExtInstImport "GLSL.std.450"
// SWIGLU: OpEntryPoint GLCompute %swiglu_kernel "swiglu_kernel"
// SWIGLU: OpExecutionMode %swiglu_kernel LocalSize 64 1 1
// SWIGLU-DAG: OpDecorate %swiglu_kernel_arg_0 Binding 0
// SWIGLU-DAG: OpDecorate %swiglu_kernel_arg_1 Binding 1
// SWIGLU-DAG: OpDecorate %swiglu_kernel_arg_2 Binding 2
// SWIGLU-DAG: OpDecorate %swiglu_kernel_arg_{{[0-9]}} DescriptorSet 0
// SWIGLU-DAG: %_arr_float_uint_1024 = OpTypeArray %float %uint_1024
// SWIGLU-NOT: Binding 3
// SWIGLU: %swiglu_kernel = OpFunction %void None
// silu(a) * b
// SWIGLU: [[A:%[0-9]+]] = OpLoad %float
// SWIGLU: [[B:%[0-9]+]] = OpLoad %float
// SWIGLU: [[N:%[0-9]+]] = OpFNegate %float [[A]]
// SWIGLU: [[E:%[0-9]+]] = OpExtInst %float [[GLSL]] Exp [[N]]
// exp(NaN) = NaN, exp(-inf) = 0, exp(inf) = inf (GLSL leaves them undefined):
// SWIGLU: [[G:%[0-9]+]] = OpSelect %float %{{[0-9]+}} [[N]] %{{[0-9]+}}
// SWIGLU: [[D:%[0-9]+]] = OpFAdd %float [[G]] %float_1
// SWIGLU: [[S:%[0-9]+]] = OpFDiv %float %float_1 [[D]]
// SWIGLU: [[X:%[0-9]+]] = OpFMul %float [[A]] [[S]]
// SWIGLU: [[R:%[0-9]+]] = OpFMul %float [[X]] [[B]]
// SWIGLU: OpStore %{{[0-9]+}} [[R]]
// SWIGLU: OpFunctionEnd
func.func @swiglu(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xf32> {
  %s = ferric.silu %a : tensor<1024xf32>
  %r = ferric.mul %s, %b : tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// BS128: OpEntryPoint GLCompute %swiglu_kernel "swiglu_kernel"
// BS128: OpExecutionMode %swiglu_kernel LocalSize 128 1 1

// bias add (broadcast), tanh-GELU, scale by a constant, tanh-GELU: one kernel
// reading x and the bias row (two bindings in, one out); the scalar constant
// is folded into the body.
// GELU: OpEntryPoint GLCompute %gelu_chain_kernel "gelu_chain_kernel"
// GELU: OpExecutionMode %gelu_chain_kernel LocalSize 64 1 1
// GELU-DAG: OpDecorate %gelu_chain_kernel_arg_0 Binding 0
// GELU-DAG: OpDecorate %gelu_chain_kernel_arg_1 Binding 1
// GELU-DAG: OpDecorate %gelu_chain_kernel_arg_2 Binding 2
// GELU-DAG: OpTypeArray %float %uint_128
// GELU-DAG: OpTypeArray %float %uint_1024
// GELU-NOT: Binding 3
// (tanh-GELU is x / (1 + exp(-2u)): one Exp each, no Tanh.)
// GELU-NOT: Tanh
// GELU: OpExtInst %float %{{[0-9]+}} Exp
// GELU-NOT: Tanh
// GELU: OpExtInst %float %{{[0-9]+}} Exp
// GELU-NOT: Exp
// GELU: OpFunctionEnd
func.func @gelu_chain(%x: tensor<8x128xf32>, %bias: tensor<128xf32>) -> tensor<8x128xf32> {
  %s = arith.constant 0.5 : f32
  %bb = ferric.broadcast %bias dims [0] : tensor<128xf32> -> tensor<8x128xf32>
  %0 = ferric.add %x, %bb : tensor<8x128xf32>
  %1 = ferric.gelu %0 : tensor<8x128xf32>
  %2 = ferric.mul %1, %s : tensor<8x128xf32>, f32
  %3 = ferric.gelu %2 : tensor<8x128xf32>
  return %3 : tensor<8x128xf32>
}
