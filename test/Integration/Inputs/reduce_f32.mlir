// ferric.reduce on f32 (sum, max, min, mean; with and without keepdim),
// every size dynamic, for the ferric-run integration tests
// (test/Integration/{cpu,cuda,vulkan}/run-reduce.mlir). A reduction is a fusion
// barrier: the ops before and after it fuse into kernels of their own.
// Generated from one template for f16, bf16, f32 and f64: keep the four
// files in step.

// x is N x M, y is A x B x C. The results:
//    0-3   sum, max, min, mean of 2 * x over the rows (dims [1]); the
//          multiply fuses into a kernel that feeds the reductions
//    4-7   sum, max, min, mean of x over the columns (dims [0])
//    8-11  sum, max, min, mean of x over both dims (rank-0 results)
//   12-15  keepdim: sum [1] (N x 1), max [0] (1 x M), min [1] (N x 1),
//          mean [0, 1] (1 x 1)
//   16-17  y: sum over [0, 2], mean over [1] keepdim (A x 1 x C)
//   18     softmax over the rows: max, subtract (broadcast), exp, sum,
//          divide (broadcast)
//   19-20  RMSNorm over the rows: x * rsqrt(mean(x * x) + eps), and the
//          inverse norms
func.func @reductions(%x: tensor<?x?xf32>, %y: tensor<?x?x?xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>,
        tensor<?x1xf32>, tensor<1x?xf32>, tensor<?x1xf32>, tensor<1x1xf32>, tensor<?xf32>, tensor<?x1x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) {
  %two = arith.constant 2.0 : f32
  %eps = arith.constant 1.0e-03 : f32
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %x2 = ferric.mul %x, %two : tensor<?x?xf32>, f32
  %r0 = ferric.reduce sum %x2 dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %r1 = ferric.reduce max %x2 dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %r2 = ferric.reduce min %x2 dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %r3 = ferric.reduce mean %x2 dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %r4 = ferric.reduce sum %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %r5 = ferric.reduce max %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %r6 = ferric.reduce min %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %r7 = ferric.reduce mean %x dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %r8 = ferric.reduce sum %x dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r9 = ferric.reduce max %x dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r10 = ferric.reduce min %x dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r11 = ferric.reduce mean %x dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r12 = ferric.reduce sum %x dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %r13 = ferric.reduce max %x dims [0] keepdim : tensor<?x?xf32> -> tensor<1x?xf32>
  %r14 = ferric.reduce min %x dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %r15 = ferric.reduce mean %x dims [0, 1] keepdim : tensor<?x?xf32> -> tensor<1x1xf32>
  %r16 = ferric.reduce sum %y dims [0, 2] : tensor<?x?x?xf32> -> tensor<?xf32>
  %r17 = ferric.reduce mean %y dims [1] keepdim : tensor<?x?x?xf32> -> tensor<?x1x?xf32>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf32>
  %se = ferric.exp %sd : tensor<?x?xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %r18 = ferric.div %se, %ssb : tensor<?x?xf32>
  %sq = ferric.mul %x, %x : tensor<?x?xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %r20 = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %r20 dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %r19 = ferric.mul %x, %ib : tensor<?x?xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11,
         %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20
      : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>,
        tensor<?x1xf32>, tensor<1x?xf32>, tensor<?x1xf32>, tensor<1x1xf32>, tensor<?xf32>, tensor<?x1x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>
}
