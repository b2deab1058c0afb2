// The hand-written ferric twin of ../softmax.mlir (bench/workloads/softmax.mlir with
// 64 rows of 1024, f32).
// Softmax over rows of 1024: two block reductions (max, sum) and fused
// elementwise kernels around them.
func.func @main(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<64x1024xf32> -> tensor<64xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<64xf32> -> tensor<64x1024xf32>
  %sd = ferric.sub %x, %mxb : tensor<64x1024xf32>
  %se = ferric.exp %sd : tensor<64x1024xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<64x1024xf32> -> tensor<64xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<64xf32> -> tensor<64x1024xf32>
  %r = ferric.div %se, %ssb : tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}
