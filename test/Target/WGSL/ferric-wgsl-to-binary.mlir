// ferric-wgsl-to-binary replaces each gpu.module by a gpu.binary whose
// object is the kernel's manifest and WGSL; the launch is unchanged.
// RUN: ferric-opt --ferric-wgsl-to-binary %s | FileCheck %s

// CHECK-LABEL: func.func @k
// CHECK: gpu.launch_func {{.*}}@k_kernel::@k_kernel
// CHECK-NOT: gpu.module
// CHECK: gpu.binary @k_kernel
// CHECK-SAME: #gpu.object<#spirv.target_env
// CHECK-SAME: \22access\22:\22read\22
// CHECK-SAME: \22access\22:\22read_write\22
// CHECK-SAME: @compute @workgroup_size(64, 1, 1)
// CHECK-SAME: arg1[v{{[0-9]+}}] = v{{[0-9]+}};
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  func.func @k(%a: memref<16xf32>, %b: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k_kernel::@k_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>, %b : memref<16xf32>)
    return
  }
  gpu.module @k_kernel [#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, api=Vulkan, #spirv.resource_limits<>>] {
    gpu.func @k_kernel(%a: memref<16xf32>, %b: memref<16xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<16xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %b[%t] : memref<16xf32>
      gpu.return
    }
  }
}
