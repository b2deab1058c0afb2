// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-fuse="multi-output=false" \
// RUN:   | FileCheck %s --check-prefix=SINGLE
// RUN: ferric-opt %s --split-input-file --ferric-fuse="report=-" \
// RUN:   | FileCheck %s --check-prefix=REPORT
// RUN: ferric-opt %s --split-input-file \
// RUN:   --ferric-fuse="report=- multi-output=false" \
// RUN:   | FileCheck %s --check-prefix=SINGLE-REPORT

// Fan-out: a value used inside a group and outside it (here by the return)
// is computed by the group and becomes an extra result of the fused op.
// With multi-output=false the producer stays a kernel of its own.

// CHECK-LABEL: func.func @fan_out
//       CHECK:   %[[F:.*]]:2 = ferric.fused ins(%{{.*}} : tensor<8xf32>) -> tensor<8xf32>, tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[X]] : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[E]] : f32
//  CHECK-NEXT:     %[[T:.*]] = math.tanh %[[N]] : f32
//  CHECK-NEXT:     ferric.yield %[[E]], %[[T]] : f32, f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]#1, %[[F]]#0 : tensor<8xf32>, tensor<8xf32>

// SINGLE-LABEL: func.func @fan_out
//  SINGLE-SAME: (%[[A:.*]]: tensor<8xf32>)
//       SINGLE:   %[[E:.*]] = ferric.exp %[[A]] : tensor<8xf32>
//  SINGLE-NEXT:   %[[F:.*]] = ferric.fused ins(%[[E]] : tensor<8xf32>) -> tensor<8xf32> {
//       SINGLE:     arith.negf
//  SINGLE-NEXT:     math.tanh
//       SINGLE:   return %[[F]], %[[E]] : tensor<8xf32>, tensor<8xf32>

// REPORT-LABEL: ferric-fuse report for @fan_out
//  REPORT-NEXT:   groups formed: 1
//  REPORT-NEXT:   ops fused: 3
//  REPORT-NEXT:   kernel launches: 3 -> 1
//       REPORT:   group 0 at 'ferric.tanh' (line {{[0-9]+}}): 3 ops, 1 inputs: exp neg tanh
//   REPORT-NOT:   unfused edges

// SINGLE-REPORT-LABEL: ferric-fuse report for @fan_out
//       SINGLE-REPORT:   kernel launches: 3 -> 2
//       SINGLE-REPORT:   group 0 at 'ferric.tanh' (line {{[0-9]+}}): 2 ops, 1 inputs: neg tanh
//  SINGLE-REPORT-NEXT:   unfused edges:
//  SINGLE-REPORT-NEXT:     'ferric.exp' (line {{[0-9]+}}) -> 'ferric.neg' (line {{[0-9]+}}): multi-output: the value has uses in several places and multi-output=false
func.func @fan_out(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.neg %0 : tensor<8xf32>
  %2 = ferric.tanh %1 : tensor<8xf32>
  return %2, %0 : tensor<8xf32>, tensor<8xf32>
}

// -----

// exp(a) feeds two groups that meet nowhere: it joins one of them, as an
// extra result, and the other group reads that result.

// CHECK-LABEL: func.func @two_groups
//  CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>)
//       CHECK:   %[[G1:.*]]:2 = ferric.fused ins(%[[A]] : tensor<8xf32>) -> tensor<8xf32>, tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[X]] : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[E]] : f32
//  CHECK-NEXT:     %[[T:.*]] = math.tanh %[[N]] : f32
//  CHECK-NEXT:     ferric.yield %[[E]], %[[T]] : f32, f32
//       CHECK:   %[[G0:.*]] = ferric.fused ins(%[[G1]]#0, %[[B]] : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[Y:.*]]: f32, %[[Z:.*]]: f32):
//  CHECK-NEXT:     %[[S:.*]] = arith.addf %[[Y]], %[[Z]] : f32
//  CHECK-NEXT:     %[[R:.*]] = math.sqrt %[[S]] : f32
//  CHECK-NEXT:     ferric.yield %[[R]] : f32
//       CHECK:   return %[[G1]]#1, %[[G0]] : tensor<8xf32>, tensor<8xf32>

