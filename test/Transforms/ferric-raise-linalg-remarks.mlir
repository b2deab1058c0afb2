// RUN: ferric-opt %s --ferric-raise-linalg --remarks-filter=ferric-raise-linalg \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="[Missed]"
// RUN: ferric-opt %s --ferric-raise-linalg --remarks-filter=ferric-raise-linalg \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SUMMARY
// RUN: ferric-opt %s --ferric-raise-linalg | FileCheck %s --check-prefix=IR
// RUN: ferric-opt %s --mlir-disable-threading --ferric-raise-linalg="report=-" \
// RUN:   -o /dev/null | FileCheck %s --check-prefix=REPORT

// The report (report=-): the same counts per function, each left op with
// its line and why.
//      REPORT: ferric-raise-linalg report for @left
// REPORT-NEXT:   linalg ops raised: 1
// REPORT-NEXT:   linalg ops left: 9
// REPORT-NEXT:     'linalg.generic' (line {{[0-9]+}}): its body has 'arith.addi' computes on i32
// REPORT-NEXT:     'linalg.generic' (line {{[0-9]+}}): its body reads the iteration index
// REPORT-NEXT:     'linalg.generic' (line {{[0-9]+}}): its body reads a tensor element
// REPORT-NEXT:     'linalg.generic' (line {{[0-9]+}}): its body has 'math.round' is not lowered by every Ferric target
// REPORT-NEXT:     'linalg.reduce' (line {{[0-9]+}}): its combiner 'arith.maxnumf' ignores NaN
// REPORT-NEXT:     'linalg.generic' (line {{[0-9]+}}): it has 2 results
// REPORT-NEXT:     'linalg.conv_2d' (line {{[0-9]+}}): Ferric has no equivalent
// REPORT-NEXT:     'linalg.matmul' (line {{[0-9]+}}): it accumulates into something other than a zero fill
// REPORT-NEXT:     'linalg.matmul' (line {{[0-9]+}}): it has user-defined indexing maps other than a transposed operand
// REPORT-NEXT: ferric-raise-linalg report for @fpowi_left
// REPORT-NEXT:   linalg ops raised: 0
// REPORT-NEXT:   linalg ops left: 1
// REPORT-NEXT:     'linalg.generic' (line {{[0-9]+}}): its body has 'math.fpowi' computes on i32

// What ferric-raise-linalg leaves in linalg: each op exactly as it was
// (IR), with one [Missed] NotRaised remark at the op saying why, and one
// [Passed] Raised remark per function counting both.

// IR-LABEL: func.func @left
//       IR:   arith.addi
//       IR:   linalg.index
//       IR:   tensor.extract
//       IR:   math.round
//       IR:   arith.maxnumf
//       IR:   arith.cmpf
//       IR:   linalg.conv_2d
//       IR:   linalg.matmul
//       IR:   linalg.matmul
//       IR:   ferric.fused
//   IR-NOT:   ferric.fused
//       IR:   return

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// SUMMARY: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:1: remark: [Passed] Raised | Category:ferric-raise-linalg | Function=left | Remark="raised 1 linalg ops, left 9"
func.func @left(%i: tensor<8xi32>, %x: tensor<8xf32>, %t: tensor<16xf32>,
                %m: tensor<4x8xf32>, %img: tensor<6x6xf32>, %k: tensor<3x3xf32>,
                %a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>,
                %bt: tensor<4x8xf32>)
    -> (tensor<8xi32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4xf32>,
        tensor<4xf32>, tensor<4xi32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>,
        tensor<8xf32>) {
  %ei = tensor.empty() : tensor<8xi32>
  %ef = tensor.empty() : tensor<8xf32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.generic' stays in linalg: its body has 'arith.addi' computes on i32 (Ferric computes on f16, bf16, f32, f64 and i1)"
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : tensor<8xi32>) outs(%ei : tensor<8xi32>) {
  ^bb0(%v: i32, %o: i32):
    %r = arith.addi %v, %v : i32
    linalg.yield %r : i32
  } -> tensor<8xi32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.generic' stays in linalg: its body reads the iteration index (linalg.index)"
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%ef : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %idx = linalg.index 0 : index
    %n = arith.index_cast %idx : index to i32
    %f = arith.sitofp %n : i32 to f32
    %r = arith.addf %v, %f : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.generic' stays in linalg: its body reads a tensor element (tensor.extract)"
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%ef : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %c0 = arith.constant 0 : index
    %g = tensor.extract %t[%c0] : tensor<16xf32>
    %r = arith.addf %v, %g : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.generic' stays in linalg: its body has 'math.round' is not lowered by every Ferric target"
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%ef : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.round %v : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.reduce' stays in linalg: its combiner 'arith.maxnumf' ignores NaN, which Ferric's max/min propagate"
  %4 = linalg.reduce ins(%m : tensor<4x8xf32>) outs(%e4 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %r = arith.maxnumf %in, %init : f32
      linalg.yield %r : f32
    }
  // torch-mlir's argmax: the max and its index, both used.
  %e5 = tensor.empty() : tensor<4xi32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:10: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.generic' stays in linalg: it has 2 results (a multi-result reduction such as argmax)"
  %5:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%m : tensor<4x8xf32>) outs(%e4, %e5 : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%v: f32, %best: f32, %at: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %gt = arith.cmpf ogt, %v, %best : f32
    %nb = arith.select %gt, %v, %best : f32
    %na = arith.select %gt, %ji, %at : i32
    linalg.yield %nb, %na : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  %e6 = tensor.empty() : tensor<4x4xf32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.conv_2d' stays in linalg: Ferric has no equivalent"
  %6 = linalg.conv_2d ins(%img, %k : tensor<6x6xf32>, tensor<3x3xf32>) outs(%e6 : tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.matmul' stays in linalg: it accumulates into something other than a zero fill"
  %7 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  %zero = arith.constant 0.0 : f32
  %z = linalg.fill ins(%zero : f32) outs(%e6 : tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=left | Remark="'linalg.matmul' stays in linalg: it has user-defined indexing maps other than a transposed operand (a broadcast operand or a transposed result)"
  %8 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%x, %bt : tensor<8xf32>, tensor<4x8xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %9 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%ef : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %0, %1, %2, %3, %4, %5#0, %5#1, %6, %7, %8, %9 : tensor<8xi32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<8xf32>
}

// math.fpowi by a variable power: upstream's expansion needs a constant,
// and the power is an integer (a constant one becomes multiplies:
// ferric-raise-linalg.mlir).
// IR-LABEL: func.func @fpowi_left
//       IR:   linalg.generic
//       IR:   math.fpowi
// SUMMARY: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:1: remark: [Passed] Raised | Category:ferric-raise-linalg | Function=fpowi_left | Remark="raised 0 linalg ops, left 1"
func.func @fpowi_left(%x: tensor<8xf32>, %n: tensor<8xi32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  // CHECK: ferric-raise-linalg-remarks.mlir:[[#@LINE+1]]:8: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=fpowi_left | Remark="'linalg.generic' stays in linalg: its body has 'math.fpowi' computes on i32 (Ferric computes on f16, bf16, f32, f64 and i1)"
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %n : tensor<8xf32>, tensor<8xi32>) outs(%e : tensor<8xf32>) {
  ^bb0(%v: f32, %k: i32, %o: f32):
    %p = math.fpowi %v, %k : f32, i32
    linalg.yield %p : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
