// Functions from llvm-project mlir/test/Conversion/TosaToLinalg/
// tosa-to-linalg.mlir (commit 0063440eb5ca2743f7b56393e8b58493d9973d6d),
// their bodies as they are there; the functions that return nothing there
// return their floating-point and boolean values here, so that nothing of
// those is erased as dead (the runner passes no integer tensors, so the
// casts to i8/i32 stay unreturned and are erased; the remarks test shows
// integer bodies staying in linalg). reduce_bf16 is that of the same file's
// history (one tosa.reduce_sum of bf16).
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RUN: ferric-opt %s --ferric-import-tosa | FileCheck %s
// RUN: ferric-opt %s --ferric-import-tosa --remarks-filter=ferric-raise-linalg \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ferric-run %s --target=cpu --check --entry=test_simple_f32 --input=rand:1xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=test_simple_f16 --input=rand:1xf16 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=test_add_2d_broadcast --input=randn:2x1xf32 --input=randn:1x1xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=test_add_1d_broadcast_static_to_static --input=randn:1xf32 --input=randn:3xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=reduce_float --input=randn:5x4xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=reduce_bf16 --input=randn:5x4xbf16 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok
// The runner's fusion report of a TOSA module: the raise's section per
// function, then ferric-fuse's.
// RUN: ferric-run %s --target=cpu --entry=reduce_float --input=randn:5x4xf32 --no-cache \
// RUN:   --fuse-report=- | FileCheck %s --check-prefix=REPORT
//      REPORT: ferric-raise-linalg report for @reduce_float
// REPORT-NEXT:   linalg ops raised: 4
// REPORT-NEXT:   linalg ops left: 1
// REPORT-NEXT:     'linalg.reduce' (line {{[0-9]+}}): its combiner 'arith.mulf' is not addf, maximumf or minimumf
//      REPORT: ferric-fuse report for @reduce_float

// test_simple_f32: everything, ceil, floor, sin and cos included.
// REMARK-NOT: NotRaised {{.*}} Function=test_simple_f32 |
// REMARK-DAG: remark: [Passed] Raised | Category:ferric-raise-linalg | Function=test_simple_f32 | Remark="raised 26 linalg ops, left 0"
// REMARK-DAG: remark: [Passed] Raised | Category:ferric-raise-linalg | Function=test_simple_f16 | Remark="raised 1 linalg ops, left 0"
// REMARK-DAG: remark: [Passed] Raised | Category:ferric-raise-linalg | Function=test_add_2d_broadcast | Remark="raised 1 linalg ops, left 0"
// REMARK-DAG: remark: [Passed] Raised | Category:ferric-raise-linalg | Function=test_add_1d_broadcast_static_to_static | Remark="raised 1 linalg ops, left 0"
// reduce_float: sums, min and max raised; the product stays (Ferric has
// no product reduction).
// REMARK-DAG: remark: [Missed] NotRaised | Category:ferric-raise-linalg | Function=reduce_float | Remark="'linalg.reduce' stays in linalg: its combiner 'arith.mulf' is not addf, maximumf or minimumf"
// REMARK-DAG: remark: [Passed] Raised | Category:ferric-raise-linalg | Function=reduce_float | Remark="raised 4 linalg ops, left 1"
// REMARK-DAG: remark: [Passed] Raised | Category:ferric-raise-linalg | Function=reduce_bf16 | Remark="raised 1 linalg ops, left 0"

// CHECK-LABEL: func.func @test_simple_f32
//       CHECK:   math.tanh
//       CHECK:   math.absf
//       CHECK:   math.powf
//       CHECK:   math.rsqrt
//       CHECK:   math.ceil
//       CHECK:   math.floor
//       CHECK:   math.erf
//       CHECK:   math.sin
//       CHECK:   math.cos
//   CHECK-NOT:   linalg.
//       CHECK:   return
// CHECK-LABEL: func.func @test_add_2d_broadcast
//       CHECK:   ferric.fused
//   CHECK-NOT:   linalg.
// CHECK-LABEL: func.func @test_add_1d_broadcast_static_to_static
//       CHECK:   ferric.fused
//   CHECK-NOT:   linalg.
// CHECK-LABEL: func.func @reduce_float
//   CHECK-DAG:   ferric.reduce sum %{{.*}} dims [0]
//   CHECK-DAG:   ferric.reduce sum %{{.*}} dims [1]
//   CHECK-DAG:   ferric.reduce min
//   CHECK-DAG:   ferric.reduce max
//   CHECK-DAG:   linalg.reduce
// CHECK-LABEL: func.func @reduce_bf16
//       CHECK:   ferric.reduce sum %{{.*}} dims [0] : tensor<5x4xbf16> -> tensor<4xbf16>
//   CHECK-NOT:   linalg.

