// Row programs over static row lengths (rows dynamic, as in the bench):
// the functions of row_groups.mlir with the row length M fixed. Entries:
// <program>_<type>_<M>. Generated from row_groups.mlir (each ?x? made ?xM,
// g and b of length M).

func.func @softmax_f32_1(%x: tensor<?x1xf32>) -> tensor<?x1xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x1xf32>
  %se = ferric.exp %sd : tensor<?x1xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %r = ferric.div %se, %ssb : tensor<?x1xf32>
  return %r : tensor<?x1xf32>
}

func.func @softmax_f32_17(%x: tensor<?x17xf32>) -> tensor<?x17xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x17xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x17xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x17xf32>
  %se = ferric.exp %sd : tensor<?x17xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x17xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x17xf32>
  %r = ferric.div %se, %ssb : tensor<?x17xf32>
  return %r : tensor<?x17xf32>
}

func.func @softmax_f32_31(%x: tensor<?x31xf32>) -> tensor<?x31xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x31xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x31xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x31xf32>
  %se = ferric.exp %sd : tensor<?x31xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x31xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x31xf32>
  %r = ferric.div %se, %ssb : tensor<?x31xf32>
  return %r : tensor<?x31xf32>
}

func.func @softmax_f32_32(%x: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x32xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x32xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x32xf32>
  %se = ferric.exp %sd : tensor<?x32xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x32xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x32xf32>
  %r = ferric.div %se, %ssb : tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

func.func @softmax_f32_33(%x: tensor<?x33xf32>) -> tensor<?x33xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x33xf32>
  %se = ferric.exp %sd : tensor<?x33xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %r = ferric.div %se, %ssb : tensor<?x33xf32>
  return %r : tensor<?x33xf32>
}

func.func @softmax_f32_128(%x: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x128xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x128xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x128xf32>
  %se = ferric.exp %sd : tensor<?x128xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x128xf32>
  %r = ferric.div %se, %ssb : tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}

func.func @softmax_f32_768(%x: tensor<?x768xf32>) -> tensor<?x768xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x768xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x768xf32>
  %se = ferric.exp %sd : tensor<?x768xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x768xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %r = ferric.div %se, %ssb : tensor<?x768xf32>
  return %r : tensor<?x768xf32>
}

func.func @softmax_f32_1000(%x: tensor<?x1000xf32>) -> tensor<?x1000xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1000xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x1000xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x1000xf32>
  %se = ferric.exp %sd : tensor<?x1000xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1000xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x1000xf32>
  %r = ferric.div %se, %ssb : tensor<?x1000xf32>
  return %r : tensor<?x1000xf32>
}

func.func @softmax_f32_1024(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x1024xf32>
  %se = ferric.exp %sd : tensor<?x1024xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %r = ferric.div %se, %ssb : tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}

func.func @softmax_f32_4096(%x: tensor<?x4096xf32>) -> tensor<?x4096xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x4096xf32>
  %se = ferric.exp %sd : tensor<?x4096xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %r = ferric.div %se, %ssb : tensor<?x4096xf32>
  return %r : tensor<?x4096xf32>
}

func.func @softmax_f32_4097(%x: tensor<?x4097xf32>) -> tensor<?x4097xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x4097xf32>
  %se = ferric.exp %sd : tensor<?x4097xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %r = ferric.div %se, %ssb : tensor<?x4097xf32>
  return %r : tensor<?x4097xf32>
}

func.func @softmax_f32_32000(%x: tensor<?x32000xf32>) -> tensor<?x32000xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x32000xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x32000xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x32000xf32>
  %se = ferric.exp %sd : tensor<?x32000xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x32000xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x32000xf32>
  %r = ferric.div %se, %ssb : tensor<?x32000xf32>
  return %r : tensor<?x32000xf32>
}

func.func @softmax_f32_100003(%x: tensor<?x100003xf32>) -> tensor<?x100003xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x100003xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x100003xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x100003xf32>
  %se = ferric.exp %sd : tensor<?x100003xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x100003xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x100003xf32>
  %r = ferric.div %se, %ssb : tensor<?x100003xf32>
  return %r : tensor<?x100003xf32>
}

func.func @log_softmax_f32_1(%x: tensor<?x1xf32>) -> tensor<?x1xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x1xf32>
  %se = ferric.exp %sd : tensor<?x1xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x1xf32>
  return %r : tensor<?x1xf32>
}

func.func @log_softmax_f32_17(%x: tensor<?x17xf32>) -> tensor<?x17xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x17xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x17xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x17xf32>
  %se = ferric.exp %sd : tensor<?x17xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x17xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x17xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x17xf32>
  return %r : tensor<?x17xf32>
}

func.func @log_softmax_f32_31(%x: tensor<?x31xf32>) -> tensor<?x31xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x31xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x31xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x31xf32>
  %se = ferric.exp %sd : tensor<?x31xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x31xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x31xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x31xf32>
  return %r : tensor<?x31xf32>
}

func.func @log_softmax_f32_32(%x: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x32xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x32xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x32xf32>
  %se = ferric.exp %sd : tensor<?x32xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x32xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x32xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

func.func @log_softmax_f32_33(%x: tensor<?x33xf32>) -> tensor<?x33xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x33xf32>
  %se = ferric.exp %sd : tensor<?x33xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x33xf32>
  return %r : tensor<?x33xf32>
}

func.func @log_softmax_f32_128(%x: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x128xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x128xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x128xf32>
  %se = ferric.exp %sd : tensor<?x128xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x128xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}

func.func @log_softmax_f32_768(%x: tensor<?x768xf32>) -> tensor<?x768xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x768xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x768xf32>
  %se = ferric.exp %sd : tensor<?x768xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x768xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x768xf32>
  return %r : tensor<?x768xf32>
}

func.func @log_softmax_f32_1000(%x: tensor<?x1000xf32>) -> tensor<?x1000xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1000xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x1000xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x1000xf32>
  %se = ferric.exp %sd : tensor<?x1000xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1000xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x1000xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x1000xf32>
  return %r : tensor<?x1000xf32>
}

func.func @log_softmax_f32_1024(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x1024xf32>
  %se = ferric.exp %sd : tensor<?x1024xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}

func.func @log_softmax_f32_4096(%x: tensor<?x4096xf32>) -> tensor<?x4096xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x4096xf32>
  %se = ferric.exp %sd : tensor<?x4096xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x4096xf32>
  return %r : tensor<?x4096xf32>
}

func.func @log_softmax_f32_4097(%x: tensor<?x4097xf32>) -> tensor<?x4097xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x4097xf32>
  %se = ferric.exp %sd : tensor<?x4097xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x4097xf32>
  return %r : tensor<?x4097xf32>
}

func.func @log_softmax_f32_32000(%x: tensor<?x32000xf32>) -> tensor<?x32000xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x32000xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x32000xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x32000xf32>
  %se = ferric.exp %sd : tensor<?x32000xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x32000xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x32000xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x32000xf32>
  return %r : tensor<?x32000xf32>
}

func.func @log_softmax_f32_100003(%x: tensor<?x100003xf32>) -> tensor<?x100003xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x100003xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x100003xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x100003xf32>
  %se = ferric.exp %sd : tensor<?x100003xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x100003xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x100003xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x100003xf32>
  return %r : tensor<?x100003xf32>
}

func.func @rmsnorm_f32_1(%x: tensor<?x1xf32>, %g: tensor<1xf32>) -> tensor<?x1xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x1xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1xf32> -> tensor<?x1xf32>
  %y = ferric.mul %x, %ib : tensor<?x1xf32>
  %r = ferric.mul %y, %gb : tensor<?x1xf32>
  return %r : tensor<?x1xf32>
}

func.func @rmsnorm_f32_17(%x: tensor<?x17xf32>, %g: tensor<17xf32>) -> tensor<?x17xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x17xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x17xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x17xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x17xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<17xf32> -> tensor<?x17xf32>
  %y = ferric.mul %x, %ib : tensor<?x17xf32>
  %r = ferric.mul %y, %gb : tensor<?x17xf32>
  return %r : tensor<?x17xf32>
}

func.func @rmsnorm_f32_31(%x: tensor<?x31xf32>, %g: tensor<31xf32>) -> tensor<?x31xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x31xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x31xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x31xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x31xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<31xf32> -> tensor<?x31xf32>
  %y = ferric.mul %x, %ib : tensor<?x31xf32>
  %r = ferric.mul %y, %gb : tensor<?x31xf32>
  return %r : tensor<?x31xf32>
}

func.func @rmsnorm_f32_32(%x: tensor<?x32xf32>, %g: tensor<32xf32>) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x32xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x32xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x32xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32xf32> -> tensor<?x32xf32>
  %y = ferric.mul %x, %ib : tensor<?x32xf32>
  %r = ferric.mul %y, %gb : tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

func.func @rmsnorm_f32_33(%x: tensor<?x33xf32>, %g: tensor<33xf32>) -> tensor<?x33xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x33xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x33xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<33xf32> -> tensor<?x33xf32>
  %y = ferric.mul %x, %ib : tensor<?x33xf32>
  %r = ferric.mul %y, %gb : tensor<?x33xf32>
  return %r : tensor<?x33xf32>
}

