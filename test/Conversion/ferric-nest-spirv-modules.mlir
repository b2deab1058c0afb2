// RUN: ferric-opt %s --ferric-nest-spirv-modules | FileCheck %s

// ferric-nest-spirv-modules alone: the spirv.module that convert-gpu-to-spirv
// put next to gpu.module @X (named @__spv__X) moves into @X, first, so that
// gpu-module-to-binary serializes it. The gpu.func stays (gpu.launch_func
// still refers to it until gpu-module-to-binary replaces the module; note
// that the pass description (ShaderPasses.td) says the functions are dropped).
// Unrelated spirv.modules and gpu.modules without a match are left alone.

// CHECK-LABEL: module attributes {gpu.container_module}
//       CHECK:   gpu.module @kernels {
//  CHECK-NEXT:     spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
//  CHECK-NEXT:       spirv.func @k() "None"
//  CHECK-NEXT:         spirv.Return
//  CHECK-NEXT:       }
//  CHECK-NEXT:     }
//  CHECK-NEXT:     gpu.func @k(%{{.*}}: memref<16xf32>) kernel
//       CHECK:   }
//       CHECK:   gpu.module @other {
//  CHECK-NEXT:     gpu.func @k2() kernel
//  CHECK-NEXT:       gpu.return
//  CHECK-NEXT:     }
//  CHECK-NEXT:   }
//  CHECK-NEXT:   spirv.module @__spv__unrelated Logical GLSL450 {
//       CHECK:   func.func @host()
//   CHECK-NOT:   spirv.module @__spv__kernels
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      gpu.return
    }
  }
  spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
    spirv.func @k() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      spirv.Return
    }
  }
  gpu.module @other {
    gpu.func @k2() kernel {
      gpu.return
    }
  }
  spirv.module @__spv__unrelated Logical GLSL450 {
  }
  func.func @host() {
    return
  }
}
