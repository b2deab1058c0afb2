// RUN: ferric-opt %s --split-input-file --ferric-fuse-reductions | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-fuse-reductions=max-buffers=2 | FileCheck %s --check-prefix=LIMIT

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// RMSNorm's x * x, used only by the sum: fused into the reduction, which
// keeps the combiner form addf(acc, f(x)).

// CHECK-LABEL: func.func @single_use
//   CHECK-NOT:   iterator_types = ["parallel", "parallel"]
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:     ins(%{{[^ ,]*}} : tensor<?x8xf32>)
//       CHECK:     %[[SQ:.*]] = arith.mulf
//       CHECK:     %[[ACC:.*]] = arith.addf %{{.*}}, %[[SQ]] : f32
//       CHECK:     linalg.yield %[[ACC]]
//   CHECK-NOT:   linalg.generic

// With max-buffers=2 the fused reduction would have 3 tensor operands.
// LIMIT-LABEL: func.func @single_use
//       LIMIT:   iterator_types = ["parallel", "parallel"]
//       LIMIT:   iterator_types = ["parallel", "reduction"]
func.func @single_use(%x: tensor<?x8xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %x : tensor<?x8xf32>, tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<?x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%sq : tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Softmax's exp(x - max), read by the sum and by the final division: one
// full-size input, two uses (1 * 2 <= 1 + 1 + 2), so it is recomputed in
// both and its kernel disappears.

// CHECK-LABEL: func.func @recompute
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//       CHECK:     arith.subf
//       CHECK:     math.exp
//       CHECK:     arith.addf
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
//       CHECK:     arith.subf
//       CHECK:     math.exp
//       CHECK:     arith.divf
//   CHECK-NOT:   linalg.generic
func.func @recompute(%x: tensor<?x8xf32>, %mx: tensor<?xf32>, %init: tensor<?xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : tensor<?x8xf32>, tensor<?xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %v = math.exp %d : f32
    linalg.yield %v : f32
  } -> tensor<?x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %acc, %a : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %s : tensor<?x8xf32>, tensor<?xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %q = arith.divf %a, %b : f32
    linalg.yield %q : f32
  } -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Three full-size inputs and three uses: recomputing would read 9 tensors
// where the producer costs 3 + 1 + 3 = 7. Left alone.

// CHECK-LABEL: func.func @too_costly
//       CHECK:   %[[P:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
//       CHECK:   linalg.generic {{.*}}ins(%[[P]] :
//       CHECK:   linalg.generic {{.*}}ins(%[[P]] :
//       CHECK:   linalg.generic {{.*}}ins(%[[P]] :
func.func @too_costly(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>, %c: tensor<?x8xf32>,
                      %init: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %c : tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %z : f32
    linalg.yield %s : f32
  } -> tensor<?x8xf32>
  %s0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.addf %acc, %x : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %s1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.maximumf %acc, %x : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.minimumf %acc, %x : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %s0, %s1, %s2 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// No reduction among the consumers: elementwise grouping is ferric-fuse's
// decision, not this pass's.

// CHECK-LABEL: func.func @no_reduction
//       CHECK:   %[[P:.*]] = linalg.generic
//       CHECK:   linalg.generic {{.*}}ins(%[[P]] :
func.func @no_reduction(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = math.exp %a : f32
    linalg.yield %m : f32
  } -> tensor<?x8xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<?x8xf32>
  return %q : tensor<?x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// A reduction reading the producer twice (sum of p * p): fused once, the
// duplicate operand dropped, so exp is computed once per element.

// CHECK-LABEL: func.func @read_twice
//  CHECK-SAME:     (%[[X:.*]]: tensor<?x8xf32>,
//   CHECK-NOT:   iterator_types = ["parallel", "parallel"]
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<?x8xf32>)
//       CHECK:     %[[E:.*]] = math.exp
//   CHECK-NOT:     math.exp
//       CHECK:     arith.mulf %[[E]], %[[E]]
func.func @read_twice(%x: tensor<?x8xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = math.exp %a : f32
    linalg.yield %m : f32
  } -> tensor<?x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p, %p : tensor<?x8xf32>, tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// LayerNorm backward's head: bf16 gradient and input widened to f32, three
// f32 results read by a column sum, a row sum reading two of them and a
// second column sum. Counted in bytes per element, materializing costs
// 4 (read) + 12 (write) + 16 (read back) = 32 and recomputing 3 x 4 = 12, so
// the producer goes into all three (counted in tensors, 2 + 1 + 4 < 3 x 2,
// it stayed). The row sum reads both results: fused twice, its bf16 inputs
// deduplicated.

