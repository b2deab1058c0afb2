// What WGSL cannot express exactly is one error at the op, never WGSL that
// computes something else.
// RUN: not ferric-translate --mlir-to-wgsl --split-input-file %s 2>&1 | FileCheck %s

// CHECK: error: WGSL has no f64: WebGPU kernels compute in f32 (and f16); run f64 programs on cpu or cuda
module attributes {gpu.container_module} {
  gpu.module @f64_kernel {
    gpu.func @f64_kernel(%a: memref<16xf64>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<16xf64>
      %y = arith.addf %x, %x : f64
      memref.store %y, %a[%t] : memref<16xf64>
      gpu.return
    }
  }
}

// -----

// CHECK: error: WGSL emission: kernel argument #0 is a 'f32', not a buffer
module attributes {gpu.container_module} {
  gpu.module @scalar_kernel {
    gpu.func @scalar_kernel(%s: f32, %a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      memref.store %s, %a[%t] : memref<16xf32>
      gpu.return
    }
  }
}

// -----

// CHECK: error: WGSL emission: 'gpu.shuffle' has no WGSL counterpart in Ferric's emitter
module attributes {gpu.container_module} {
  gpu.module @shuffle_kernel {
    gpu.func @shuffle_kernel(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %x = memref.load %a[%t] : memref<16xf32>
      %y, %ok = gpu.shuffle xor %x, %c1, %c32 : f32
      memref.store %y, %a[%t] : memref<16xf32>
      gpu.return
    }
  }
}

// -----

// CHECK: error: WGSL has no 64-bit integers
module attributes {gpu.container_module} {
  gpu.module @i64_kernel {
    gpu.func @i64_kernel(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c = arith.constant 5 : i64
      %i = arith.index_cast %c : i64 to index
      %x = memref.load %a[%i] : memref<16xf32>
      memref.store %x, %a[%t] : memref<16xf32>
      gpu.return
    }
  }
}
