// RUN: ferric-opt %s --split-input-file --ferric-raise-linalg --mlir-print-local-scope | FileCheck %s

// Each rule of ferric-raise-linalg on linalg-on-tensors as tosa-to-linalg,
// torch-mlir and the linalg named ops write it. What stays in linalg, and
// why, is in ferric-raise-linalg-remarks.mlir.

// An elementwise generic: its body as it is, identity maps implied.
// CHECK-LABEL: func.func @elementwise
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//       CHECK:     %[[S:.*]] = arith.subf %[[X]], %[[Y]] : f32
//       CHECK:     %[[E:.*]] = math.exp %[[S]] : f32
//       CHECK:     ferric.yield %[[E]] : f32
//   CHECK-NOT:   linalg.
//       CHECK:   return %[[F]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @elementwise(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    %x2 = math.exp %s : f32
    linalg.yield %x2 : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// tosa-to-linalg's broadcast: a (0, d1) read of a unit dim is read through
// a collapse_shape that drops it; a constant from outside the body is
// cloned in (at its first use); a row read (d1) stays a projected
// permutation.
// CHECK-LABEL: func.func @unit_dim_read
//  CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<1x3xf32>)
//       CHECK:   %[[C:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1]] : tensor<1x3xf32> into tensor<3xf32>
//       CHECK:   ferric.fused ins(%[[A]], %[[C]] : tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32> attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>]} {
//       CHECK:     arith.addf
//       CHECK:     arith.constant 2.000000e+00 : f32
//       CHECK:     arith.mulf
//       CHECK:     ferric.yield
func.func @unit_dim_read(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x3xf32>, tensor<1x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.mulf %s, %two : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// A transposed result: the iteration space is the result's, the input map
// takes the permutation.
// CHECK-LABEL: func.func @transposed_result
//       CHECK:   ferric.fused ins(%{{.*}} : tensor<4x8xf32>) -> tensor<8x4xf32> attributes {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>]}
//       CHECK:     math.tanh
func.func @transposed_result(%a: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// A body that reads its result block argument reads the init as an input.
// CHECK-LABEL: func.func @reads_init
//  CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[ACC:.*]]: tensor<8xf32>)
//       CHECK:   ferric.fused ins(%[[A]], %[[ACC]] : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//       CHECK:   ^bb0(%[[X:.*]]: f32, %[[O:.*]]: f32):
//       CHECK:     arith.addf %[[X]], %[[O]] : f32
func.func @reads_init(%a: tensor<8xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%acc : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Broadcasts: a generic that only adds dims and linalg.broadcast become
// ferric.broadcast (a dynamic added dim takes its size from the init); a
// generic that only copies is its input.
// CHECK-LABEL: func.func @broadcasts
//  CHECK-SAME: (%[[ROW:.*]]: tensor<8xf32>, %[[N:.*]]: index, %[[X:.*]]: tensor<4x8xf32>)
//       CHECK:   %[[B0:.*]] = ferric.broadcast %[[ROW]] dims [0] : tensor<8xf32> -> tensor<4x8xf32>
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[D:.*]] = tensor.dim %{{.*}}, %[[C0]]
//       CHECK:   %[[B1:.*]] = ferric.broadcast %[[ROW]] dims [0] sizes(%[[D]]) : tensor<8xf32> -> tensor<?x8xf32>
//       CHECK:   %[[B2:.*]] = ferric.broadcast %[[ROW]] dims [0] : tensor<8xf32> -> tensor<4x8xf32>
//   CHECK-NOT:   linalg.
//       CHECK:   return %[[B0]], %[[B1]], %[[B2]], %[[X]]
func.func @broadcasts(%row: tensor<8xf32>, %n: index, %x: tensor<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<?x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %b0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%row : tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  %ed = tensor.empty(%n) : tensor<?x8xf32>
  %b1 = linalg.broadcast ins(%row : tensor<8xf32>) outs(%ed : tensor<?x8xf32>) dimensions = [0]
  %b2 = linalg.broadcast ins(%row : tensor<8xf32>) outs(%e : tensor<4x8xf32>) dimensions = [0]
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %b0, %b1, %b2, %c : tensor<4x8xf32>, tensor<?x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Named elementwise ops, linalg.elementwise and linalg.map are generalized
// and raised; a transpose is a ferric.fused copy through a permuted map.
// CHECK-LABEL: func.func @named
//       CHECK:   ferric.fused {{.*}} {
//       CHECK:     arith.addf
//       CHECK:   ferric.fused {{.*}} {
//       CHECK:     math.exp
//       CHECK:   ferric.fused {{.*}} {
//       CHECK:     arith.mulf
//       CHECK:   ferric.fused {{.*}} -> tensor<8x4xf32> attributes {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>]} {
//   CHECK-NOT:   linalg.
func.func @named(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x4xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%0 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.map ins(%1, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %m = arith.mulf %x, %y : f32
      linalg.yield %m : f32
    }
  %et = tensor.empty() : tensor<8x4xf32>
  %3 = linalg.transpose ins(%2 : tensor<4x8xf32>) outs(%et : tensor<8x4xf32>) permutation = [1, 0]
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x4xf32>
}

// -----

// Reductions: an identity fill needs nothing after; TOSA's -FLT_MAX init
// for max becomes a max with that scalar after the reduction; a real
// tensor init is added after.
// CHECK-LABEL: func.func @reductions
//  CHECK-SAME: (%[[X:.*]]: tensor<5x4xf32>, %[[ACC:.*]]: tensor<4xf32>)
//       CHECK:   %[[S:.*]] = ferric.reduce sum %[[X]] dims [0] : tensor<5x4xf32> -> tensor<4xf32>
//       CHECK:   %[[M0:.*]] = ferric.reduce max %[[X]] dims [0] : tensor<5x4xf32> -> tensor<4xf32>
//       CHECK:   %[[LOW:.*]] = arith.constant -3.40282347E+38 : f32
//       CHECK:   %[[M:.*]] = ferric.max %[[M0]], %[[LOW]] : tensor<4xf32>, f32
//       CHECK:   %[[N:.*]] = ferric.reduce min %[[X]] dims [0] : tensor<5x4xf32> -> tensor<4xf32>
//       CHECK:   %[[T0:.*]] = ferric.reduce sum %[[X]] dims [0] : tensor<5x4xf32> -> tensor<4xf32>
//       CHECK:   %[[T:.*]] = ferric.add %[[T0]], %[[ACC]] : tensor<4xf32>
//   CHECK-NOT:   linalg.
//       CHECK:   return %[[S]], %[[M]], %[[N]], %[[T]]
func.func @reductions(%x: tensor<5x4xf32>, %acc: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %low = arith.constant -3.40282347E+38 : f32
  %inf = arith.constant 0x7F800000 : f32
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%x : tensor<5x4xf32>) outs(%z : tensor<4xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %l = linalg.fill ins(%low : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.reduce ins(%x : tensor<5x4xf32>) outs(%l : tensor<4xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %r = arith.maximumf %in, %init : f32
      linalg.yield %r : f32
    }
  %i = linalg.fill ins(%inf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<5x4xf32>) outs(%i : tensor<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %r = arith.minimumf %o, %in : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %t = linalg.reduce ins(%x : tensor<5x4xf32>) outs(%acc : tensor<4xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  return %s, %m, %n, %t : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// bf16 extended, summed in f32 and truncated (tosa-to-linalg's reduce_sum
// of bf16) is one bf16 ferric.reduce, which accumulates in f32; without the
// truncation the input is cast to f32 first.
// CHECK-LABEL: func.func @reduce_bf16
//  CHECK-SAME: (%[[X:.*]]: tensor<5x4xbf16>)
//       CHECK:   %[[R:.*]] = ferric.reduce sum %[[X]] dims [0] : tensor<5x4xbf16> -> tensor<4xbf16>
//       CHECK:   %[[W:.*]] = ferric.cast %[[X]] : tensor<5x4xbf16> to tensor<5x4xf32>
//       CHECK:   %[[R32:.*]] = ferric.reduce sum %[[W]] dims [0] : tensor<5x4xf32> -> tensor<4xf32>
//   CHECK-NOT:   linalg.
//       CHECK:   return %[[R]], %[[R32]]
func.func @reduce_bf16(%x: tensor<5x4xbf16>) -> (tensor<4xbf16>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%x : tensor<5x4xbf16>) outs(%z : tensor<4xf32>) dimensions = [0]
    (%in: bf16, %init: f32) {
      %w = arith.extf %in : bf16 to f32
      %r = arith.addf %w, %init : f32
      linalg.yield %r : f32
    }
  %eb = tensor.empty() : tensor<4xbf16>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%s : tensor<4xf32>) outs(%eb : tensor<4xbf16>) {
  ^bb0(%in: f32, %o: bf16):
    %n = arith.truncf %in : f32 to bf16
    linalg.yield %n : bf16
  } -> tensor<4xbf16>
  %s2 = linalg.reduce ins(%x : tensor<5x4xbf16>) outs(%z : tensor<4xf32>) dimensions = [0]
    (%in: bf16, %init: f32) {
      %w = arith.extf %in : bf16 to f32
      %r = arith.addf %w, %init : f32
      linalg.yield %r : f32
    }
  return %t, %s2 : tensor<4xbf16>, tensor<4xf32>
}

// -----

// Matmuls on a zero fill (a batch of one is a 2-D product); f16 operands accumulated in f32 and truncated
// back are one f16 ferric.matmul (which accumulates in f32); kept in f32,
// the operands are cast.
// CHECK-LABEL: func.func @matmuls
//  CHECK-SAME: (%[[A:.*]]: tensor<1x5x3xf32>, %[[B:.*]]: tensor<1x3x6xf32>, %[[H:.*]]: tensor<5x3xf16>, %[[G:.*]]: tensor<3x6xf16>)
//       CHECK:   %[[A2:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : tensor<1x5x3xf32> into tensor<5x3xf32>
//       CHECK:   %[[B2:.*]] = tensor.collapse_shape %[[B]] {{\[}}[0, 1], [2]] : tensor<1x3x6xf32> into tensor<3x6xf32>
//       CHECK:   %[[M2:.*]] = ferric.matmul %[[A2]], %[[B2]] : tensor<5x3xf32>, tensor<3x6xf32> -> tensor<5x6xf32>
//       CHECK:   %[[M:.*]] = tensor.expand_shape %[[M2]] {{\[}}[0, 1], [2]] output_shape [1, 5, 6] : tensor<5x6xf32> into tensor<1x5x6xf32>
//       CHECK:   %[[MH:.*]] = ferric.matmul %[[H]], %[[G]] : tensor<5x3xf16>, tensor<3x6xf16> -> tensor<5x6xf16>
//       CHECK:   %[[HW:.*]] = ferric.cast %[[H]] : tensor<5x3xf16> to tensor<5x3xf32>
//       CHECK:   %[[GW:.*]] = ferric.cast %[[G]] : tensor<3x6xf16> to tensor<3x6xf32>
//       CHECK:   %[[MW:.*]] = ferric.matmul %[[HW]], %[[GW]] : tensor<5x3xf32>, tensor<3x6xf32> -> tensor<5x6xf32>
//   CHECK-NOT:   linalg.
//       CHECK:   return %[[M]], %[[MH]], %[[MW]]
func.func @matmuls(%a: tensor<1x5x3xf32>, %b: tensor<1x3x6xf32>, %h: tensor<5x3xf16>, %g: tensor<3x6xf16>)
    -> (tensor<1x5x6xf32>, tensor<5x6xf16>, tensor<5x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x6xf32>) -> tensor<1x5x6xf32>
  %m = linalg.batch_matmul ins(%a, %b : tensor<1x5x3xf32>, tensor<1x3x6xf32>) outs(%z : tensor<1x5x6xf32>) -> tensor<1x5x6xf32>
  %e2 = tensor.empty() : tensor<5x6xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<5x6xf32>) -> tensor<5x6xf32>
  %mh = linalg.matmul ins(%h, %g : tensor<5x3xf16>, tensor<3x6xf16>) outs(%z2 : tensor<5x6xf32>) -> tensor<5x6xf32>
  %eh = tensor.empty() : tensor<5x6xf16>
  %th = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mh : tensor<5x6xf32>) outs(%eh : tensor<5x6xf16>) {
  ^bb0(%in: f32, %o: f16):
    %n = arith.truncf %in : f32 to f16
    linalg.yield %n : f16
  } -> tensor<5x6xf16>
  %mw = linalg.matmul ins(%h, %g : tensor<5x3xf16>, tensor<3x6xf16>) outs(%z2 : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %m, %th, %mw : tensor<1x5x6xf32>, tensor<5x6xf16>, tensor<5x6xf32>
}

// -----

// A linalg.matmul / batch_matmul whose indexing maps swap an operand's last
// two dims (torch-mlir writes x @ W.t() so) is ferric.matmul with the
// operand's transpose flag; a batch of one still drops to 2-D.
// CHECK-LABEL: func.func @matmuls_transposed
//  CHECK-SAME: (%[[X:.*]]: tensor<5x3xf32>, %[[W:.*]]: tensor<6x3xf32>, %[[A:.*]]: tensor<2x3x5xf32>, %[[B:.*]]: tensor<2x6x3xf32>, %[[U:.*]]: tensor<1x3x5xf32>, %[[V:.*]]: tensor<1x3x6xf32>)
//       CHECK:   %[[M:.*]] = ferric.matmul %[[X]], %[[W]] transpose_rhs : tensor<5x3xf32>, tensor<6x3xf32> -> tensor<5x6xf32>
//       CHECK:   %[[BM:.*]] = ferric.matmul %[[A]], %[[B]] transpose_lhs transpose_rhs : tensor<2x3x5xf32>, tensor<2x6x3xf32> -> tensor<2x5x6xf32>
//       CHECK:   %[[U2:.*]] = tensor.collapse_shape %[[U]] {{\[}}[0, 1], [2]] : tensor<1x3x5xf32> into tensor<3x5xf32>
//       CHECK:   %[[V2:.*]] = tensor.collapse_shape %[[V]] {{\[}}[0, 1], [2]] : tensor<1x3x6xf32> into tensor<3x6xf32>
//       CHECK:   %[[UV:.*]] = ferric.matmul %[[U2]], %[[V2]] transpose_lhs : tensor<3x5xf32>, tensor<3x6xf32> -> tensor<5x6xf32>
//   CHECK-NOT:   linalg.
func.func @matmuls_transposed(%x: tensor<5x3xf32>, %w: tensor<6x3xf32>, %a: tensor<2x3x5xf32>, %b: tensor<2x6x3xf32>,
                              %u: tensor<1x3x5xf32>, %v: tensor<1x3x6xf32>)
    -> (tensor<5x6xf32>, tensor<2x5x6xf32>, tensor<1x5x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  %m = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%x, %w : tensor<5x3xf32>, tensor<6x3xf32>) outs(%z : tensor<5x6xf32>) -> tensor<5x6xf32>
  %e2 = tensor.empty() : tensor<2x5x6xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x5x6xf32>) -> tensor<2x5x6xf32>
  %bm = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%a, %b : tensor<2x3x5xf32>, tensor<2x6x3xf32>) outs(%z2 : tensor<2x5x6xf32>) -> tensor<2x5x6xf32>
  %e3 = tensor.empty() : tensor<1x5x6xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x5x6xf32>) -> tensor<1x5x6xf32>
  %uv = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%u, %v : tensor<1x3x5xf32>, tensor<1x3x6xf32>) outs(%z3 : tensor<1x5x6xf32>) -> tensor<1x5x6xf32>
  return %m, %bm, %uv : tensor<5x6xf32>, tensor<2x5x6xf32>, tensor<1x5x6xf32>
}

