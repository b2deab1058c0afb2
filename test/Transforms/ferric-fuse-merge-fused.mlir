// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-fuse="report=-" -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=REPORT

// Existing ferric.fused ops are fusible like any elementwise op: their
// bodies are inlined into the new kernel and their indexing maps carried
// over.

//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
//   CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @merge
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[R:.*]]: tensor<8xf32>)
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[X]], %[[R]] : tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#[[ID]], #[[ROW]]]} {
//  CHECK-NEXT:   ^bb0(%[[XV:.*]]: f32, %[[RV:.*]]: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[XV]], %[[RV]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[M]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.subf %[[E]], %[[RV]] : f32
//  CHECK-NEXT:     ferric.yield %[[S]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]

// REPORT-LABEL: ferric-fuse report for @merge
//  REPORT-NEXT:   groups formed: 1
//  REPORT-NEXT:   ops fused: 3
//  REPORT-NEXT:   kernel launches: 3 -> 1
//       REPORT:   group 0 at 'ferric.fused' (line [[#@LINE+10]]): 3 ops, 2 inputs: fused exp fused
#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @merge(%x: tensor<4x8xf32>, %row: tensor<8xf32>) -> tensor<4x8xf32> {
  %f = ferric.fused ins(%x, %row : tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#id, #row]} {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %b : f32
    ferric.yield %m : f32
  }
  %e = ferric.exp %f : tensor<4x8xf32>
  %g = ferric.fused ins(%e, %row : tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> attributes {indexing_maps = [#id, #row]} {
  ^bb0(%a: f32, %b: f32):
    %n = arith.subf %a, %b : f32
    ferric.yield %n : f32
  }
  return %g : tensor<4x8xf32>
}

// -----

// Two fused ops in a row become one; the first one's second result, used
// outside, stays a result; a scalar input stays a scalar input.

// CHECK-LABEL: func.func @two_fused
//  CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[S:.*]]: f32)
//  CHECK-NEXT:   %[[F:.*]]:2 = ferric.fused ins(%[[X]], %[[S]] : tensor<8xf32>, f32) -> tensor<8xf32>, tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[XV:.*]]: f32, %[[SV:.*]]: f32):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[XV]], %[[SV]] : f32
//  CHECK-NEXT:     %[[P:.*]] = arith.addf %[[XV]], %[[SV]] : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[M]] : f32
//  CHECK-NEXT:     ferric.yield %[[P]], %[[N]] : f32, f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]#1, %[[F]]#0 : tensor<8xf32>, tensor<8xf32>
func.func @two_fused(%x: tensor<8xf32>, %s: f32) -> (tensor<8xf32>, tensor<8xf32>) {
  %f:2 = ferric.fused ins(%x, %s : tensor<8xf32>, f32) -> tensor<8xf32>, tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %b : f32
    %p = arith.addf %a, %b : f32
    ferric.yield %m, %p : f32, f32
  }
  %g = ferric.fused ins(%f#0 : tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32):
    %n = arith.negf %a : f32
    ferric.yield %n : f32
  }
  return %g, %f#1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A fused consumer that reads its producer through a permutation cannot
// take the producer in (the producer's value at the transposed point is not
// computed at this point); the consumer's group starts below it.

//   CHECK-DAG: #[[T:.+]] = affine_map<(d0, d1) -> (d1, d0)>
//   CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed
//  CHECK-SAME: (%[[X:.*]]: tensor<4x4xf32>, %[[Y:.*]]: tensor<4x4xf32>)
//  CHECK-NEXT:   %[[P:.*]] = ferric.fused ins(%[[X]] : tensor<4x4xf32>) -> tensor<4x4xf32> {
//       CHECK:     math.exp
//  CHECK-NEXT:     arith.negf
//       CHECK:   %[[C:.*]] = ferric.fused ins(%[[P]], %[[Y]] : tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32> attributes {indexing_maps = [#[[T]], #[[ID]]]} {
//       CHECK:     arith.addf
//  CHECK-NEXT:     math.sqrt
//       CHECK:   return %[[C]]

// REPORT-LABEL: ferric-fuse report for @transposed
//       REPORT:     'ferric.neg' (line [[#@LINE+5]]) -> 'ferric.fused' (line [[#@LINE+6]]): shape: the fused consumer reads the producer through a permutation
#t = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @transposed(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = ferric.exp %x : tensor<4x4xf32>
  %n = ferric.neg %e : tensor<4x4xf32>
  %g = ferric.fused ins(%n, %y : tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32> attributes {indexing_maps = [#t, #id]} {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    ferric.yield %s : f32
  }
  %r = ferric.sqrt %g : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// A lone ferric.fused is already one kernel: left as it is.

// CHECK-LABEL: func.func @lone_fused
//  CHECK-SAME: (%[[X:.*]]: tensor<8xf32>)
//  CHECK-NEXT:   %[[F:.*]] = ferric.fused ins(%[[X]] : tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[V:.*]]: f32):
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[V]] : f32
//  CHECK-NEXT:     ferric.yield %[[N]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]

// REPORT-LABEL: ferric-fuse report for @lone_fused
//  REPORT-NEXT:   groups formed: 0
//  REPORT-NEXT:   ops fused: 0
//  REPORT-NEXT:   kernel launches: 1 -> 1
func.func @lone_fused(%x: tensor<8xf32>) -> tensor<8xf32> {
  %g = ferric.fused ins(%x : tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32):
    %n = arith.negf %a : f32
    ferric.yield %n : f32
  }
  return %g : tensor<8xf32>
}
