// Full and column reductions (sum, max, min, mean) of one matrix, for the
// split-full, split-column and column schedules of ferric-reduction-to-gpu
// (test/Integration/{cpu,cuda,vulkan}/run-reduce-split.mlir): x is N x M;
// results 0-3 reduce over both dims (rank 0), 4-7 over dim 0 (the columns,
// M results). One entry per element type; @middle_f32 reduces y (A x R x B)
// over R, the contiguous B kept: sum, max, min, mean (A x B results).

func.func @split_f32(%x: tensor<?x?xf32>)
    -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>,
        tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %r0 = ferric.reduce sum %x dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r1 = ferric.reduce max %x dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r2 = ferric.reduce min %x dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r3 = ferric.reduce mean %x dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r4 = ferric.reduce sum %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %r5 = ferric.reduce max %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %r6 = ferric.reduce min %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %r7 = ferric.reduce mean %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7
      : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>,
        tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

func.func @split_f16(%x: tensor<?x?xf16>)
    -> (tensor<f16>, tensor<f16>, tensor<f16>, tensor<f16>,
        tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  %r0 = ferric.reduce sum %x dims [0, 1] : tensor<?x?xf16> -> tensor<f16>
  %r1 = ferric.reduce max %x dims [0, 1] : tensor<?x?xf16> -> tensor<f16>
  %r2 = ferric.reduce min %x dims [0, 1] : tensor<?x?xf16> -> tensor<f16>
  %r3 = ferric.reduce mean %x dims [0, 1] : tensor<?x?xf16> -> tensor<f16>
  %r4 = ferric.reduce sum %x dims [0] : tensor<?x?xf16> -> tensor<?xf16>
  %r5 = ferric.reduce max %x dims [0] : tensor<?x?xf16> -> tensor<?xf16>
  %r6 = ferric.reduce min %x dims [0] : tensor<?x?xf16> -> tensor<?xf16>
  %r7 = ferric.reduce mean %x dims [0] : tensor<?x?xf16> -> tensor<?xf16>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7
      : tensor<f16>, tensor<f16>, tensor<f16>, tensor<f16>,
        tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>
}

func.func @split_f64(%x: tensor<?x?xf64>)
    -> (tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>,
        tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %r0 = ferric.reduce sum %x dims [0, 1] : tensor<?x?xf64> -> tensor<f64>
  %r1 = ferric.reduce max %x dims [0, 1] : tensor<?x?xf64> -> tensor<f64>
  %r2 = ferric.reduce min %x dims [0, 1] : tensor<?x?xf64> -> tensor<f64>
  %r3 = ferric.reduce mean %x dims [0, 1] : tensor<?x?xf64> -> tensor<f64>
  %r4 = ferric.reduce sum %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  %r5 = ferric.reduce max %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  %r6 = ferric.reduce min %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  %r7 = ferric.reduce mean %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7
      : tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>,
        tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}

func.func @split_bf16(%x: tensor<?x?xbf16>)
    -> (tensor<bf16>, tensor<bf16>, tensor<bf16>, tensor<bf16>,
        tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>) {
  %r0 = ferric.reduce sum %x dims [0, 1] : tensor<?x?xbf16> -> tensor<bf16>
  %r1 = ferric.reduce max %x dims [0, 1] : tensor<?x?xbf16> -> tensor<bf16>
  %r2 = ferric.reduce min %x dims [0, 1] : tensor<?x?xbf16> -> tensor<bf16>
  %r3 = ferric.reduce mean %x dims [0, 1] : tensor<?x?xbf16> -> tensor<bf16>
  %r4 = ferric.reduce sum %x dims [0] : tensor<?x?xbf16> -> tensor<?xbf16>
  %r5 = ferric.reduce max %x dims [0] : tensor<?x?xbf16> -> tensor<?xbf16>
  %r6 = ferric.reduce min %x dims [0] : tensor<?x?xbf16> -> tensor<?xbf16>
  %r7 = ferric.reduce mean %x dims [0] : tensor<?x?xbf16> -> tensor<?xbf16>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7
      : tensor<bf16>, tensor<bf16>, tensor<bf16>, tensor<bf16>,
        tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>
}

func.func @middle_f32(%y: tensor<?x?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %r0 = ferric.reduce sum %y dims [1] : tensor<?x?x?xf32> -> tensor<?x?xf32>
  %r1 = ferric.reduce max %y dims [1] : tensor<?x?x?xf32> -> tensor<?x?xf32>
  %r2 = ferric.reduce min %y dims [1] : tensor<?x?x?xf32> -> tensor<?x?xf32>
  %r3 = ferric.reduce mean %y dims [1] : tensor<?x?x?xf32> -> tensor<?x?xf32>
  return %r0, %r1, %r2, %r3
      : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
