// Functions from llvm-project mlir/test/Dialect/Linalg/
// fusion-elementwise-ops.mlir (commit 15a2f924628168122f5fa00a1c1c411411be1a18),
// as they are there, in one module (the maps each split of that file names
// #map0/#map1 are named per function here). Upstream fuses them with
// linalg-fuse-elementwise-ops; here ferric-raise-linalg raises each generic
// and ferric-fuse, in the ferric-lower-to-* pipelines, fuses them.
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM
// Exceptions. See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// RUN: ferric-opt %s --ferric-import-linalg --mlir-print-local-scope | FileCheck %s
// RUN: ferric-opt %s --ferric-import-linalg --ferric-fuse | FileCheck %s --check-prefix=FUSED
// RUN: ferric-opt %s --ferric-import-linalg --remarks-filter=ferric-raise-linalg \
// RUN:   --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ferric-run %s --target=cpu --check --entry=add_mul_fusion --input=randn:4x8xf32 --input=randn:4x8xf32 --input=randn:4x8xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=scalar_add_mul_fusion --input=randn:4x8xf32 --input=1.5 --input=-2.0 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=transpose_add_mul_fusion --input=randn:8x8xf32 --input=randn:8x8xf32 --input=randn:8x8xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=add_transpose_mul_fusion --input=randn:8x8xf32 --input=randn:8x8xf32 --input=randn:8x8xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=add_broadcast_mul_fusion --input=randn:4xf32 --input=randn:4xf32 --input=randn:4x8xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=add_mul_scalar_fusion --input=randn:f32 --input=randn:f32 --input=randn:f32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=generic_op_constant_fusion --input=randn:5x3x4xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=generic_op_zero_dim_constant_fusion --input=randn:5x3x4xf32 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// Everything is raised but the integer bodies with linalg.index.
// REMARK-DAG: Function=producer_indexed_consumer_fusion | Remark="'linalg.generic' stays in linalg: its body has 'arith.addi' computes on i32 (Ferric computes on f16, bf16, f32, f64 and i1)"
// REMARK-DAG: Function=producer_indexed_consumer_fusion | Remark="'linalg.generic' stays in linalg: its body reads the iteration index (linalg.index)"
// REMARK-NOT: NotRaised

// CHECK-LABEL: func.func @add_mul_fusion
//       CHECK:   ferric.fused
//       CHECK:     arith.addf
//       CHECK:   ferric.fused
//       CHECK:     arith.mulf
//   CHECK-NOT:   linalg.
// CHECK-LABEL: func.func @scalar_add_mul_fusion
//  CHECK-SAME:   (%[[A:.*]]: tensor<?x?xf32>, %[[S:.*]]: f32, %[[T:.*]]: f32)
//       CHECK:   ferric.fused ins(%[[A]], %[[S]] : tensor<?x?xf32>, f32)
// CHECK-LABEL: func.func @generic_op_constant_fusion
//       CHECK:   ferric.fused ins(%{{.*}} : tensor<5x?x?xf32>) -> tensor<5x?x?xf32> {
//       CHECK:     %[[C:.*]] = arith.constant 4.200000e+01 : f32
//       CHECK:     arith.mulf %[[C]]
// CHECK-LABEL: func.func @generic_op_zero_dim_constant_fusion
//       CHECK:   ferric.fused ins(%{{.*}} : tensor<5x?x?xf32>) -> tensor<5x?x?xf32> {
//       CHECK:     arith.constant 4.200000e+01 : f32

// ferric-fuse makes each pair one kernel.
// FUSED-LABEL: func.func @add_mul_fusion
//       FUSED:   ferric.fused
//       FUSED:     arith.addf
//       FUSED:     arith.mulf
//   FUSED-NOT:   ferric.fused
// FUSED-LABEL: func.func @scalar_add_mul_fusion
// FUSED-LABEL: func.func @transpose_add_mul_fusion
//       FUSED:   ferric.fused
//       FUSED:     arith.addf
//       FUSED:     arith.mulf
//   FUSED-NOT:   ferric.fused
// FUSED-LABEL: func.func @add_transpose_mul_fusion
// FUSED-LABEL: func.func @add_broadcast_mul_fusion
//       FUSED:   ferric.fused
//       FUSED:     arith.addf
//       FUSED:     arith.mulf
//   FUSED-NOT:   ferric.fused
// FUSED-LABEL: func.func @add_mul_scalar_fusion

