// XFAIL: *
// Known bug: ferric.matmul does not lower for Vulkan: "failed to legalize
// operation 'affine.apply'".
// RUN: ferric-run %S/../Inputs/vulkan_xfail.mlir --target=vulkan --entry=matmul --input=rand:33x65xf32 --input=rand:65x17xf32 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