func.func @rmsnorm_f32_128(%x: tensor<?x128xf32>, %g: tensor<128xf32>) -> tensor<?x128xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x128xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x128xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x128xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xf32> -> tensor<?x128xf32>
  %y = ferric.mul %x, %ib : tensor<?x128xf32>
  %r = ferric.mul %y, %gb : tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}

func.func @rmsnorm_f32_768(%x: tensor<?x768xf32>, %g: tensor<768xf32>) -> tensor<?x768xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x768xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x768xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x768xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<768xf32> -> tensor<?x768xf32>
  %y = ferric.mul %x, %ib : tensor<?x768xf32>
  %r = ferric.mul %y, %gb : tensor<?x768xf32>
  return %r : tensor<?x768xf32>
}

func.func @rmsnorm_f32_1000(%x: tensor<?x1000xf32>, %g: tensor<1000xf32>) -> tensor<?x1000xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x1000xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1000xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1000xf32> -> tensor<?x1000xf32>
  %y = ferric.mul %x, %ib : tensor<?x1000xf32>
  %r = ferric.mul %y, %gb : tensor<?x1000xf32>
  return %r : tensor<?x1000xf32>
}

func.func @rmsnorm_f32_1024(%x: tensor<?x1024xf32>, %g: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1024xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x1024xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1024xf32> -> tensor<?x1024xf32>
  %y = ferric.mul %x, %ib : tensor<?x1024xf32>
  %r = ferric.mul %y, %gb : tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}

func.func @rmsnorm_f32_4096(%x: tensor<?x4096xf32>, %g: tensor<4096xf32>) -> tensor<?x4096xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x4096xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xf32> -> tensor<?x4096xf32>
  %y = ferric.mul %x, %ib : tensor<?x4096xf32>
  %r = ferric.mul %y, %gb : tensor<?x4096xf32>
  return %r : tensor<?x4096xf32>
}

func.func @rmsnorm_f32_4097(%x: tensor<?x4097xf32>, %g: tensor<4097xf32>) -> tensor<?x4097xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4097xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x4097xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4097xf32> -> tensor<?x4097xf32>
  %y = ferric.mul %x, %ib : tensor<?x4097xf32>
  %r = ferric.mul %y, %gb : tensor<?x4097xf32>
  return %r : tensor<?x4097xf32>
}

func.func @rmsnorm_f32_32000(%x: tensor<?x32000xf32>, %g: tensor<32000xf32>) -> tensor<?x32000xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x32000xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x32000xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x32000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32000xf32> -> tensor<?x32000xf32>
  %y = ferric.mul %x, %ib : tensor<?x32000xf32>
  %r = ferric.mul %y, %gb : tensor<?x32000xf32>
  return %r : tensor<?x32000xf32>
}

func.func @rmsnorm_f32_100003(%x: tensor<?x100003xf32>, %g: tensor<100003xf32>) -> tensor<?x100003xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x100003xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x100003xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x100003xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x100003xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<100003xf32> -> tensor<?x100003xf32>
  %y = ferric.mul %x, %ib : tensor<?x100003xf32>
  %r = ferric.mul %y, %gb : tensor<?x100003xf32>
  return %r : tensor<?x100003xf32>
}

func.func @residual_rmsnorm_f32_1(%x: tensor<?x1xf32>, %res: tensor<?x1xf32>, %g: tensor<1xf32>) -> (tensor<?x1xf32>, tensor<?x1xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x1xf32>
  %sq = ferric.mul %h, %h : tensor<?x1xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1xf32> -> tensor<?x1xf32>
  %y = ferric.mul %h, %ib : tensor<?x1xf32>
  %r = ferric.mul %y, %gb : tensor<?x1xf32>
  return %r, %h : tensor<?x1xf32>, tensor<?x1xf32>
}

func.func @residual_rmsnorm_f32_17(%x: tensor<?x17xf32>, %res: tensor<?x17xf32>, %g: tensor<17xf32>) -> (tensor<?x17xf32>, tensor<?x17xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x17xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x17xf32>
  %sq = ferric.mul %h, %h : tensor<?x17xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x17xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x17xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<17xf32> -> tensor<?x17xf32>
  %y = ferric.mul %h, %ib : tensor<?x17xf32>
  %r = ferric.mul %y, %gb : tensor<?x17xf32>
  return %r, %h : tensor<?x17xf32>, tensor<?x17xf32>
}

func.func @residual_rmsnorm_f32_31(%x: tensor<?x31xf32>, %res: tensor<?x31xf32>, %g: tensor<31xf32>) -> (tensor<?x31xf32>, tensor<?x31xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x31xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x31xf32>
  %sq = ferric.mul %h, %h : tensor<?x31xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x31xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x31xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<31xf32> -> tensor<?x31xf32>
  %y = ferric.mul %h, %ib : tensor<?x31xf32>
  %r = ferric.mul %y, %gb : tensor<?x31xf32>
  return %r, %h : tensor<?x31xf32>, tensor<?x31xf32>
}

func.func @residual_rmsnorm_f32_32(%x: tensor<?x32xf32>, %res: tensor<?x32xf32>, %g: tensor<32xf32>) -> (tensor<?x32xf32>, tensor<?x32xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x32xf32>
  %sq = ferric.mul %h, %h : tensor<?x32xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x32xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x32xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32xf32> -> tensor<?x32xf32>
  %y = ferric.mul %h, %ib : tensor<?x32xf32>
  %r = ferric.mul %y, %gb : tensor<?x32xf32>
  return %r, %h : tensor<?x32xf32>, tensor<?x32xf32>
}

func.func @residual_rmsnorm_f32_33(%x: tensor<?x33xf32>, %res: tensor<?x33xf32>, %g: tensor<33xf32>) -> (tensor<?x33xf32>, tensor<?x33xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x33xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x33xf32>
  %sq = ferric.mul %h, %h : tensor<?x33xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<33xf32> -> tensor<?x33xf32>
  %y = ferric.mul %h, %ib : tensor<?x33xf32>
  %r = ferric.mul %y, %gb : tensor<?x33xf32>
  return %r, %h : tensor<?x33xf32>, tensor<?x33xf32>
}

func.func @residual_rmsnorm_f32_128(%x: tensor<?x128xf32>, %res: tensor<?x128xf32>, %g: tensor<128xf32>) -> (tensor<?x128xf32>, tensor<?x128xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x128xf32>
  %sq = ferric.mul %h, %h : tensor<?x128xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x128xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x128xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xf32> -> tensor<?x128xf32>
  %y = ferric.mul %h, %ib : tensor<?x128xf32>
  %r = ferric.mul %y, %gb : tensor<?x128xf32>
  return %r, %h : tensor<?x128xf32>, tensor<?x128xf32>
}

func.func @residual_rmsnorm_f32_768(%x: tensor<?x768xf32>, %res: tensor<?x768xf32>, %g: tensor<768xf32>) -> (tensor<?x768xf32>, tensor<?x768xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x768xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x768xf32>
  %sq = ferric.mul %h, %h : tensor<?x768xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x768xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<768xf32> -> tensor<?x768xf32>
  %y = ferric.mul %h, %ib : tensor<?x768xf32>
  %r = ferric.mul %y, %gb : tensor<?x768xf32>
  return %r, %h : tensor<?x768xf32>, tensor<?x768xf32>
}

func.func @residual_rmsnorm_f32_1000(%x: tensor<?x1000xf32>, %res: tensor<?x1000xf32>, %g: tensor<1000xf32>) -> (tensor<?x1000xf32>, tensor<?x1000xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x1000xf32>
  %sq = ferric.mul %h, %h : tensor<?x1000xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1000xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1000xf32> -> tensor<?x1000xf32>
  %y = ferric.mul %h, %ib : tensor<?x1000xf32>
  %r = ferric.mul %y, %gb : tensor<?x1000xf32>
  return %r, %h : tensor<?x1000xf32>, tensor<?x1000xf32>
}

func.func @residual_rmsnorm_f32_1024(%x: tensor<?x1024xf32>, %res: tensor<?x1024xf32>, %g: tensor<1024xf32>) -> (tensor<?x1024xf32>, tensor<?x1024xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1024xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x1024xf32>
  %sq = ferric.mul %h, %h : tensor<?x1024xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1024xf32> -> tensor<?x1024xf32>
  %y = ferric.mul %h, %ib : tensor<?x1024xf32>
  %r = ferric.mul %y, %gb : tensor<?x1024xf32>
  return %r, %h : tensor<?x1024xf32>, tensor<?x1024xf32>
}