#add_mul_fusion_map0 = affine_map<(d0, d1) -> (d0, d1)>
func.func @add_mul_fusion(%arg0: tensor<?x?xf32>, %arg1 : tensor<?x?xf32>, %arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %arg0, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
  %2 = tensor.empty(%0, %1) : tensor<?x?xf32>
  %3 = linalg.generic {indexing_maps = [#add_mul_fusion_map0, #add_mul_fusion_map0, #add_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%2 : tensor<?x?xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %4 = arith.addf %arg3, %arg4 : f32
      linalg.yield %4 : f32
  } -> tensor<?x?xf32>
  %4 = linalg.generic {indexing_maps = [#add_mul_fusion_map0, #add_mul_fusion_map0, #add_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%3, %arg2 : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%2 : tensor<?x?xf32>) {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %5 = arith.mulf %arg5, %arg6 : f32
      linalg.yield %5 : f32
    } -> tensor<?x?xf32>
  return %4 : tensor<?x?xf32>
}

#scalar_add_mul_fusion_map0 = affine_map<(d0, d1) -> (d0, d1)>
#scalar_add_mul_fusion_map1 = affine_map<(d0, d1) -> ()>
func.func @scalar_add_mul_fusion(%arg0: tensor<?x?xf32>, %arg1 : f32, %arg2 : f32) -> tensor<?x?xf32>
{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %arg0, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
  %2 = tensor.empty(%0, %1) : tensor<?x?xf32>
  %3 = linalg.generic {indexing_maps = [#scalar_add_mul_fusion_map0, #scalar_add_mul_fusion_map1, #scalar_add_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%arg0, %arg1 : tensor<?x?xf32>, f32)
      outs(%2 : tensor<?x?xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %4 = arith.addf %arg3, %arg4 : f32
      linalg.yield %4 : f32
  } -> tensor<?x?xf32>
  %4 = linalg.generic {indexing_maps = [#scalar_add_mul_fusion_map0, #scalar_add_mul_fusion_map1, #scalar_add_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%3, %arg2 : tensor<?x?xf32>, f32)
      outs(%2 : tensor<?x?xf32>) {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %5 = arith.mulf %arg5, %arg6 : f32
      linalg.yield %5 : f32
    } -> tensor<?x?xf32>
  return %4 : tensor<?x?xf32>
}

#transpose_add_mul_fusion_map0 = affine_map<(d0, d1) -> (d0, d1)>
#transpose_add_mul_fusion_map1 = affine_map<(d0, d1) -> (d1, d0)>
func.func @transpose_add_mul_fusion(%arg0: tensor<?x?xf32>, %arg1 : tensor<?x?xf32>, %arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %arg0, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
  %2 = tensor.empty(%0, %1) : tensor<?x?xf32>
  %3 = linalg.generic {indexing_maps = [#transpose_add_mul_fusion_map0, #transpose_add_mul_fusion_map1, #transpose_add_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%2 : tensor<?x?xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %4 = arith.addf %arg3, %arg4 : f32
      linalg.yield %4 : f32
  } -> tensor<?x?xf32>
  %4 = linalg.generic {indexing_maps = [#transpose_add_mul_fusion_map0, #transpose_add_mul_fusion_map0, #transpose_add_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%3, %arg2 : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%2 : tensor<?x?xf32>) {
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %5 = arith.mulf %arg5, %arg6 : f32
      linalg.yield %5 : f32
    } -> tensor<?x?xf32>
  return %4 : tensor<?x?xf32>
}

#add_transpose_mul_fusion_map0 = affine_map<(d0, d1) -> (d0, d1)>
#add_transpose_mul_fusion_map1 = affine_map<(d0, d1) -> (d1, d0)>
func.func @add_transpose_mul_fusion(%arg0: tensor<?x?xf32>, %arg1 : tensor<?x?xf32>, %arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %arg0, %c0 : tensor<?x?xf32>
  %1 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
  %2 = tensor.empty(%0, %1) : tensor<?x?xf32>
  %3 = linalg.generic {indexing_maps = [#add_transpose_mul_fusion_map0, #add_transpose_mul_fusion_map1, #add_transpose_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%2 : tensor<?x?xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %4 = arith.addf %arg3, %arg4 : f32
      linalg.yield %4 : f32
  } -> tensor<?x?xf32>
  %4 = linalg.generic {indexing_maps = [#add_transpose_mul_fusion_map1, #add_transpose_mul_fusion_map0, #add_transpose_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%3, %arg2 : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%2 : tensor<?x?xf32>){
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %5 = arith.mulf %arg5, %arg6 : f32
      linalg.yield %5 : f32
    } -> tensor<?x?xf32>
  return %4 : tensor<?x?xf32>
}

#add_broadcast_mul_fusion_map0 = affine_map<(d0, d1) -> (d0, d1)>
#add_broadcast_mul_fusion_map1 = affine_map<(d0, d1) -> (d0)>
#add_broadcast_mul_fusion_map2 = affine_map<(d0) -> (d0)>
func.func @add_broadcast_mul_fusion(%arg0: tensor<?xf32>, %arg1 : tensor<?xf32>, %arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %arg0, %c0 : tensor<?xf32>
  %1 = tensor.empty(%0) : tensor<?xf32>
  %2 = linalg.generic {indexing_maps = [#add_broadcast_mul_fusion_map2, #add_broadcast_mul_fusion_map2, #add_broadcast_mul_fusion_map2], iterator_types = ["parallel"]}
      ins(%arg0, %arg1 : tensor<?xf32>, tensor<?xf32>)
      outs(%1 : tensor<?xf32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %3 = arith.addf %arg3, %arg4 : f32
      linalg.yield %3 : f32
  } -> tensor<?xf32>
  %3 = tensor.dim %arg2, %c1 : tensor<?x?xf32>
  %4 = tensor.empty(%0, %3) : tensor<?x?xf32>
  %5 = linalg.generic {indexing_maps = [#add_broadcast_mul_fusion_map1, #add_broadcast_mul_fusion_map0, #add_broadcast_mul_fusion_map0], iterator_types = ["parallel", "parallel"]}
      ins(%2, %arg2 : tensor<?xf32>, tensor<?x?xf32>)
      outs(%4 : tensor<?x?xf32>){
    ^bb0(%arg5: f32, %arg6: f32, %arg7: f32):
      %6 = arith.mulf %arg5, %arg6 : f32
      linalg.yield %6 : f32
    } -> tensor<?x?xf32>
  return %5 : tensor<?x?xf32>
}

#add_mul_scalar_fusion_map0 = affine_map<() -> ()>
func.func @add_mul_scalar_fusion(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32>
{
  %0 = tensor.empty() : tensor<f32>
  %1 = linalg.generic {indexing_maps = [#add_mul_scalar_fusion_map0, #add_mul_scalar_fusion_map0, #add_mul_scalar_fusion_map0], iterator_types = []}
      ins(%arg0, %arg1 : tensor<f32>, tensor<f32>)
      outs(%0 : tensor<f32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %2 = arith.addf %arg3, %arg4 : f32
      linalg.yield %2 : f32
  } -> tensor<f32>
  %2 = linalg.generic {indexing_maps = [#add_mul_scalar_fusion_map0, #add_mul_scalar_fusion_map0, #add_mul_scalar_fusion_map0], iterator_types = []}
      ins(%1, %arg2 : tensor<f32>, tensor<f32>)
      outs(%0 : tensor<f32>) {
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %3 = arith.mulf %arg3, %arg4 : f32
      linalg.yield %3 : f32
  } -> tensor<f32>

  return %2 : tensor<f32>
}

#generic_op_constant_fusion_map0 = affine_map<(d0, d1, d2) -> (d0)>
#generic_op_constant_fusion_map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @generic_op_constant_fusion(%arg0 : tensor<5x?x?xf32>) -> tensor<5x?x?xf32>
{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant dense<42.0> : tensor<5xf32>
  %0 = tensor.dim %arg0, %c1 : tensor<5x?x?xf32>
  %1 = tensor.dim %arg0, %c2 : tensor<5x?x?xf32>
  %2 = tensor.empty(%0, %1) : tensor<5x?x?xf32>
  %3 = linalg.generic {
    indexing_maps = [#generic_op_constant_fusion_map0, #generic_op_constant_fusion_map1, #generic_op_constant_fusion_map1],
    iterator_types = ["parallel", "parallel", "parallel"]}
    ins(%cst, %arg0 : tensor<5xf32>, tensor<5x?x?xf32>)
    outs(%2 : tensor<5x?x?xf32>) {
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %4 = arith.mulf %arg1, %arg2 : f32
      linalg.yield %4 : f32
    } -> tensor<5x?x?xf32>
  return %3 : tensor<5x?x?xf32>
}

#generic_op_zero_dim_constant_fusion_map0 = affine_map<(d0, d1, d2) -> ()>
#generic_op_zero_dim_constant_fusion_map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @generic_op_zero_dim_constant_fusion(%arg0 : tensor<5x?x?xf32>)
  -> tensor<5x?x?xf32>
{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant dense<42.0> : tensor<f32>
  %0 = tensor.dim %arg0, %c1 : tensor<5x?x?xf32>
  %1 = tensor.dim %arg0, %c2 : tensor<5x?x?xf32>
  %2 = tensor.empty(%0, %1) : tensor<5x?x?xf32>
  %3 = linalg.generic {
    indexing_maps = [#generic_op_zero_dim_constant_fusion_map0, #generic_op_zero_dim_constant_fusion_map1, #generic_op_zero_dim_constant_fusion_map1],
    iterator_types = ["parallel", "parallel", "parallel"]}
    ins(%cst, %arg0 : tensor<f32>, tensor<5x?x?xf32>)
    outs(%2 : tensor<5x?x?xf32>) {
    ^bb0(%arg1: f32, %arg2: f32, %arg3: f32):
      %4 = arith.mulf %arg1, %arg2 : f32
      linalg.yield %4 : f32
    } -> tensor<5x?x?xf32>
  return %3 : tensor<5x?x?xf32>
}

#producer_indexed_consumer_fusion_map0 = affine_map<(d0, d1) -> (d0, d1)>
func.func @producer_indexed_consumer_fusion(%arg0: tensor<?x?xi32>,
                                       %arg1: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %arg0, %c0 : tensor<?x?xi32>
  %1 = tensor.dim %arg0, %c1 : tensor<?x?xi32>
  %2 = tensor.empty(%0, %1) : tensor<?x?xi32>
  %3 = linalg.generic {
    indexing_maps = [#producer_indexed_consumer_fusion_map0, #producer_indexed_consumer_fusion_map0, #producer_indexed_consumer_fusion_map0],
    iterator_types = ["parallel", "parallel"] }
    ins(%arg0, %arg1  : tensor<?x?xi32>, tensor<?x?xi32>)
    outs(%2 : tensor<?x?xi32>) {
    ^bb0(%arg2: i32, %arg3: i32, %arg4: i32):
      %10 = arith.addi %arg2, %arg3 : i32
      linalg.yield %10 : i32
    } -> tensor<?x?xi32>
  %4 = linalg.generic {
    indexing_maps = [#producer_indexed_consumer_fusion_map0, #producer_indexed_consumer_fusion_map0],
    iterator_types = ["parallel", "parallel"] }
    ins(%3 : tensor<?x?xi32>)
    outs(%2 : tensor<?x?xi32>) {
    ^bb0(%arg2: i32, %arg3: i32):
      %idx0 = linalg.index 0 : index
      %idx1 = linalg.index 1 : index
      %5 = arith.index_cast %idx0 : index to i32
      %6 = arith.index_cast %idx1 : index to i32
      %7 = arith.addi %arg2, %5 : i32
      %8 = arith.subi %7, %6 : i32
      linalg.yield %8 : i32
    } -> tensor<?x?xi32>
  return %4 : tensor<?x?xi32>
}
