// XFAIL: *
// Known bug: a rank-2 elementwise op fails to JIT ("cannot JIT the module:
// could not convert to LLVM IR"): the host code keeps a
// 'memref.collapse_shape' that ferric-lower-to-spirv never lowers to LLVM.
// RUN: ferric-run %S/../Inputs/vulkan_xfail.mlir --target=vulkan --entry=rank2_add --input=rand:37x65xf32 --input=rand:37x65xf32 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