func.func @residual_rmsnorm_f32_4096(%x: tensor<?x4096xf32>, %res: tensor<?x4096xf32>, %g: tensor<4096xf32>) -> (tensor<?x4096xf32>, tensor<?x4096xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x4096xf32>
  %sq = ferric.mul %h, %h : tensor<?x4096xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xf32> -> tensor<?x4096xf32>
  %y = ferric.mul %h, %ib : tensor<?x4096xf32>
  %r = ferric.mul %y, %gb : tensor<?x4096xf32>
  return %r, %h : tensor<?x4096xf32>, tensor<?x4096xf32>
}

func.func @residual_rmsnorm_f32_4097(%x: tensor<?x4097xf32>, %res: tensor<?x4097xf32>, %g: tensor<4097xf32>) -> (tensor<?x4097xf32>, tensor<?x4097xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4097xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x4097xf32>
  %sq = ferric.mul %h, %h : tensor<?x4097xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4097xf32> -> tensor<?x4097xf32>
  %y = ferric.mul %h, %ib : tensor<?x4097xf32>
  %r = ferric.mul %y, %gb : tensor<?x4097xf32>
  return %r, %h : tensor<?x4097xf32>, tensor<?x4097xf32>
}

func.func @residual_rmsnorm_f32_32000(%x: tensor<?x32000xf32>, %res: tensor<?x32000xf32>, %g: tensor<32000xf32>) -> (tensor<?x32000xf32>, tensor<?x32000xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x32000xf32>
  %sq = ferric.mul %h, %h : tensor<?x32000xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x32000xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x32000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32000xf32> -> tensor<?x32000xf32>
  %y = ferric.mul %h, %ib : tensor<?x32000xf32>
  %r = ferric.mul %y, %gb : tensor<?x32000xf32>
  return %r, %h : tensor<?x32000xf32>, tensor<?x32000xf32>
}

func.func @residual_rmsnorm_f32_100003(%x: tensor<?x100003xf32>, %res: tensor<?x100003xf32>, %g: tensor<100003xf32>) -> (tensor<?x100003xf32>, tensor<?x100003xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x100003xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x100003xf32>
  %sq = ferric.mul %h, %h : tensor<?x100003xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x100003xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x100003xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<100003xf32> -> tensor<?x100003xf32>
  %y = ferric.mul %h, %ib : tensor<?x100003xf32>
  %r = ferric.mul %y, %gb : tensor<?x100003xf32>
  return %r, %h : tensor<?x100003xf32>, tensor<?x100003xf32>
}

func.func @layernorm_f32_1(%x: tensor<?x1xf32>, %g: tensor<1xf32>, %b: tensor<1xf32>) -> tensor<?x1xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %d = ferric.sub %x, %mub : tensor<?x1xf32>
  %d2 = ferric.mul %d, %d : tensor<?x1xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x1xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1xf32> -> tensor<?x1xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<1xf32> -> tensor<?x1xf32>
  %y = ferric.mul %d, %ib : tensor<?x1xf32>
  %yg = ferric.mul %y, %gb : tensor<?x1xf32>
  %r = ferric.add %yg, %bb : tensor<?x1xf32>
  return %r : tensor<?x1xf32>
}

func.func @layernorm_f32_17(%x: tensor<?x17xf32>, %g: tensor<17xf32>, %b: tensor<17xf32>) -> tensor<?x17xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x17xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x17xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x17xf32>
  %d = ferric.sub %x, %mub : tensor<?x17xf32>
  %d2 = ferric.mul %d, %d : tensor<?x17xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x17xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x17xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<17xf32> -> tensor<?x17xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<17xf32> -> tensor<?x17xf32>
  %y = ferric.mul %d, %ib : tensor<?x17xf32>
  %yg = ferric.mul %y, %gb : tensor<?x17xf32>
  %r = ferric.add %yg, %bb : tensor<?x17xf32>
  return %r : tensor<?x17xf32>
}

func.func @layernorm_f32_31(%x: tensor<?x31xf32>, %g: tensor<31xf32>, %b: tensor<31xf32>) -> tensor<?x31xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x31xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x31xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x31xf32>
  %d = ferric.sub %x, %mub : tensor<?x31xf32>
  %d2 = ferric.mul %d, %d : tensor<?x31xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x31xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x31xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<31xf32> -> tensor<?x31xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<31xf32> -> tensor<?x31xf32>
  %y = ferric.mul %d, %ib : tensor<?x31xf32>
  %yg = ferric.mul %y, %gb : tensor<?x31xf32>
  %r = ferric.add %yg, %bb : tensor<?x31xf32>
  return %r : tensor<?x31xf32>
}

func.func @layernorm_f32_32(%x: tensor<?x32xf32>, %g: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x32xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x32xf32>
  %d = ferric.sub %x, %mub : tensor<?x32xf32>
  %d2 = ferric.mul %d, %d : tensor<?x32xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x32xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x32xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32xf32> -> tensor<?x32xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<32xf32> -> tensor<?x32xf32>
  %y = ferric.mul %d, %ib : tensor<?x32xf32>
  %yg = ferric.mul %y, %gb : tensor<?x32xf32>
  %r = ferric.add %yg, %bb : tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

func.func @layernorm_f32_33(%x: tensor<?x33xf32>, %g: tensor<33xf32>, %b: tensor<33xf32>) -> tensor<?x33xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x33xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %d = ferric.sub %x, %mub : tensor<?x33xf32>
  %d2 = ferric.mul %d, %d : tensor<?x33xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x33xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<33xf32> -> tensor<?x33xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<33xf32> -> tensor<?x33xf32>
  %y = ferric.mul %d, %ib : tensor<?x33xf32>
  %yg = ferric.mul %y, %gb : tensor<?x33xf32>
  %r = ferric.add %yg, %bb : tensor<?x33xf32>
  return %r : tensor<?x33xf32>
}

func.func @layernorm_f32_128(%x: tensor<?x128xf32>, %g: tensor<128xf32>, %b: tensor<128xf32>) -> tensor<?x128xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x128xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x128xf32>
  %d = ferric.sub %x, %mub : tensor<?x128xf32>
  %d2 = ferric.mul %d, %d : tensor<?x128xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x128xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x128xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xf32> -> tensor<?x128xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<128xf32> -> tensor<?x128xf32>
  %y = ferric.mul %d, %ib : tensor<?x128xf32>
  %yg = ferric.mul %y, %gb : tensor<?x128xf32>
  %r = ferric.add %yg, %bb : tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}

func.func @layernorm_f32_768(%x: tensor<?x768xf32>, %g: tensor<768xf32>, %b: tensor<768xf32>) -> tensor<?x768xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x768xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x768xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %d = ferric.sub %x, %mub : tensor<?x768xf32>
  %d2 = ferric.mul %d, %d : tensor<?x768xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x768xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<768xf32> -> tensor<?x768xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<768xf32> -> tensor<?x768xf32>
  %y = ferric.mul %d, %ib : tensor<?x768xf32>
  %yg = ferric.mul %y, %gb : tensor<?x768xf32>
  %r = ferric.add %yg, %bb : tensor<?x768xf32>
  return %r : tensor<?x768xf32>
}

func.func @layernorm_f32_1000(%x: tensor<?x1000xf32>, %g: tensor<1000xf32>, %b: tensor<1000xf32>) -> tensor<?x1000xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x1000xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x1000xf32>
  %d = ferric.sub %x, %mub : tensor<?x1000xf32>
  %d2 = ferric.mul %d, %d : tensor<?x1000xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x1000xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1000xf32> -> tensor<?x1000xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<1000xf32> -> tensor<?x1000xf32>
  %y = ferric.mul %d, %ib : tensor<?x1000xf32>
  %yg = ferric.mul %y, %gb : tensor<?x1000xf32>
  %r = ferric.add %yg, %bb : tensor<?x1000xf32>
  return %r : tensor<?x1000xf32>
}

func.func @layernorm_f32_1024(%x: tensor<?x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1024xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %d = ferric.sub %x, %mub : tensor<?x1024xf32>
  %d2 = ferric.mul %d, %d : tensor<?x1024xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1024xf32> -> tensor<?x1024xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<1024xf32> -> tensor<?x1024xf32>
  %y = ferric.mul %d, %ib : tensor<?x1024xf32>
  %yg = ferric.mul %y, %gb : tensor<?x1024xf32>
  %r = ferric.add %yg, %bb : tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}

func.func @layernorm_f32_4096(%x: tensor<?x4096xf32>, %g: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<?x4096xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %d = ferric.sub %x, %mub : tensor<?x4096xf32>
  %d2 = ferric.mul %d, %d : tensor<?x4096xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xf32> -> tensor<?x4096xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<4096xf32> -> tensor<?x4096xf32>
  %y = ferric.mul %d, %ib : tensor<?x4096xf32>
  %yg = ferric.mul %y, %gb : tensor<?x4096xf32>
  %r = ferric.add %yg, %bb : tensor<?x4096xf32>
  return %r : tensor<?x4096xf32>
}