// -----

// The transcendental ops the dialect's ferric.sin, cos, erf, log1p and
// expm1 are made of: raised as they are (TargetSupport.cpp lists them).
// CHECK-LABEL: func.func @transcendental
//       CHECK:   ferric.fused ins({{.*}}) -> tensor<16xf32> {
//       CHECK:     math.sin
//       CHECK:     math.cos
//       CHECK:     math.erf
//       CHECK:     math.log1p
//       CHECK:     math.expm1
//       CHECK:     ferric.yield
//   CHECK-NOT:   linalg.
func.func @transcendental(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.sin %v : f32
    %c = math.cos %v : f32
    %f = math.erf %s : f32
    %l = math.log1p %c : f32
    %m = math.expm1 %f : f32
    %a = arith.addf %l, %m : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

// Rounding (ferric.floor, ceil, and round as math.roundeven), here on f16;
// math.round (halves away from zero) is not raised (remarks test).
// CHECK-LABEL: func.func @rounding
//       CHECK:   ferric.fused ins({{.*}}) -> tensor<16xf16> {
//       CHECK:     math.floor {{.*}} : f16
//       CHECK:     math.ceil {{.*}} : f16
//       CHECK:     math.roundeven {{.*}} : f16
//   CHECK-NOT:   linalg.
func.func @rounding(%x: tensor<16xf16>) -> tensor<16xf16> {
  %e = tensor.empty() : tensor<16xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf16>) outs(%e : tensor<16xf16>) {
  ^bb0(%v: f16, %o: f16):
    %f = math.floor %v : f16
    %c = math.ceil %v : f16
    %n = math.roundeven %v : f16
    %s = arith.addf %f, %c : f16
    %t = arith.addf %s, %n : f16
    linalg.yield %t : f16
  } -> tensor<16xf16>
  return %r : tensor<16xf16>
}

