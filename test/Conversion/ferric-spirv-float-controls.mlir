// RUN: ferric-opt %s --ferric-spirv-float-controls | FileCheck %s

// ferric-spirv-float-controls alone: every entry point (here still a
// spirv.func with an entry point ABI, before spirv-lower-abi-attrs) asks
// for SignedZeroInfNanPreserve for each float width its module uses, and
// float arithmetic is NoContraction, where the gpu.module's target
// environment offers the capability and SPV_KHR_float_controls (or SPIR-V
// 1.4). Without them the module is left alone.

// CHECK-LABEL: gpu.module @k
//       CHECK:   spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : f32
//       CHECK:   spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f16
//       CHECK:   spirv.ExecutionMode @e "SignedZeroInfNanPreserve", 16
//       CHECK:   spirv.ExecutionMode @e "SignedZeroInfNanPreserve", 32
//       CHECK:   spirv.ExecutionMode @f "SignedZeroInfNanPreserve", 16
//       CHECK:   spirv.ExecutionMode @f "SignedZeroInfNanPreserve", 32
// CHECK-LABEL: gpu.module @nocap
//   CHECK-NOT:   no_contraction
//   CHECK-NOT:   spirv.ExecutionMode
module attributes {gpu.container_module} {
  gpu.module @k [#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, SignedZeroInfNanPreserve], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_float_controls]>, #spirv.resource_limits<>>] {
    spirv.module @__spv__k Logical GLSL450 {
      spirv.func @f(%a: f32, %h: f16) "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
        %0 = spirv.FMul %a, %a : f32
        %1 = spirv.FAdd %h, %h : f16
        spirv.Return
      }
      spirv.func @e() "None" {
        spirv.Return
      }
      spirv.EntryPoint "GLCompute" @e
    }
  }
  gpu.module @nocap [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>] {
    spirv.module @__spv__nocap Logical GLSL450 {
      spirv.func @g(%a: f32) "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
        %0 = spirv.FSub %a, %a : f32
        spirv.Return
      }
    }
  }
}