func.func @layernorm_f32_4097(%x: tensor<?x4097xf32>, %g: tensor<4097xf32>, %b: tensor<4097xf32>) -> tensor<?x4097xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4097xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %d = ferric.sub %x, %mub : tensor<?x4097xf32>
  %d2 = ferric.mul %d, %d : tensor<?x4097xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4097xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4097xf32> -> tensor<?x4097xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<4097xf32> -> tensor<?x4097xf32>
  %y = ferric.mul %d, %ib : tensor<?x4097xf32>
  %yg = ferric.mul %y, %gb : tensor<?x4097xf32>
  %r = ferric.add %yg, %bb : tensor<?x4097xf32>
  return %r : tensor<?x4097xf32>
}

func.func @layernorm_f32_32000(%x: tensor<?x32000xf32>, %g: tensor<32000xf32>, %b: tensor<32000xf32>) -> tensor<?x32000xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x32000xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x32000xf32>
  %d = ferric.sub %x, %mub : tensor<?x32000xf32>
  %d2 = ferric.mul %d, %d : tensor<?x32000xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x32000xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x32000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32000xf32> -> tensor<?x32000xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<32000xf32> -> tensor<?x32000xf32>
  %y = ferric.mul %d, %ib : tensor<?x32000xf32>
  %yg = ferric.mul %y, %gb : tensor<?x32000xf32>
  %r = ferric.add %yg, %bb : tensor<?x32000xf32>
  return %r : tensor<?x32000xf32>
}

func.func @layernorm_f32_100003(%x: tensor<?x100003xf32>, %g: tensor<100003xf32>, %b: tensor<100003xf32>) -> tensor<?x100003xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x100003xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x100003xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x100003xf32>
  %d = ferric.sub %x, %mub : tensor<?x100003xf32>
  %d2 = ferric.mul %d, %d : tensor<?x100003xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x100003xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x100003xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<100003xf32> -> tensor<?x100003xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<100003xf32> -> tensor<?x100003xf32>
  %y = ferric.mul %d, %ib : tensor<?x100003xf32>
  %yg = ferric.mul %y, %gb : tensor<?x100003xf32>
  %r = ferric.add %yg, %bb : tensor<?x100003xf32>
  return %r : tensor<?x100003xf32>
}

func.func @softmax_bf16_32(%x: tensor<?x32xbf16>) -> tensor<?x32xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x32xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x32xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x32xbf16>
  %se = ferric.exp %sd : tensor<?x32xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x32xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x32xbf16>
  %r = ferric.div %se, %ssb : tensor<?x32xbf16>
  return %r : tensor<?x32xbf16>
}

func.func @softmax_bf16_33(%x: tensor<?x33xbf16>) -> tensor<?x33xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x33xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x33xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x33xbf16>
  %se = ferric.exp %sd : tensor<?x33xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x33xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x33xbf16>
  %r = ferric.div %se, %ssb : tensor<?x33xbf16>
  return %r : tensor<?x33xbf16>
}

func.func @softmax_bf16_128(%x: tensor<?x128xbf16>) -> tensor<?x128xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x128xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x128xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x128xbf16>
  %se = ferric.exp %sd : tensor<?x128xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x128xbf16>
  %r = ferric.div %se, %ssb : tensor<?x128xbf16>
  return %r : tensor<?x128xbf16>
}

func.func @softmax_bf16_1000(%x: tensor<?x1000xbf16>) -> tensor<?x1000xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1000xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x1000xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x1000xbf16>
  %se = ferric.exp %sd : tensor<?x1000xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1000xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x1000xbf16>
  %r = ferric.div %se, %ssb : tensor<?x1000xbf16>
  return %r : tensor<?x1000xbf16>
}

func.func @softmax_bf16_4096(%x: tensor<?x4096xbf16>) -> tensor<?x4096xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4096xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x4096xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x4096xbf16>
  %se = ferric.exp %sd : tensor<?x4096xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4096xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x4096xbf16>
  %r = ferric.div %se, %ssb : tensor<?x4096xbf16>
  return %r : tensor<?x4096xbf16>
}

func.func @softmax_bf16_32000(%x: tensor<?x32000xbf16>) -> tensor<?x32000xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x32000xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x32000xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x32000xbf16>
  %se = ferric.exp %sd : tensor<?x32000xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x32000xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x32000xbf16>
  %r = ferric.div %se, %ssb : tensor<?x32000xbf16>
  return %r : tensor<?x32000xbf16>
}

func.func @log_softmax_bf16_128(%x: tensor<?x128xbf16>) -> tensor<?x128xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x128xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x128xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x128xbf16>
  %se = ferric.exp %sd : tensor<?x128xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128xbf16> -> tensor<?xbf16>
  %ls = ferric.log %ss : tensor<?xbf16>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xbf16> -> tensor<?x128xbf16>
  %r = ferric.sub %sd, %lsb : tensor<?x128xbf16>
  return %r : tensor<?x128xbf16>
}

func.func @log_softmax_bf16_4096(%x: tensor<?x4096xbf16>) -> tensor<?x4096xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4096xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x4096xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x4096xbf16>
  %se = ferric.exp %sd : tensor<?x4096xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4096xbf16> -> tensor<?xbf16>
  %ls = ferric.log %ss : tensor<?xbf16>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xbf16> -> tensor<?x4096xbf16>
  %r = ferric.sub %sd, %lsb : tensor<?x4096xbf16>
  return %r : tensor<?x4096xbf16>
}

func.func @rmsnorm_bf16_128(%x: tensor<?x128xbf16>, %g: tensor<128xbf16>) -> tensor<?x128xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %sq = ferric.mul %x, %x : tensor<?x128xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x128xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x128xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xbf16> -> tensor<?x128xbf16>
  %y = ferric.mul %x, %ib : tensor<?x128xbf16>
  %r = ferric.mul %y, %gb : tensor<?x128xbf16>
  return %r : tensor<?x128xbf16>
}

func.func @rmsnorm_bf16_4096(%x: tensor<?x4096xbf16>, %g: tensor<4096xbf16>) -> tensor<?x4096xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %sq = ferric.mul %x, %x : tensor<?x4096xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x4096xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xbf16> -> tensor<?x4096xbf16>
  %y = ferric.mul %x, %ib : tensor<?x4096xbf16>
  %r = ferric.mul %y, %gb : tensor<?x4096xbf16>
  return %r : tensor<?x4096xbf16>
}

func.func @residual_rmsnorm_bf16_32(%x: tensor<?x32xbf16>, %res: tensor<?x32xbf16>, %g: tensor<32xbf16>) -> (tensor<?x32xbf16>, tensor<?x32xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x32xbf16>
  %sq = ferric.mul %h, %h : tensor<?x32xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x32xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x32xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32xbf16> -> tensor<?x32xbf16>
  %y = ferric.mul %h, %ib : tensor<?x32xbf16>
  %r = ferric.mul %y, %gb : tensor<?x32xbf16>
  return %r, %h : tensor<?x32xbf16>, tensor<?x32xbf16>
}

func.func @residual_rmsnorm_bf16_33(%x: tensor<?x33xbf16>, %res: tensor<?x33xbf16>, %g: tensor<33xbf16>) -> (tensor<?x33xbf16>, tensor<?x33xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x33xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x33xbf16>
  %sq = ferric.mul %h, %h : tensor<?x33xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x33xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x33xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<33xbf16> -> tensor<?x33xbf16>
  %y = ferric.mul %h, %ib : tensor<?x33xbf16>
  %r = ferric.mul %y, %gb : tensor<?x33xbf16>
  return %r, %h : tensor<?x33xbf16>, tensor<?x33xbf16>
}

func.func @residual_rmsnorm_bf16_128(%x: tensor<?x128xbf16>, %res: tensor<?x128xbf16>, %g: tensor<128xbf16>) -> (tensor<?x128xbf16>, tensor<?x128xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x128xbf16>
  %sq = ferric.mul %h, %h : tensor<?x128xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x128xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x128xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xbf16> -> tensor<?x128xbf16>
  %y = ferric.mul %h, %ib : tensor<?x128xbf16>
  %r = ferric.mul %y, %gb : tensor<?x128xbf16>
  return %r, %h : tensor<?x128xbf16>, tensor<?x128xbf16>
}

func.func @residual_rmsnorm_bf16_1000(%x: tensor<?x1000xbf16>, %res: tensor<?x1000xbf16>, %g: tensor<1000xbf16>) -> (tensor<?x1000xbf16>, tensor<?x1000xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1000xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x1000xbf16>
  %sq = ferric.mul %h, %h : tensor<?x1000xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1000xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x1000xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1000xbf16> -> tensor<?x1000xbf16>
  %y = ferric.mul %h, %ib : tensor<?x1000xbf16>
  %r = ferric.mul %y, %gb : tensor<?x1000xbf16>
  return %r, %h : tensor<?x1000xbf16>, tensor<?x1000xbf16>
}

func.func @residual_rmsnorm_bf16_4096(%x: tensor<?x4096xbf16>, %res: tensor<?x4096xbf16>, %g: tensor<4096xbf16>) -> (tensor<?x4096xbf16>, tensor<?x4096xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x4096xbf16>
  %sq = ferric.mul %h, %h : tensor<?x4096xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x4096xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xbf16> -> tensor<?x4096xbf16>
  %y = ferric.mul %h, %ib : tensor<?x4096xbf16>
  %r = ferric.mul %y, %gb : tensor<?x4096xbf16>
  return %r, %h : tensor<?x4096xbf16>, tensor<?x4096xbf16>
}

