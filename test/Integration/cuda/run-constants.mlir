// Non-splat constant tensors (Inputs/constants.mlir): a row table broadcast
// over a dynamic 2-D input, a full-shape table, and a constant returned as a
// result. On CUDA the constants are host globals that
// ferric-gpu-device-memory copies to the device (a kernel was once handed
// the host pointer); on Vulkan the runtime must not copy back into them
// (they are read-only memory: that copy once crashed ferric-run).
// --check compares every result with the unfused program run on the CPU in
// f64.

// RUN: ferric-run %S/../Inputs/constants.mlir --target=cuda --input=randn:37x4xf32 --input=rand:2x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/constants.mlir --target=cuda --input=randn:37x4xf32 --input=rand:2x3xf32 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/constants.mlir --target=cuda --input=randn:0x4xf32 --input=rand:2x3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/constants.mlir --target=cuda --input=randn:37x4xf32 --input=rand:2x3xf32 --print | FileCheck %s --check-prefix=PRINT

// CHECK-COUNT-3: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:

// The returned constant, exactly.
// PRINT: result 2: array([1, -2, 0.5, 4], shape=(4,), dtype=f32)