// -----

// ferric.sign, reciprocal and clamp as the dialect writes them: compares
// and selects, a division of 1, maximumf then minimumf.
// CHECK-LABEL: func.func @sign_reciprocal_clamp
//       CHECK:   ferric.fused ins({{.*}}) -> tensor<16xf32> {
//       CHECK:     arith.cmpf ogt
//       CHECK:     arith.select
//       CHECK:     arith.divf
//       CHECK:     arith.maximumf
//       CHECK:     arith.minimumf
//   CHECK-NOT:   linalg.
func.func @sign_reciprocal_clamp(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %mone = arith.constant -1.0 : f32
    %pos = arith.cmpf ogt, %v, %zero : f32
    %neg = arith.cmpf olt, %v, %zero : f32
    %n = arith.select %neg, %mone, %v : f32
    %sign = arith.select %pos, %one, %n : f32
    %rec = arith.divf %one, %v : f32
    %lo = arith.maximumf %rec, %mone : f32
    %cl = arith.minimumf %lo, %one : f32
    %a = arith.addf %sign, %cl : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

// math.fpowi by a constant (torch-mlir's x**3 in its tanh GELU) becomes
// multiplies (upstream's expansion; a negative power divides 1 by them),
// and the body is raised; by a variable it stays (remarks test).
// CHECK-LABEL: func.func @fpowi
//       CHECK:   ferric.fused ins({{.*}}) -> tensor<16xf32> {
//   CHECK-NOT:     math.fpowi
//       CHECK:     arith.mulf
//       CHECK:     arith.mulf
//       CHECK:     arith.divf
//       CHECK:     ferric.yield
//   CHECK-NOT:   linalg.
func.func @fpowi(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %three = arith.constant 3 : i32
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %mtwo = arith.constant -2 : i32
    %c = math.fpowi %v, %three : f32, i32
    %d = math.fpowi %v, %mtwo : f32, i32
    %a = arith.addf %c, %d : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
