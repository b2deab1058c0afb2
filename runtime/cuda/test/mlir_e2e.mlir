// End-to-end test of the runtime against the host code LLVM 22 generates.
//
// Lowered with --gpu-lower-to-nvvm-pipeline, translated to LLVM IR and
// compiled ahead of time, this module calls the mgpu* ABI exactly as a JIT'd
// Ferric program does: the kernel binary is loaded by a global constructor
// (mgpuModuleLoad for cubin/fatbin, mgpuModuleLoadJIT for PTX) and
// @ferric_e2e allocates, copies, launches (plainly and as a cluster), sets
// memory and registers host memory through them. mlir_e2e_main.cpp checks
// the results.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_one(%x: memref<?xf32>, %n: index) kernel {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %one = arith.constant 1.0 : f32
        %v = memref.load %x[%i] : memref<?xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %x[%i] : memref<?xf32>
      }
      gpu.return
    }
  }

  func.func @ferric_e2e(%host: memref<?xf32>, %fill: memref<?xf32>, %fill16: memref<?xi16>) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %four = arith.constant 4.0 : f32
    %beef = arith.constant -16657 : i16 // 0xBEEF
    %n = memref.dim %host, %c0 : memref<?xf32>
    %unranked = memref.cast %host : memref<?xf32> to memref<*xf32>
    gpu.host_register %unranked : memref<*xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    %pairs = arith.ceildivui %n, %c512 : index
    %even = arith.muli %pairs, %c2 : index
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %t2 = gpu.memcpy async [%t1] %d, %host : memref<?xf32>, memref<?xf32>
    %t3 = gpu.launch_func async [%t2] @kernels::@add_one blocks in (%blocks, %c1, %c1) threads in (%c256, %c1, %c1) args(%d : memref<?xf32>, %n : index)
    %t4 = gpu.launch_func async [%t3] @kernels::@add_one clusters in (%c2, %c1, %c1) blocks in (%even, %c1, %c1) threads in (%c256, %c1, %c1) args(%d : memref<?xf32>, %n : index)
    %t5 = gpu.memcpy async [%t4] %host, %d : memref<?xf32>, memref<?xf32>
    %t6 = gpu.memset async [%t5] %d, %four : memref<?xf32>, f32
    %t7 = gpu.memcpy async [%t6] %fill, %d : memref<?xf32>, memref<?xf32>
    %d16, %t8 = gpu.alloc async [%t7] (%n) : memref<?xi16>
    %t9 = gpu.memset async [%t8] %d16, %beef : memref<?xi16>, i16
    %t10 = gpu.memcpy async [%t9] %fill16, %d16 : memref<?xi16>, memref<?xi16>
    %t11 = gpu.dealloc async [%t10] %d16 : memref<?xi16>
    %t12 = gpu.dealloc async [%t11] %d : memref<?xf32>
    gpu.wait [%t12]
    gpu.host_unregister %unranked : memref<*xf32>
    return
  }
}
