// RUN: ferric-opt %s --ferric-spirv-entry-points | FileCheck %s
// RUN: ferric-opt %s --ferric-spirv-entry-points=block-size=32 | FileCheck %s --check-prefix=BS32

// ferric-spirv-entry-points alone: every gpu.func kernel gets
// spirv.entry_point_abi; the workgroup size is the kernel's known_block_size
// when it has one, else (block-size, 1, 1). An existing attribute is kept and
// non-kernel functions get none.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @known
    //  CHECK-SAME:   known_block_size = array<i32: 64, 2, 1>
    //  CHECK-SAME:   spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 2, 1]>
    // BS32-LABEL: gpu.func @known
    //  BS32-SAME:   spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 2, 1]>
    gpu.func @known(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      gpu.return
    }
    // CHECK-LABEL: gpu.func @unknown
    //  CHECK-SAME:   spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>
    // BS32-LABEL: gpu.func @unknown
    //  BS32-SAME:   spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>
    gpu.func @unknown(%a: memref<16xf32>) kernel {
      gpu.return
    }
    // CHECK-LABEL: gpu.func @preset
    //  CHECK-SAME:   {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 8, 1]>}
    // BS32-LABEL: gpu.func @preset
    //  BS32-SAME:   {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 8, 1]>}
    gpu.func @preset(%a: memref<16xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 8, 1]>} {
      gpu.return
    }
    // CHECK-LABEL: gpu.func @helper
    //   CHECK-NOT:   spirv.entry_point_abi
    //       CHECK:   gpu.return
    gpu.func @helper(%a: f32) -> f32 {
      gpu.return %a : f32
    }
  }
  // A kernel in a second module is handled too.
  gpu.module @more {
    // CHECK-LABEL: gpu.func @other
    //  CHECK-SAME:   spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [128, 1, 1]>
    gpu.func @other() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}
