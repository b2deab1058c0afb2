// RUN: ferric-opt %s --split-input-file --ferric-fuse="max-inputs=3 report=-" \
// RUN:   | FileCheck %s --check-prefix=IN3
// RUN: ferric-opt %s --split-input-file --ferric-fuse="max-inputs=2 report=-" \
// RUN:   | FileCheck %s --check-prefix=IN2
// RUN: ferric-opt %s --split-input-file --ferric-fuse="max-ops=2 report=-" \
// RUN:   | FileCheck %s --check-prefix=OPS2
// RUN: ferric-opt %s --split-input-file --ferric-fuse="report=-" \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: ferric-opt %s --split-input-file --ferric-fuse="min-ops=1 report=-" \
// RUN:   | FileCheck %s --check-prefix=MIN1
// RUN: ferric-opt %s --split-input-file --ferric-fuse="min-ops=3 report=-" \
// RUN:   | FileCheck %s --check-prefix=MIN3

// The limit options. Grouping goes from the last op to the first, so a
// limit cuts off the producers at the top of a chain.

// max-inputs counts the tensors and scalars a kernel reads. With 3, add
// (which would bring a fourth input) stays out; with 2, no two of these ops
// fit in one kernel.

// IN3-LABEL: ferric-fuse report for @inputs
//  IN3-NEXT:   groups formed: 1
//  IN3-NEXT:   ops fused: 2
//  IN3-NEXT:   kernel launches: 3 -> 2
//       IN3:   group 0 at 'ferric.sub' (line [[#@LINE+27]]): 2 ops, 3 inputs: mul sub
//  IN3-NEXT:   unfused edges:
//  IN3-NEXT:     'ferric.add' (line [[#@LINE+23]]) -> 'ferric.mul' (line [[#@LINE+24]]): limit: max-inputs=3 would be exceeded (the group would read 4 inputs)
// IN3-LABEL: func.func @inputs
//  IN3-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>, %[[C:.*]]: tensor<8xf32>, %[[D:.*]]: tensor<8xf32>)
//  IN3-NEXT:   %[[ADD:.*]] = ferric.add %[[A]], %[[B]] : tensor<8xf32>
//  IN3-NEXT:   %[[F:.*]] = ferric.fused ins(%[[ADD]], %[[C]], %[[D]] : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//       IN3:     arith.mulf
//  IN3-NEXT:     arith.subf
//       IN3:   return %[[F]]

// IN2-LABEL: ferric-fuse report for @inputs
//  IN2-NEXT:   groups formed: 0
//       IN2:   unfused edges:
//  IN2-NEXT:     'ferric.add' (line [[#@LINE+11]]) -> 'ferric.mul' (line [[#@LINE+12]]): limit: max-inputs=2 would be exceeded (the group would read 3 inputs)
//  IN2-NEXT:     'ferric.mul' (line [[#@LINE+11]]) -> 'ferric.sub' (line [[#@LINE+12]]): limit: max-inputs=2 would be exceeded (the group would read 3 inputs)
// IN2-LABEL: func.func @inputs
//   IN2-NOT:   ferric.fused

// OPS2-LABEL: ferric-fuse report for @inputs
//       OPS2:   'ferric.add' (line [[#@LINE+5]]) -> 'ferric.mul' (line [[#@LINE+6]]): limit: max-ops=2 would be exceeded

