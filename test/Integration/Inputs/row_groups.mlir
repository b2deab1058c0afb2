// Row groups: softmax, log-softmax, RMSNorm, residual add + RMSNorm (two
// results) and LayerNorm over the rows of x (N x M), in f32, f16 and bf16,
// every size dynamic. Entries: <program>_<type>; x is N x M, r (the
// residual) N x M, g and b (gain, bias) M.

func.func @softmax_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf32>
  %se = ferric.exp %sd : tensor<?x?xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %r = ferric.div %se, %ssb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @log_softmax_f32(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf32>
  %se = ferric.exp %sd : tensor<?x?xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %lsb = ferric.broadcast %ls dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %r = ferric.sub %sd, %lsb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @rmsnorm_f32(%x: tensor<?x?xf32>, %g: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %eps = arith.constant 1.0e-03 : f32
  %sq = ferric.mul %x, %x : tensor<?x?xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %y = ferric.mul %x, %ib : tensor<?x?xf32>
  %r = ferric.mul %y, %gb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @residual_rmsnorm_f32(%x: tensor<?x?xf32>, %res: tensor<?x?xf32>, %g: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %eps = arith.constant 1.0e-03 : f32
  %h = ferric.add %x, %res : tensor<?x?xf32>
  %sq = ferric.mul %h, %h : tensor<?x?xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %y = ferric.mul %h, %ib : tensor<?x?xf32>
  %r = ferric.mul %y, %gb : tensor<?x?xf32>
  return %r, %h : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @layernorm_f32(%x: tensor<?x?xf32>, %g: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %eps = arith.constant 1.0e-03 : f32
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %d = ferric.sub %x, %mub : tensor<?x?xf32>
  %d2 = ferric.mul %d, %d : tensor<?x?xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %ve = ferric.add %var, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %ve : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %y = ferric.mul %d, %ib : tensor<?x?xf32>
  %yg = ferric.mul %y, %gb : tensor<?x?xf32>
  %r = ferric.add %yg, %bb : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @softmax_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf16>
  %se = ferric.exp %sd : tensor<?x?xf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %ssb = ferric.broadcast %ss dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %r = ferric.div %se, %ssb : tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

func.func @log_softmax_f16(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf16>
  %se = ferric.exp %sd : tensor<?x?xf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %ls = ferric.log %ss : tensor<?xf16>
  %lsb = ferric.broadcast %ls dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %r = ferric.sub %sd, %lsb : tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

func.func @rmsnorm_f16(%x: tensor<?x?xf16>, %g: tensor<?xf16>) -> tensor<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf16>
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %eps = arith.constant 1.0e-03 : f16
  %sq = ferric.mul %x, %x : tensor<?x?xf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mse = ferric.add %ms, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %mse : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xf16> -> tensor<?x?xf16>
  %y = ferric.mul %x, %ib : tensor<?x?xf16>
  %r = ferric.mul %y, %gb : tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

func.func @residual_rmsnorm_f16(%x: tensor<?x?xf16>, %res: tensor<?x?xf16>, %g: tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf16>
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %eps = arith.constant 1.0e-03 : f16
  %h = ferric.add %x, %res : tensor<?x?xf16>
  %sq = ferric.mul %h, %h : tensor<?x?xf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mse = ferric.add %ms, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %mse : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xf16> -> tensor<?x?xf16>
  %y = ferric.mul %h, %ib : tensor<?x?xf16>
  %r = ferric.mul %y, %gb : tensor<?x?xf16>
  return %r, %h : tensor<?x?xf16>, tensor<?x?xf16>
}

func.func @layernorm_f16(%x: tensor<?x?xf16>, %g: tensor<?xf16>, %b: tensor<?xf16>) -> tensor<?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf16>
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %eps = arith.constant 1.0e-03 : f16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %d = ferric.sub %x, %mub : tensor<?x?xf16>
  %d2 = ferric.mul %d, %d : tensor<?x?xf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %ve = ferric.add %var, %eps : tensor<?xf16>, f16
  %inv = ferric.rsqrt %ve : tensor<?xf16>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xf16> -> tensor<?x?xf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<?xf16> -> tensor<?x?xf16>
  %y = ferric.mul %d, %ib : tensor<?x?xf16>
  %yg = ferric.mul %y, %gb : tensor<?x?xf16>
  %r = ferric.add %yg, %bb : tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

func.func @softmax_bf16(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x?xbf16>
  %se = ferric.exp %sd : tensor<?x?xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %ssb = ferric.broadcast %ss dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %r = ferric.div %se, %ssb : tensor<?x?xbf16>
  return %r : tensor<?x?xbf16>
}

func.func @log_softmax_bf16(%x: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x?xbf16>
  %se = ferric.exp %sd : tensor<?x?xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %ls = ferric.log %ss : tensor<?xbf16>
  %lsb = ferric.broadcast %ls dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %r = ferric.sub %sd, %lsb : tensor<?x?xbf16>
  return %r : tensor<?x?xbf16>
}

func.func @rmsnorm_bf16(%x: tensor<?x?xbf16>, %g: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xbf16>
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %sq = ferric.mul %x, %x : tensor<?x?xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xbf16> -> tensor<?x?xbf16>
  %y = ferric.mul %x, %ib : tensor<?x?xbf16>
  %r = ferric.mul %y, %gb : tensor<?x?xbf16>
  return %r : tensor<?x?xbf16>
}

func.func @residual_rmsnorm_bf16(%x: tensor<?x?xbf16>, %res: tensor<?x?xbf16>, %g: tensor<?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xbf16>
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %h = ferric.add %x, %res : tensor<?x?xbf16>
  %sq = ferric.mul %h, %h : tensor<?x?xbf16>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %mse = ferric.add %ms, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %mse : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xbf16> -> tensor<?x?xbf16>
  %y = ferric.mul %h, %ib : tensor<?x?xbf16>
  %r = ferric.mul %y, %gb : tensor<?x?xbf16>
  return %r, %h : tensor<?x?xbf16>, tensor<?x?xbf16>
}

func.func @layernorm_bf16(%x: tensor<?x?xbf16>, %g: tensor<?xbf16>, %b: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xbf16>
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %eps = arith.constant 1.0e-03 : bf16
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %d = ferric.sub %x, %mub : tensor<?x?xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x?xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %ve = ferric.add %var, %eps : tensor<?xbf16>, bf16
  %inv = ferric.rsqrt %ve : tensor<?xbf16>
  %ib = ferric.broadcast %inv dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<?xbf16> -> tensor<?x?xbf16>
  %bb = ferric.broadcast %b dims [0] sizes(%n) : tensor<?xbf16> -> tensor<?x?xbf16>
  %y = ferric.mul %d, %ib : tensor<?x?xbf16>
  %yg = ferric.mul %y, %gb : tensor<?x?xbf16>
  %r = ferric.add %yg, %bb : tensor<?x?xbf16>
  return %r : tensor<?x?xbf16>
}
