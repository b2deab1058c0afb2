// RUN: ferric-opt %s --split-input-file --ferric-nvvm-occupancy-hints --verify-diagnostics | FileCheck %s

// ferric-nvvm-occupancy-hints alone: a ferric.min_blocks_per_sm mark inside
// an outlined kernel becomes the kernel's nvvm.minctasm (the largest mark;
// an existing larger nvvm.minctasm is kept) and the marks are removed;
// kernels without marks are unchanged.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @two_marks
    //  CHECK-SAME:   nvvm.minctasm = 4 : i32
    //   CHECK-NOT:   ferric.min_blocks_per_sm
    //       CHECK:   gpu.return
    gpu.func @two_marks(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      scf.for %i = %c0 to %c16 step %c1 {
        %v = memref.load %a[%i] : memref<16xf32>
        scf.for %j = %c0 to %c16 step %c1 {
          memref.store %v, %a[%j] : memref<16xf32>
        } {ferric.min_blocks_per_sm = 4 : i32}
      } {ferric.min_blocks_per_sm = 2 : i32}
      gpu.return
    }
    // CHECK-LABEL: gpu.func @keeps_larger
    //  CHECK-SAME:   nvvm.minctasm = 3 : i32
    gpu.func @keeps_larger(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 3 : i32} {
      %c0 = arith.constant 0 : index
      %v = arith.constant {ferric.min_blocks_per_sm = 2 : i32} 1.0 : f32
      memref.store %v, %a[%c0] : memref<16xf32>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @unmarked
    //   CHECK-NOT:   nvvm.minctasm
    //       CHECK:   gpu.return
    gpu.func @unmarked(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      gpu.return
    }
  }
}

// -----

func.func @host(%a: memref<16xf32>) {
  // expected-error @below {{ferric.min_blocks_per_sm outside a gpu.func kernel}}
  %c0 = arith.constant {ferric.min_blocks_per_sm = 2 : i32} 0 : index
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @zero(%a: memref<16xf32>) kernel {
      // expected-error @below {{ferric.min_blocks_per_sm must be a positive i32, got 0 : i32}}
      %c0 = arith.constant {ferric.min_blocks_per_sm = 0 : i32} 0 : index
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_int(%a: memref<16xf32>) kernel {
      // expected-error @below {{ferric.min_blocks_per_sm must be a positive i32, got "two"}}
      %c0 = arith.constant {ferric.min_blocks_per_sm = "two"} 0 : index
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @index_mark(%a: memref<16xf32>) kernel {
      // expected-error @below {{ferric.min_blocks_per_sm must be a positive i32, got 2 : index}}
      %c0 = arith.constant {ferric.min_blocks_per_sm = 2 : index} 0 : index
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @too_many(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 512, 2, 1>} {
      // expected-error @below {{ferric.min_blocks_per_sm = 3 blocks of 1024 threads exceed the 2048 resident threads of an SM}}
      %c0 = arith.constant {ferric.min_blocks_per_sm = 3 : i32} 0 : index
      gpu.return
    }
  }
}
