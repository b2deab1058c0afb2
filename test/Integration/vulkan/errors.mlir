// The Vulkan target takes static shapes and no scalar arguments: ferric-run
// says so before lowering.

// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --target=vulkan --entry=chain --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: ferric-run: the vulkan target needs static shapes and no scalar arguments, but argument 0 of @chain is tensor<?xf32>
// RUN: not ferric-run %S/../Inputs/reduce_f32.mlir --target=vulkan --input=rand:3x4xf32 --input=rand:2x3x4xf32 2>&1 | FileCheck %s --check-prefix=RANK2
// RANK2: ferric-run: the vulkan target needs static shapes and no scalar arguments, but argument 0 of @reductions is tensor<?x?xf32>
// RUN: not ferric-run %S/../Inputs/scalar_arg.mlir --target=vulkan --input=rand:8xf32 --input=2 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: ferric-run: the vulkan target needs static shapes and no scalar arguments, but argument 1 of @scale is f32

// A wrong input size is caught before the launch.
// RUN: not ferric-run %S/../Inputs/vulkan_f32.mlir --target=vulkan --entry=chain_3 --input=rand:4xf32 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: ferric-run: input 0 dim 0 is 4 but @chain_3 expects tensor<3xf32>
