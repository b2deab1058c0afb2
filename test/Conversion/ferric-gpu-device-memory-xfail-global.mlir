// XFAIL: *
// Known bug: a constant tensor (bufferized to memref.get_global of a host
// global) that a kernel reads is left in host memory: ferric-gpu-device-memory
// neither copies it to the device nor reports it, so the kernel is handed a
// host pointer (seen end to end: `ferric.add %a, %cst` with a non-splat
// `arith.constant dense<[1.0, 2.0, 3.0, 4.0]>` under ferric-lower-to-nvvm
// passes llvm.mlir.addressof @__constant_4xf32 to gpu.launch_func).
// Expected: the global is copied into a gpu.alloc buffer (or an error).
// RUN: ferric-opt %s --ferric-gpu-device-memory | FileCheck %s

// CHECK-LABEL: func.func @reads_constant
//       CHECK:   %[[G:.*]] = memref.get_global @cst : memref<4xf32>
//       CHECK:   %[[D:.*]] = gpu.alloc () : memref<4xf32>
//       CHECK:   gpu.memcpy %[[D]], %[[G]]
//       CHECK:   gpu.launch
//       CHECK:     memref.load %[[D]]
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
