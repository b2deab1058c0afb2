// RUN: ferric-opt %s --ferric-gpu-device-memory --split-input-file --verify-diagnostics -o /dev/null
// RUN: not ferric-opt %s --ferric-gpu-device-memory 2>&1 | FileCheck %s

// ferric-gpu-device-memory rejects host code that reads or writes a buffer
// directly: on CUDA every buffer lives in device memory.

// CHECK: error: reads or writes a buffer on the host, but on this target buffers live in device memory
// CHECK-NEXT: %v = memref.load %a[%c0] : memref<?xf32>

// A host-side load or store would read device memory: an error.
func.func @host_load(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  // expected-error @below {{reads or writes a buffer on the host, but on this target buffers live in device memory}}
  %v = memref.load %a[%c0] : memref<?xf32>
  return %v : f32
}

// -----

func.func @host_store(%a: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{reads or writes a buffer on the host, but on this target buffers live in device memory}}
  memref.store %v, %a[%c0] : memref<4xf32>
  return
}
