// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-fuse="report=-" -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=REPORT
// RUN: ferric-opt %s --split-input-file --ferric-fuse -o /dev/null \
// RUN:   --remarks-filter=ferric-fuse --remark-format=emitRemark 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Barriers: ferric.reduce, ferric.matmul, calls and non-ferric ops are never
// fused; each splits the elementwise ops around it into two kernels, and the
// report and the remarks name the barrier as the reason.

// CHECK-LABEL: func.func @reduce_barrier
//       CHECK:   %[[F0:.*]] = ferric.fused ins(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32> {
//       CHECK:     math.exp
//  CHECK-NEXT:     arith.negf
//       CHECK:   %[[R:.*]] = ferric.reduce sum %[[F0]] dims [1] : tensor<4x8xf32> -> tensor<4xf32>
//  CHECK-NEXT:   %[[F1:.*]] = ferric.fused ins(%[[R]] : tensor<4xf32>) -> tensor<4xf32> {
//       CHECK:     math.sqrt
//  CHECK-NEXT:     math.tanh
//       CHECK:   return %[[F1]]

// REPORT-LABEL: ferric-fuse report for @reduce_barrier
//  REPORT-NEXT:   groups formed: 2
//  REPORT-NEXT:   ops fused: 4
//  REPORT-NEXT:   kernel launches: 5 -> 3
//  REPORT-NEXT:   intermediate bytes no longer written or read: 288
//  REPORT-NEXT:   group 0 at 'ferric.tanh' (line [[#@LINE+15]]): 2 ops, 1 inputs: sqrt tanh
//  REPORT-NEXT:   group 1 at 'ferric.neg' (line [[#@LINE+11]]): 2 ops, 1 inputs: exp neg
//  REPORT-NEXT:   unfused edges:
//  REPORT-NEXT:     'ferric.neg' (line [[#@LINE+9]]) -> 'ferric.reduce' (line [[#@LINE+10]]): barrier: 'ferric.reduce' is not fusible
//  REPORT-NEXT:     'ferric.reduce' (line [[#@LINE+9]]) -> 'ferric.sqrt' (line [[#@LINE+10]]): barrier: 'ferric.reduce' is not fusible

//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=reduce_barrier | Remark="not fused with producer 'ferric.neg' (line [[#@LINE+6]]): barrier: 'ferric.reduce' is not fusible"
//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=reduce_barrier | Remark="not fused with producer 'ferric.reduce' (line [[#@LINE+6]]): barrier: 'ferric.reduce' is not fusible"
//      REMARK: remark: [Passed] Fused | Category:ferric-fuse | Function=reduce_barrier | Remark="fused into one kernel with 1 inputs and 1 results"
//      REMARK: remark: [Passed] Fused | Category:ferric-fuse | Function=reduce_barrier | Remark="fused into one kernel with 1 inputs and 1 results"
func.func @reduce_barrier(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = ferric.exp %x : tensor<4x8xf32>
  %1 = ferric.neg %0 : tensor<4x8xf32>
  %s = ferric.reduce sum %1 dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %2 = ferric.sqrt %s : tensor<4xf32>
  %3 = ferric.tanh %2 : tensor<4xf32>
  return %3 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_barrier
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8x4xf32>)
//       CHECK:   %[[F0:.*]] = ferric.fused ins(%[[A]] : tensor<4x8xf32>) -> tensor<4x8xf32> {
//       CHECK:   %[[M:.*]] = ferric.matmul %[[F0]], %[[B]]
//  CHECK-NEXT:   %[[F1:.*]] = ferric.fused ins(%[[M]] : tensor<4x4xf32>) -> tensor<4x4xf32> {
//       CHECK:   return %[[F1]]

// REPORT-LABEL: ferric-fuse report for @matmul_barrier
//       REPORT:   kernel launches: 5 -> 3
//       REPORT:   unfused edges:
//  REPORT-NEXT:     'ferric.neg' (line [[#@LINE+9]]) -> 'ferric.matmul' (line [[#@LINE+10]]): barrier: 'ferric.matmul' is not fusible
//  REPORT-NEXT:     'ferric.matmul' (line [[#@LINE+9]]) -> 'ferric.sqrt' (line [[#@LINE+10]]): barrier: 'ferric.matmul' is not fusible