// CHECK-LABEL: func.func @bytes_decide
//  CHECK-SAME:     (%[[G:[^:]*]]: tensor<?x8xbf16>, %[[X:[^:]*]]: tensor<?x8xbf16>,
//   CHECK-NOT:   iterator_types = ["parallel", "parallel"]
//       CHECK:   linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]} ins(%[[G]], %[[X]] :
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[G]], %[[X]] :
//       CHECK:   linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]} ins(%[[G]] :
func.func @bytes_decide(%g: tensor<?x8xbf16>, %x: tensor<?x8xbf16>,
                        %rows: tensor<?xf32>, %cols: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<?xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %g, %c0 : tensor<?x8xbf16>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %p:3 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%g, %x : tensor<?x8xbf16>, tensor<?x8xbf16>) outs(%e, %e, %e : tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) {
  ^bb0(%a: bf16, %b: bf16, %o0: f32, %o1: f32, %o2: f32):
    %ga = arith.extf %a : bf16 to f32
    %xb = arith.extf %b : bf16 to f32
    %m = arith.mulf %ga, %xb : f32
    linalg.yield %ga, %xb, %m : f32, f32, f32
  } -> (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>)
  %s0 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%p#2 : tensor<?x8xf32>) outs(%cols : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %acc, %v : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  %s1 = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p#0, %p#1 : tensor<?x8xf32>, tensor<?x8xf32>) outs(%rows : tensor<?xf32>) {
  ^bb0(%v: f32, %w: f32, %acc: f32):
    %m = arith.mulf %v, %w : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %s2 = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%p#0 : tensor<?x8xf32>) outs(%cols : tensor<8xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %acc, %v : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  return %s0, %s1, %s2 : tensor<8xf32>, tensor<?xf32>, tensor<8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#r1 = affine_map<(d0) -> (d0)>

// RMSNorm's tail: mean = sum / 8, inv = rsqrt(mean + eps), y = x * inv. The
// per-row generics (inputs: a reduction's result, or another per-row
// generic's) are fused into the final kernel, which recomputes them per
// element: two generics (the reduction and the final one) instead of four.

