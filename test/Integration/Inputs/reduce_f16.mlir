// ferric.reduce on f16 (sum, max, min, mean; with and without keepdim),
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
func.func @reductions(%x: tensor<?x?xf16>, %y: tensor<?x?x?xf16>)
    -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<f16>, tensor<f16>, tensor<f16>, tensor<f16>,
        tensor<?x1xf16>, tensor<1x?xf16>, tensor<?x1xf16>, tensor<1x1xf16>, tensor<?xf16>, tensor<?x1x?xf16>, tensor<?x?xf16>, tensor<?x?xf16>, tensor<?xf16>) {
  %two = arith.constant 2.0 : f16
  %eps = arith.constant 1.0e-03 : f16
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %x2 = ferric.mul %x, %two : tensor<?x?xf16>, f16
  %r0 = ferric.reduce sum %x2 dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %r1 = ferric.reduce max %x2 dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %r2 = ferric.reduce min %x2 dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %r3 = ferric.reduce mean %x2 dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %r4 = ferric.reduce sum %x dims [0] : tensor<?x?xf16> -> tensor<?xf16>
  %r5 = ferric.reduce max %x dims [0] : tensor<?x?xf16> -> tensor<?xf16>
  %r6 = ferric.reduce min %x dims [0] : tensor<?x?xf16> -> tensor<?xf16>
  %r7 = ferric.reduce mean %x dims [0] : tensor<?x?xf16> -> tensor<?xf16>
  %r8 = ferric.reduce sum %x dims [0, 1] : tensor<?x?xf16> -> tensor<f16>
  %r9 = ferric.reduce max %x dims [0, 1] : tensor<?x?xf16> -> tensor<f16>
  %r10 = ferric.reduce min %x dims [0, 1] : tensor<?x?xf16> -> tensor<f16>
  %r11 = ferric.reduce mean %x dims [0, 1] : tensor<?x?xf16> -> tensor<f16>
  %r12 = ferric.reduce sum %x dims [1] keepdim : tensor<?x?xf16> -> tensor<?x1xf16>
  %r13 = ferric.reduce max %x dims [0] keepdim : tensor<?x?xf16> -> tensor<1x?xf16>
  %r14 = ferric.reduce min %x dims [1] keepdim : tensor<?x?xf16> -> tensor<?x1xf16>
  %r15 = ferric.reduce mean %x dims [0, 1] keepdim : tensor<?x?xf16> -> tensor<1x1xf16>
  %r16 = ferric.reduce sum %y dims [0, 2] : tensor<?x?x?xf16> -> tensor<?xf16>
  %r17 = ferric.reduce mean %y dims [1] keepdim : tensor<?x?x?xf16> -> tensor<?x1x?xf16>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf16>
  %se = ferric.exp %sd : tensor<?x?xf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %ssb = ferric.broadcast %ss dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %r18 = ferric.div %se, %ssb : tensor<?x?xf16>
  %sq = ferric.mul %x, %x : tensor<?x?xf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mse = ferric.add %ms, %eps : tensor<?xf16>, f16
  %r20 = ferric.rsqrt %mse : tensor<?xf16>
  %ib = ferric.broadcast %r20 dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %r19 = ferric.mul %x, %ib : tensor<?x?xf16>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11,
         %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20
      : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<f16>, tensor<f16>, tensor<f16>, tensor<f16>,
        tensor<?x1xf16>, tensor<1x?xf16>, tensor<?x1xf16>, tensor<1x1xf16>, tensor<?xf16>, tensor<?x1x?xf16>, tensor<?x?xf16>, tensor<?x?xf16>, tensor<?xf16>
}
