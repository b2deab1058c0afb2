// REQUIRES: spirv-tools
// XFAIL: *
// Known bug: storage-buffer-limit is not a bound on bindings when a fused
// group has more than two results. The pipeline gives ferric-fuse
// max-inputs = limit - 2 ("leave room for two outputs"), but multi-output
// fusion may yield more: here 3 inputs and 3 escaping results give one kernel
// with 6 storage buffers under storage-buffer-limit=5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-spirv="storage-buffer-limit=5" -o %t/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/out.mlir --out-dir %t
// RUN: spirv-dis %t/multi_kernel.spv | grep -c " Binding " | FileCheck %s

// The kernel binds at most 5 buffers (today: 6).
// CHECK: {{^[1-5]$}}
func.func @multi(%a: tensor<256xf32>, %b: tensor<256xf32>, %c: tensor<256xf32>)
    -> (tensor<256xf32>, tensor<256xf32>, tensor<256xf32>) {
  %0 = ferric.add %a, %b : tensor<256xf32>
  %1 = ferric.mul %0, %c : tensor<256xf32>
  %2 = ferric.sub %1, %a : tensor<256xf32>
  %3 = ferric.exp %2 : tensor<256xf32>
  return %0, %1, %3 : tensor<256xf32>, tensor<256xf32>, tensor<256xf32>
}
