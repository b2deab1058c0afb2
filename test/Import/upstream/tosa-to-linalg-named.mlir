// @matmul from llvm-project mlir/test/Conversion/TosaToLinalg/
// tosa-to-linalg-named.mlir (commit 0063440eb5ca2743f7b56393e8b58493d9973d6d
// era), with the zero-point operands TOSA 1.0 (LLVM 22.1) requires of
// tosa.matmul; @matmul_f16 is the same with f16 operands and result.
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RUN: ferric-opt %s --ferric-import-tosa | FileCheck %s
// RUN: ferric-run %s --target=cpu --check --entry=matmul --input=randn:1x5x3xf32 --input=randn:1x3x6xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=matmul_f16 --input=randn:1x5x3xf16 --input=randn:1x3x6xf16 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// CHECK-LABEL: func.func @matmul
//       CHECK:   ferric.matmul %{{.*}}, %{{.*}} : tensor<5x3xf32>, tensor<3x6xf32> -> tensor<5x6xf32>
//   CHECK-NOT:   linalg.
// CHECK-LABEL: func.func @matmul_f16
//       CHECK:   ferric.matmul %{{.*}}, %{{.*}} : tensor<5x3xf16>, tensor<3x6xf16> -> tensor<5x6xf16>
//   CHECK-NOT:   linalg.

func.func @matmul(%arg0: tensor<1x5x3xf32>, %arg1: tensor<1x3x6xf32>) -> (tensor<1x5x6xf32>) {
  %a_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %b_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.matmul %arg0, %arg1, %a_zp, %b_zp : (tensor<1x5x3xf32>, tensor<1x3x6xf32>, tensor<1xf32>, tensor<1xf32>)  -> tensor<1x5x6xf32>
  return %0 : tensor<1x5x6xf32>
}

func.func @matmul_f16(%arg0: tensor<1x5x3xf16>, %arg1: tensor<1x3x6xf16>) -> (tensor<1x5x6xf16>) {
  %a_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf16>}> : () -> tensor<1xf16>
  %b_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf16>}> : () -> tensor<1xf16>
  %0 = tosa.matmul %arg0, %arg1, %a_zp, %b_zp : (tensor<1x5x3xf16>, tensor<1x3x6xf16>, tensor<1xf16>, tensor<1xf16>)  -> tensor<1x5x6xf16>
  return %0 : tensor<1x5x6xf16>
}
