// RUN: ferric-opt %s --ferric-fuse --remarks-filter=ferric-fuse \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,BOTH --implicit-check-not=remark:
// RUN: ferric-opt %s --ferric-fuse="max-ops=2" --remarks-filter=ferric-fuse \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=LIMIT,BOTH \
// RUN:       --implicit-check-not=remark:
// RUN: ferric-opt %s --ferric-fuse -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: ferric-opt %s --ferric-fuse --remarks-filter=other \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty

// The fusion decisions as optimization remarks in category ferric-fuse: a
// [Passed] Fused remark per kernel (at the fused location of its members)
// and a [Missed] NotFused remark, at the consumer, per edge that stayed
// unfused, with the same reason as the report. Without a remarks filter
// that selects ferric-fuse, nothing is printed.

// QUIET-NOT: remark

// exp(mul(x, broadcast(row))) feeds two groups: it joins the first and the
// second reads its extra result.

// CHECK: ferric-fuse-remarks.mlir:[[#@LINE+15]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=remarks | Remark="not fused with producer 'ferric.exp' (line [[#@LINE+13]]): multi-output: the value is computed by group 1 and read from its extra result"
// CHECK: ferric-fuse-remarks.mlir:[[#@LINE+14]]:8: remark: [Passed] Fused | Category:ferric-fuse | Function=remarks | Remark="fused into one kernel with 1 inputs and 1 results"
// CHECK: ferric-fuse-remarks.mlir:[[#@LINE+9]]:8: remark: [Passed] Fused | Category:ferric-fuse | Function=remarks | Remark="fused into one kernel with 2 inputs and 2 results"

// With max-ops=2 the first kernel stops at exp.
// LIMIT: ferric-fuse-remarks.mlir:[[#@LINE+8]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=remarks | Remark="not fused with producer 'ferric.mul' (line [[#@LINE+7]]): limit: max-ops=2 would be exceeded"
// LIMIT: ferric-fuse-remarks.mlir:[[#@LINE+9]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=remarks | Remark="not fused with producer 'ferric.exp' (line [[#@LINE+7]]): multi-output: the value is computed by group 1 and read from its extra result"
// LIMIT: ferric-fuse-remarks.mlir:[[#@LINE+8]]:8: remark: [Passed] Fused | Category:ferric-fuse | Function=remarks | Remark="fused into one kernel with 1 inputs and 1 results"
// LIMIT: ferric-fuse-remarks.mlir:[[#@LINE+5]]:8: remark: [Passed] Fused | Category:ferric-fuse | Function=remarks | Remark="fused into one kernel with 1 inputs and 2 results"
// LIMIT: ferric-fuse-remarks.mlir:[[#@LINE+2]]:8: remark: [Passed] Fused | Category:ferric-fuse | Function=remarks | Remark="fused into one kernel with 2 inputs and 1 results"
func.func @remarks(%x: tensor<4x8xf32>, %row: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %b = ferric.broadcast %row dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %0 = ferric.mul %x, %b : tensor<4x8xf32>
  %1 = ferric.exp %0 : tensor<4x8xf32>
  %2 = ferric.tanh %1 : tensor<4x8xf32>
  %3 = ferric.sqrt %1 : tensor<4x8xf32>
  %4 = ferric.neg %3 : tensor<4x8xf32>
  return %2, %4 : tensor<4x8xf32>, tensor<4x8xf32>
}

// A producer over another iteration space.

// BOTH: ferric-fuse-remarks.mlir:[[#@LINE+4]]:8: remark: [Missed] NotFused | Category:ferric-fuse | Function=shape | Remark="not fused with producer 'ferric.exp' (line [[#@LINE+3]]): shape: the producer's iteration space differs from the consumer group's"
// BOTH: ferric-fuse-remarks.mlir:[[#@LINE+3]]:8: remark: [Passed] Fused | Category:ferric-fuse | Function=shape | Remark="fused into one kernel with 2 inputs and 1 results"
func.func @shape(%x: tensor<8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = ferric.exp %x : tensor<8xf32>
  %b = ferric.broadcast %0 dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %1 = ferric.mul %b, %y : tensor<4x8xf32>
  %2 = ferric.neg %1 : tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}