func.func @test_simple_f32(%arg0: tensor<1xf32>) -> (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xi1>, tensor<1xi1>, tensor<1xi1>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xi1>, tensor<1xf16>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) {
  %0 = tosa.tanh %arg0 : (tensor<1xf32>) -> tensor<1xf32>
  %1 = tosa.abs %arg0 : (tensor<1xf32>) -> tensor<1xf32>
  %2 = tosa.add %0, %0 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %3 = tosa.sub %0, %1 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %4 = tosa.mul %0, %1, %shift : (tensor<1xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<1xf32>
  %in_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %out_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %5 = tosa.negate %0, %in_zp, %out_zp : (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %6 = tosa.pow %1, %2 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %7 = tosa.rsqrt %1 : (tensor<1xf32>) -> tensor<1xf32>
  %8 = tosa.log %arg0 : (tensor<1xf32>) -> tensor<1xf32>
  %9 = tosa.exp %arg0 : (tensor<1xf32>) -> tensor<1xf32>
  %10 = tosa.greater %0, %1 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xi1>
  %11 = tosa.greater_equal %0, %1 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xi1>
  %12 = tosa.equal %0, %1 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xi1>
  %13 = tosa.select %10, %0, %1 : (tensor<1xi1>, tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %14 = tosa.maximum %0, %1 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %15 = tosa.minimum %0, %1 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %16 = tosa.ceil %0 : (tensor<1xf32>) -> tensor<1xf32>
  %17 = tosa.floor %0 : (tensor<1xf32>) -> tensor<1xf32>
  %18 = tosa.clamp %0 {min_val = 1.0 : f32, max_val = 5.0 : f32} : (tensor<1xf32>) -> tensor<1xf32>
  %19 = tosa.sigmoid %0 : (tensor<1xf32>) -> tensor<1xf32>
  %20 = tosa.cast %0 : (tensor<1xf32>) -> tensor<1xi32>
  %21 = tosa.cast %0 : (tensor<1xf32>) -> tensor<1xi1>
  %22 = tosa.cast %0 : (tensor<1xf32>) -> tensor<1xf16>
  %23 = tosa.reciprocal %0 : (tensor<1xf32>) -> tensor<1xf32>
  %24 = tosa.erf %0 : (tensor<1xf32>) -> tensor<1xf32>
  %25 = tosa.sin %arg0 : (tensor<1xf32>) -> tensor<1xf32>
  %26 = tosa.cos %arg0 : (tensor<1xf32>) -> tensor<1xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %21, %22, %23, %24, %25, %26 : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xi1>, tensor<1xi1>, tensor<1xi1>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xi1>, tensor<1xf16>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>
}

func.func @test_simple_f16(%arg0: tensor<1xf16>) -> tensor<1xf32> {
  %0 = tosa.cast %arg0 : (tensor<1xf16>) -> tensor<1xf32>
  %1 = "tosa.cast"(%arg0) : (tensor<1xf16>) -> tensor<1xi8>
  %2 = "tosa.cast"(%arg0) : (tensor<1xf16>) -> tensor<1xi32>
  return %0 : tensor<1xf32>
}

func.func @test_add_2d_broadcast(%arg0: tensor<2x1xf32>, %arg1: tensor<1x1xf32>) -> tensor<2x1xf32> {
  // tosa element-wise operators now require operands of equal ranks
  %0 = tosa.add %arg0, %arg1 : (tensor<2x1xf32>, tensor<1x1xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

func.func @test_add_1d_broadcast_static_to_static(%arg0: tensor<1xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
  %0 = tosa.add %arg0, %arg1 : (tensor<1xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

func.func @reduce_float(%arg0: tensor<5x4xf32>) -> (tensor<1x4xf32>, tensor<5x1xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) {
  %0 = tosa.reduce_sum %arg0 {axis = 0 : i32} : (tensor<5x4xf32>) -> tensor<1x4xf32>
  %1 = tosa.reduce_sum %arg0 {axis = 1 : i32} : (tensor<5x4xf32>) -> tensor<5x1xf32>
  %2 = tosa.reduce_product %arg0 {axis = 0 : i32} : (tensor<5x4xf32>) -> tensor<1x4xf32>
  %3 = tosa.reduce_min %arg0 {axis = 0 : i32} : (tensor<5x4xf32>) -> tensor<1x4xf32>
  %4 = tosa.reduce_max %arg0 {axis = 0 : i32} : (tensor<5x4xf32>) -> tensor<1x4xf32>
  return %0, %1, %2, %3, %4 : tensor<1x4xf32>, tensor<5x1xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>
}

func.func @reduce_bf16(%arg0: tensor<5x4xbf16>) -> tensor<1x4xbf16> {
  %0 = tosa.reduce_sum %arg0 {axis = 0 : i32} : (tensor<5x4xbf16>) -> tensor<1x4xbf16>
  return %0 : tensor<1x4xbf16>
}