// DEFAULT-LABEL: ferric-fuse report for @inputs
//       DEFAULT:   group 0 at 'ferric.sub' (line [[#@LINE+4]]): 3 ops, 4 inputs: add mul sub
func.func @inputs(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.add %a, %b : tensor<8xf32>
  %1 = ferric.mul %0, %c : tensor<8xf32>
  %2 = ferric.sub %1, %d : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// Scalar arguments count as inputs; constants do not (the body makes them).

// IN3-LABEL: ferric-fuse report for @scalar_inputs
//       IN3:   group 0 at 'ferric.sub' (line [[#@LINE+15]]): 3 ops, 3 inputs: mul add sub
//   IN3-NOT:   unfused edges

// IN2-LABEL: ferric-fuse report for @scalar_inputs
//       IN2:   group 0 at 'ferric.sub' (line [[#@LINE+11]]): 2 ops, 2 inputs: add sub
//  IN2-NEXT:   unfused edges:
//  IN2-NEXT:     'ferric.mul' (line [[#@LINE+7]]) -> 'ferric.add' (line [[#@LINE+8]]): limit: max-inputs=2 would be exceeded (the group would read 3 inputs)
// IN2-LABEL: func.func @scalar_inputs
//  IN2-SAME: (%[[A:.*]]: tensor<8xf32>, %[[S:.*]]: f32, %[[T:.*]]: f32)
//  IN2-NEXT:   %[[M:.*]] = ferric.mul %[[A]], %[[S]] : tensor<8xf32>, f32
//  IN2-NEXT:   ferric.fused ins(%[[M]], %[[T]] : tensor<8xf32>, f32) -> tensor<8xf32> {
func.func @scalar_inputs(%a: tensor<8xf32>, %s: f32, %t: f32) -> tensor<8xf32> {
  %c = arith.constant 2.0 : f32
  %0 = ferric.mul %a, %s : tensor<8xf32>, f32
  %1 = ferric.add %0, %c : tensor<8xf32>, f32
  %2 = ferric.sub %1, %t : tensor<8xf32>, f32
  return %2 : tensor<8xf32>
}

// -----

// max-ops=2 cuts a chain of five into kernels of two, from the end; the
// first op is left alone (one op is below min-ops).

// OPS2-LABEL: ferric-fuse report for @ops
//  OPS2-NEXT:   groups formed: 2
//  OPS2-NEXT:   ops fused: 4
//  OPS2-NEXT:   kernel launches: 5 -> 3
//       OPS2:   group 0 at 'ferric.sqrt' (line [[#@LINE+28]]): 2 ops, 1 inputs: abs sqrt
//  OPS2-NEXT:   group 1 at 'ferric.tanh' (line [[#@LINE+25]]): 2 ops, 1 inputs: neg tanh
//  OPS2-NEXT:   unfused edges:
//  OPS2-NEXT:     'ferric.exp' (line [[#@LINE+21]]) -> 'ferric.neg' (line [[#@LINE+22]]): limit: max-ops=2 would be exceeded
//  OPS2-NEXT:     'ferric.tanh' (line [[#@LINE+22]]) -> 'ferric.abs' (line [[#@LINE+23]]): limit: max-ops=2 would be exceeded
// OPS2-LABEL: func.func @ops
//  OPS2-NEXT:   %[[E:.*]] = ferric.exp
//  OPS2-NEXT:   %[[G1:.*]] = ferric.fused ins(%[[E]] : tensor<8xf32>)
//  OPS2-NEXT:   ^bb0
//  OPS2-NEXT:     arith.negf
//  OPS2-NEXT:     math.tanh
//  OPS2-NEXT:     ferric.yield
//  OPS2-NEXT:   }
//  OPS2-NEXT:   %[[G0:.*]] = ferric.fused ins(%[[G1]] : tensor<8xf32>)
//  OPS2-NEXT:   ^bb0
//  OPS2-NEXT:     math.absf
//  OPS2-NEXT:     math.sqrt
//  OPS2-NEXT:     ferric.yield
//  OPS2-NEXT:   }
//  OPS2-NEXT:   return %[[G0]]

// DEFAULT-LABEL: ferric-fuse report for @ops
//       DEFAULT:   kernel launches: 5 -> 1
func.func @ops(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.neg %0 : tensor<8xf32>
  %2 = ferric.tanh %1 : tensor<8xf32>
  %3 = ferric.abs %2 : tensor<8xf32>
  %4 = ferric.sqrt %3 : tensor<8xf32>
  return %4 : tensor<8xf32>
}

// -----

// A lone op: the default min-ops=2 leaves it as it is; min-ops=1 makes it a
// ferric.fused too.

// DEFAULT-LABEL: ferric-fuse report for @lone
//  DEFAULT-NEXT:   groups formed: 0
//  DEFAULT-NEXT:   ops fused: 0
//  DEFAULT-NEXT:   kernel launches: 1 -> 1
// DEFAULT-LABEL: func.func @lone
//  DEFAULT-NEXT:   %[[E:.*]] = ferric.exp %{{.*}} : tensor<8xf32>
//  DEFAULT-NEXT:   return %[[E]]

// MIN1-LABEL: ferric-fuse report for @lone
//  MIN1-NEXT:   groups formed: 1
//  MIN1-NEXT:   ops fused: 1
//  MIN1-NEXT:   kernel launches: 1 -> 1
//       MIN1:   group 0 at 'ferric.exp' (line [[#@LINE+13]]): 1 ops, 1 inputs: exp
// MIN1-LABEL: func.func @lone
//  MIN1-SAME: (%[[A:.*]]: tensor<8xf32>)
//  MIN1-NEXT:   %[[F:.*]] = ferric.fused ins(%[[A]] : tensor<8xf32>) -> tensor<8xf32> {
//  MIN1-NEXT:   ^bb0(%[[X:.*]]: f32):
//  MIN1-NEXT:     %[[E:.*]] = math.exp %[[X]] : f32
//  MIN1-NEXT:     ferric.yield %[[E]] : f32
//  MIN1-NEXT:   }
//  MIN1-NEXT:   return %[[F]]

// MIN3-LABEL: ferric-fuse report for @lone
//  MIN3-NEXT:   groups formed: 0
func.func @lone(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.exp %a : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// min-ops=3 leaves a pair alone and says so.

// DEFAULT-LABEL: ferric-fuse report for @pair
//       DEFAULT:   group 0 at 'ferric.neg' (line [[#@LINE+12]]): 2 ops, 1 inputs: exp neg

// MIN3-LABEL: ferric-fuse report for @pair
//  MIN3-NEXT:   groups formed: 0
//       MIN3:   unfused edges:
//  MIN3-NEXT:     'ferric.exp' (line [[#@LINE+6]]) -> 'ferric.neg' (line [[#@LINE+7]]): min-ops: the group would have fewer than min-ops=3 ops
// MIN3-LABEL: func.func @pair
//  MIN3-NEXT:   ferric.exp
//  MIN3-NEXT:   ferric.neg
//  MIN3-NEXT:   return
func.func @pair(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.neg %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}