//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=matmul_barrier | Remark="not fused with producer 'ferric.neg' (line [[#@LINE+6]]): barrier: 'ferric.matmul' is not fusible"
//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=matmul_barrier | Remark="not fused with producer 'ferric.matmul' (line [[#@LINE+6]]): barrier: 'ferric.matmul' is not fusible"
//      REMARK: remark: [Passed] Fused | Category:ferric-fuse | Function=matmul_barrier
//      REMARK: remark: [Passed] Fused | Category:ferric-fuse | Function=matmul_barrier
func.func @matmul_barrier(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x4xf32> {
  %0 = ferric.exp %a : tensor<4x8xf32>
  %1 = ferric.neg %0 : tensor<4x8xf32>
  %m = ferric.matmul %1, %b : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32>
  %2 = ferric.sqrt %m : tensor<4x4xf32>
  %3 = ferric.tanh %2 : tensor<4x4xf32>
  return %3 : tensor<4x4xf32>
}

// -----

// A call is a barrier. neg(exp(a)) is also read after the call, but the
// consumer group cannot take it: the path through the call would make a
// cycle. The consumer group reads it instead.

// CHECK-LABEL: func.func @call_barrier
//       CHECK:   %[[F0:.*]] = ferric.fused ins(%{{.*}} : tensor<8xf32>) -> tensor<8xf32> {
//       CHECK:   %[[C:.*]] = call @ext(%[[F0]]) : (tensor<8xf32>) -> tensor<8xf32>
//  CHECK-NEXT:   %[[F1:.*]] = ferric.fused ins(%[[C]], %[[F0]] : tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[S:.*]] = math.sqrt %[[X]] : f32
//  CHECK-NEXT:     %[[P:.*]] = arith.addf %[[S]], %[[Y]] : f32
//       CHECK:   return %[[F1]]

// REPORT-LABEL: ferric-fuse report for @call_barrier
//       REPORT:   kernel launches: 4 -> 2
//       REPORT:   unfused edges:
//  REPORT-NEXT:     'ferric.neg' (line [[#@LINE+10]]) -> 'func.call' (line [[#@LINE+11]]): barrier: 'func.call' is not fusible
//  REPORT-NEXT:     'func.call' (line [[#@LINE+10]]) -> 'ferric.sqrt' (line [[#@LINE+11]]): barrier: 'func.call' is not fusible
//  REPORT-NEXT:     'ferric.neg' (line [[#@LINE+8]]) -> 'ferric.add' (line [[#@LINE+11]]): cycle: a use outside the group ('func.call') leads back into it, so fusing would create a cycle

//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=call_barrier | Remark="not fused with producer 'ferric.neg' (line [[#@LINE+6]]): barrier: 'func.call' is not fusible"
//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=call_barrier | Remark="not fused with producer 'func.call' (line [[#@LINE+6]]): barrier: 'func.call' is not fusible"
//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=call_barrier | Remark="not fused with producer 'ferric.neg' (line [[#@LINE+4]]): cycle: a use outside the group ('func.call') leads back into it, so fusing would create a cycle"
func.func private @ext(tensor<8xf32>) -> tensor<8xf32>
func.func @call_barrier(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.neg %0 : tensor<8xf32>
  %c = func.call @ext(%1) : (tensor<8xf32>) -> tensor<8xf32>
  %2 = ferric.sqrt %c : tensor<8xf32>
  %3 = ferric.add %2, %1 : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// -----

// A non-ferric op (tensor.extract_slice) is a barrier too.

// CHECK-LABEL: func.func @slice_barrier
//       CHECK:   %[[F0:.*]] = ferric.fused ins(%{{.*}} : tensor<16xf32>) -> tensor<16xf32> {
//       CHECK:   %[[S:.*]] = tensor.extract_slice %[[F0]][0] [8] [1] : tensor<16xf32> to tensor<8xf32>
//  CHECK-NEXT:   %[[F1:.*]] = ferric.fused ins(%[[S]] : tensor<8xf32>) -> tensor<8xf32> {
//       CHECK:   return %[[F1]]

// REPORT-LABEL: ferric-fuse report for @slice_barrier
//       REPORT:   kernel launches: 4 -> 2
//       REPORT:   unfused edges:
//  REPORT-NEXT:     'ferric.neg' (line [[#@LINE+9]]) -> 'tensor.extract_slice' (line [[#@LINE+10]]): barrier: 'tensor.extract_slice' is not fusible
//  REPORT-NEXT:     'tensor.extract_slice' (line [[#@LINE+9]]) -> 'ferric.sqrt' (line [[#@LINE+10]]): barrier: 'tensor.extract_slice' is not fusible

//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=slice_barrier | Remark="not fused with producer 'ferric.neg' (line [[#@LINE+6]]): barrier: 'tensor.extract_slice' is not fusible"
//      REMARK: ferric-fuse-barriers.mlir:[[#@LINE+7]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=slice_barrier | Remark="not fused with producer 'tensor.extract_slice' (line [[#@LINE+6]]): barrier: 'tensor.extract_slice' is not fusible"
//      REMARK: remark: [Passed] Fused | Category:ferric-fuse | Function=slice_barrier
//      REMARK: remark: [Passed] Fused | Category:ferric-fuse | Function=slice_barrier
func.func @slice_barrier(%a: tensor<16xf32>) -> tensor<8xf32> {
  %0 = ferric.exp %a : tensor<16xf32>
  %1 = ferric.neg %0 : tensor<16xf32>
  %s = tensor.extract_slice %1[0] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %2 = ferric.sqrt %s : tensor<8xf32>
  %3 = ferric.tanh %2 : tensor<8xf32>
  return %3 : tensor<8xf32>
}
