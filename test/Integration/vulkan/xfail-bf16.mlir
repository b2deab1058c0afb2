// XFAIL: *
// Known bug: bf16 kernels compute wrong numbers, as f16 (xfail-f16.mlir).
// RUN: ferric-run %S/../Inputs/vulkan_xfail.mlir --target=vulkan --entry=bf16_add --input=rand:1024xbf16 --input=rand:1024xbf16 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
