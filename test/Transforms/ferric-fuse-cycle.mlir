// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-fuse="report=-" -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=REPORT
// RUN: ferric-opt %s --split-input-file --ferric-fuse="multi-output=false" \
// RUN:   | FileCheck %s --check-prefix=SINGLE

// Cycle avoidance. The producer P's value reaches the consumer group twice:
// directly, and through a non-fusible op (P -> reduce -> broadcast ->
// consumer). Putting P into the consumer's kernel would make that kernel
// both feed the reduction and depend on it. P must stay out; ferric-opt
// verifies the result (the ops stay in dominance order).

//   CHECK-DAG: #[[COL:.+]] = affine_map<(d0, d1) -> (d0)>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @softmax_like
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
//  CHECK-NEXT:   %[[P:.*]] = ferric.exp %[[X]] : tensor<4x8xf32>
//  CHECK-NEXT:   %[[S:.*]] = ferric.reduce sum %[[P]] dims [1] : tensor<4x8xf32> -> tensor<4xf32>
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[S]], %[[P]] : tensor<4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#[[COL]], #[[ID]]]} {
//  CHECK-NEXT:   ^bb0(%[[SV:.*]]: f32, %[[PV:.*]]: f32):
//  CHECK-NEXT:     %[[D:.*]] = arith.divf %[[PV]], %[[SV]] : f32
//  CHECK-NEXT:     %[[T:.*]] = math.tanh %[[D]] : f32
//  CHECK-NEXT:     ferric.yield %[[T]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]

// REPORT-LABEL: ferric-fuse report for @softmax_like
//       REPORT:   kernel launches: 5 -> 3
//       REPORT:   group 0 at 'ferric.tanh' (line [[#@LINE+12]]): 2 ops, 2 inputs: broadcast div tanh
//       REPORT:     'ferric.exp' (line [[#@LINE+7]]) -> 'ferric.div' (line [[#@LINE+10]]): cycle: a use outside the group ('ferric.reduce') leads back into it, so fusing would create a cycle

// SINGLE-LABEL: func.func @softmax_like
//       SINGLE:   %[[P:.*]] = ferric.exp
//  SINGLE-NEXT:   %[[S:.*]] = ferric.reduce sum %[[P]]
//  SINGLE-NEXT:   ferric.fused ins(%[[S]], %[[P]] :
func.func @softmax_like(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %p = ferric.exp %x : tensor<4x8xf32>
  %s = ferric.reduce sum %p dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %b = ferric.broadcast %s dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %r = ferric.div %p, %b : tensor<4x8xf32>
  %t = ferric.tanh %r : tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}

// -----

// The same, with P inside a chain and the path from the reduction going
// through another kernel. P ends in its producer's kernel (q = x * y), the
// consumer kernel reads it, and every edge from P into the consumer kernel
// reports the cycle.

// CHECK-LABEL: func.func @through_group
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[Y:.*]]: tensor<4x8xf32>)
//  CHECK-NEXT:   %[[P:.*]] = ferric.fused ins(%[[X]], %[[Y]] : tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
//  CHECK-NEXT:   ^bb0(%[[XV:.*]]: f32, %[[YV:.*]]: f32):
//  CHECK-NEXT:     %[[Q:.*]] = arith.mulf %[[XV]], %[[YV]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[Q]] : f32
//  CHECK-NEXT:     ferric.yield %[[E]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[M:.*]] = ferric.reduce max %[[P]] dims [1]
//  CHECK-NEXT:   %[[G:.*]] = ferric.fused ins(%[[M]] : tensor<4xf32>) -> tensor<4xf32> {
//  CHECK-NEXT:   ^bb0(%[[MV:.*]]: f32):
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[MV]] : f32
//  CHECK-NEXT:     %[[NE:.*]] = math.exp %[[N]] : f32
//  CHECK-NEXT:     ferric.yield %[[NE]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[G]], %[[P]] : tensor<4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#{{.*}}, #{{.*}}]} {
//  CHECK-NEXT:   ^bb0(%[[GV:.*]]: f32, %[[PV:.*]]: f32):
//  CHECK-NEXT:     %[[R:.*]] = arith.mulf %[[PV]], %[[GV]] : f32
//  CHECK-NEXT:     %[[T:.*]] = arith.subf %[[R]], %[[PV]] : f32
//  CHECK-NEXT:     ferric.yield %[[T]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]

// REPORT-LABEL: ferric-fuse report for @through_group
//       REPORT:   kernel launches: 8 -> 4
//       REPORT:     'ferric.exp' (line [[#@LINE+4]]) -> 'ferric.mul' (line [[#@LINE+9]]): cycle: a use outside the group ('ferric.reduce') leads back into it, so fusing would create a cycle
//  REPORT-NEXT:     'ferric.exp' (line [[#@LINE+3]]) -> 'ferric.sub' (line [[#@LINE+9]]): cycle: a use outside the group ('ferric.reduce') leads back into it, so fusing would create a cycle
func.func @through_group(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %q = ferric.mul %x, %y : tensor<4x8xf32>
  %p = ferric.exp %q : tensor<4x8xf32>
  %s = ferric.reduce max %p dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %n = ferric.neg %s : tensor<4xf32>
  %e = ferric.exp %n : tensor<4xf32>
  %b = ferric.broadcast %e dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %r = ferric.mul %p, %b : tensor<4x8xf32>
  %t = ferric.sub %r, %p : tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}
