// Narrowing to bf16 and f16 (test/Integration/{cpu,vulkan}/run-narrowing.mlir):
// f32 -> bf16 keeps bf16 subnormals, f64 -> bf16 and f64 -> f16 round once,
// and bf16 arithmetic on subnormals stays exact.

func.func @f32_to_bf16(%x: tensor<4xf32>) -> tensor<4xbf16> {
  %0 = ferric.cast %x : tensor<4xf32> to tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

func.func @f64_to_bf16(%x: tensor<4xf64>) -> tensor<4xbf16> {
  %0 = ferric.cast %x : tensor<4xf64> to tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

func.func @f64_to_f16(%x: tensor<4xf64>) -> tensor<4xf16> {
  %0 = ferric.cast %x : tensor<4xf64> to tensor<4xf16>
  return %0 : tensor<4xf16>
}

// x / mean(x) over rows of tiny bf16 values: 1 everywhere, not inf.
func.func @bf16_ratio(%x: tensor<2x4xbf16>) -> tensor<2x4xbf16> {
  %m = ferric.reduce mean %x dims [1] : tensor<2x4xbf16> -> tensor<2xbf16>
  %b = ferric.broadcast %m dims [1] : tensor<2xbf16> -> tensor<2x4xbf16>
  %0 = ferric.div %x, %b : tensor<2x4xbf16>
  return %0 : tensor<2x4xbf16>
}
