// XFAIL: *
// Known bug: unfused, the i1 values of cmp travel between kernels in i1
// buffers, which do not lower (as xfail-i1-result.mlir); fused, @masks runs
// (run-ops-f32.mlir).
// RUN: ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=masks --input=randn:1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
