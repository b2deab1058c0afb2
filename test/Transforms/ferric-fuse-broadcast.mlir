// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s

// Broadcasts are folded into the indexing maps of the fused op: the kernel
// reads the small tensor directly and no ferric.broadcast is materialized.

// Row scale: x * broadcast(row) reads `row` with (d0, d1) -> (d1). Even a
// single elementwise op is worth a kernel when it folds a broadcast (it
// saves the broadcast's own).

//   CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @row_scale
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[R:.*]]: tensor<8xf32>)
//   CHECK-NOT:   ferric.broadcast
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[R]], %[[X]] : tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#[[ROW]], #[[ID]]]} {
//  CHECK-NEXT:   ^bb0(%[[RV:.*]]: f32, %[[XV:.*]]: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[XV]], %[[RV]] : f32
//  CHECK-NEXT:     ferric.yield %[[M]] : f32
//  CHECK-NEXT:   }
//   CHECK-NOT:   ferric.broadcast
//       CHECK:   return %[[F]]
func.func @row_scale(%x: tensor<4x8xf32>, %row: tensor<8xf32>) -> tensor<4x8xf32> {
  %b = ferric.broadcast %row dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %m = ferric.mul %x, %b : tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}

// -----

// A column bias (d0) and a row scale (d1) in one kernel.

