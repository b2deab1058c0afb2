// REQUIRES: spirv-tools
// RUN: rm -rf %t && mkdir -p %t/l8 %t/l5 %t/l4
// RUN: ferric-opt %s --ferric-lower-to-spirv="fuse-report=-" -o %t/l8/out.mlir | FileCheck %s --check-prefix=REPORT8
// RUN: ferric-opt %s --ferric-lower-to-spirv="storage-buffer-limit=5 fuse-report=-" -o %t/l5/out.mlir | FileCheck %s --check-prefix=REPORT5
// RUN: ferric-opt %s --ferric-lower-to-spirv="storage-buffer-limit=4" -o %t/l4/out.mlir
// RUN: FileCheck %s --check-prefix=HOST8 < %t/l8/out.mlir
// RUN: FileCheck %s --check-prefix=HOST5 < %t/l5/out.mlir
// RUN: FileCheck %s --check-prefix=HOST4 < %t/l4/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/l8/out.mlir --out-dir %t/l8
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/l5/out.mlir --out-dir %t/l5
// RUN: spirv-val --target-env vulkan1.1 %t/l8/wide_kernel.spv
// RUN: spirv-val --target-env vulkan1.1 %t/l5/wide_kernel.spv
// RUN: spirv-val --target-env vulkan1.1 %t/l5/wide_kernel_0.spv
// RUN: spirv-dis %t/l8/wide_kernel.spv | FileCheck %s --check-prefix=SPV8
// RUN: spirv-dis %t/l5/wide_kernel.spv | FileCheck %s --check-prefix=SPV5A
// RUN: spirv-dis %t/l5/wide_kernel_0.spv | FileCheck %s --check-prefix=SPV5B

// storage-buffer-limit caps the storage buffers one kernel binds (inputs
// plus outputs): the pipeline gives ferric-fuse max-inputs = limit - 2. A
// chain reading 5 tensors fuses into one kernel under the default limit (8),
// splits into two under 5 (at most 3 inputs each), and does not fuse at
// all under 4 (any pair of ops would read 3 tensors).

// REPORT8: groups formed: 1
// REPORT8: group 0 at 'ferric.max' {{.*}}: 4 ops, 5 inputs: add mul sub max
// HOST8-LABEL: llvm.func @wide(
// HOST8-COUNT-1: gpu.launch_func
// HOST8-NOT: gpu.launch_func
// SPV8-COUNT-6: Binding
// SPV8-NOT: Binding

// REPORT5: groups formed: 2
// REPORT5-DAG: 2 ops, 3 inputs: sub max
// REPORT5-DAG: 2 ops, 3 inputs: add mul
// REPORT5: max-inputs=3 would be exceeded (the group would read 4 inputs)
// HOST5-LABEL: llvm.func @wide(
// HOST5-COUNT-2: gpu.launch_func
// HOST5-NOT: gpu.launch_func
// add-mul: a, b, c and the intermediate it writes. sub-max: the intermediate,
// d and e; bufferization writes the result in place over the intermediate.
// SPV5A-COUNT-4: Binding
// SPV5A-NOT: Binding
// SPV5A: OpFAdd
// SPV5A: OpFMul
// SPV5B-COUNT-3: Binding
// SPV5B-NOT: Binding
// SPV5B: OpFSub
// SPV5B: FMax

// HOST4-LABEL: llvm.func @wide(
// HOST4-COUNT-4: gpu.launch_func
// HOST4-NOT: gpu.launch_func
func.func @wide(%a: tensor<256xf32>, %b: tensor<256xf32>, %c: tensor<256xf32>,
                %d: tensor<256xf32>, %e: tensor<256xf32>) -> tensor<256xf32> {
  %0 = ferric.add %a, %b : tensor<256xf32>
  %1 = ferric.mul %0, %c : tensor<256xf32>
  %2 = ferric.sub %1, %d : tensor<256xf32>
  %3 = ferric.max %2, %e : tensor<256xf32>
  return %3 : tensor<256xf32>
}
