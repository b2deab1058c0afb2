// Full reductions of static shapes, so that --check's tolerance follows
// the exact number of values each result accumulates (dynamic dims count as
// the largest argument). On CUDA they are split-full with vector loads of
// 16 bytes (split-load-bytes, the NVVM pipeline's default): counts below,
// at and around the vector width, the last count mod width elements folded
// one at a time. @weighted_bf16* read w (broadcast along the rows) one
// element at a time beside the vectors of x; their tests take rand inputs,
// whose products do not cancel in the sum (--check's f64 reference does not
// round the products to bf16 as the program does).

func.func @sum_bf16_7(%x: tensor<7xbf16>) -> (tensor<bf16>, tensor<bf16>) {
  %s = ferric.reduce sum %x dims [0] : tensor<7xbf16> -> tensor<bf16>
  %m = ferric.reduce max %x dims [0] : tensor<7xbf16> -> tensor<bf16>
  return %s, %m : tensor<bf16>, tensor<bf16>
}

func.func @sum_bf16_3x3(%x: tensor<3x3xbf16>) -> (tensor<bf16>, tensor<bf16>) {
  %s = ferric.reduce sum %x dims [0, 1] : tensor<3x3xbf16> -> tensor<bf16>
  %m = ferric.reduce min %x dims [0, 1] : tensor<3x3xbf16> -> tensor<bf16>
  return %s, %m : tensor<bf16>, tensor<bf16>
}

func.func @sum_f32_32797(%x: tensor<32797xf32>) -> (tensor<f32>, tensor<f32>) {
  %s = ferric.reduce sum %x dims [0] : tensor<32797xf32> -> tensor<f32>
  %m = ferric.reduce mean %x dims [0] : tensor<32797xf32> -> tensor<f32>
  return %s, %m : tensor<f32>, tensor<f32>
}

func.func @sum_f32_4097x8(%x: tensor<4097x8xf32>) -> (tensor<f32>, tensor<f32>) {
  %s = ferric.reduce sum %x dims [0, 1] : tensor<4097x8xf32> -> tensor<f32>
  %m = ferric.reduce max %x dims [0, 1] : tensor<4097x8xf32> -> tensor<f32>
  return %s, %m : tensor<f32>, tensor<f32>
}

func.func @sum_f16_1000003(%x: tensor<1000003xf16>) -> (tensor<f16>, tensor<f16>) {
  %s = ferric.reduce sum %x dims [0] : tensor<1000003xf16> -> tensor<f16>
  %m = ferric.reduce mean %x dims [0] : tensor<1000003xf16> -> tensor<f16>
  return %s, %m : tensor<f16>, tensor<f16>
}

func.func @sum_f64_31(%x: tensor<31xf64>) -> tensor<f64> {
  %s = ferric.reduce sum %x dims [0] : tensor<31xf64> -> tensor<f64>
  return %s : tensor<f64>
}

func.func @weighted_bf16(%x: tensor<33x2731xbf16>, %w: tensor<2731xbf16>)
    -> tensor<bf16> {
  %wb = ferric.broadcast %w dims [0] : tensor<2731xbf16> -> tensor<33x2731xbf16>
  %p = ferric.mul %x, %wb : tensor<33x2731xbf16>
  %r = ferric.reduce sum %p dims [0, 1] : tensor<33x2731xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}

func.func @weighted_bf16_3x5(%x: tensor<3x5xbf16>, %w: tensor<5xbf16>)
    -> tensor<bf16> {
  %wb = ferric.broadcast %w dims [0] : tensor<5xbf16> -> tensor<3x5xbf16>
  %p = ferric.mul %x, %wb : tensor<3x5xbf16>
  %r = ferric.reduce sum %p dims [0, 1] : tensor<3x5xbf16> -> tensor<bf16>
  return %r : tensor<bf16>
}
