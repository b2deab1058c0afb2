// RUN: ferric-opt %s --split-input-file --verify-diagnostics --ferric-bf16-buffers-as-i16 | FileCheck %s

// ferric-bf16-buffers-as-i16 alone: a kernel's bf16 memref arguments become
// i16 memrefs (loads gain a bitcast to bf16, stores a bitcast to i16), and
// the launches pass their bf16 buffers through unrealized_conversion_cast.
// Non-kernel functions and other element types are unchanged.

// CHECK-LABEL: func.func @host
//  CHECK-SAME:   (%[[A:.*]]: memref<4xbf16>, %[[F:.*]]: memref<4xf32>)
//       CHECK:   %[[W:.*]] = builtin.unrealized_conversion_cast %[[A]] : memref<4xbf16> to memref<4xi16>
//       CHECK:   gpu.launch_func @k::@k {{.*}} args(%[[W]] : memref<4xi16>, %[[F]] : memref<4xf32>)
// CHECK-LABEL: gpu.func @k
//  CHECK-SAME:   (%[[KA:.*]]: memref<4xi16>, %[[KF:.*]]: memref<4xf32>) kernel
//       CHECK:   %[[L:.*]] = memref.load %[[KA]][%{{.*}}] : memref<4xi16>
//       CHECK:   %[[V:.*]] = arith.bitcast %[[L]] : i16 to bf16
//       CHECK:   %[[E:.*]] = arith.extf %[[V]] : bf16 to f32
//       CHECK:   %[[T:.*]] = arith.truncf %[[E]] : f32 to bf16
//       CHECK:   %[[S:.*]] = arith.bitcast %[[T]] : bf16 to i16
//       CHECK:   memref.store %[[S]], %[[KA]][%{{.*}}] : memref<4xi16>
//       CHECK:   memref.store %[[E]], %[[KF]]
// CHECK-LABEL: gpu.func @helper
//  CHECK-SAME:   memref<4xbf16>
module attributes {gpu.container_module} {
  func.func @host(%a: memref<4xbf16>, %f: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xbf16>, %f : memref<4xf32>)
    return
  }
  gpu.module @k {
    gpu.func @k(%a: memref<4xbf16>, %f: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<4xbf16>
      %e = arith.extf %v : bf16 to f32
      %t = arith.truncf %e : f32 to bf16
      memref.store %t, %a[%c0] : memref<4xbf16>
      memref.store %e, %f[%c0] : memref<4xf32>
      gpu.return
    }
    gpu.func @helper(%a: memref<4xbf16>) {
      gpu.return
    }
  }
}

// -----

// Workgroup tiles allocated in the kernel (ferric-matmul-to-gpu on SPIR-V)
// are re-typed too.
// CHECK-LABEL: gpu.func @tile
//       CHECK:   %[[T:.*]] = memref.alloc() : memref<16xi16, 3>
//       CHECK:   %[[Z:.*]] = arith.bitcast %{{.*}} : bf16 to i16
//       CHECK:   memref.store %[[Z]], %[[T]]
//       CHECK:   %[[L:.*]] = memref.load %[[T]]
// (the pipeline's canonicalize folds these two bitcasts away)
//       CHECK:   %[[B:.*]] = arith.bitcast %[[L]] : i16 to bf16
//       CHECK:   %[[W:.*]] = arith.bitcast %[[B]] : bf16 to i16
//       CHECK:   memref.store %[[W]], %{{.*}} : memref<16xi16>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tile(%out: memref<16xbf16>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : bf16
      %t = memref.alloc() : memref<16xbf16, 3>
      memref.store %zero, %t[%c0] : memref<16xbf16, 3>
      %v = memref.load %t[%c0] : memref<16xbf16, 3>
      memref.store %v, %out[%c0] : memref<16xbf16>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<4xbf16>) kernel {
      // expected-error @below {{uses a bf16 buffer in a Vulkan kernel other than by memref.load/store}}
      %s = memref.subview %a[0] [2] [1] : memref<4xbf16> to memref<2xbf16, strided<[1]>>
      gpu.return
    }
  }
}

// -----

// bf16 constants and selects (values that only move bits) become i16 too:
// SPIR-V's type converter would widen them to f32, which the i16 words of
// the buffers cannot meet ("'spirv.Bitcast' op mismatch in result type
// bitwidth 32 and operand type bitwidth 16").

// CHECK-LABEL: gpu.func @bits
//  CHECK-SAME:   (%[[M:.*]]: memref<4xi1>, %[[A:.*]]: memref<4xi16>, %[[O:.*]]: memref<4xi16>)
//       CHECK:   %[[C:.*]] = arith.constant 32640 : i16
//       CHECK:   %[[CB:.*]] = arith.bitcast %[[C]] : i16 to bf16
//       CHECK:   %[[L:.*]] = memref.load %[[A]]
//       CHECK:   %[[LB:.*]] = arith.bitcast %[[L]] : i16 to bf16
//       CHECK:   %[[T:.*]] = arith.bitcast %[[CB]] : bf16 to i16
//       CHECK:   %[[F:.*]] = arith.bitcast %[[LB]] : bf16 to i16
//       CHECK:   %[[S:.*]] = arith.select %{{.*}}, %[[T]], %[[F]] : i16
//       CHECK:   %[[SB:.*]] = arith.bitcast %[[S]] : i16 to bf16
//       CHECK:   %[[W:.*]] = arith.bitcast %[[SB]] : bf16 to i16
//       CHECK:   memref.store %[[W]], %[[O]]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @bits(%m: memref<4xi1>, %a: memref<4xbf16>, %o: memref<4xbf16>) kernel {
      %c0 = arith.constant 0 : index
      %inf = arith.constant 0x7F80 : bf16
      %c = memref.load %m[%c0] : memref<4xi1>
      %x = memref.load %a[%c0] : memref<4xbf16>
      %s = arith.select %c, %inf, %x : bf16
      memref.store %s, %o[%c0] : memref<4xbf16>
      gpu.return
    }
  }
}
