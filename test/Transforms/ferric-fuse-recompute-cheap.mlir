// RUN: ferric-opt %s --split-input-file --ferric-fuse="report=-" \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: ferric-opt %s --split-input-file --ferric-fuse="recompute-cheap report=-" \
// RUN:   | FileCheck %s --check-prefix=CHEAP
// RUN: ferric-opt %s --split-input-file \
// RUN:   --ferric-fuse="recompute-cheap cheap-cost=12 report=-" \
// RUN:   | FileCheck %s --check-prefix=COST12

// recompute-cheap: a cheap producer (scalar cost <= cheap-cost) used by
// several groups is copied into each, so no group needs an extra result and
// the groups do not depend on each other. By default the producer joins one
// group and the other reads its extra result.

// DEFAULT-LABEL: ferric-fuse report for @cheap
//       DEFAULT:   kernel launches: 5 -> 2
//       DEFAULT:   'ferric.neg' (line [[#@LINE+27]]) -> 'ferric.sqrt' (line [[#@LINE+30]]): multi-output: the value is computed by group 1 and read from its extra result
// DEFAULT-LABEL: func.func @cheap
//       DEFAULT:   %[[G1:.*]]:2 = ferric.fused ins(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>, tensor<8xf32>
//       DEFAULT:   ferric.fused ins(%[[G1]]#0, %{{.*}} : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>

// CHEAP-LABEL: ferric-fuse report for @cheap
//  CHEAP-NEXT:   groups formed: 2
//  CHEAP-NEXT:   ops fused: 6
//  CHEAP-NEXT:   kernel launches: 5 -> 2
//       CHEAP:   group 0 at 'ferric.add' (line [[#@LINE+22]]): 3 ops, 2 inputs: neg sqrt add
//  CHEAP-NEXT:   group 1 at 'ferric.mul' (line [[#@LINE+19]]): 3 ops, 2 inputs: neg exp mul
//   CHEAP-NOT:   unfused edges
// CHEAP-LABEL: func.func @cheap
//  CHEAP-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
//   CHEAP-NOT:   ferric.neg
//       CHEAP:   %[[F0:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//  CHEAP-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHEAP-NEXT:     %[[N:.*]] = arith.negf %[[X]] : f32
//  CHEAP-NEXT:     %[[E:.*]] = math.exp %[[N]] : f32
//  CHEAP-NEXT:     arith.mulf %[[E]], %[[Y]] : f32
//       CHEAP:   %[[F1:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//  CHEAP-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHEAP-NEXT:     %[[N:.*]] = arith.negf %[[X]] : f32
//  CHEAP-NEXT:     %[[S:.*]] = math.sqrt %[[N]] : f32
//  CHEAP-NEXT:     arith.addf %[[S]], %[[Y]] : f32
//       CHEAP:   return %[[F0]], %[[F1]]
func.func @cheap(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %n = ferric.neg %a : tensor<8xf32>
  %0 = ferric.exp %n : tensor<8xf32>
  %1 = ferric.mul %0, %b : tensor<8xf32>
  %2 = ferric.sqrt %n : tensor<8xf32>
  %3 = ferric.add %2, %b : tensor<8xf32>
  return %1, %3 : tensor<8xf32>, tensor<8xf32>
}

// -----

// exp costs more than the default cheap-cost=1: it is copied only with a
// larger cheap-cost.

// CHEAP-LABEL: ferric-fuse report for @expensive
//       CHEAP:   group 1 at 'ferric.mul' (line [[#@LINE+16]]): 3 ops, 2 inputs: exp tanh mul
//       CHEAP:   'ferric.exp' (line [[#@LINE+13]]) -> 'ferric.sqrt' (line [[#@LINE+16]]): multi-output: the value is computed by group 1 and read from its extra result

// COST12-LABEL: ferric-fuse report for @expensive
//       COST12:   group 0 at 'ferric.add' (line [[#@LINE+14]]): 3 ops, 2 inputs: exp sqrt add
//  COST12-NEXT:   group 1 at 'ferric.mul' (line [[#@LINE+11]]): 3 ops, 2 inputs: exp tanh mul
//   COST12-NOT:   unfused edges
// COST12-LABEL: func.func @expensive
//   COST12-NOT:   ferric.exp
//       COST12:   ferric.fused ins(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//       COST12:     math.exp
//       COST12:   ferric.fused ins(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//       COST12:     math.exp
func.func @expensive(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %n = ferric.exp %a : tensor<8xf32>
  %0 = ferric.tanh %n : tensor<8xf32>
  %1 = ferric.mul %0, %b : tensor<8xf32>
  %2 = ferric.sqrt %n : tensor<8xf32>
  %3 = ferric.add %2, %b : tensor<8xf32>
  return %1, %3 : tensor<8xf32>, tensor<8xf32>
}

// -----

// The cheap producer also has a non-fusible user: it stays a kernel for the
// reduction anyway, so copying it would only add work. One group computes
// it as an extra result, as without recompute-cheap: 3 launches, not 4.

// CHEAP-LABEL: ferric-fuse report for @also_outside
//       CHEAP:   kernel launches: 6 -> 3
//       CHEAP:   group 1 at 'ferric.mul' (line [[#@LINE+10]]): 3 ops, 2 inputs: neg exp mul
// CHEAP-LABEL: func.func @also_outside
//   CHEAP-NOT:   ferric.neg
//       CHEAP:   %[[G1:.*]]:2 = ferric.fused
//       CHEAP:   ferric.fused ins(%[[G1]]#0, %{{.*}} :
//       CHEAP:   ferric.reduce sum %[[G1]]#0
func.func @also_outside(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<1xf32>) {
  %n = ferric.neg %a : tensor<8xf32>
  %s = ferric.reduce sum %n dims [0] keepdim : tensor<8xf32> -> tensor<1xf32>
  %0 = ferric.exp %n : tensor<8xf32>
  %1 = ferric.mul %0, %b : tensor<8xf32>
  %2 = ferric.sqrt %n : tensor<8xf32>
  %3 = ferric.add %2, %b : tensor<8xf32>
  return %1, %3, %s : tensor<8xf32>, tensor<8xf32>, tensor<1xf32>
}
