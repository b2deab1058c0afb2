// REQUIRES: spirv-tools
// RUN: rm -rf %t && mkdir -p %t/l8 %t/l5 %t/l3
// RUN: ferric-opt %s --ferric-lower-to-spirv="fuse-report=-" -o %t/l8/out.mlir | FileCheck %s --check-prefix=REPORT8
// RUN: ferric-opt %s --ferric-lower-to-spirv="storage-buffer-limit=5 fuse-report=-" -o %t/l5/out.mlir | FileCheck %s --check-prefix=REPORT5
// RUN: ferric-opt %s --ferric-lower-to-spirv="storage-buffer-limit=3 fuse-report=-" -o %t/l3/out.mlir | FileCheck %s --check-prefix=REPORT3
// RUN: FileCheck %s --check-prefix=HOST8 < %t/l8/out.mlir
// RUN: FileCheck %s --check-prefix=HOST5 < %t/l5/out.mlir
// RUN: FileCheck %s --check-prefix=HOST3 < %t/l3/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/l8/out.mlir --out-dir %t/l8
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/l5/out.mlir --out-dir %t/l5
// RUN: spirv-val --target-env vulkan1.1 %t/l8/wide_kernel.spv
// RUN: spirv-val --target-env vulkan1.1 %t/l5/wide_kernel.spv
// RUN: spirv-val --target-env vulkan1.1 %t/l5/wide_kernel_0.spv
// RUN: spirv-dis %t/l8/wide_kernel.spv | FileCheck %s --check-prefix=SPV8
// RUN: spirv-dis %t/l5/wide_kernel.spv | FileCheck %s --check-prefix=SPV5A
// RUN: spirv-dis %t/l5/wide_kernel_0.spv | FileCheck %s --check-prefix=SPV5B

// storage-buffer-limit caps the storage buffers one kernel binds (inputs
// plus results): the pipeline gives it to ferric-fuse as max-buffers. A
// chain reading 5 tensors fuses into one kernel (6 bindings) under the
// default limit (8), into two under 5 (the last three ops read 4 tensors
// and write 1), and not at all under 3 (any pair of ops binds 4 buffers).

// REPORT8: groups formed: 1
// REPORT8: group 0 at 'ferric.max' {{.*}}: 4 ops, 5 inputs: add mul sub max
// HOST8-LABEL: llvm.func @wide(
// HOST8-COUNT-1: gpu.launch_func
// HOST8-NOT: gpu.launch_func
// SPV8-COUNT-6: Binding
// SPV8-NOT: Binding

// REPORT5: groups formed: 1
// REPORT5: group 0 at 'ferric.max' {{.*}}: 3 ops, 4 inputs: mul sub max
// REPORT5: 'ferric.add' {{.*}} -> 'ferric.mul' {{.*}}: limit: max-buffers=5 would be exceeded (the group would bind 5 inputs and 1 result)
// HOST5-LABEL: llvm.func @wide(
// HOST5-COUNT-2: gpu.launch_func
// HOST5-NOT: gpu.launch_func
// The lone add: a, b and its result.
// SPV5A-COUNT-3: Binding
// SPV5A-NOT: Binding
// SPV5A: OpFAdd
// mul-sub-max: the add's result, c, d and e; bufferization writes the
// result in place over the add's result (the bound is on fusion, which
// cannot count on that).
// SPV5B-COUNT-4: Binding
// SPV5B-NOT: Binding
// SPV5B: OpFMul
// SPV5B: OpFSub
// max with NaN propagation and -0 < +0 (ferric-legalize-math-for-spirv
// writes maximumf as compares and selects)
// SPV5B: OpFOrdLessThan
// SPV5B: OpSelect
// SPV5B: OpIsNan

// REPORT3: groups formed: 0
// REPORT3-COUNT-3: limit: max-buffers=3 would be exceeded (the group would bind 3 inputs and 1 result)
// HOST3-LABEL: llvm.func @wide(
// HOST3-COUNT-4: gpu.launch_func
// HOST3-NOT: gpu.launch_func
func.func @wide(%a: tensor<256xf32>, %b: tensor<256xf32>, %c: tensor<256xf32>,
                %d: tensor<256xf32>, %e: tensor<256xf32>) -> tensor<256xf32> {
  %0 = ferric.add %a, %b : tensor<256xf32>
  %1 = ferric.mul %0, %c : tensor<256xf32>
  %2 = ferric.sub %1, %d : tensor<256xf32>
  %3 = ferric.max %2, %e : tensor<256xf32>
  return %3 : tensor<256xf32>
}