// CHECK-LABEL: func.func @per_row
//       CHECK:   %[[S:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
//  CHECK-SAME:     ins(%[[S]], %{{.*}} : tensor<?xf32>, tensor<?x8xf32>)
//       CHECK:     arith.divf
//       CHECK:     arith.addf
//       CHECK:     math.rsqrt
//       CHECK:     arith.mulf
//   CHECK-NOT:   linalg.generic
func.func @per_row(%x: tensor<?x8xf32>, %init: tensor<?xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %e1 = tensor.empty(%n) : tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %acc, %a : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %mean = linalg.generic {indexing_maps = [#r1, #r1], iterator_types = ["parallel"]}
      ins(%s : tensor<?xf32>) outs(%e1 : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c8 = arith.constant 8.0 : f32
    %d = arith.divf %a, %c8 : f32
    linalg.yield %d : f32
  } -> tensor<?xf32>
  %inv = linalg.generic {indexing_maps = [#r1, #r1], iterator_types = ["parallel"]}
      ins(%mean : tensor<?xf32>) outs(%e1 : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %eps = arith.constant 1.0e-6 : f32
    %p = arith.addf %a, %eps : f32
    %r = math.rsqrt %p : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %y = linalg.generic {indexing_maps = [#row, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%inv, %x : tensor<?xf32>, tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %b, %a : f32
    linalg.yield %m : f32
  } -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

#r1 = affine_map<(d0) -> (d0)>

// A 1-D generic on a function argument is not per-row data: left alone.

// CHECK-LABEL: func.func @not_per_row
//       CHECK:   %[[P:.*]] = linalg.generic
//       CHECK:   linalg.generic {{.*}}ins(%[[P]] :
func.func @not_per_row(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %p = linalg.generic {indexing_maps = [#r1, #r1], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = math.exp %a : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  %q = linalg.generic {indexing_maps = [#r1, #r1], iterator_types = ["parallel"]}
      ins(%p : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %q : tensor<?xf32>
}
// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>

// A saved keepdim statistic: rsqrt(var + eps) computed over [1, T, 1] from
// the sum through expand_shape, returned, and read by the normalization
// through collapse_shape. The elementwise generic is rewritten over the
// sum's [1, T] and expanded for the return; the collapse folds away and the
// normalization reads it directly.

// CHECK-LABEL: func.func @keepdim_statistic
//       CHECK:   %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
//       CHECK:   %[[RSTD:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[SUM]] : tensor<1x?xf32>)
//       CHECK:     math.rsqrt
//       CHECK:   %[[SAVED:.*]] = tensor.expand_shape %[[RSTD]] {{\[}}[0], [1, 2]]
//   CHECK-NOT:   tensor.collapse_shape
//       CHECK:   %[[Y:.*]] = linalg.generic {{.*}}ins(%{{.*}}, %[[RSTD]] :
//       CHECK:   return %[[Y]], %[[SAVED]]
func.func @keepdim_statistic(%x: tensor<1x?x8xf32>, %init: tensor<1x?xf32>) -> (tensor<1x?x8xf32>, tensor<1x?x1xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<1x?x8xf32>
  %s = linalg.generic {indexing_maps = [#id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<1x?x8xf32>) outs(%init : tensor<1x?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.mulf %a, %a : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<1x?xf32>
  %se = tensor.expand_shape %s [[0], [1, 2]] output_shape [1, %n, 1] : tensor<1x?xf32> into tensor<1x?x1xf32>
  %e1 = tensor.empty(%n) : tensor<1x?x1xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%se : tensor<1x?x1xf32>) outs(%e1 : tensor<1x?x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %eps = arith.constant 1.0e-5 : f32
    %v = arith.addf %a, %eps : f32
    %q = math.rsqrt %v : f32
    linalg.yield %q : f32
  } -> tensor<1x?x1xf32>
  %rc = tensor.collapse_shape %r [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %e2 = tensor.empty(%n) : tensor<1x?x8xf32>
  %y = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %rc : tensor<1x?x8xf32>, tensor<1x?xf32>) outs(%e2 : tensor<1x?x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x?x8xf32>
  return %y, %r : tensor<1x?x8xf32>, tensor<1x?x1xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#r2 = affine_map<(d0, d1) -> (d0, d1)>

// RMSNorm backward's per-row factor: sum(g * x) * rstd^3 / n, with rstd an
// argument (saved by the forward). Per-row data read with the sum: fused
// into the gradient, which recomputes it per element (no [1, T] kernel).

// CHECK-LABEL: func.func @per_row_with_argument
//  CHECK-SAME:     (%[[G:[^:]*]]: tensor<1x?x8xf32>, %[[X:[^:]*]]: tensor<1x?x8xf32>, %[[RSTD:[^:]*]]: tensor<1x?xf32>,
//       CHECK:   %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
//   CHECK-NOT:   iterator_types = ["parallel", "parallel"]}
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}}%[[SUM]], %[[RSTD]]
func.func @per_row_with_argument(%g: tensor<1x?x8xf32>, %x: tensor<1x?x8xf32>, %rstd: tensor<1x?xf32>, %init: tensor<1x?xf32>) -> tensor<1x?x8xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %g, %c1 : tensor<1x?x8xf32>
  %s = linalg.generic {indexing_maps = [#id3, #id3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g, %x : tensor<1x?x8xf32>, tensor<1x?x8xf32>) outs(%init : tensor<1x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<1x?xf32>
  %e = tensor.empty(%n) : tensor<1x?xf32>
  %k = linalg.generic {indexing_maps = [#r2, #r2, #r2], iterator_types = ["parallel", "parallel"]}
      ins(%s, %rstd : tensor<1x?xf32>, tensor<1x?xf32>) outs(%e : tensor<1x?xf32>) {
  ^bb0(%a: f32, %r: f32, %o: f32):
    %r2 = arith.mulf %r, %r : f32
    %r3 = arith.mulf %r2, %r : f32
    %m = arith.mulf %a, %r3 : f32
    linalg.yield %m : f32
  } -> tensor<1x?xf32>
  %e2 = tensor.empty(%n) : tensor<1x?x8xf32>
  %y = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %k : tensor<1x?x8xf32>, tensor<1x?xf32>) outs(%e2 : tensor<1x?x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x?x8xf32>
  return %y : tensor<1x?x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Softmax backward: p = (float(y), float(y) * float(g)), the row sum of p#1,
// then g' = p#1 - p#0 * sum. The elementwise consumer reads both results:
// after its first fusion it still reads the other from the producer, and
// is no reduction; the producer goes into it all the same (decided once,
// for all its consumers), so no f32 tensor is written.

// CHECK-LABEL: func.func @elementwise_reads_two_results
//   CHECK-NOT:   iterator_types = ["parallel", "parallel"]} ins(%{{.*}}) outs(%{{.*}}, %{{.*}} :
//       CHECK:   %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%{{[^,]*}}, %{{[^,]*}}, %[[SUM]] : tensor<?x8xbf16>, tensor<?x8xbf16>, tensor<?xf32>)
//   CHECK-NOT:   linalg.generic
func.func @elementwise_reads_two_results(%y: tensor<?x8xbf16>, %g: tensor<?x8xbf16>, %init: tensor<?xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %y, %c0 : tensor<?x8xbf16>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %p:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y, %g : tensor<?x8xbf16>, tensor<?x8xbf16>) outs(%e, %e : tensor<?x8xf32>, tensor<?x8xf32>) {
  ^bb0(%a: bf16, %b: bf16, %o0: f32, %o1: f32):
    %af = arith.extf %a : bf16 to f32
    %bf = arith.extf %b : bf16 to f32
    %m = arith.mulf %af, %bf : f32
    linalg.yield %af, %m : f32, f32
  } -> (tensor<?x8xf32>, tensor<?x8xf32>)
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p#1 : tensor<?x8xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %t = arith.addf %acc, %v : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p#0, %p#1, %s : tensor<?x8xf32>, tensor<?x8xf32>, tensor<?xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%a: f32, %m: f32, %t: f32, %o: f32):
    %x = arith.mulf %a, %t : f32
    %d = arith.subf %m, %x : f32
    linalg.yield %d : f32
  } -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#col3 = affine_map<(d0, d1, d2) -> (d2)>

// LayerNorm backward's saved rstd, rounded through bf16 as torch's graph
// does ([1, T, 1] -> bf16 -> f32), then collapsed to [1, T] and read per row
// by the row sum and the gradient: the casts are computed over [1, T] and,
// read only broadcast along the row, recomputed in both readers instead of
// being a kernel of their own.

// CHECK-LABEL: func.func @saved_statistic_casts
//  CHECK-SAME:     (%[[RSTD:[^:]*]]: tensor<1x?x1xf32>, %[[G:[^:]*]]: tensor<1x?x8xf32>,
//       CHECK:   %[[R:.*]] = tensor.collapse_shape %[[RSTD]] {{\[}}[0], [1, 2]]
//   CHECK-NOT:   iterator_types = ["parallel", "parallel"]}
//       CHECK:   %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[G]], %[[R]] :
//       CHECK:     arith.truncf
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[G]], %[[R]], %[[SUM]] :
func.func @saved_statistic_casts(%rstd: tensor<1x?x1xf32>, %g: tensor<1x?x8xf32>, %init: tensor<1x?xf32>) -> tensor<1x?x8xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %g, %c1 : tensor<1x?x8xf32>
  %e = tensor.empty(%n) : tensor<1x?x1xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%rstd : tensor<1x?x1xf32>) outs(%e : tensor<1x?x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.truncf %a : f32 to bf16
    %x = arith.extf %t : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<1x?x1xf32>
  %rc = tensor.collapse_shape %r [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %s = linalg.generic {indexing_maps = [#id3, #row3, #row3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g, %rc : tensor<1x?x8xf32>, tensor<1x?xf32>) outs(%init : tensor<1x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<1x?xf32>
  %e2 = tensor.empty(%n) : tensor<1x?x8xf32>
  %y = linalg.generic {indexing_maps = [#id3, #row3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g, %rc, %s : tensor<1x?x8xf32>, tensor<1x?xf32>, tensor<1x?xf32>) outs(%e2 : tensor<1x?x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %d = arith.subf %m, %c : f32
    linalg.yield %d : f32
  } -> tensor<1x?x8xf32>
  return %y : tensor<1x?x8xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tail = affine_map<(d0, d1, d2) -> (d1, d2)>

// A [T, H] rounding read as [1, T, H] (a linear's output under torch's view)
// is no broadcast: the unit dim adds no reads, so it stays (ferric-fuse and
// the matmul paths decide about it).

// CHECK-LABEL: func.func @unit_dim_is_no_broadcast
//       CHECK:   %[[P:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]}
//       CHECK:   linalg.generic {{.*}}ins(%[[P]]
func.func @unit_dim_is_no_broadcast(%a: tensor<?x8xf32>, %b: tensor<1x?x8xbf16>) -> tensor<1x?x8xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xbf16>
  %p = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x8xf32>) outs(%e : tensor<?x8xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<?x8xbf16>
  %e3 = tensor.empty(%n) : tensor<1x?x8xbf16>
  %s = linalg.generic {indexing_maps = [#tail, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%p, %b : tensor<?x8xbf16>, tensor<1x?x8xbf16>) outs(%e3 : tensor<1x?x8xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %q = arith.addf %x, %y : bf16
    linalg.yield %q : bf16
  } -> tensor<1x?x8xbf16>
  return %s : tensor<1x?x8xbf16>
}
