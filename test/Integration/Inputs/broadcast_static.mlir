// Broadcasts over static inner sizes (the elementwise kernels' vector
// reads): a bias over rows of 1032 (8 x 129: a multiple of every vector
// width, not a power of two), a per-row scale, the middle dim of a 3-D
// space broadcast (rows of 24) and one with the last dim broadcast, and
// rows of 1030 (a multiple of 2 only: vectors span two rows). In f32, f16
// and bf16; the leading dims are dynamic.

func.func @bias_gelu_f32(%x: tensor<?x1032xf32>, %bias: tensor<1032xf32>) -> tensor<?x1032xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1032xf32>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<1032xf32> -> tensor<?x1032xf32>
  %s = ferric.add %x, %b : tensor<?x1032xf32>
  %r = ferric.gelu %s : tensor<?x1032xf32>
  return %r : tensor<?x1032xf32>
}

func.func @row_scale_f32(%x: tensor<?x1032xf32>, %s: tensor<?xf32>) -> tensor<?x1032xf32> {
  %sb = ferric.broadcast %s dims [1] : tensor<?xf32> -> tensor<?x1032xf32>
  %r = ferric.mul %x, %sb : tensor<?x1032xf32>
  return %r : tensor<?x1032xf32>
}

func.func @middle_f32(%x: tensor<?x5x24xf32>, %y: tensor<?x24xf32>, %z: tensor<?x5xf32>) -> tensor<?x5x24xf32> {
  %yb = ferric.broadcast %y dims [1] : tensor<?x24xf32> -> tensor<?x5x24xf32>
  %zb = ferric.broadcast %z dims [2] : tensor<?x5xf32> -> tensor<?x5x24xf32>
  %a = ferric.add %x, %yb : tensor<?x5x24xf32>
  %r = ferric.mul %a, %zb : tensor<?x5x24xf32>
  return %r : tensor<?x5x24xf32>
}

func.func @odd_rows_f32(%x: tensor<?x1030xf32>, %bias: tensor<1030xf32>, %s: tensor<?xf32>) -> tensor<?x1030xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1030xf32>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<1030xf32> -> tensor<?x1030xf32>
  %sb = ferric.broadcast %s dims [1] : tensor<?xf32> -> tensor<?x1030xf32>
  %a = ferric.add %x, %b : tensor<?x1030xf32>
  %r = ferric.mul %a, %sb : tensor<?x1030xf32>
  return %r : tensor<?x1030xf32>
}

func.func @bias_gelu_f16(%x: tensor<?x1032xf16>, %bias: tensor<1032xf16>) -> tensor<?x1032xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1032xf16>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<1032xf16> -> tensor<?x1032xf16>
  %s = ferric.add %x, %b : tensor<?x1032xf16>
  %r = ferric.gelu %s : tensor<?x1032xf16>
  return %r : tensor<?x1032xf16>
}

func.func @row_scale_f16(%x: tensor<?x1032xf16>, %s: tensor<?xf16>) -> tensor<?x1032xf16> {
  %sb = ferric.broadcast %s dims [1] : tensor<?xf16> -> tensor<?x1032xf16>
  %r = ferric.mul %x, %sb : tensor<?x1032xf16>
  return %r : tensor<?x1032xf16>
}

func.func @middle_f16(%x: tensor<?x5x24xf16>, %y: tensor<?x24xf16>, %z: tensor<?x5xf16>) -> tensor<?x5x24xf16> {
  %yb = ferric.broadcast %y dims [1] : tensor<?x24xf16> -> tensor<?x5x24xf16>
  %zb = ferric.broadcast %z dims [2] : tensor<?x5xf16> -> tensor<?x5x24xf16>
  %a = ferric.add %x, %yb : tensor<?x5x24xf16>
  %r = ferric.mul %a, %zb : tensor<?x5x24xf16>
  return %r : tensor<?x5x24xf16>
}

func.func @odd_rows_f16(%x: tensor<?x1030xf16>, %bias: tensor<1030xf16>, %s: tensor<?xf16>) -> tensor<?x1030xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1030xf16>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<1030xf16> -> tensor<?x1030xf16>
  %sb = ferric.broadcast %s dims [1] : tensor<?xf16> -> tensor<?x1030xf16>
  %a = ferric.add %x, %b : tensor<?x1030xf16>
  %r = ferric.mul %a, %sb : tensor<?x1030xf16>
  return %r : tensor<?x1030xf16>
}

func.func @bias_gelu_bf16(%x: tensor<?x1032xbf16>, %bias: tensor<1032xbf16>) -> tensor<?x1032xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1032xbf16>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<1032xbf16> -> tensor<?x1032xbf16>
  %s = ferric.add %x, %b : tensor<?x1032xbf16>
  %r = ferric.gelu %s : tensor<?x1032xbf16>
  return %r : tensor<?x1032xbf16>
}

func.func @row_scale_bf16(%x: tensor<?x1032xbf16>, %s: tensor<?xbf16>) -> tensor<?x1032xbf16> {
  %sb = ferric.broadcast %s dims [1] : tensor<?xbf16> -> tensor<?x1032xbf16>
  %r = ferric.mul %x, %sb : tensor<?x1032xbf16>
  return %r : tensor<?x1032xbf16>
}

func.func @middle_bf16(%x: tensor<?x5x24xbf16>, %y: tensor<?x24xbf16>, %z: tensor<?x5xbf16>) -> tensor<?x5x24xbf16> {
  %yb = ferric.broadcast %y dims [1] : tensor<?x24xbf16> -> tensor<?x5x24xbf16>
  %zb = ferric.broadcast %z dims [2] : tensor<?x5xbf16> -> tensor<?x5x24xbf16>
  %a = ferric.add %x, %yb : tensor<?x5x24xbf16>
  %r = ferric.mul %a, %zb : tensor<?x5x24xbf16>
  return %r : tensor<?x5x24xbf16>
}

func.func @odd_rows_bf16(%x: tensor<?x1030xbf16>, %bias: tensor<1030xbf16>, %s: tensor<?xbf16>) -> tensor<?x1030xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1030xbf16>
  %b = ferric.broadcast %bias dims [0] sizes(%n) : tensor<1030xbf16> -> tensor<?x1030xbf16>
  %sb = ferric.broadcast %s dims [1] : tensor<?xbf16> -> tensor<?x1030xbf16>
  %a = ferric.add %x, %b : tensor<?x1030xbf16>
  %r = ferric.mul %a, %sb : tensor<?x1030xbf16>
  return %r : tensor<?x1030xbf16>
}
