// End-to-end test: MLIR's Vulkan pipeline lowers this file, mlir-runner JITs
// the host code and resolves its mgpu* calls against
// libferric_vulkan_runtime.so instead of MLIR's own Vulkan runtime.
//
//   mlir-opt runner_kernels.mlir -convert-linalg-to-loops -convert-scf-to-cf \
//       -test-vulkan-runner-pipeline \
//     | mlir-runner - --entry-point-result=void -e ferric_vulkan_e2e_main \
//         --shared-libs=libferric_vulkan_runtime.so,libmlir_runner_utils.so
//
// The same lowered host code is also compiled ahead of time with llc and
// linked into vulkan_runtime_aot (see vulkan_runtime_aot.cpp).
//
// Expected output (checked by ctest):
//   [3.3,  3.3,  3.3,  3.3,  3.3,  3.3,  3.3,  3.3]
//   [0,  3,  6,  9, ...,  189]   (3 * i for i in 0..63)
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>,
    #spirv.resource_limits<>>
} {
  gpu.module @kernels {
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

  func.func @ferric_vulkan_e2e_main() {
    %a = memref.alloc() : memref<8xf32>
    %b = memref.alloc() : memref<8xf32>
    %out = memref.alloc() : memref<8xf32>
    %f0 = arith.constant 0.0 : f32
    %f1 = arith.constant 1.1 : f32
    %f2 = arith.constant 2.2 : f32
    linalg.fill ins(%f1 : f32) outs(%a : memref<8xf32>)
    linalg.fill ins(%f2 : f32) outs(%b : memref<8xf32>)
    linalg.fill ins(%f0 : f32) outs(%out : memref<8xf32>)

    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@kernel_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<8xf32>, %b : memref<8xf32>, %out : memref<8xf32>)
    %outU = memref.cast %out : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%outU) : (memref<*xf32>) -> ()

    %in = memref.alloc() : memref<64xi32>
    %res = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %in[%i] : memref<64xi32>
    }
    gpu.launch_func @kernels::@kernel_axpi
        blocks in (%c4, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%in : memref<64xi32>, %res : memref<64xi32>)
    %resU = memref.cast %res : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%resU) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefF32(%ptr : memref<*xf32>)
  func.func private @printMemrefI32(%ptr : memref<*xi32>)
}
