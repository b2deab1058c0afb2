// REQUIRES: ptxas
// The host code ferric-lower-to-nvvm produces translates to LLVM IR:
// ferric-gpu-device-memory creates synchronous gpu.alloc / gpu.memcpy /
// gpu.dealloc, which upstream gpu-to-llvm lowers only in async form, so the
// pipeline runs func.func(gpu-async-region) after outlining.
// RUN: ferric-opt %s --ferric-lower-to-nvvm | FileCheck %s --check-prefix=MLIR
// RUN: ferric-opt %s --ferric-lower-to-nvvm | mlir-translate --mlir-to-llvmir | FileCheck %s

// MLIR-NOT: gpu.alloc
// MLIR-NOT: unrealized_conversion_cast
// CHECK: call ptr @mgpuMemAlloc
// CHECK: call void @mgpuLaunchKernel
func.func @swiglu(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