func.func @residual_rmsnorm_bf16_32000(%x: tensor<?x32000xbf16>, %res: tensor<?x32000xbf16>, %g: tensor<32000xbf16>) -> (tensor<?x32000xbf16>, tensor<?x32000xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32000xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x32000xbf16>
  %sq = ferric.mul %h, %h : tensor<?x32000xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x32000xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x32000xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32000xbf16> -> tensor<?x32000xbf16>
  %y = ferric.mul %h, %ib : tensor<?x32000xbf16>
  %r = ferric.mul %y, %gb : tensor<?x32000xbf16>
  return %r, %h : tensor<?x32000xbf16>, tensor<?x32000xbf16>
}

func.func @layernorm_bf16_32(%x: tensor<?x32xbf16>, %g: tensor<32xbf16>, %b: tensor<32xbf16>) -> tensor<?x32xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x32xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x32xbf16>
  %d = ferric.sub %x, %mub : tensor<?x32xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x32xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x32xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x32xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32xbf16> -> tensor<?x32xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<32xbf16> -> tensor<?x32xbf16>
  %y = ferric.mul %d, %ib : tensor<?x32xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x32xbf16>
  %r = ferric.add %yg, %bb : tensor<?x32xbf16>
  return %r : tensor<?x32xbf16>
}

func.func @layernorm_bf16_33(%x: tensor<?x33xbf16>, %g: tensor<33xbf16>, %b: tensor<33xbf16>) -> tensor<?x33xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x33xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x33xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x33xbf16>
  %d = ferric.sub %x, %mub : tensor<?x33xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x33xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x33xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x33xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<33xbf16> -> tensor<?x33xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<33xbf16> -> tensor<?x33xbf16>
  %y = ferric.mul %d, %ib : tensor<?x33xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x33xbf16>
  %r = ferric.add %yg, %bb : tensor<?x33xbf16>
  return %r : tensor<?x33xbf16>
}

func.func @layernorm_bf16_128(%x: tensor<?x128xbf16>, %g: tensor<128xbf16>, %b: tensor<128xbf16>) -> tensor<?x128xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x128xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x128xbf16>
  %d = ferric.sub %x, %mub : tensor<?x128xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x128xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x128xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x128xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xbf16> -> tensor<?x128xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<128xbf16> -> tensor<?x128xbf16>
  %y = ferric.mul %d, %ib : tensor<?x128xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x128xbf16>
  %r = ferric.add %yg, %bb : tensor<?x128xbf16>
  return %r : tensor<?x128xbf16>
}

func.func @layernorm_bf16_1000(%x: tensor<?x1000xbf16>, %g: tensor<1000xbf16>, %b: tensor<1000xbf16>) -> tensor<?x1000xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1000xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x1000xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x1000xbf16>
  %d = ferric.sub %x, %mub : tensor<?x1000xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x1000xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x1000xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x1000xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1000xbf16> -> tensor<?x1000xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<1000xbf16> -> tensor<?x1000xbf16>
  %y = ferric.mul %d, %ib : tensor<?x1000xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x1000xbf16>
  %r = ferric.add %yg, %bb : tensor<?x1000xbf16>
  return %r : tensor<?x1000xbf16>
}

func.func @layernorm_bf16_4096(%x: tensor<?x4096xbf16>, %g: tensor<4096xbf16>, %b: tensor<4096xbf16>) -> tensor<?x4096xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4096xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x4096xbf16>
  %d = ferric.sub %x, %mub : tensor<?x4096xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x4096xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4096xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x4096xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xbf16> -> tensor<?x4096xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<4096xbf16> -> tensor<?x4096xbf16>
  %y = ferric.mul %d, %ib : tensor<?x4096xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x4096xbf16>
  %r = ferric.add %yg, %bb : tensor<?x4096xbf16>
  return %r : tensor<?x4096xbf16>
}

func.func @layernorm_bf16_32000(%x: tensor<?x32000xbf16>, %g: tensor<32000xbf16>, %b: tensor<32000xbf16>) -> tensor<?x32000xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x32000xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x32000xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x32000xbf16>
  %d = ferric.sub %x, %mub : tensor<?x32000xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x32000xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x32000xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x32000xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<32000xbf16> -> tensor<?x32000xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<32000xbf16> -> tensor<?x32000xbf16>
  %y = ferric.mul %d, %ib : tensor<?x32000xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x32000xbf16>
  %r = ferric.add %yg, %bb : tensor<?x32000xbf16>
  return %r : tensor<?x32000xbf16>
}

func.func @softmax_f16_128(%x: tensor<?x128xf16>) -> tensor<?x128xf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x128xf16> -> tensor<?xf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf16> -> tensor<?x128xf16>
  %sd = ferric.sub %x, %mxb : tensor<?x128xf16>
  %se = ferric.exp %sd : tensor<?x128xf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128xf16> -> tensor<?xf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf16> -> tensor<?x128xf16>
  %r = ferric.div %se, %ssb : tensor<?x128xf16>
  return %r : tensor<?x128xf16>
}

func.func @softmax_f16_4096(%x: tensor<?x4096xf16>) -> tensor<?x4096xf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4096xf16> -> tensor<?xf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf16> -> tensor<?x4096xf16>
  %sd = ferric.sub %x, %mxb : tensor<?x4096xf16>
  %se = ferric.exp %sd : tensor<?x4096xf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4096xf16> -> tensor<?xf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf16> -> tensor<?x4096xf16>
  %r = ferric.div %se, %ssb : tensor<?x4096xf16>
  return %r : tensor<?x4096xf16>
}

func.func @log_softmax_f16_128(%x: tensor<?x128xf16>) -> tensor<?x128xf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x128xf16> -> tensor<?xf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf16> -> tensor<?x128xf16>
  %sd = ferric.sub %x, %mxb : tensor<?x128xf16>
  %se = ferric.exp %sd : tensor<?x128xf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x128xf16> -> tensor<?xf16>
  %ls = ferric.log %ss : tensor<?xf16>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf16> -> tensor<?x128xf16>
  %r = ferric.sub %sd, %lsb : tensor<?x128xf16>
  return %r : tensor<?x128xf16>
}

func.func @log_softmax_f16_4096(%x: tensor<?x4096xf16>) -> tensor<?x4096xf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4096xf16> -> tensor<?xf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf16> -> tensor<?x4096xf16>
  %sd = ferric.sub %x, %mxb : tensor<?x4096xf16>
  %se = ferric.exp %sd : tensor<?x4096xf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4096xf16> -> tensor<?xf16>
  %ls = ferric.log %ss : tensor<?xf16>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf16> -> tensor<?x4096xf16>
  %r = ferric.sub %sd, %lsb : tensor<?x4096xf16>
  return %r : tensor<?x4096xf16>
}

func.func @rmsnorm_f16_128(%x: tensor<?x128xf16>, %g: tensor<128xf16>) -> tensor<?x128xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xf16>
  %eps = arith.constant 1.0e-03 : f16
  %sq = ferric.mul %x, %x : tensor<?x128xf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x128xf16> -> tensor<?xf16>
  %mse = ferric.add %ms, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %mse : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf16> -> tensor<?x128xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xf16> -> tensor<?x128xf16>
  %y = ferric.mul %x, %ib : tensor<?x128xf16>
  %r = ferric.mul %y, %gb : tensor<?x128xf16>
  return %r : tensor<?x128xf16>
}

func.func @rmsnorm_f16_4096(%x: tensor<?x4096xf16>, %g: tensor<4096xf16>) -> tensor<?x4096xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf16>
  %eps = arith.constant 1.0e-03 : f16
  %sq = ferric.mul %x, %x : tensor<?x4096xf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xf16> -> tensor<?xf16>
  %mse = ferric.add %ms, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %mse : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf16> -> tensor<?x4096xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xf16> -> tensor<?x4096xf16>
  %y = ferric.mul %x, %ib : tensor<?x4096xf16>
  %r = ferric.mul %y, %gb : tensor<?x4096xf16>
  return %r : tensor<?x4096xf16>
}

func.func @residual_rmsnorm_f16_128(%x: tensor<?x128xf16>, %res: tensor<?x128xf16>, %g: tensor<128xf16>) -> (tensor<?x128xf16>, tensor<?x128xf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xf16>
  %eps = arith.constant 1.0e-03 : f16
  %h = ferric.add %x, %res : tensor<?x128xf16>
  %sq = ferric.mul %h, %h : tensor<?x128xf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x128xf16> -> tensor<?xf16>
  %mse = ferric.add %ms, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %mse : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf16> -> tensor<?x128xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xf16> -> tensor<?x128xf16>
  %y = ferric.mul %h, %ib : tensor<?x128xf16>
  %r = ferric.mul %y, %gb : tensor<?x128xf16>
  return %r, %h : tensor<?x128xf16>, tensor<?x128xf16>
}

