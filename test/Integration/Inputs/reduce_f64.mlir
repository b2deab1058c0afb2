// ferric.reduce on f64 (sum, max, min, mean; with and without keepdim),
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
func.func @reductions(%x: tensor<?x?xf64>, %y: tensor<?x?x?xf64>)
    -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>,
        tensor<?x1xf64>, tensor<1x?xf64>, tensor<?x1xf64>, tensor<1x1xf64>, tensor<?xf64>, tensor<?x1x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?xf64>) {
  %two = arith.constant 2.0 : f64
  %eps = arith.constant 1.0e-03 : f64
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf64>
  %x2 = ferric.mul %x, %two : tensor<?x?xf64>, f64
  %r0 = ferric.reduce sum %x2 dims [1] : tensor<?x?xf64> -> tensor<?xf64>
  %r1 = ferric.reduce max %x2 dims [1] : tensor<?x?xf64> -> tensor<?xf64>
  %r2 = ferric.reduce min %x2 dims [1] : tensor<?x?xf64> -> tensor<?xf64>
  %r3 = ferric.reduce mean %x2 dims [1] : tensor<?x?xf64> -> tensor<?xf64>
  %r4 = ferric.reduce sum %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  %r5 = ferric.reduce max %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  %r6 = ferric.reduce min %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  %r7 = ferric.reduce mean %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  %r8 = ferric.reduce sum %x dims [0, 1] : tensor<?x?xf64> -> tensor<f64>
  %r9 = ferric.reduce max %x dims [0, 1] : tensor<?x?xf64> -> tensor<f64>
  %r10 = ferric.reduce min %x dims [0, 1] : tensor<?x?xf64> -> tensor<f64>
  %r11 = ferric.reduce mean %x dims [0, 1] : tensor<?x?xf64> -> tensor<f64>
  %r12 = ferric.reduce sum %x dims [1] keepdim : tensor<?x?xf64> -> tensor<?x1xf64>
  %r13 = ferric.reduce max %x dims [0] keepdim : tensor<?x?xf64> -> tensor<1x?xf64>
  %r14 = ferric.reduce min %x dims [1] keepdim : tensor<?x?xf64> -> tensor<?x1xf64>
  %r15 = ferric.reduce mean %x dims [0, 1] keepdim : tensor<?x?xf64> -> tensor<1x1xf64>
  %r16 = ferric.reduce sum %y dims [0, 2] : tensor<?x?x?xf64> -> tensor<?xf64>
  %r17 = ferric.reduce mean %y dims [1] keepdim : tensor<?x?x?xf64> -> tensor<?x1x?xf64>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf64> -> tensor<?xf64>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf64> -> tensor<?x?xf64>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf64>
  %se = ferric.exp %sd : tensor<?x?xf64>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf64> -> tensor<?xf64>
  %ssb = ferric.broadcast %ss dims [1] sizes(%m) : tensor<?xf64> -> tensor<?x?xf64>
  %r18 = ferric.div %se, %ssb : tensor<?x?xf64>
  %sq = ferric.mul %x, %x : tensor<?x?xf64>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xf64> -> tensor<?xf64>
  %mse = ferric.add %ms, %eps : tensor<?xf64>, f64
  %r20 = ferric.rsqrt %mse : tensor<?xf64>
  %ib = ferric.broadcast %r20 dims [1] sizes(%m) : tensor<?xf64> -> tensor<?x?xf64>
  %r19 = ferric.mul %x, %ib : tensor<?x?xf64>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11,
         %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20
      : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<f64>,
        tensor<?x1xf64>, tensor<1x?xf64>, tensor<?x1xf64>, tensor<1x1xf64>, tensor<?xf64>, tensor<?x1x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?xf64>
}
