// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s

// Dynamic shapes: the iteration space of a kernel is sized by the inputs
// that read each dim; the IR needs no size operands.

// CHECK-LABEL: func.func @dynamic_2d
//  CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>)
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[S:.*]] = arith.subf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     %[[AB:.*]] = math.absf %[[S]] : f32
//  CHECK-NEXT:     %[[R:.*]] = math.sqrt %[[AB]] : f32
//  CHECK-NEXT:     ferric.yield %[[R]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<?x?xf32>
func.func @dynamic_2d(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = ferric.sub %a, %b : tensor<?x?xf32>
  %1 = ferric.abs %0 : tensor<?x?xf32>
  %2 = ferric.sqrt %1 : tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// A dynamically sized column broadcast: x sizes both dims, so the
// broadcast (and the tensor.dim feeding its size) goes away.

//   CHECK-DAG: #[[COL:.+]] = affine_map<(d0, d1) -> (d0)>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dynamic_col
//  CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %[[C:.*]]: tensor<?xf32>)
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[C]], %[[X]] : tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32> attributes {indexing_maps = [#[[COL]], #[[ID]]]} {
//  CHECK-NEXT:   ^bb0(%[[CV:.*]]: f32, %[[XV:.*]]: f32):
//  CHECK-NEXT:     %[[D:.*]] = arith.divf %[[XV]], %[[CV]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[D]] : f32
//  CHECK-NEXT:     ferric.yield %[[E]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<?x?xf32>
func.func @dynamic_col(%x: tensor<?x?xf32>, %col: tensor<?xf32>) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %b = ferric.broadcast %col dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %0 = ferric.div %x, %b : tensor<?x?xf32>
  %1 = ferric.exp %0 : tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// -----

// A reduction over a dynamic batch, normalized back: exp(x) is alone before
// the barrier and rsqrt alone after it (one op is below min-ops); the
// normalization reads rsqrt's result through (d0, d1) -> (d0).

//   CHECK-DAG: #[[ROWS:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @dynamic_reduce
//  CHECK-SAME: (%[[X:.*]]: tensor<?x16xf32>)
//  CHECK-NEXT:   %[[E:.*]] = ferric.exp %[[X]] : tensor<?x16xf32>
//  CHECK-NEXT:   %[[S:.*]] = ferric.reduce sum %[[E]] dims [1] : tensor<?x16xf32> -> tensor<?xf32>
//  CHECK-NEXT:   %[[R:.*]] = ferric.rsqrt %[[S]] : tensor<?xf32>
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[R]], %[[X]] : tensor<?xf32>, tensor<?x16xf32>) -> tensor<?x16xf32> attributes {indexing_maps = [#[[ROWS]], #{{.*}}]} {
//       CHECK:     arith.mulf
//  CHECK-NEXT:     arith.negf
//       CHECK:   return %[[F]]
func.func @dynamic_reduce(%x: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %e = ferric.exp %x : tensor<?x16xf32>
  %s = ferric.reduce sum %e dims [1] : tensor<?x16xf32> -> tensor<?xf32>
  %r = ferric.rsqrt %s : tensor<?xf32>
  %b = ferric.broadcast %r dims [1] : tensor<?xf32> -> tensor<?x16xf32>
  %0 = ferric.mul %x, %b : tensor<?x16xf32>
  %1 = ferric.neg %0 : tensor<?x16xf32>
  return %1 : tensor<?x16xf32>
}

// -----

// Values of different dynamic types are different iteration spaces.

// CHECK-LABEL: func.func @different_dynamic_shapes
//  CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?x4xf32>)
//  CHECK-NEXT:   %[[F0:.*]] = ferric.fused ins(%[[A]] : tensor<?xf32>) -> tensor<?xf32> {
//       CHECK:   %[[F1:.*]] = ferric.fused ins(%[[B]] : tensor<?x4xf32>) -> tensor<?x4xf32> {
//       CHECK:   return %[[F0]], %[[F1]]
func.func @different_dynamic_shapes(%a: tensor<?xf32>, %b: tensor<?x4xf32>) -> (tensor<?xf32>, tensor<?x4xf32>) {
  %0 = ferric.exp %a : tensor<?xf32>
  %1 = ferric.exp %b : tensor<?x4xf32>
  %2 = ferric.neg %0 : tensor<?xf32>
  %3 = ferric.neg %1 : tensor<?x4xf32>
  return %2, %3 : tensor<?xf32>, tensor<?x4xf32>
}
