// Kernels for the Ferric Vulkan runtime smoke test. kernels.spvasm is the
// SPIR-V that MLIR's Vulkan pipeline produces from this file; regenerate it
// with regenerate.sh (see ../../ABI.md for the pipeline).
//
// The module holds two kernels on purpose: MLIR gives each kernel its own
// buffer variables, all in descriptor set 0 from binding 0, so one module
// exercises per-entry-point binding reflection.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>,
    #spirv.resource_limits<>>
} {
  gpu.module @kernels {
    // out[i] = a[i] + b[i], one invocation per workgroup (as MLIR's addf.mlir).
    gpu.func @kernel_add(%a : memref<8xf32>, %b : memref<8xf32>,
                         %out : memref<8xf32>) kernel attributes {
        spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %i = gpu.block_id x
      %x = memref.load %a[%i] : memref<8xf32>
      %y = memref.load %b[%i] : memref<8xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %out[%i] : memref<8xf32>
      gpu.return
    }

    // out[i] = 2 * in[i] + i with 16-wide workgroups, to check that block
    // and thread ids both reach the kernel.
    gpu.func @kernel_axpi(%in : memref<64xi32>, %out : memref<64xi32>) kernel
        attributes {
        spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %c16 = arith.constant 16 : index
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %c16 : index
      %i = arith.addi %base, %tid : index
      %x = memref.load %in[%i] : memref<64xi32>
      %twice = arith.addi %x, %x : i32
      %ii = arith.index_cast %i : index to i32
      %r = arith.addi %twice, %ii : i32
      memref.store %r, %out[%i] : memref<64xi32>
      gpu.return
    }
  }

  // The host side whose lowered form the smoke test imitates call by call.
  func.func @main(%a : memref<8xf32>, %b : memref<8xf32>, %out : memref<8xf32>,
                  %in : memref<64xi32>, %res : memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @kernels::@kernel_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<8xf32>, %b : memref<8xf32>, %out : memref<8xf32>)
    gpu.launch_func @kernels::@kernel_axpi
        blocks in (%c4, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%in : memref<64xi32>, %res : memref<64xi32>)
    return
  }
}
