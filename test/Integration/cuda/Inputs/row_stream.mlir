// Row streams (row-stream, RowStream.cpp): programs the static row-program
// inputs do not have: masked softmax (log(relu(x)) is -inf wherever x <= 0,
// so threads and whole rows start at -inf), softmax over the last dim of a
// rank-3 tensor, and the long rows the automatic choice streams (softmax
// over 524288 f32, 131072 / 524288 bf16, log-softmax over 262144 bf16,
// residual add + RMSNorm over 1048576 f32, which no cluster holds).

func.func @masked_softmax_f32_1(%x: tensor<?x1xf32>) -> tensor<?x1xf32> {
  %r0 = ferric.relu %x : tensor<?x1xf32>
  %l0 = ferric.log %r0 : tensor<?x1xf32>
  %mx = ferric.reduce max %l0 dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %sd = ferric.sub %l0, %mxb : tensor<?x1xf32>
  %se = ferric.exp %sd : tensor<?x1xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %r = ferric.div %se, %ssb : tensor<?x1xf32>
  return %r : tensor<?x1xf32>
}

func.func @masked_softmax_f32_33(%x: tensor<?x33xf32>) -> tensor<?x33xf32> {
  %r0 = ferric.relu %x : tensor<?x33xf32>
  %l0 = ferric.log %r0 : tensor<?x33xf32>
  %mx = ferric.reduce max %l0 dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %sd = ferric.sub %l0, %mxb : tensor<?x33xf32>
  %se = ferric.exp %sd : tensor<?x33xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %r = ferric.div %se, %ssb : tensor<?x33xf32>
  return %r : tensor<?x33xf32>
}

func.func @masked_softmax_f32_4097(%x: tensor<?x4097xf32>) -> tensor<?x4097xf32> {
  %r0 = ferric.relu %x : tensor<?x4097xf32>
  %l0 = ferric.log %r0 : tensor<?x4097xf32>
  %mx = ferric.reduce max %l0 dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %sd = ferric.sub %l0, %mxb : tensor<?x4097xf32>
  %se = ferric.exp %sd : tensor<?x4097xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %r = ferric.div %se, %ssb : tensor<?x4097xf32>
  return %r : tensor<?x4097xf32>
}

func.func @masked_softmax_bf16_4097(%x: tensor<?x4097xbf16>) -> tensor<?x4097xbf16> {
  %r0 = ferric.relu %x : tensor<?x4097xbf16>
  %l0 = ferric.log %r0 : tensor<?x4097xbf16>
  %mx = ferric.reduce max %l0 dims [1] : tensor<?x4097xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x4097xbf16>
  %sd = ferric.sub %l0, %mxb : tensor<?x4097xbf16>
  %se = ferric.exp %sd : tensor<?x4097xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4097xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x4097xbf16>
  %r = ferric.div %se, %ssb : tensor<?x4097xbf16>
  return %r : tensor<?x4097xbf16>
}

func.func @softmax3d_f32_1000(%x: tensor<2x?x1000xf32>) -> tensor<2x?x1000xf32> {
  %mx = ferric.reduce max %x dims [2] : tensor<2x?x1000xf32> -> tensor<2x?xf32>
  %mxb = ferric.broadcast %mx dims [2] : tensor<2x?xf32> -> tensor<2x?x1000xf32>
  %sd = ferric.sub %x, %mxb : tensor<2x?x1000xf32>
  %se = ferric.exp %sd : tensor<2x?x1000xf32>
  %ss = ferric.reduce sum %se dims [2] : tensor<2x?x1000xf32> -> tensor<2x?xf32>
  %ssb = ferric.broadcast %ss dims [2] : tensor<2x?xf32> -> tensor<2x?x1000xf32>
  %r = ferric.div %se, %ssb : tensor<2x?x1000xf32>
  return %r : tensor<2x?x1000xf32>
}

func.func @softmax_f32_524288(%x: tensor<?x524288xf32>) -> tensor<?x524288xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x524288xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x524288xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x524288xf32>
  %se = ferric.exp %sd : tensor<?x524288xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x524288xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x524288xf32>
  %r = ferric.div %se, %ssb : tensor<?x524288xf32>
  return %r : tensor<?x524288xf32>
}

func.func @softmax_bf16_131072(%x: tensor<?x131072xbf16>) -> tensor<?x131072xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x131072xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x131072xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x131072xbf16>
  %se = ferric.exp %sd : tensor<?x131072xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x131072xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x131072xbf16>
  %r = ferric.div %se, %ssb : tensor<?x131072xbf16>
  return %r : tensor<?x131072xbf16>
}

func.func @softmax_bf16_524288(%x: tensor<?x524288xbf16>) -> tensor<?x524288xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x524288xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x524288xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x524288xbf16>
  %se = ferric.exp %sd : tensor<?x524288xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x524288xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x524288xbf16>
  %r = ferric.div %se, %ssb : tensor<?x524288xbf16>
  return %r : tensor<?x524288xbf16>
}

func.func @log_softmax_bf16_262144(%x: tensor<?x262144xbf16>) -> tensor<?x262144xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x262144xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x262144xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x262144xbf16>
  %se = ferric.exp %sd : tensor<?x262144xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x262144xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x262144xbf16>
  %ls = ferric.log %ssb : tensor<?x262144xbf16>
  %r = ferric.sub %sd, %ls : tensor<?x262144xbf16>
  return %r : tensor<?x262144xbf16>
}

func.func @residual_rmsnorm_f32_1048576(%x: tensor<?x1048576xf32>, %res: tensor<?x1048576xf32>, %g: tensor<1048576xf32>) -> (tensor<?x1048576xf32>, tensor<?x1048576xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1048576xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x1048576xf32>
  %sq = ferric.mul %h, %h : tensor<?x1048576xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1048576xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1048576xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1048576xf32> -> tensor<?x1048576xf32>
  %y = ferric.mul %h, %ib : tensor<?x1048576xf32>
  %r = ferric.mul %y, %gb : tensor<?x1048576xf32>
  return %r, %h : tensor<?x1048576xf32>, tensor<?x1048576xf32>
}
