// Row statistics: reductions over the rows of x (N x M) where a second
// reduction reads the first one's row result and nothing elementwise of the
// row is stored: the row variance (mean, then the mean of (x - mean)^2), the
// row standard deviation with the mean as a second result, log-sum-exp (max,
// then the sum of exp(x - max)). On CUDA each is one row-group kernel (the
// second reduction re-reads x while the row is in the caches); in f32, f16
// and bf16, every size dynamic. Entries: <program>_<type>.

func.func @row_var_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %d = ferric.sub %x, %mub : tensor<?x?xf32>
  %d2 = ferric.mul %d, %d : tensor<?x?xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %var : tensor<?xf32>
}

func.func @row_std_mean_f32(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %d = ferric.sub %x, %mub : tensor<?x?xf32>
  %d2 = ferric.mul %d, %d : tensor<?x?xf32>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %std = ferric.sqrt %var : tensor<?xf32>
  return %std, %mu : tensor<?xf32>, tensor<?xf32>
}

func.func @logsumexp_f32(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf32>
  %se = ferric.exp %sd : tensor<?x?xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %ls = ferric.log %ss : tensor<?xf32>
  %r = ferric.add %ls, %mx : tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @row_var_f16(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %d = ferric.sub %x, %mub : tensor<?x?xf16>
  %d2 = ferric.mul %d, %d : tensor<?x?xf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  return %var : tensor<?xf16>
}

func.func @row_std_mean_f16(%x: tensor<?x?xf16>) -> (tensor<?xf16>, tensor<?xf16>) {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %d = ferric.sub %x, %mub : tensor<?x?xf16>
  %d2 = ferric.mul %d, %d : tensor<?x?xf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %std = ferric.sqrt %var : tensor<?xf16>
  return %std, %mu : tensor<?xf16>, tensor<?xf16>
}

func.func @logsumexp_f16(%x: tensor<?x?xf16>) -> tensor<?xf16> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf16>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %sd = ferric.sub %x, %mxb : tensor<?x?xf16>
  %se = ferric.exp %sd : tensor<?x?xf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xf16> -> tensor<?xf16>
  %ls = ferric.log %ss : tensor<?xf16>
  %r = ferric.add %ls, %mx : tensor<?xf16>
  return %r : tensor<?xf16>
}

func.func @row_var_bf16(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %d = ferric.sub %x, %mub : tensor<?x?xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x?xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  return %var : tensor<?xbf16>
}

func.func @row_std_mean_bf16(%x: tensor<?x?xbf16>) -> (tensor<?xbf16>, tensor<?xbf16>) {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %mu = ferric.reduce mean %x dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %mub = ferric.broadcast %mu dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %d = ferric.sub %x, %mub : tensor<?x?xbf16>
  %d2 = ferric.mul %d, %d : tensor<?x?xbf16>
  %var = ferric.reduce mean %d2 dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %std = ferric.sqrt %var : tensor<?xbf16>
  return %std, %mu : tensor<?xbf16>, tensor<?xbf16>
}

func.func @logsumexp_bf16(%x: tensor<?x?xbf16>) -> tensor<?xbf16> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %mx = ferric.reduce max %x dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %mxb = ferric.broadcast %mx dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %sd = ferric.sub %x, %mxb : tensor<?x?xbf16>
  %se = ferric.exp %sd : tensor<?x?xbf16>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x?xbf16> -> tensor<?xbf16>
  %ls = ferric.log %ss : tensor<?xbf16>
  %r = ferric.add %ls, %mx : tensor<?xbf16>
  return %r : tensor<?xbf16>
}
