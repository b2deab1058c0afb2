// The Vulkan target compiles the entry for the shapes of its inputs (dynamic
// dims are specialized), and takes no scalar arguments: ferric-run says so
// before lowering.

// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=vulkan --entry=chain --input=rand:3xf32 --check | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC-COUNT-2: check: result {{[0-9]}}: {{.*}}: ok
// RUN: not ferric-run %S/../Inputs/scalar_arg.mlir --target=vulkan --input=rand:8xf32 --input=2 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: ferric-run: the vulkan target needs static shapes and no scalar arguments, but argument 1 of @scale is f32

// A wrong input size is caught before the launch.
// RUN: not ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=chain_3 --input=rand:4xf32 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: ferric-run: input 0 dim 0 is 4 but @chain_3 expects tensor<3xf32>
