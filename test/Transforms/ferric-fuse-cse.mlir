// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-fuse="report=-" -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=REPORT

// Common subexpressions are eliminated before grouping (two silu(x) ops are
// one) and inside every body (sigmoid(x) and silu(x) share exp(-x)): each
// is computed once per point.

// CHECK-LABEL: func.func @silu_twice
//  CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[Y:.*]]: tensor<8xf32>)
//       CHECK:   ferric.fused ins(%[[X]], %[[Y]] : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[XV:.*]]: f32, %[[YV:.*]]: f32):
//  CHECK-COUNT-1:  math.exp
//   CHECK-NOT:     math.exp
//       CHECK:     %[[S:.*]] = arith.mulf %[[XV]], %{{.*}} : f32
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[S]], %[[YV]] : f32
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[M]], %[[S]] : f32
//  CHECK-NEXT:     ferric.yield %[[A]] : f32
//   CHECK-NOT:   math.exp
//       CHECK:   return

// The two silu ops were one before grouping: two elementwise ops fused.
// REPORT-LABEL: ferric-fuse report for @silu_twice
//  REPORT-NEXT:   groups formed: 1
//  REPORT-NEXT:   ops fused: 3
//  REPORT-NEXT:   kernel launches: 3 -> 1
//       REPORT:   group 0 at 'ferric.add' (line {{[0-9]+}}): 3 ops, 2 inputs: silu mul add
func.func @silu_twice(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %a = ferric.silu %x : tensor<8xf32>
  %b = ferric.silu %x : tensor<8xf32>
  %0 = ferric.mul %a, %y : tensor<8xf32>
  %1 = ferric.add %0, %b : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @sigmoid_and_silu
//       CHECK:   ferric.fused
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[X]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[N]] : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.addf %[[ONE]], %[[E]] : f32
//  CHECK-NEXT:     %[[SIG:.*]] = arith.divf %[[ONE]], %[[D]] : f32
//  CHECK-NEXT:     %[[SILU:.*]] = arith.mulf %[[X]], %[[SIG]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.subf %[[SIG]], %[[SILU]] : f32
//  CHECK-NEXT:     ferric.yield %[[R]] : f32
func.func @sigmoid_and_silu(%x: tensor<8xf32>) -> tensor<8xf32> {
  %a = ferric.sigmoid %x : tensor<8xf32>
  %b = ferric.silu %x : tensor<8xf32>
  %0 = ferric.sub %a, %b : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A scalar constant and a splat of the same value become one constant.

// CHECK-LABEL: func.func @same_constant
//       CHECK:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[C:.*]] = arith.constant 2.000000e+00 : f32
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[X]], %[[C]] : f32
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[M]], %[[C]] : f32
//  CHECK-NEXT:     ferric.yield %[[A]] : f32
func.func @same_constant(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c = arith.constant 2.0 : f32
  %d = arith.constant dense<2.0> : tensor<8xf32>
  %0 = ferric.mul %x, %c : tensor<8xf32>, f32
  %1 = ferric.add %0, %d : tensor<8xf32>
  return %1 : tensor<8xf32>
}
