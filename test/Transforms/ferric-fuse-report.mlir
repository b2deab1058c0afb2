// RUN: ferric-opt %s --mlir-disable-threading --ferric-fuse="report=-" \
// RUN:   -o /dev/null | FileCheck %s
// RUN: rm -f %t.report
// RUN: ferric-opt %s --mlir-disable-threading --ferric-fuse="report=%t.report" \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.report
// RUN: not ferric-opt %s --ferric-fuse="report=%t.missing/dir/report.txt" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE

// The fusion report, per function: groups formed, elementwise ops fused,
// kernel launches before and after (every ferric op outside a kernel
// counts), the bytes of intermediate tensors no longer written and read,
// each group with its members, and why each edge that stayed unfused did.
// (--mlir-disable-threading keeps the functions in order.)

// CHECK-LABEL: ferric-fuse report for @report
//  CHECK-NEXT:   groups formed: 2
//  CHECK-NEXT:   ops fused: 4
//  CHECK-NEXT:   kernel launches: 8 -> 4
//  CHECK-NEXT:   intermediate bytes no longer written or read: 1024
//  CHECK-NEXT:   group 1 at 'ferric.tanh' (line [[#@LINE+27]]): 2 ops, 2 inputs: broadcast sub tanh
//  CHECK-NEXT:   group 2 at 'ferric.exp' (line [[#@LINE+22]]): 2 ops, 2 inputs: broadcast mul exp
//  CHECK-NEXT:   unfused edges:
//  CHECK-NEXT:     'ferric.exp' (line [[#@LINE+20]]) -> 'ferric.reduce' (line [[#@LINE+21]]): barrier: 'ferric.reduce' is not fusible
//  CHECK-NEXT:     'ferric.reduce' (line [[#@LINE+20]]) -> 'ferric.broadcast' (line [[#@LINE+21]]): barrier: 'ferric.reduce' is not fusible
//  CHECK-NEXT:     'ferric.exp' (line [[#@LINE+18]]) -> 'ferric.sub' (line [[#@LINE+21]]): cycle: a use outside the group ('ferric.reduce') leads back into it, so fusing would create a cycle
//  CHECK-NEXT:     'ferric.reduce' (line [[#@LINE+18]]) -> 'ferric.sqrt' (line [[#@LINE+22]]): barrier: 'ferric.reduce' is not fusible
//  CHECK-NEXT: ferric-fuse report for @dynamic

// Before: broadcast, mul, exp, reduce, broadcast, sub, tanh, sqrt. After:
// two kernels, the reduction and the lone sqrt (below min-ops). Bytes: the
// 4x8xf32 results of the row broadcast, mul, the column broadcast and sub
// are each written once and read once (4 * 32 * 2 = 256 bytes each); exp's
// result is still written for the reduction and the other kernel.

// IR-LABEL: func.func @report
//       IR:   ferric.fused
//       IR:   ferric.reduce
//       IR:   ferric.fused
//       IR:   ferric.sqrt
func.func @report(%x: tensor<4x8xf32>, %row: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %b = ferric.broadcast %row dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %0 = ferric.mul %x, %b : tensor<4x8xf32>
  %1 = ferric.exp %0 : tensor<4x8xf32>
  %s = ferric.reduce sum %1 dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %sb = ferric.broadcast %s dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %2 = ferric.sub %1, %sb : tensor<4x8xf32>
  %3 = ferric.tanh %2 : tensor<4x8xf32>
  %4 = ferric.sqrt %s : tensor<4xf32>
  return %3, %4 : tensor<4x8xf32>, tensor<4xf32>
}

// Dynamic shapes count symbolically, per element: the f16 sum is written
// and read (2 * 2 bytes), the f32 cast too (4 * 2 bytes).

//  CHECK-NEXT:   groups formed: 1
//  CHECK-NEXT:   ops fused: 3
//  CHECK-NEXT:   kernel launches: 3 -> 1
//  CHECK-NEXT:   intermediate bytes no longer written or read: 12*(?x8)
//  CHECK-NEXT:   group 0 at 'ferric.exp' (line [[#@LINE+5]]): 3 ops, 2 inputs: add cast exp
//  CHECK-NEXT: ferric-fuse report for @nothing
func.func @dynamic(%x: tensor<?x8xf16>, %y: tensor<?x8xf16>) -> tensor<?x8xf32> {
  %0 = ferric.add %x, %y : tensor<?x8xf16>
  %1 = ferric.cast %0 : tensor<?x8xf16> to tensor<?x8xf32>
  %2 = ferric.exp %1 : tensor<?x8xf32>
  return %2 : tensor<?x8xf32>
}

// A function without ferric ops still gets its (empty) report.

//  CHECK-NEXT:   groups formed: 0
//  CHECK-NEXT:   ops fused: 0
//  CHECK-NEXT:   kernel launches: 0 -> 0
//  CHECK-NEXT:   intermediate bytes no longer written or read: 0
//   CHECK-NOT: {{.}}
func.func @nothing(%x: tensor<8xf32>) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// NOFILE: error: ferric-fuse: cannot write report to '{{.*}}report.txt'
