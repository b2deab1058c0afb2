// XFAIL: *
// Known bug: a kernel with an i1 buffer (here an i1 result) does not lower:
// "failed to legalize operation 'gpu.launch_func' that was explicitly marked
// illegal".
// RUN: ferric-run %S/../Inputs/vulkan_xfail.mlir --target=vulkan --entry=i1_result --input=rand:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
