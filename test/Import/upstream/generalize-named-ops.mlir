// Functions from llvm-project mlir/test/Dialect/Linalg/elementwise/
// generalize-named-ops.mlir (commit 11eec9802d8fcc7e61d656090a2d3d1a0be3cbde;
// the `linalg.elementwise <kind>` spelling of that commit is written
// `kind=#linalg.elementwise_kind<kind>` as LLVM 22.1 parses it). The
// function on memrefs is left out: the raise works on tensors only.
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RUN: ferric-opt %s --ferric-import-linalg --mlir-print-local-scope | FileCheck %s
// RUN: ferric-opt %s --ferric-import-linalg --remarks-filter=ferric-raise-linalg \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ferric-run %s --target=cpu --check --entry=unary_exp --input=randn:8x16x32xf32 --input=randn:8x16x32xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=unary_transpose_broadcast_tanh --input=randn:32x16xf32 --input=randn:8x16x32xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=binary_mul_on_tensors --input=randn:16x8xf32 --input=randn:16x8xf32 --input=randn:16x8xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=binary_transpose_a --input=randn:8x16xf32 --input=randn:16x8xf32 --input=randn:16x8xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=binary_transpose_a_broadcast_b --input=randn:8x16xf32 --input=randn:16xf32 --input=randn:16x8xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=ternary --input=rand:32x16xi1 --input=randn:8x16x32xf32 --input=randn:8x16x32xf32 --input=randn:8x16x32xf32 | FileCheck %s --check-prefix=EXEC

// Every function is raised: no remark says otherwise, and each runs on the
// CPU as it is (--check compares with the unraised linalg).
// REMARK-NOT: NotRaised
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// CHECK-LABEL: func.func @unary_exp
//       CHECK:   ferric.fused
//       CHECK:     math.exp
// CHECK-LABEL: func.func @unary_transpose_broadcast_tanh
//       CHECK:   ferric.fused ins(%{{.*}} : tensor<32x16xf32>) -> tensor<8x16x32xf32> attributes {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d1)>]}
//       CHECK:     math.tanh
// CHECK-LABEL: func.func @binary_mul_on_tensors
//       CHECK:   ferric.fused
//       CHECK:     arith.mulf
// CHECK-LABEL: func.func @binary_transpose_a
//       CHECK:   ferric.fused {{.*}}affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>
//       CHECK:     arith.subf
// CHECK-LABEL: func.func @binary_transpose_a_broadcast_b
//       CHECK:   ferric.fused {{.*}}affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>
//       CHECK:     arith.addf
// CHECK-LABEL: func.func @ternary
//       CHECK:   ferric.fused {{.*}}affine_map<(d0, d1, d2) -> (d2, d1)>
//       CHECK:     arith.select
//   CHECK-NOT: linalg.

func.func @unary_exp(%A : tensor<8x16x32xf32>, %B: tensor<8x16x32xf32>) ->  tensor<8x16x32xf32> {
  %r = linalg.elementwise
      kind=#linalg.elementwise_kind<exp>
      ins(%A : tensor<8x16x32xf32>)
      outs(%B: tensor<8x16x32xf32>) -> tensor<8x16x32xf32>
  return %r : tensor<8x16x32xf32>
}

func.func @unary_transpose_broadcast_tanh(%A : tensor<32x16xf32>, %B: tensor<8x16x32xf32>) ->  tensor<8x16x32xf32> {
  %r = linalg.elementwise
      kind=#linalg.elementwise_kind<tanh>
      indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
      ins(%A : tensor<32x16xf32>)
      outs(%B: tensor<8x16x32xf32>) -> tensor<8x16x32xf32>
  return %r : tensor<8x16x32xf32>
}

func.func @binary_mul_on_tensors(%A : tensor<16x8xf32>, %B: tensor<16x8xf32>, %C: tensor<16x8xf32>) ->  tensor<16x8xf32> {
  %r = linalg.elementwise
      kind=#linalg.elementwise_kind<mul>
      ins(%A, %B: tensor<16x8xf32>, tensor<16x8xf32>)
      outs(%C: tensor<16x8xf32>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

func.func @binary_transpose_a(%A : tensor<8x16xf32>, %B: tensor<16x8xf32>, %C: tensor<16x8xf32>) ->  tensor<16x8xf32> {
  %r = linalg.elementwise
      kind=#linalg.elementwise_kind<sub>
      indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>,
                       affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>]
      ins(%A, %B: tensor<8x16xf32>, tensor<16x8xf32>)
      outs(%C: tensor<16x8xf32>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

func.func @binary_transpose_a_broadcast_b(%A : tensor<8x16xf32>, %B: tensor<16xf32>, %C: tensor<16x8xf32>) ->  tensor<16x8xf32> {
  %r = linalg.elementwise
      kind=#linalg.elementwise_kind<add>
      indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>,
                       affine_map<(d0, d1) -> (d0)>,
                       affine_map<(d0, d1) -> (d0, d1)>]
      ins(%A, %B: tensor<8x16xf32>, tensor<16xf32>)
      outs(%C: tensor<16x8xf32>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

func.func @ternary(%A : tensor<32x16xi1>, %B: tensor<8x16x32xf32>, %C : tensor<8x16x32xf32>, %D : tensor<8x16x32xf32>) ->  tensor<8x16x32xf32> {
  %r = linalg.elementwise
      kind=#linalg.elementwise_kind<select>
      indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
      ins(%A, %B, %C : tensor<32x16xi1>, tensor<8x16x32xf32>, tensor<8x16x32xf32>)
      outs(%D: tensor<8x16x32xf32>) -> tensor<8x16x32xf32>
  return %r : tensor<8x16x32xf32>
}
