// RUN: ferric-opt %s --ferric-gpu-device-memory --split-input-file | FileCheck %s

// A constant tensor bufferizes to memref.get_global of a host global. A
// kernel must not be handed the host pointer: the pass makes a device copy at
// function entry and frees it before each return.

// CHECK-LABEL: func.func @reads_constant
//  CHECK-NEXT:   %[[G:.*]] = memref.get_global @cst : memref<4xf32>
//  CHECK-NEXT:   %[[D:.*]] = gpu.alloc () : memref<4xf32>
//  CHECK-NEXT:   gpu.memcpy %[[D]], %[[G]] : memref<4xf32>, memref<4xf32>
//       CHECK:   gpu.launch
//       CHECK:     memref.load %[[D]]
//       CHECK:   gpu.dealloc %[[D]] : memref<4xf32>
//  CHECK-NEXT:   return
memref.global "private" constant @cst : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @reads_constant(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @cst : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %g[%tx] : memref<4xf32>
    memref.store %v, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}

// -----

// A returned constant is handed to the caller, who owns (and frees) it: no
// dealloc. Views of it count as returning it.

// CHECK-LABEL: func.func @returns_constant
//       CHECK:   %[[G:.*]] = memref.get_global @cst2 : memref<2xf32>
//       CHECK:   %[[D:.*]] = gpu.alloc () : memref<2xf32>
//       CHECK:   gpu.memcpy %[[D]], %[[G]]
//       CHECK:   %[[C:.*]] = memref.cast %[[D]]
//   CHECK-NOT:   gpu.dealloc
//       CHECK:   return %[[C]]
memref.global "private" constant @cst2 : memref<2xf32> = dense<[1.0, 2.0]>
func.func @returns_constant() -> memref<?xf32> {
  %g = memref.get_global @cst2 : memref<2xf32>
  %c = memref.cast %g : memref<2xf32> to memref<?xf32>
  return %c : memref<?xf32>
}
