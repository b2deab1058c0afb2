// An entry that calls a private helper on a dynamic shape: the CPU runs it,
// the Vulkan target (static shapes only) says why not
// (test/Integration/vulkan/errors-shapes.mlir).

func.func private @helper(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ferric.exp %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @calls_helper(%a: tensor<4xf32>) -> tensor<?xf32> {
  %c = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  %0 = func.call @helper(%c) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Two inputs that must have one length.
func.func @add2(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ferric.add %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}
