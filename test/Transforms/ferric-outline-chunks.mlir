// RUN: ferric-opt %s --ferric-outline-chunks=max-ops=2 --split-input-file | FileCheck %s
// RUN: ferric-opt %s --ferric-outline-chunks=max-ops=0 --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: not ferric-opt %s --ferric-outline-chunks=max-ops=1 --split-input-file 2>&1 | FileCheck %s --check-prefix=ONE

// ferric-outline-chunks cuts a function into runs of at most max-ops ops
// (constants aside, cloned where used), each a private function called in
// its place, and cuts the calls again while there are more than max-ops:
// five ops with max-ops=2 become three chunks, then two chunks of calls.
// Values read after a run are its results; values read from before, its
// arguments.

// CHECK-LABEL: func.func @five
//  CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
//       CHECK:   %[[R:.*]]:2 = call @five_chunk3(%[[A]], %[[B]])
//       CHECK:   %[[S:.*]] = call @five_chunk4(%[[R]]#1, %[[A]])
//       CHECK:   return %[[S]], %[[R]]#0
// The first round: runs of two ferric ops each, the constant cloned.
//       CHECK: func.func private @five_chunk0(%{{.*}}: tensor<4xf32>, %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
//  CHECK-NEXT:   ferric.add
//  CHECK-NEXT:   ferric.mul
//  CHECK-NEXT:   return
//       CHECK: func.func private @five_chunk1(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
//  CHECK-NEXT:   arith.constant 2.0
//  CHECK-NEXT:   ferric.exp
//  CHECK-NEXT:   ferric.mul
//       CHECK: func.func private @five_chunk2(
//  CHECK-NEXT:   ferric.sub
// The second round: the three calls in two chunks; the first returns both
// values read after it (the mul the caller returns and the one chunk2 reads).
//       CHECK: func.func private @five_chunk3(
//  CHECK-NEXT:   %[[C0:.*]] = call @five_chunk0
//  CHECK-NEXT:   %[[C1:.*]] = call @five_chunk1(%[[C0]])
//  CHECK-NEXT:   return %[[C0]], %[[C1]]
//       CHECK: func.func private @five_chunk4(
//  CHECK-NEXT:   call @five_chunk2
// OFF-LABEL: func.func @five
//   OFF-NOT: call
func.func @five(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %two = arith.constant 2.0 : f32
  %0 = ferric.add %a, %b : tensor<4xf32>
  %1 = ferric.mul %0, %a : tensor<4xf32>
  %2 = ferric.exp %1 : tensor<4xf32>
  %3 = ferric.mul %2, %two : tensor<4xf32>, f32
  %4 = ferric.sub %3, %a : tensor<4xf32>
  return %4, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A function of max-ops ops or fewer stays as it is.
// CHECK-LABEL: func.func @small
//   CHECK-NOT:   call
//       CHECK:   ferric.neg
// ONE: error: ferric-outline-chunks: max-ops must be 0 or at least 2
func.func @small(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = ferric.neg %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
