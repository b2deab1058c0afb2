// REQUIRES: spirv-tools
// storage-buffer-limit bounds inputs plus results, also when multi-output
// fusion gives a group extra results: here 3 inputs and 3 escaping results
// would be one kernel with 6 storage buffers; under storage-buffer-limit=5
// no kernel binds more than 5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-spirv="storage-buffer-limit=5 fuse-report=-" -o %t/out.mlir | FileCheck %s --check-prefix=REPORT
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/out.mlir --out-dir %t
// RUN: spirv-dis %t/multi_kernel.spv | grep -c " Binding " | FileCheck %s --check-prefix=ADD
// RUN: spirv-dis %t/multi_kernel_0.spv | grep -c " Binding " | FileCheck %s --check-prefix=REST

// REPORT: group 0 at 'ferric.exp' {{.*}}: 3 ops, 3 inputs: mul sub exp
// REPORT: 'ferric.add' {{.*}} -> 'ferric.mul' {{.*}}: limit: max-buffers=5 would be exceeded (the group would bind 3 inputs and 3 results)
// a, b and a + b.
// ADD: {{^3$}}
// a + b, c, a; the mul and exp results.
// REST: {{^5$}}
func.func @multi(%a: tensor<256xf32>, %b: tensor<256xf32>, %c: tensor<256xf32>)
    -> (tensor<256xf32>, tensor<256xf32>, tensor<256xf32>) {
  %0 = ferric.add %a, %b : tensor<256xf32>
  %1 = ferric.mul %0, %c : tensor<256xf32>
  %2 = ferric.sub %1, %a : tensor<256xf32>
  %3 = ferric.exp %2 : tensor<256xf32>
  return %0, %1, %3 : tensor<256xf32>, tensor<256xf32>, tensor<256xf32>
}