func.func @residual_rmsnorm_f16_4096(%x: tensor<?x4096xf16>, %res: tensor<?x4096xf16>, %g: tensor<4096xf16>) -> (tensor<?x4096xf16>, tensor<?x4096xf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf16>
  %eps = arith.constant 1.0e-03 : f16
  %h = ferric.add %x, %res : tensor<?x4096xf16>
  %sq = ferric.mul %h, %h : tensor<?x4096xf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xf16> -> tensor<?xf16>
  %mse = ferric.add %ms, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %mse : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf16> -> tensor<?x4096xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xf16> -> tensor<?x4096xf16>
  %y = ferric.mul %h, %ib : tensor<?x4096xf16>
  %r = ferric.mul %y, %gb : tensor<?x4096xf16>
  return %r, %h : tensor<?x4096xf16>, tensor<?x4096xf16>
}

func.func @layernorm_f16_128(%x: tensor<?x128xf16>, %g: tensor<128xf16>, %b: tensor<128xf16>) -> tensor<?x128xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x128xf16>
  %eps = arith.constant 1.0e-03 : f16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x128xf16> -> tensor<?xf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf16> -> tensor<?x128xf16>
  %d = ferric.sub %x, %mub : tensor<?x128xf16>
  %d2 = ferric.mul %d, %d : tensor<?x128xf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x128xf16> -> tensor<?xf16>
  %ve = ferric.add %var, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %ve : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf16> -> tensor<?x128xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<128xf16> -> tensor<?x128xf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<128xf16> -> tensor<?x128xf16>
  %y = ferric.mul %d, %ib : tensor<?x128xf16>
  %yg = ferric.mul %y, %gb : tensor<?x128xf16>
  %r = ferric.add %yg, %bb : tensor<?x128xf16>
  return %r : tensor<?x128xf16>
}

func.func @layernorm_f16_4096(%x: tensor<?x4096xf16>, %g: tensor<4096xf16>, %b: tensor<4096xf16>) -> tensor<?x4096xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf16>
  %eps = arith.constant 1.0e-03 : f16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4096xf16> -> tensor<?xf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf16> -> tensor<?x4096xf16>
  %d = ferric.sub %x, %mub : tensor<?x4096xf16>
  %d2 = ferric.mul %d, %d : tensor<?x4096xf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4096xf16> -> tensor<?xf16>
  %ve = ferric.add %var, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %ve : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf16> -> tensor<?x4096xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4096xf16> -> tensor<?x4096xf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<4096xf16> -> tensor<?x4096xf16>
  %y = ferric.mul %d, %ib : tensor<?x4096xf16>
  %yg = ferric.mul %y, %gb : tensor<?x4096xf16>
  %r = ferric.add %yg, %bb : tensor<?x4096xf16>
  return %r : tensor<?x4096xf16>
}

func.func @softmax_f32_40000(%x: tensor<?x40000xf32>) -> tensor<?x40000xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x40000xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x40000xf32>
  %se = ferric.exp %sd : tensor<?x40000xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x40000xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %r = ferric.div %se, %ssb : tensor<?x40000xf32>
  return %r : tensor<?x40000xf32>
}

func.func @log_softmax_f32_40000(%x: tensor<?x40000xf32>) -> tensor<?x40000xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x40000xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x40000xf32>
  %se = ferric.exp %sd : tensor<?x40000xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x40000xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x40000xf32>
  return %r : tensor<?x40000xf32>
}

func.func @rmsnorm_f32_40000(%x: tensor<?x40000xf32>, %g: tensor<40000xf32>) -> tensor<?x40000xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x40000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x40000xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x40000xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<40000xf32> -> tensor<?x40000xf32>
  %y = ferric.mul %x, %ib : tensor<?x40000xf32>
  %r = ferric.mul %y, %gb : tensor<?x40000xf32>
  return %r : tensor<?x40000xf32>
}

func.func @residual_rmsnorm_f32_40000(%x: tensor<?x40000xf32>, %res: tensor<?x40000xf32>, %g: tensor<40000xf32>) -> (tensor<?x40000xf32>, tensor<?x40000xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x40000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x40000xf32>
  %sq = ferric.mul %h, %h : tensor<?x40000xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x40000xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<40000xf32> -> tensor<?x40000xf32>
  %y = ferric.mul %h, %ib : tensor<?x40000xf32>
  %r = ferric.mul %y, %gb : tensor<?x40000xf32>
  return %r, %h : tensor<?x40000xf32>, tensor<?x40000xf32>
}

func.func @layernorm_f32_40000(%x: tensor<?x40000xf32>, %g: tensor<40000xf32>, %b: tensor<40000xf32>) -> tensor<?x40000xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x40000xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x40000xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %d = ferric.sub %x, %mub : tensor<?x40000xf32>
  %d2 = ferric.mul %d, %d : tensor<?x40000xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x40000xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<40000xf32> -> tensor<?x40000xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<40000xf32> -> tensor<?x40000xf32>
  %y = ferric.mul %d, %ib : tensor<?x40000xf32>
  %yg = ferric.mul %y, %gb : tensor<?x40000xf32>
  %r = ferric.add %yg, %bb : tensor<?x40000xf32>
  return %r : tensor<?x40000xf32>
}

func.func @softmax_f32_65537(%x: tensor<?x65537xf32>) -> tensor<?x65537xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x65537xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x65537xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x65537xf32>
  %se = ferric.exp %sd : tensor<?x65537xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x65537xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x65537xf32>
  %r = ferric.div %se, %ssb : tensor<?x65537xf32>
  return %r : tensor<?x65537xf32>
}

func.func @log_softmax_f32_65537(%x: tensor<?x65537xf32>) -> tensor<?x65537xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x65537xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x65537xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x65537xf32>
  %se = ferric.exp %sd : tensor<?x65537xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x65537xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x65537xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x65537xf32>
  return %r : tensor<?x65537xf32>
}

func.func @rmsnorm_f32_65537(%x: tensor<?x65537xf32>, %g: tensor<65537xf32>) -> tensor<?x65537xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x65537xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x65537xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x65537xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x65537xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<65537xf32> -> tensor<?x65537xf32>
  %y = ferric.mul %x, %ib : tensor<?x65537xf32>
  %r = ferric.mul %y, %gb : tensor<?x65537xf32>
  return %r : tensor<?x65537xf32>
}

func.func @residual_rmsnorm_f32_65537(%x: tensor<?x65537xf32>, %res: tensor<?x65537xf32>, %g: tensor<65537xf32>) -> (tensor<?x65537xf32>, tensor<?x65537xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x65537xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x65537xf32>
  %sq = ferric.mul %h, %h : tensor<?x65537xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x65537xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x65537xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<65537xf32> -> tensor<?x65537xf32>
  %y = ferric.mul %h, %ib : tensor<?x65537xf32>
  %r = ferric.mul %y, %gb : tensor<?x65537xf32>
  return %r, %h : tensor<?x65537xf32>, tensor<?x65537xf32>
}

func.func @layernorm_f32_65537(%x: tensor<?x65537xf32>, %g: tensor<65537xf32>, %b: tensor<65537xf32>) -> tensor<?x65537xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x65537xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x65537xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x65537xf32>
  %d = ferric.sub %x, %mub : tensor<?x65537xf32>
  %d2 = ferric.mul %d, %d : tensor<?x65537xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x65537xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x65537xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<65537xf32> -> tensor<?x65537xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<65537xf32> -> tensor<?x65537xf32>
  %y = ferric.mul %d, %ib : tensor<?x65537xf32>
  %yg = ferric.mul %y, %gb : tensor<?x65537xf32>
  %r = ferric.add %yg, %bb : tensor<?x65537xf32>
  return %r : tensor<?x65537xf32>
}

func.func @softmax_f32_50257(%x: tensor<?x50257xf32>) -> tensor<?x50257xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x50257xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x50257xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x50257xf32>
  %se = ferric.exp %sd : tensor<?x50257xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x50257xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x50257xf32>
  %r = ferric.div %se, %ssb : tensor<?x50257xf32>
  return %r : tensor<?x50257xf32>
}

func.func @log_softmax_f32_50257(%x: tensor<?x50257xf32>) -> tensor<?x50257xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x50257xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x50257xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x50257xf32>
  %se = ferric.exp %sd : tensor<?x50257xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x50257xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x50257xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x50257xf32>
  return %r : tensor<?x50257xf32>
}

func.func @rmsnorm_f32_50257(%x: tensor<?x50257xf32>, %g: tensor<50257xf32>) -> tensor<?x50257xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x50257xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x50257xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x50257xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x50257xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<50257xf32> -> tensor<?x50257xf32>
  %y = ferric.mul %x, %ib : tensor<?x50257xf32>
  %r = ferric.mul %y, %gb : tensor<?x50257xf32>
  return %r : tensor<?x50257xf32>
}

