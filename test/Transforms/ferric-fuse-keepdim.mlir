// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s

// A keepdim reduction read back through numpy-style broadcasting reaches the
// IR as elementwise ops on the [R, 1] result, a tensor.collapse_shape that
// drops the unit dim and a ferric.broadcast (what the Python package
// records). ferric-fuse first moves the collapse up through the elementwise
// ops and folds it into the reduction (no keepdim), so the program fuses as
// if written with a plain reduction and no reshape is left between the
// reduction and its readers (ferric-fuse-reductions then moves the per-row
// ops into the consumer's kernel).

// CHECK-LABEL: func.func @rmsnorm_keepdim
//   CHECK-NOT:   tensor.collapse_shape
//       CHECK:   %[[SQ:.*]] = ferric.mul
//       CHECK:   %[[MS:.*]] = ferric.reduce {{ *}}mean %[[SQ]] dims [1] : tensor<8x16xf32> -> tensor<8xf32>
//   CHECK-NOT:   tensor.collapse_shape
//       CHECK:   %[[R:.*]] = ferric.fused ins(%[[MS]] : tensor<8xf32>) -> tensor<8xf32> {
//       CHECK:     arith.addf
//       CHECK:     math.rsqrt
//       CHECK:   %[[Y:.*]] = ferric.fused ins(%[[R]], %{{.*}} : tensor<8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
//       CHECK:     arith.mulf
//       CHECK:   return %[[Y]]
func.func @rmsnorm_keepdim(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %eps = arith.constant 1.0e-06 : f32
  %sq = ferric.mul %x, %x : tensor<8x16xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<8x16xf32> -> tensor<8x1xf32>
  %a = ferric.add %ms, %eps : tensor<8x1xf32>, f32
  %r = ferric.rsqrt %a : tensor<8x1xf32>
  %c = tensor.collapse_shape %r [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %b = ferric.broadcast %c dims [1] : tensor<8xf32> -> tensor<8x16xf32>
  %y = ferric.mul %x, %b : tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// The keepdim result is also returned: the other user reads the plain
// reduction through an expand_shape (still one reduction).

// CHECK-LABEL: func.func @keepdim_also_returned
//       CHECK:   %[[S:.*]] = ferric.reduce {{ *}}sum %{{.*}} dims [1] : tensor<8x16xf32> -> tensor<8xf32>
//       CHECK:   %[[K:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
//   CHECK-NOT:   ferric.reduce
//       CHECK:   ferric.fused ins(%[[S]], %{{.*}} : tensor<8xf32>, tensor<8x16xf32>)
//       CHECK:   return %{{.*}}, %[[K]]
func.func @keepdim_also_returned(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x1xf32>) {
  %s = ferric.reduce sum %x dims [1] keepdim : tensor<8x16xf32> -> tensor<8x1xf32>
  %c = tensor.collapse_shape %s [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %b = ferric.broadcast %c dims [1] : tensor<8xf32> -> tensor<8x16xf32>
  %y = ferric.div %x, %b : tensor<8x16xf32>
  return %y, %s : tensor<8x16xf32>, tensor<8x1xf32>
}

// -----

// A full keepdim reduction collapsed to rank 0, through a cast.

// CHECK-LABEL: func.func @full_keepdim
//       CHECK:   %[[S:.*]] = ferric.reduce {{ *}}max %{{.*}} dims [0, 1] : tensor<4x8xbf16> -> tensor<bf16>
//   CHECK-NOT:   tensor.collapse_shape
//       CHECK:   ferric.fused ins(%[[S]] : tensor<bf16>) -> tensor<f32>
func.func @full_keepdim(%x: tensor<4x8xbf16>) -> tensor<f32> {
  %m = ferric.reduce max %x dims [0, 1] keepdim : tensor<4x8xbf16> -> tensor<1x1xbf16>
  %f = ferric.cast %m : tensor<1x1xbf16> to tensor<1x1xf32>
  %e = ferric.exp %f : tensor<1x1xf32>
  %c = tensor.collapse_shape %e [] : tensor<1x1xf32> into tensor<f32>
  return %c : tensor<f32>
}

// -----

// Left alone: a collapse that drops a unit dim the reduction kept but did
// not reduce, and an elementwise op with another user (moving the collapse
// would compute it twice).

// CHECK-LABEL: func.func @not_reduced_dim
//       CHECK:   ferric.reduce {{ *}}sum %{{.*}} dims [2] keepdim : tensor<1x8x16xf32> -> tensor<1x8x1xf32>
//       CHECK:   tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<1x8x1xf32> into tensor<8xf32>
func.func @not_reduced_dim(%x: tensor<1x8x16xf32>) -> tensor<8xf32> {
  %s = ferric.reduce sum %x dims [2] keepdim : tensor<1x8x16xf32> -> tensor<1x8x1xf32>
  %c = tensor.collapse_shape %s [[0, 1, 2]] : tensor<1x8x1xf32> into tensor<8xf32>
  return %c : tensor<8xf32>
}

// CHECK-LABEL: func.func @shared_elementwise
//       CHECK:   ferric.reduce {{ *}}sum %{{.*}} dims [1] keepdim : tensor<8x16xf32> -> tensor<8x1xf32>
//       CHECK:   tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
func.func @shared_elementwise(%x: tensor<8x16xf32>) -> (tensor<8xf32>, tensor<8x1xf32>) {
  %s = ferric.reduce sum %x dims [1] keepdim : tensor<8x16xf32> -> tensor<8x1xf32>
  %e = ferric.exp %s : tensor<8x1xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  return %c, %e : tensor<8xf32>, tensor<8x1xf32>
}

// -----

// Left alone: the collapse that feeds a linear (torch's [1, T, H] -> [T, H]
// view before addmm) does not move up through an op that reads a
// broadcast. Moved, it would sit between the broadcasts (the weight, the
// per-row statistic) and the tail that reads them, fusion could not fold
// them, and each became a kernel of its own (GPT-2's LayerNorm before its
// QKV linear: ten kernels instead of one). The tail stays one group at
// [1, 8, 16] that reads the broadcasts, and the linear reads its result
// through the collapse (a view).

// CHECK-LABEL: func.func @norm_before_linear
//   CHECK-NOT:   tensor.collapse_shape %{{.*}} : tensor<1x8x16xf32> into tensor<8x16xf32>
//       CHECK:   %[[T:.*]] = ferric.fused ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<1x8xf32>, tensor<1x8x16xf32>, tensor<16xf32>) -> tensor<1x8x16xf32>
//       CHECK:   %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2]] : tensor<1x8x16xf32> into tensor<8x16xf32>
//       CHECK:   ferric.matmul %[[C]], %{{.*}} transpose_rhs
func.func @norm_before_linear(%x: tensor<1x8x16xf32>, %g: tensor<16xf32>, %w: tensor<32x16xf32>) -> tensor<8x32xf32> {
  %eps = arith.constant 1.0e-05 : f32
  %sq = ferric.mul %x, %x : tensor<1x8x16xf32>
  %ms = ferric.reduce mean %sq dims [2] keepdim : tensor<1x8x16xf32> -> tensor<1x8x1xf32>
  %a = ferric.add %ms, %eps : tensor<1x8x1xf32>, f32
  %r = ferric.rsqrt %a : tensor<1x8x1xf32>
  %rc = tensor.collapse_shape %r [[0], [1, 2]] : tensor<1x8x1xf32> into tensor<1x8xf32>
  %rb = ferric.broadcast %rc dims [2] : tensor<1x8xf32> -> tensor<1x8x16xf32>
  %n = ferric.mul %x, %rb : tensor<1x8x16xf32>
  %gb = ferric.broadcast %g dims [0, 1] : tensor<16xf32> -> tensor<1x8x16xf32>
  %y = ferric.mul %n, %gb : tensor<1x8x16xf32>
  %c = tensor.collapse_shape %y [[0, 1], [2]] : tensor<1x8x16xf32> into tensor<8x16xf32>
  %m = ferric.matmul %c, %w transpose_rhs : tensor<8x16xf32>, tensor<32x16xf32> -> tensor<8x32xf32>
  return %m : tensor<8x32xf32>
}

// -----

// The same in bf16: the tail ends in a cast whose operand reads no
// broadcast, but the collapse does not move through the cast either (it
// does not come from a keepdim reduction), so the cast stays in the tail's
// group.

// CHECK-LABEL: func.func @bf16_norm_before_linear
//       CHECK:   %[[T:.*]] = ferric.fused ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<1x8xf32>, tensor<1x8x16xf32>, tensor<16xbf16>) -> tensor<1x8x16xbf16>
//       CHECK:     arith.truncf
//       CHECK:   %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2]] : tensor<1x8x16xbf16> into tensor<8x16xbf16>
//       CHECK:   ferric.matmul %[[C]], %{{.*}} transpose_rhs
func.func @bf16_norm_before_linear(%xb: tensor<1x8x16xbf16>, %gb16: tensor<16xbf16>, %w: tensor<32x16xbf16>) -> tensor<8x32xbf16> {
  %eps = arith.constant 1.0e-05 : f32
  %x = ferric.cast %xb : tensor<1x8x16xbf16> to tensor<1x8x16xf32>
  %sq = ferric.mul %x, %x : tensor<1x8x16xf32>
  %ms = ferric.reduce mean %sq dims [2] keepdim : tensor<1x8x16xf32> -> tensor<1x8x1xf32>
  %a = ferric.add %ms, %eps : tensor<1x8x1xf32>, f32
  %r = ferric.rsqrt %a : tensor<1x8x1xf32>
  %rc = tensor.collapse_shape %r [[0], [1, 2]] : tensor<1x8x1xf32> into tensor<1x8xf32>
  %rb = ferric.broadcast %rc dims [2] : tensor<1x8xf32> -> tensor<1x8x16xf32>
  %n = ferric.mul %x, %rb : tensor<1x8x16xf32>
  %g = ferric.cast %gb16 : tensor<16xbf16> to tensor<16xf32>
  %gb = ferric.broadcast %g dims [0, 1] : tensor<16xf32> -> tensor<1x8x16xf32>
  %y = ferric.mul %n, %gb : tensor<1x8x16xf32>
  %yb = ferric.cast %y : tensor<1x8x16xf32> to tensor<1x8x16xbf16>
  %c = tensor.collapse_shape %yb [[0, 1], [2]] : tensor<1x8x16xbf16> into tensor<8x16xbf16>
  %m = ferric.matmul %c, %w transpose_rhs : tensor<8x16xbf16>, tensor<32x16xbf16> -> tensor<8x32xbf16>
  return %m : tensor<8x32xbf16>
}

// -----

// A collapse of ops on arguments alone still moves up to the argument (a
// view there): the per-row statistic saved by a norm's forward, read back
// in its backward through a cast, is recomputed in its reader's kernel.

// CHECK-LABEL: func.func @saved_statistic
//   CHECK-NOT:   tensor.collapse_shape %{{.*}} : tensor<8x1xf32>
//       CHECK:   %[[C:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<8x1xbf16> into tensor<8xbf16>
//       CHECK:   %[[Y:.*]] = ferric.fused ins(%[[C]], %arg1 : tensor<8xbf16>, tensor<8x16xf32>) -> tensor<8x16xf32>
//       CHECK:     arith.extf
//       CHECK:     arith.mulf
//       CHECK:   return %[[Y]]
func.func @saved_statistic(%r: tensor<8x1xbf16>, %x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %f = ferric.cast %r : tensor<8x1xbf16> to tensor<8x1xf32>
  %c = tensor.collapse_shape %f [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %b = ferric.broadcast %c dims [1] : tensor<8xf32> -> tensor<8x16xf32>
  %y = ferric.mul %x, %b : tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
