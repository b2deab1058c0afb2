// XFAIL: *
// Known bug: ferric.broadcast (here rank 0 to 1-D) does not lower for Vulkan:
// "failed to legalize operation 'affine.apply'" in the kernel.
// RUN: ferric-run %S/../Inputs/vulkan_xfail.mlir --target=vulkan --entry=broadcast --input=rand:1023xf32 --input=rand:f32 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