func.func @residual_rmsnorm_f32_50257(%x: tensor<?x50257xf32>, %res: tensor<?x50257xf32>, %g: tensor<50257xf32>) -> (tensor<?x50257xf32>, tensor<?x50257xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x50257xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x50257xf32>
  %sq = ferric.mul %h, %h : tensor<?x50257xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x50257xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x50257xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<50257xf32> -> tensor<?x50257xf32>
  %y = ferric.mul %h, %ib : tensor<?x50257xf32>
  %r = ferric.mul %y, %gb : tensor<?x50257xf32>
  return %r, %h : tensor<?x50257xf32>, tensor<?x50257xf32>
}

func.func @layernorm_f32_50257(%x: tensor<?x50257xf32>, %g: tensor<50257xf32>, %b: tensor<50257xf32>) -> tensor<?x50257xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x50257xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x50257xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x50257xf32>
  %d = ferric.sub %x, %mub : tensor<?x50257xf32>
  %d2 = ferric.mul %d, %d : tensor<?x50257xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x50257xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x50257xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<50257xf32> -> tensor<?x50257xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<50257xf32> -> tensor<?x50257xf32>
  %y = ferric.mul %d, %ib : tensor<?x50257xf32>
  %yg = ferric.mul %y, %gb : tensor<?x50257xf32>
  %r = ferric.add %yg, %bb : tensor<?x50257xf32>
  return %r : tensor<?x50257xf32>
}

func.func @softmax_f32_65536(%x: tensor<?x65536xf32>) -> tensor<?x65536xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x65536xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x65536xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x65536xf32>
  %se = ferric.exp %sd : tensor<?x65536xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x65536xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x65536xf32>
  %r = ferric.div %se, %ssb : tensor<?x65536xf32>
  return %r : tensor<?x65536xf32>
}

func.func @softmax_f32_131072(%x: tensor<?x131072xf32>) -> tensor<?x131072xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x131072xf32>
  %se = ferric.exp %sd : tensor<?x131072xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %r = ferric.div %se, %ssb : tensor<?x131072xf32>
  return %r : tensor<?x131072xf32>
}

func.func @log_softmax_f32_131072(%x: tensor<?x131072xf32>) -> tensor<?x131072xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x131072xf32>
  %se = ferric.exp %sd : tensor<?x131072xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x131072xf32>
  return %r : tensor<?x131072xf32>
}

func.func @rmsnorm_f32_131072(%x: tensor<?x131072xf32>, %g: tensor<131072xf32>) -> tensor<?x131072xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x131072xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x131072xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<131072xf32> -> tensor<?x131072xf32>
  %y = ferric.mul %x, %ib : tensor<?x131072xf32>
  %r = ferric.mul %y, %gb : tensor<?x131072xf32>
  return %r : tensor<?x131072xf32>
}

func.func @residual_rmsnorm_f32_131072(%x: tensor<?x131072xf32>, %res: tensor<?x131072xf32>, %g: tensor<131072xf32>) -> (tensor<?x131072xf32>, tensor<?x131072xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x131072xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x131072xf32>
  %sq = ferric.mul %h, %h : tensor<?x131072xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<131072xf32> -> tensor<?x131072xf32>
  %y = ferric.mul %h, %ib : tensor<?x131072xf32>
  %r = ferric.mul %y, %gb : tensor<?x131072xf32>
  return %r, %h : tensor<?x131072xf32>, tensor<?x131072xf32>
}

func.func @layernorm_f32_131072(%x: tensor<?x131072xf32>, %g: tensor<131072xf32>, %b: tensor<131072xf32>) -> tensor<?x131072xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x131072xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %d = ferric.sub %x, %mub : tensor<?x131072xf32>
  %d2 = ferric.mul %d, %d : tensor<?x131072xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<131072xf32> -> tensor<?x131072xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<131072xf32> -> tensor<?x131072xf32>
  %y = ferric.mul %d, %ib : tensor<?x131072xf32>
  %yg = ferric.mul %y, %gb : tensor<?x131072xf32>
  %r = ferric.add %yg, %bb : tensor<?x131072xf32>
  return %r : tensor<?x131072xf32>
}

func.func @softmax_f32_262144(%x: tensor<?x262144xf32>) -> tensor<?x262144xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x262144xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x262144xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x262144xf32>
  %se = ferric.exp %sd : tensor<?x262144xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x262144xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x262144xf32>
  %r = ferric.div %se, %ssb : tensor<?x262144xf32>
  return %r : tensor<?x262144xf32>
}

func.func @log_softmax_f32_262144(%x: tensor<?x262144xf32>) -> tensor<?x262144xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x262144xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x262144xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x262144xf32>
  %se = ferric.exp %sd : tensor<?x262144xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x262144xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x262144xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x262144xf32>
  return %r : tensor<?x262144xf32>
}

func.func @rmsnorm_f32_262144(%x: tensor<?x262144xf32>, %g: tensor<262144xf32>) -> tensor<?x262144xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x262144xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x262144xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x262144xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x262144xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<262144xf32> -> tensor<?x262144xf32>
  %y = ferric.mul %x, %ib : tensor<?x262144xf32>
  %r = ferric.mul %y, %gb : tensor<?x262144xf32>
  return %r : tensor<?x262144xf32>
}

func.func @residual_rmsnorm_f32_262144(%x: tensor<?x262144xf32>, %res: tensor<?x262144xf32>, %g: tensor<262144xf32>) -> (tensor<?x262144xf32>, tensor<?x262144xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x262144xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x262144xf32>
  %sq = ferric.mul %h, %h : tensor<?x262144xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x262144xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x262144xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<262144xf32> -> tensor<?x262144xf32>
  %y = ferric.mul %h, %ib : tensor<?x262144xf32>
  %r = ferric.mul %y, %gb : tensor<?x262144xf32>
  return %r, %h : tensor<?x262144xf32>, tensor<?x262144xf32>
}

func.func @layernorm_f32_262144(%x: tensor<?x262144xf32>, %g: tensor<262144xf32>, %b: tensor<262144xf32>) -> tensor<?x262144xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x262144xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x262144xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x262144xf32>
  %d = ferric.sub %x, %mub : tensor<?x262144xf32>
  %d2 = ferric.mul %d, %d : tensor<?x262144xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x262144xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x262144xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<262144xf32> -> tensor<?x262144xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<262144xf32> -> tensor<?x262144xf32>
  %y = ferric.mul %d, %ib : tensor<?x262144xf32>
  %yg = ferric.mul %y, %gb : tensor<?x262144xf32>
  %r = ferric.add %yg, %bb : tensor<?x262144xf32>
  return %r : tensor<?x262144xf32>
}

func.func @softmax_f32_262145(%x: tensor<?x262145xf32>) -> tensor<?x262145xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x262145xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x262145xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x262145xf32>
  %se = ferric.exp %sd : tensor<?x262145xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x262145xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x262145xf32>
  %r = ferric.div %se, %ssb : tensor<?x262145xf32>
  return %r : tensor<?x262145xf32>
}

func.func @log_softmax_f32_262145(%x: tensor<?x262145xf32>) -> tensor<?x262145xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x262145xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x262145xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x262145xf32>
  %se = ferric.exp %sd : tensor<?x262145xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x262145xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] : tensor<?xf32> -> tensor<?x262145xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x262145xf32>
  return %r : tensor<?x262145xf32>
}

func.func @rmsnorm_f32_262145(%x: tensor<?x262145xf32>, %g: tensor<262145xf32>) -> tensor<?x262145xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x262145xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x262145xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x262145xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x262145xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<262145xf32> -> tensor<?x262145xf32>
  %y = ferric.mul %x, %ib : tensor<?x262145xf32>
  %r = ferric.mul %y, %gb : tensor<?x262145xf32>
  return %r : tensor<?x262145xf32>
}

func.func @residual_rmsnorm_f32_262145(%x: tensor<?x262145xf32>, %res: tensor<?x262145xf32>, %g: tensor<262145xf32>) -> (tensor<?x262145xf32>, tensor<?x262145xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x262145xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x262145xf32>
  %sq = ferric.mul %h, %h : tensor<?x262145xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x262145xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x262145xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<262145xf32> -> tensor<?x262145xf32>
  %y = ferric.mul %h, %ib : tensor<?x262145xf32>
  %r = ferric.mul %y, %gb : tensor<?x262145xf32>
  return %r, %h : tensor<?x262145xf32>, tensor<?x262145xf32>
}

func.func @layernorm_f32_262145(%x: tensor<?x262145xf32>, %g: tensor<262145xf32>, %b: tensor<262145xf32>) -> tensor<?x262145xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x262145xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x262145xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xf32> -> tensor<?x262145xf32>
  %d = ferric.sub %x, %mub : tensor<?x262145xf32>
  %d2 = ferric.mul %d, %d : tensor<?x262145xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x262145xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x262145xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<262145xf32> -> tensor<?x262145xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<262145xf32> -> tensor<?x262145xf32>
  %y = ferric.mul %d, %ib : tensor<?x262145xf32>
  %yg = ferric.mul %y, %gb : tensor<?x262145xf32>
  %r = ferric.add %yg, %bb : tensor<?x262145xf32>
  return %r : tensor<?x262145xf32>
}

