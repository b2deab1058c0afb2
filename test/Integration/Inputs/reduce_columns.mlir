// Column reductions (sum, max, min, mean over dim 0) whose column count is
// static and even, and a fused sum of x * w (w read through the columns
// only), for the columns-per-thread path of the column schedules
// (column-load-bytes; test/Integration/{cuda,vulkan}/run-reduce-split.mlir):
// on CUDA each thread reads 2 adjacent bf16/f16 columns with one vector load
// per row. The row count is dynamic (0, 1, 31, 33, 4097, ...).

func.func @cols_bf16_4096(%x: tensor<?x4096xbf16>)
    -> (tensor<4096xbf16>, tensor<4096xbf16>, tensor<4096xbf16>,
        tensor<4096xbf16>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x4096xbf16> -> tensor<4096xbf16>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x4096xbf16> -> tensor<4096xbf16>
  %r2 = ferric.reduce min %x dims [0] : tensor<?x4096xbf16> -> tensor<4096xbf16>
  %r3 = ferric.reduce mean %x dims [0] : tensor<?x4096xbf16> -> tensor<4096xbf16>
  return %r0, %r1, %r2, %r3
      : tensor<4096xbf16>, tensor<4096xbf16>, tensor<4096xbf16>,
        tensor<4096xbf16>
}

// 130 columns: the last pair (128, 129) ends the row; 2 x 65 pairs.
func.func @cols_f16_130(%x: tensor<?x130xf16>)
    -> (tensor<130xf16>, tensor<130xf16>) {
  %r0 = ferric.reduce sum %x dims [0] : tensor<?x130xf16> -> tensor<130xf16>
  %r1 = ferric.reduce max %x dims [0] : tensor<?x130xf16> -> tensor<130xf16>
  return %r0, %r1 : tensor<130xf16>, tensor<130xf16>
}

// sum over rows of x * w: both inputs read through the columns, w without
// the row dim.
func.func @weighted_bf16_2050(%x: tensor<?x2050xbf16>, %w: tensor<2050xbf16>)
    -> tensor<2050xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x2050xbf16>
  %wb = ferric.broadcast %w dims [0] sizes(%n) : tensor<2050xbf16> -> tensor<?x2050xbf16>
  %p = ferric.mul %x, %wb : tensor<?x2050xbf16>
  %r = ferric.reduce sum %p dims [0] : tensor<?x2050xbf16> -> tensor<2050xbf16>
  return %r : tensor<2050xbf16>
}