// SINGLE-LABEL: func.func @two_groups
//       SINGLE:   %[[E:.*]] = ferric.exp
//       SINGLE:   ferric.fused ins(%[[E]] : tensor<8xf32>) -> tensor<8xf32> {
//       SINGLE:   ferric.fused ins(%[[E]], %{{.*}} : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {

// REPORT-LABEL: ferric-fuse report for @two_groups
//       REPORT:   kernel launches: 5 -> 2
//       REPORT:   group 0 at 'ferric.sqrt' (line {{[0-9]+}}): 2 ops, 2 inputs: add sqrt
//  REPORT-NEXT:   group 1 at 'ferric.tanh' (line {{[0-9]+}}): 3 ops, 1 inputs: exp neg tanh
//  REPORT-NEXT:   unfused edges:
//  REPORT-NEXT:     'ferric.exp' (line {{[0-9]+}}) -> 'ferric.add' (line {{[0-9]+}}): multi-output: the value is computed by group 1 and read from its extra result

// SINGLE-REPORT-LABEL: ferric-fuse report for @two_groups
//       SINGLE-REPORT:   kernel launches: 5 -> 3
//       SINGLE-REPORT:   unfused edges:
//  SINGLE-REPORT-NEXT:     'ferric.exp' (line {{[0-9]+}}) -> 'ferric.neg' (line {{[0-9]+}}): multi-output: the value has uses in several places and multi-output=false
//  SINGLE-REPORT-NEXT:     'ferric.exp' (line {{[0-9]+}}) -> 'ferric.add' (line {{[0-9]+}}): multi-output: the value has uses in several places and multi-output=false
func.func @two_groups(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.neg %0 : tensor<8xf32>
  %2 = ferric.tanh %1 : tensor<8xf32>
  %3 = ferric.add %0, %b : tensor<8xf32>
  %4 = ferric.sqrt %3 : tensor<8xf32>
  return %2, %4 : tensor<8xf32>, tensor<8xf32>
}

// -----

// The outside user is a barrier: the reduction reads the extra result.
// Without multi-output, neg(exp(a)) is the group and tanh is left alone
// (one op is below min-ops).

// CHECK-LABEL: func.func @outside_barrier
//       CHECK:   %[[F:.*]]:2 = ferric.fused ins(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32>, tensor<4x8xf32> {
//       CHECK:     %[[N:.*]] = arith.negf
//  CHECK-NEXT:     %[[T:.*]] = math.tanh %[[N]] : f32
//  CHECK-NEXT:     ferric.yield %[[N]], %[[T]] : f32, f32
//       CHECK:   %[[R:.*]] = ferric.reduce sum %[[F]]#0 dims [1]
//       CHECK:   return %[[F]]#1, %[[R]]

// SINGLE-LABEL: func.func @outside_barrier
//       SINGLE:   %[[F:.*]] = ferric.fused ins(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32> {
//       SINGLE:     math.exp
//  SINGLE-NEXT:     arith.negf
//  SINGLE-NEXT:     ferric.yield
//       SINGLE:   %[[T:.*]] = ferric.tanh %[[F]] : tensor<4x8xf32>
//  SINGLE-NEXT:   %[[R:.*]] = ferric.reduce sum %[[F]] dims [1]
//  SINGLE-NEXT:   return %[[T]], %[[R]]
func.func @outside_barrier(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %0 = ferric.exp %a : tensor<4x8xf32>
  %1 = ferric.neg %0 : tensor<4x8xf32>
  %2 = ferric.tanh %1 : tensor<4x8xf32>
  %s = ferric.reduce sum %1 dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %2, %s : tensor<4x8xf32>, tensor<4xf32>
}
