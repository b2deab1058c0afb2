// RUN: ferric-opt %s --ferric-gpu-device-memory | FileCheck %s

// ferric-gpu-device-memory alone: host-side alloc/dealloc/copy become their
// gpu.* forms, so every buffer a kernel touches lives in device memory;
// anything inside gpu.launch is left alone.

// CHECK-LABEL: func.func @host
//  CHECK-SAME: (%[[ARG:.*]]: memref<?xf32>, %[[N:.*]]: index) -> memref<?xf32>
//       CHECK:   %[[A:.*]] = gpu.alloc (%[[N]]) : memref<?xf32>
//       CHECK:   %[[B:.*]] = gpu.alloc () : memref<16xf32>
//       CHECK:   gpu.memcpy %[[A]], %[[ARG]] : memref<?xf32>, memref<?xf32>
//       CHECK:   gpu.launch
//       CHECK:     %[[V:.*]] = memref.load %[[A]][%{{.*}}] : memref<?xf32>
//       CHECK:     memref.store %[[V]], %[[B]][%{{.*}}] : memref<16xf32>
//       CHECK:     %[[T:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:     memref.dealloc %[[T]] : memref<4xf32>
//       CHECK:     gpu.terminator
//       CHECK:   gpu.dealloc %[[B]] : memref<16xf32>
//       CHECK:   return %[[A]] : memref<?xf32>
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
func.func @host(%arg: memref<?xf32>, %n: index) -> memref<?xf32> {
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %arg, %a : memref<?xf32> to memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %a[%tx] : memref<?xf32>
    memref.store %v, %b[%tx] : memref<16xf32>
    %t = memref.alloc() : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
    gpu.terminator
  }
  memref.dealloc %b : memref<16xf32>
  return %a : memref<?xf32>
}

// Nested host regions are rewritten too.
// CHECK-LABEL: func.func @nested
//       CHECK:   scf.if
//       CHECK:     %[[A:.*]] = gpu.alloc () : memref<8xf16>
//       CHECK:     gpu.memcpy %{{.*}}, %[[A]] : memref<8xf16>, memref<8xf16>
//       CHECK:     gpu.dealloc %[[A]] : memref<8xf16>
func.func @nested(%c: i1, %dst: memref<8xf16>) {
  scf.if %c {
    %a = memref.alloc() : memref<8xf16>
    memref.copy %a, %dst : memref<8xf16> to memref<8xf16>
    memref.dealloc %a : memref<8xf16>
  }
  return
}
