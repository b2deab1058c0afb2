// Static shapes and a scalar argument, which the Vulkan target cannot pass
// (test/Integration/vulkan/errors.mlir).

func.func @scale(%x: tensor<8xf32>, %s: f32) -> tensor<8xf32> {
  %0 = ferric.mul %x, %s : tensor<8xf32>, f32
  return %0 : tensor<8xf32>
}