func.func @softmax_bf16_100003(%x: tensor<?x100003xbf16>) -> tensor<?x100003xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x100003xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x100003xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x100003xbf16>
  %se = ferric.exp %sd : tensor<?x100003xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x100003xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x100003xbf16>
  %r = ferric.div %se, %ssb : tensor<?x100003xbf16>
  return %r : tensor<?x100003xbf16>
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

func.func @residual_rmsnorm_bf16_100003(%x: tensor<?x100003xbf16>, %res: tensor<?x100003xbf16>, %g: tensor<100003xbf16>) -> (tensor<?x100003xbf16>, tensor<?x100003xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x100003xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x100003xbf16>
  %sq = ferric.mul %h, %h : tensor<?x100003xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x100003xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x100003xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<100003xbf16> -> tensor<?x100003xbf16>
  %y = ferric.mul %h, %ib : tensor<?x100003xbf16>
  %r = ferric.mul %y, %gb : tensor<?x100003xbf16>
  return %r, %h : tensor<?x100003xbf16>, tensor<?x100003xbf16>
}

func.func @residual_rmsnorm_bf16_131072(%x: tensor<?x131072xbf16>, %res: tensor<?x131072xbf16>, %g: tensor<131072xbf16>) -> (tensor<?x131072xbf16>, tensor<?x131072xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x131072xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x131072xbf16>
  %sq = ferric.mul %h, %h : tensor<?x131072xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x131072xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x131072xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<131072xbf16> -> tensor<?x131072xbf16>
  %y = ferric.mul %h, %ib : tensor<?x131072xbf16>
  %r = ferric.mul %y, %gb : tensor<?x131072xbf16>
  return %r, %h : tensor<?x131072xbf16>, tensor<?x131072xbf16>
}

func.func @layernorm_bf16_100003(%x: tensor<?x100003xbf16>, %g: tensor<100003xbf16>, %b: tensor<100003xbf16>) -> tensor<?x100003xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x100003xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x100003xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x100003xbf16>
  %d = ferric.sub %x, %mub : tensor<?x100003xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x100003xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x100003xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x100003xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<100003xbf16> -> tensor<?x100003xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<100003xbf16> -> tensor<?x100003xbf16>
  %y = ferric.mul %d, %ib : tensor<?x100003xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x100003xbf16>
  %r = ferric.add %yg, %bb : tensor<?x100003xbf16>
  return %r : tensor<?x100003xbf16>
}

func.func @layernorm_bf16_131072(%x: tensor<?x131072xbf16>, %g: tensor<131072xbf16>, %b: tensor<131072xbf16>) -> tensor<?x131072xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x131072xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x131072xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x131072xbf16>
  %d = ferric.sub %x, %mub : tensor<?x131072xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x131072xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x131072xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x131072xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<131072xbf16> -> tensor<?x131072xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<131072xbf16> -> tensor<?x131072xbf16>
  %y = ferric.mul %d, %ib : tensor<?x131072xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x131072xbf16>
  %r = ferric.add %yg, %bb : tensor<?x131072xbf16>
  return %r : tensor<?x131072xbf16>
}

func.func @softmax_f32_152064(%x: tensor<?x152064xf32>) -> tensor<?x152064xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x152064xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x152064xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x152064xf32>
  %se = ferric.exp %sd : tensor<?x152064xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x152064xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x152064xf32>
  %r = ferric.div %se, %ssb : tensor<?x152064xf32>
  return %r : tensor<?x152064xf32>
}

func.func @softmax_bf16_152064(%x: tensor<?x152064xbf16>) -> tensor<?x152064xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x152064xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x152064xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x152064xbf16>
  %se = ferric.exp %sd : tensor<?x152064xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x152064xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x152064xbf16>
  %r = ferric.div %se, %ssb : tensor<?x152064xbf16>
  return %r : tensor<?x152064xbf16>
}

func.func @residual_rmsnorm_bf16_152064(%x: tensor<?x152064xbf16>, %res: tensor<?x152064xbf16>, %g: tensor<152064xbf16>) -> (tensor<?x152064xbf16>, tensor<?x152064xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x152064xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x152064xbf16>
  %sq = ferric.mul %h, %h : tensor<?x152064xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x152064xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x152064xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<152064xbf16> -> tensor<?x152064xbf16>
  %y = ferric.mul %h, %ib : tensor<?x152064xbf16>
  %r = ferric.mul %y, %gb : tensor<?x152064xbf16>
  return %r, %h : tensor<?x152064xbf16>, tensor<?x152064xbf16>
}

func.func @layernorm_bf16_16384(%x: tensor<?x16384xbf16>, %g: tensor<16384xbf16>, %b: tensor<16384xbf16>) -> tensor<?x16384xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16384xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x16384xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x16384xbf16>
  %d = ferric.sub %x, %mub : tensor<?x16384xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x16384xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x16384xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x16384xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<16384xbf16> -> tensor<?x16384xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<16384xbf16> -> tensor<?x16384xbf16>
  %y = ferric.mul %d, %ib : tensor<?x16384xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x16384xbf16>
  %r = ferric.add %yg, %bb : tensor<?x16384xbf16>
  return %r : tensor<?x16384xbf16>
}

// Odd bf16 lengths: row programs with 16-byte chunks aligned in memory
// (row-program-aligned-chunks), the rows starting anywhere in a chunk.

func.func @softmax_bf16_50257(%x: tensor<?x50257xbf16>) -> tensor<?x50257xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x50257xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x50257xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x50257xbf16>
  %se = ferric.exp %sd : tensor<?x50257xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x50257xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x50257xbf16>
  %r = ferric.div %se, %ssb : tensor<?x50257xbf16>
  return %r : tensor<?x50257xbf16>
}

func.func @residual_rmsnorm_bf16_50257(%x: tensor<?x50257xbf16>, %res: tensor<?x50257xbf16>, %g: tensor<50257xbf16>) -> (tensor<?x50257xbf16>, tensor<?x50257xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x50257xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x50257xbf16>
  %sq = ferric.mul %h, %h : tensor<?x50257xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x50257xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x50257xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<50257xbf16> -> tensor<?x50257xbf16>
  %y = ferric.mul %h, %ib : tensor<?x50257xbf16>
  %r = ferric.mul %y, %gb : tensor<?x50257xbf16>
  return %r, %h : tensor<?x50257xbf16>, tensor<?x50257xbf16>
}

func.func @layernorm_bf16_50257(%x: tensor<?x50257xbf16>, %g: tensor<50257xbf16>, %b: tensor<50257xbf16>) -> tensor<?x50257xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x50257xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x50257xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x50257xbf16>
  %d = ferric.sub %x, %mub : tensor<?x50257xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x50257xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x50257xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x50257xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<50257xbf16> -> tensor<?x50257xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<50257xbf16> -> tensor<?x50257xbf16>
  %y = ferric.mul %d, %ib : tensor<?x50257xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x50257xbf16>
  %r = ferric.add %yg, %bb : tensor<?x50257xbf16>
  return %r : tensor<?x50257xbf16>
}

func.func @softmax_bf16_4097(%x: tensor<?x4097xbf16>) -> tensor<?x4097xbf16> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x4097xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xbf16> -> tensor<?x4097xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x4097xbf16>
  %se = ferric.exp %sd : tensor<?x4097xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x4097xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xbf16> -> tensor<?x4097xbf16>
  %r = ferric.div %se, %ssb : tensor<?x4097xbf16>
  return %r : tensor<?x4097xbf16>
}

func.func @residual_rmsnorm_bf16_4097(%x: tensor<?x4097xbf16>, %res: tensor<?x4097xbf16>, %g: tensor<4097xbf16>) -> (tensor<?x4097xbf16>, tensor<?x4097xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4097xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x4097xbf16>
  %sq = ferric.mul %h, %h : tensor<?x4097xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4097xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x4097xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4097xbf16> -> tensor<?x4097xbf16>
  %y = ferric.mul %h, %ib : tensor<?x4097xbf16>
  %r = ferric.mul %y, %gb : tensor<?x4097xbf16>
  return %r, %h : tensor<?x4097xbf16>, tensor<?x4097xbf16>
}

func.func @layernorm_bf16_4097(%x: tensor<?x4097xbf16>, %g: tensor<4097xbf16>, %b: tensor<4097xbf16>) -> tensor<?x4097xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4097xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x4097xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] : tensor<?xbf16> -> tensor<?x4097xbf16>
  %d = ferric.sub %x, %mub : tensor<?x4097xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x4097xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x4097xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xbf16> -> tensor<?x4097xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<4097xbf16> -> tensor<?x4097xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<4097xbf16> -> tensor<?x4097xbf16>
  %y = ferric.mul %d, %ib : tensor<?x4097xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x4097xbf16>
  %r = ferric.add %yg, %bb : tensor<?x4097xbf16>
  return %r : tensor<?x4097xbf16>
}
