// RUN: ferric-opt %s --ferric-require-static-args --verify-diagnostics -o /dev/null
// RUN: not ferric-opt %ferric_src/examples/swiglu.mlir --ferric-lower-to-spirv -o /dev/null 2>&1 | FileCheck %s
// RUN: ferric-opt %ferric_src/examples/swiglu.mlir --ferric-specialize-shapes="shapes=1024,1024" --ferric-lower-to-spirv -o /dev/null

// The SPIR-V pipeline's kernels take buffers only: dynamic dims and scalar
// arguments of public functions are reported with their locations, first
// thing in ferric-lower-to-spirv; private functions and static tensors pass.

// expected-error @below {{argument 0 of @dyn is 'tensor<?xf32>': the SPIR-V pipeline needs static shapes (its kernels take buffers only); specialize the function first}}
func.func @dyn(%a: tensor<?xf32>,
               // expected-error @below {{argument 1 of @dyn is 'f32': the SPIR-V pipeline passes no scalar arguments to its kernels}}
               %s: f32,
               %b: tensor<4xf32>, %c: tensor<f32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
func.func private @helper(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

// CHECK: swiglu.mlir:2:19: error: argument 0 of @swiglu is 'tensor<?xf32>': the SPIR-V pipeline needs static shapes
// CHECK: swiglu.mlir:2:38: error: argument 1 of @swiglu is 'tensor<?xf32>'
