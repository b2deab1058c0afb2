// XFAIL: *
// Known bug: f64 does not lower for Vulkan: "failed to legalize operation
// 'gpu.func'" (no Float64 in the target env). If f64 is not meant to be
// supported, ferric-run should say so up front.
// RUN: ferric-run %S/../Inputs/vulkan_xfail.mlir --target=vulkan --entry=f64_add --input=rand:1023xf64 --input=rand:1023xf64 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
