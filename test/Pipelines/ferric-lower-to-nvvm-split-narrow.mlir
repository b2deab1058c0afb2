// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa" -o %t/isa.mlir
// RUN: FileCheck %s < %t/isa.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/isa.mlir --out-dir %t
// RUN: %ptxas -arch=sm_90 %t/column_mean_bf16_kernel.ptx -o %t/narrow.cubin

// Full and column reductions of bf16 through the whole CUDA pipeline: the
// sum accumulates in f32 and the cast back to bf16 (and a mean's division)
// runs in the kernel writing the outputs, so split-full and the two-stage
// column schedules are two kernels, not three. [100000, 8] takes the
// column-narrow schedules; their kernels assemble for sm_90.

// CHECK-LABEL: llvm.func @full_sum_bf16(
// CHECK-COUNT-2: gpu.launch_func
//   CHECK-NOT: gpu.launch_func
//       CHECK: llvm.return
func.func @full_sum_bf16(%x: tensor<16777216xbf16>) -> tensor<bf16> {
  %r = ferric.reduce sum %x dims [0] : tensor<16777216xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}

// CHECK-LABEL: llvm.func @column_sum_bf16(
// CHECK-COUNT-2: gpu.launch_func
//   CHECK-NOT: gpu.launch_func
//       CHECK: llvm.return
func.func @column_sum_bf16(%x: tensor<4096x4096xbf16>) -> tensor<4096xbf16> {
  %r = ferric.reduce sum %x dims [0] : tensor<4096x4096xbf16> -> tensor<4096xbf16>
  return %r : tensor<4096xbf16>
}

// CHECK-LABEL: llvm.func @column_mean_bf16(
// CHECK-COUNT-2: gpu.launch_func
//   CHECK-NOT: gpu.launch_func
//       CHECK: llvm.return
func.func @column_mean_bf16(%x: tensor<100000x8xbf16>) -> tensor<8xbf16> {
  %r = ferric.reduce mean %x dims [0] : tensor<100000x8xbf16> -> tensor<8xbf16>
  return %r : tensor<8xbf16>
}