//   CHECK-DAG: #[[COL:.+]] = affine_map<(d0, d1) -> (d0)>
//   CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @col_bias_and_row
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[C:.*]]: tensor<4xf32>, %[[R:.*]]: tensor<8xf32>)
//   CHECK-NOT:   ferric.broadcast
//       CHECK:   ferric.fused ins(%[[C]], %[[R]], %[[X]] : tensor<4xf32>, tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#[[COL]], #[[ROW]], #[[ID]]]} {
//  CHECK-NEXT:   ^bb0(%[[CV:.*]]: f32, %[[RV:.*]]: f32, %[[XV:.*]]: f32):
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[XV]], %[[CV]] : f32
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[A]], %[[RV]] : f32
//   CHECK-NOT:   ferric.broadcast
func.func @col_bias_and_row(%x: tensor<4x8xf32>, %col: tensor<4xf32>, %row: tensor<8xf32>) -> tensor<4x8xf32> {
  %c = ferric.broadcast %col dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %r = ferric.broadcast %row dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %0 = ferric.add %x, %c : tensor<4x8xf32>
  %1 = ferric.mul %0, %r : tensor<4x8xf32>
  %2 = ferric.relu %1 : tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// -----

// Rank 0 and middle dims: a tensor<f32> read with (d0, d1, d2) -> () and a
// vector along the middle dim.

//   CHECK-DAG: #[[NONE:.+]] = affine_map<(d0, d1, d2) -> ()>
//   CHECK-DAG: #[[MID:.+]] = affine_map<(d0, d1, d2) -> (d1)>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @rank0_and_middle
//  CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: tensor<f32>, %[[M:.*]]: tensor<3xf32>)
//       CHECK:   ferric.fused ins(%[[S]], %[[M]], %[[X]] : tensor<f32>, tensor<3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32> attributes {indexing_maps = [#[[NONE]], #[[MID]], #[[ID]]]} {
//  CHECK-NEXT:   ^bb0(%[[SV:.*]]: f32, %[[MV:.*]]: f32, %[[XV:.*]]: f32):
//  CHECK-NEXT:     %[[D:.*]] = arith.subf %[[XV]], %[[SV]] : f32
//  CHECK-NEXT:     arith.divf %[[D]], %[[MV]] : f32
//   CHECK-NOT:   ferric.broadcast
func.func @rank0_and_middle(%x: tensor<2x3x4xf32>, %s: tensor<f32>, %m: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %b = ferric.broadcast %s dims [0, 1, 2] : tensor<f32> -> tensor<2x3x4xf32>
  %c = ferric.broadcast %m dims [0, 2] : tensor<3xf32> -> tensor<2x3x4xf32>
  %0 = ferric.sub %x, %b : tensor<2x3x4xf32>
  %1 = ferric.div %0, %c : tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// A dynamic broadcast with a sizes operand: another input (x) reads the
// dynamic dim, so it sizes the iteration space and the broadcast folds; the
// size computation is left dead and goes.

//   CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dynamic_sized
//  CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[R:.*]]: tensor<8xf32>)
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[R]], %[[X]] : tensor<8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32> attributes {indexing_maps = [#[[ROW]], #[[ID]]]} {
//       CHECK:     arith.mulf
//  CHECK-NEXT:     ferric.yield
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<?x8xf32>
func.func @dynamic_sized(%x: tensor<?x8xf32>, %row: tensor<8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %b = ferric.broadcast %row dims [0] sizes(%n) : tensor<8xf32> -> tensor<?x8xf32>
  %0 = ferric.mul %x, %b : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// Only the broadcast knows the dynamic size (its sizes operand): folding it
// would leave an iteration dim nothing sizes, so the broadcast stays and the
// kernel reads its result. (This used to loop forever.)

// CHECK-LABEL: func.func @dynamic_unsized
//  CHECK-SAME: (%[[R:.*]]: tensor<8xf32>, %[[N:.*]]: index)
//  CHECK-NEXT:   %[[B:.*]] = ferric.broadcast %[[R]] dims [0] sizes(%[[N]]) : tensor<8xf32> -> tensor<?x8xf32>
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[B]] : tensor<?x8xf32>) -> tensor<?x8xf32> {
//  CHECK-NEXT:   ^bb0(%[[V:.*]]: f32):
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[V]] : f32
//  CHECK-NEXT:     %[[G:.*]] = arith.negf %[[E]] : f32
//  CHECK-NEXT:     ferric.yield %[[G]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @dynamic_unsized(%row: tensor<8xf32>, %n: index) -> tensor<?x8xf32> {
  %b = ferric.broadcast %row dims [0] sizes(%n) : tensor<8xf32> -> tensor<?x8xf32>
  %0 = ferric.exp %b : tensor<?x8xf32>
  %1 = ferric.neg %0 : tensor<?x8xf32>
  return %1 : tensor<?x8xf32>
}

// -----

// The same with the broadcast also returned: the copy joined the group and
// was split off again; the group must then read the broadcast's result, not
// a stale input. (This used to produce a ferric.fused that failed to verify:
// "iteration dim 0 is dynamic but no input reads it".)

// CHECK-LABEL: func.func @dynamic_shared
//  CHECK-SAME: (%[[R:.*]]: tensor<8xf32>, %[[N:.*]]: index)
//  CHECK-NEXT:   %[[B:.*]] = ferric.broadcast %[[R]] dims [0] sizes(%[[N]]) : tensor<8xf32> -> tensor<?x8xf32>
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[B]] : tensor<?x8xf32>) -> tensor<?x8xf32> {
//       CHECK:   return %[[F]], %[[B]]
func.func @dynamic_shared(%row: tensor<8xf32>, %n: index) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %b = ferric.broadcast %row dims [0] sizes(%n) : tensor<8xf32> -> tensor<?x8xf32>
  %0 = ferric.exp %b : tensor<?x8xf32>
  %1 = ferric.neg %0 : tensor<?x8xf32>
  return %1, %b : tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// A broadcast used by two groups (split by a reduction) is copied into each;
// both read `row` through the map.

//   CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
//   CHECK-DAG: #[[COL:.+]] = affine_map<(d0, d1) -> (d0)>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @shared_by_groups
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[R:.*]]: tensor<8xf32>)
//   CHECK-NOT:   ferric.broadcast
//       CHECK:   %[[F0:.*]] = ferric.fused ins(%[[R]], %[[X]] : tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#[[ROW]], #[[ID]]]}
//       CHECK:   %[[M:.*]] = ferric.reduce max %[[F0]] dims [1]
//  CHECK-NEXT:   %[[F1:.*]] = ferric.fused ins(%[[R]], %[[M]], %[[F0]] : tensor<8xf32>, tensor<4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#[[ROW]], #[[COL]], #[[ID]]]}
//   CHECK-NOT:   ferric.broadcast
//       CHECK:   return %[[F0]], %[[F1]]
func.func @shared_by_groups(%x: tensor<4x8xf32>, %row: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %b = ferric.broadcast %row dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %0 = ferric.mul %x, %b : tensor<4x8xf32>
  %s = ferric.reduce max %0 dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %sb = ferric.broadcast %s dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %1 = ferric.sub %0, %sb : tensor<4x8xf32>
  %2 = ferric.add %1, %b : tensor<4x8xf32>
  return %0, %2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A broadcast of a broadcast: the kernel reads the innermost input through
// the composed map; neither broadcast is materialized.

//   CHECK-DAG: #[[NONE:.+]] = affine_map<(d0, d1) -> ()>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @chained
//  CHECK-SAME: (%[[S:.*]]: tensor<f32>, %[[X:.*]]: tensor<4x8xf32>)
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[S]], %[[X]] : tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#[[NONE]], #[[ID]]]} {
//  CHECK-NEXT:   ^bb0(%[[SV:.*]]: f32, %[[XV:.*]]: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[XV]], %[[SV]] : f32
//  CHECK-NEXT:     ferric.yield %[[M]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]
func.func @chained(%s: tensor<f32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %b1 = ferric.broadcast %s dims [0] : tensor<f32> -> tensor<8xf32>
  %b2 = ferric.broadcast %b1 dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %0 = ferric.mul %x, %b2 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Composition keeps the right dim: a column of a 4x8 matrix broadcast
// again along a leading batch dim reads (d0, d1, d2) -> (d1).

//   CHECK-DAG: #[[MID:.+]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @chained_col
//  CHECK-SAME: (%[[C:.*]]: tensor<4xf32>, %[[X:.*]]: tensor<2x4x8xf32>)
//  CHECK-NEXT:   ferric.fused ins(%[[C]], %[[X]] : tensor<4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32> attributes {indexing_maps = [#[[MID]], #{{.*}}]} {
//   CHECK-NOT:   ferric.broadcast
func.func @chained_col(%c: tensor<4xf32>, %x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %b1 = ferric.broadcast %c dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %b2 = ferric.broadcast %b1 dims [0] : tensor<4x8xf32> -> tensor<2x4x8xf32>
  %0 = ferric.sub %x, %b2 : tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

// The inner broadcast adds the dynamic dim only its sizes operand knows:
// the outer one must be materialized (and reads the inner one).

// CHECK-LABEL: func.func @chained_dynamic_inner
//  CHECK-SAME: (%[[S:.*]]: tensor<f32>, %[[N:.*]]: index, %{{.*}}: tensor<4x?xf32>)
//  CHECK-NEXT:   %[[B1:.*]] = ferric.broadcast %[[S]] dims [0] sizes(%[[N]]) : tensor<f32> -> tensor<?xf32>
//  CHECK-NEXT:   %[[B2:.*]] = ferric.broadcast %[[B1]] dims [0] : tensor<?xf32> -> tensor<4x?xf32>
//  CHECK-NEXT:   ferric.fused ins(%[[B2]] : tensor<4x?xf32>) -> tensor<4x?xf32> {
func.func @chained_dynamic_inner(%s: tensor<f32>, %n: index, %x: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %b1 = ferric.broadcast %s dims [0] sizes(%n) : tensor<f32> -> tensor<?xf32>
  %b2 = ferric.broadcast %b1 dims [0] : tensor<?xf32> -> tensor<4x?xf32>
  %0 = ferric.exp %b2 : tensor<4x?xf32>
  %1 = ferric.neg %0 : tensor<4x?xf32>
  return %1 : tensor<4x?xf32>
}

// -----

// A broadcast splat constant is a constant in the body, however many
// broadcasts it goes through.

// CHECK-LABEL: func.func @chained_splat
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
//  CHECK-NEXT:   ferric.fused ins(%[[X]] : tensor<4x8xf32>) -> tensor<4x8xf32> {
//  CHECK-NEXT:   ^bb0(%[[XV:.*]]: f32):
//  CHECK-NEXT:     %[[C:.*]] = arith.constant 2.000000e+00 : f32
//  CHECK-NEXT:     arith.mulf %[[XV]], %[[C]] : f32
func.func @chained_splat(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = arith.constant dense<2.0> : tensor<f32>
  %b1 = ferric.broadcast %c dims [0] : tensor<f32> -> tensor<8xf32>
  %b2 = ferric.broadcast %b1 dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %0 = ferric.mul %x, %b2 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
