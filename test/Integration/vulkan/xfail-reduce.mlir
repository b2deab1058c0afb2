// XFAIL: *
// Known bug: ferric.reduce does not lower for Vulkan: "failed to legalize
// operation 'affine.apply'".
// RUN: ferric-run %S/../Inputs/vulkan_xfail.mlir --target=vulkan --entry=reduce --input=rand:37x65xf32 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
