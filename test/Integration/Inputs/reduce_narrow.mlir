// Column reductions over few static columns (sum, max, min, mean over dim
// 0 of x: N x C, C results each), for the column-narrow schedules of
// ferric-reduction-to-gpu (test/Integration/{cuda,vulkan}/run-reduce-narrow.mlir):
// a block covers all C columns and tiles the rows across its threads.
// @narrow_c<C>_<type> for C = 1, 3, 8, 33 and 64; @middle_c4_f32 reduces y
// (A x R x 4) over R, the contiguous 4 kept (A x 4 results).

func.func @narrow_c1_f32(%x: tensor<?x1xf32>)
    -> (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x1xf32> -> tensor<1xf32>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x1xf32> -> tensor<1xf32>
  %r2 = ferric.reduce min %x dims [0] : tensor<?x1xf32> -> tensor<1xf32>
  %r3 = ferric.reduce mean %x dims [0] : tensor<?x1xf32> -> tensor<1xf32>
  return %r0, %r1, %r2, %r3 : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>
}

func.func @narrow_c3_f32(%x: tensor<?x3xf32>)
    -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x3xf32> -> tensor<3xf32>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x3xf32> -> tensor<3xf32>
  %r2 = ferric.reduce min %x dims [0] : tensor<?x3xf32> -> tensor<3xf32>
  %r3 = ferric.reduce mean %x dims [0] : tensor<?x3xf32> -> tensor<3xf32>
  return %r0, %r1, %r2, %r3 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

func.func @narrow_c8_f32(%x: tensor<?x8xf32>)
    -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x8xf32> -> tensor<8xf32>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x8xf32> -> tensor<8xf32>
  %r2 = ferric.reduce min %x dims [0] : tensor<?x8xf32> -> tensor<8xf32>
  %r3 = ferric.reduce mean %x dims [0] : tensor<?x8xf32> -> tensor<8xf32>
  return %r0, %r1, %r2, %r3 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

func.func @narrow_c33_f32(%x: tensor<?x33xf32>)
    -> (tensor<33xf32>, tensor<33xf32>, tensor<33xf32>, tensor<33xf32>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x33xf32> -> tensor<33xf32>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x33xf32> -> tensor<33xf32>
  %r2 = ferric.reduce min %x dims [0] : tensor<?x33xf32> -> tensor<33xf32>
  %r3 = ferric.reduce mean %x dims [0] : tensor<?x33xf32> -> tensor<33xf32>
  return %r0, %r1, %r2, %r3 : tensor<33xf32>, tensor<33xf32>, tensor<33xf32>, tensor<33xf32>
}

func.func @narrow_c64_f32(%x: tensor<?x64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x64xf32> -> tensor<64xf32>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x64xf32> -> tensor<64xf32>
  %r2 = ferric.reduce min %x dims [0] : tensor<?x64xf32> -> tensor<64xf32>
  %r3 = ferric.reduce mean %x dims [0] : tensor<?x64xf32> -> tensor<64xf32>
  return %r0, %r1, %r2, %r3 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

func.func @narrow_c8_bf16(%x: tensor<?x8xbf16>)
    -> (tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x8xbf16> -> tensor<8xbf16>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x8xbf16> -> tensor<8xbf16>
  %r2 = ferric.reduce min %x dims [0] : tensor<?x8xbf16> -> tensor<8xbf16>
  %r3 = ferric.reduce mean %x dims [0] : tensor<?x8xbf16> -> tensor<8xbf16>
  return %r0, %r1, %r2, %r3 : tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>
}

func.func @narrow_c16_f16(%x: tensor<?x16xf16>)
    -> (tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x16xf16> -> tensor<16xf16>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x16xf16> -> tensor<16xf16>
  %r2 = ferric.reduce min %x dims [0] : tensor<?x16xf16> -> tensor<16xf16>
  %r3 = ferric.reduce mean %x dims [0] : tensor<?x16xf16> -> tensor<16xf16>
  return %r0, %r1, %r2, %r3 : tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>
}

func.func @middle_c4_f32(%x: tensor<?x?x4xf32>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %r0 = ferric.reduce sum %x dims [1] : tensor<?x?x4xf32> -> tensor<?x4xf32>
  %r1 = ferric.reduce max %x dims [1] : tensor<?x?x4xf32> -> tensor<?x4xf32>
  %r2 = ferric.reduce min %x dims [1] : tensor<?x?x4xf32> -> tensor<?x4xf32>
  %r3 = ferric.reduce mean %x dims [1] : tensor<?x?x4xf32> -> tensor<?x4xf32>
  return %r0, %r1, %r2, %r3 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}
