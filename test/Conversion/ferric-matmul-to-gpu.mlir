// RUN: ferric-opt %s --split-input-file --ferric-matmul-to-gpu | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-matmul-to-gpu=workgroup-alloc=true | FileCheck %s --check-prefix=ALLOC

// ferric-matmul-to-gpu alone, on bufferized linalg (what
// convert-ferric-to-linalg + one-shot-bufferize make of ferric.matmul).

// f16 operands accumulating in f32 (the op's own body extends them). Blocks
// of 16 x 16 threads, grid (N tiles, M tiles, batches) capped at 65535 with
// grid-stride loops; two 16 x 16 f16 tiles in workgroup memory; per step of
// 16 along K the block stages A[row, k0 + tx] and B[k0 + ty, col] (zero
// outside), synchronizes, and each thread folds min(16, K - k0) products.
// CHECK-LABEL: func.func @mm
//  CHECK-SAME:   (%[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf32>)
//       CHECK:   %[[M:.*]] = memref.dim %[[C]], %c0
//       CHECK:   %[[N:.*]] = memref.dim %[[C]], %c1
//       CHECK:   %[[K:.*]] = memref.dim %[[A]], %c1
//       CHECK:   gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %c16{{.*}}, %{{.*}} = %c16{{.*}}, %{{.*}} = %c1{{.*}}) workgroup(%[[TA:.*]] : memref<16x16xf16, 3>, %[[TB:.*]] : memref<16x16xf16, 3>)
//       CHECK:     scf.for
//       CHECK:       scf.for
//       CHECK:         scf.for
//       CHECK:           %[[HAS:.*]] = arith.cmpi ult, %c0{{.*}}, %[[K]]
//       CHECK:           scf.if %[[HAS]] -> (f32)
//       CHECK:             scf.for %[[K0:.*]] = %c0{{.*}} to %[[K]] step %c16{{.*}} iter_args
//       CHECK:               memref.load %[[A]]
//       CHECK:               memref.store %{{.*}}, %[[TA]]
//       CHECK:               memref.load %[[B]]
//       CHECK:               memref.store %{{.*}}, %[[TB]]
//       CHECK:               gpu.barrier
//       CHECK:               %[[REM:.*]] = arith.subi %[[K]], %[[K0]]
//       CHECK:               %[[STEPS:.*]] = arith.minui %c16{{.*}}, %[[REM]]
//       CHECK:               scf.for %{{.*}} = %c0{{.*}} to %[[STEPS]] step %c1{{.*}} iter_args
//       CHECK:                 memref.load %[[TA]]
//       CHECK:                 memref.load %[[TB]]
//       CHECK:                 arith.extf
//       CHECK:                 arith.extf
//       CHECK:                 arith.mulf
//       CHECK:                 arith.addf
//       CHECK:               gpu.barrier
//       CHECK:           memref.store %{{.*}}, %[[C]]
//   CHECK-NOT:   linalg.matmul
// ALLOC-LABEL: func.func @mm
//   ALLOC-NOT:   workgroup(
//       ALLOC:   memref.alloc() : memref<16x16xf16, 3>
//       ALLOC:   memref.alloc() : memref<16x16xf16, 3>
func.func @mm(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// batch_matmul: the batch is the grid's z dim and the first index.
// CHECK-LABEL: func.func @bmm
//       CHECK:   gpu.launch
//       CHECK:     scf.for %[[BI:.*]] = %{{.*}} to %{{.*}} step
//       CHECK:       memref.load %{{.*}}[%[[BI]], %{{.*}}, %{{.*}}] : memref<3x33x65xf32>
//       CHECK:       memref.load %{{.*}}[%[[BI]], %{{.*}}, %{{.*}}] : memref<3x65x17xf32>
//       CHECK:       memref.store %{{.*}}, %{{.*}}[%[[BI]], %{{.*}}, %{{.*}}] : memref<3x33x17xf32>
func.func @bmm(%a: memref<3x33x65xf32>, %b: memref<3x65x17xf32>, %c: memref<3x33x17xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<3x33x65xf32>, memref<3x65x17xf32>) outs(%c : memref<3x33x17xf32>)
  return
}

// -----

// A transposed A (stored K x M, from ferric.matmul transpose_lhs): the
// block stages A^T[k0 + ty, rowBase + tx] into tile[tx, ty], so consecutive
// x threads still read consecutive addresses; K is A's dim 0.
// CHECK-LABEL: func.func @transposed_lhs
//  CHECK-SAME:   (%[[A:.*]]: memref<8x4xf32>, %[[B:.*]]: memref<8x6xf32>, %[[C:.*]]: memref<4x6xf32>)
//       CHECK:   %[[K:.*]] = memref.dim %[[A]], %c0
//       CHECK:   gpu.launch {{.*}} threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in {{.*}} workgroup(%[[TA:.*]] : memref<16x16xf32, 3>, %[[TB:.*]] : memref<16x16xf32, 3>)
//       CHECK:             scf.for %[[K0:.*]] = %c0{{.*}} to %[[K]] step %c16{{.*}} iter_args
//       CHECK:               %[[I:.*]] = arith.addi %{{.*}}, %[[TX]]
//       CHECK:               %[[J:.*]] = arith.addi %[[K0]], %[[TY]]
//       CHECK:               %[[V:.*]] = memref.load %[[A]][%[[J]], %[[I]]]
//       CHECK:               memref.store %[[V]], %[[TA]][%[[TX]], %[[TY]]]
//       CHECK:               %[[BK:.*]] = arith.addi %[[K0]], %[[TY]]
//       CHECK:               memref.load %[[B]][%[[BK]], %{{.*}}]
//       CHECK:               memref.store %{{.*}}, %[[TB]][%[[TY]], %[[TX]]]
//   CHECK-NOT:   linalg.matmul
func.func @transposed_lhs(%a: memref<8x4xf32>, %b: memref<8x6xf32>, %c: memref<4x6xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>,
                                 affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<8x4xf32>, memref<8x6xf32>) outs(%c : memref<4x6xf32>)
  return
}

// -----

// A transposed B in a batch (stored B x N x K, a linear layer's weight):
// B^T[batch, colBase + ty, k0 + tx] goes to tile[tx, ty].
// CHECK-LABEL: func.func @transposed_rhs_batched
//  CHECK-SAME:   (%[[A:.*]]: memref<2x5x8xf32>, %[[B:.*]]: memref<2x6x8xf32>, %[[C:.*]]: memref<2x5x6xf32>)
//       CHECK:   %[[K:.*]] = memref.dim %[[A]], %c2
//       CHECK:   gpu.launch {{.*}} threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in {{.*}} workgroup(%[[TA:.*]] : memref<16x16xf32, 3>, %[[TB:.*]] : memref<16x16xf32, 3>)
//       CHECK:     scf.for %[[BI:.*]] = %{{.*}} to %{{.*}} step
//       CHECK:             scf.for %[[K0:.*]] = %c0{{.*}} to %[[K]] step %c16{{.*}} iter_args
//       CHECK:               memref.load %[[A]][%[[BI]], %{{.*}}, %{{.*}}]
//       CHECK:               memref.store %{{.*}}, %[[TA]][%[[TY]], %[[TX]]]
//       CHECK:               %[[I:.*]] = arith.addi %[[K0]], %[[TX]]
//       CHECK:               %[[J:.*]] = arith.addi %{{.*}}, %[[TY]]
//       CHECK:               %[[V:.*]] = memref.load %[[B]][%[[BI]], %[[J]], %[[I]]]
//       CHECK:               memref.store %[[V]], %[[TB]][%[[TX]], %[[TY]]]
func.func @transposed_rhs_batched(%a: memref<2x5x8xf32>, %b: memref<2x6x8xf32>, %c: memref<2x5x6xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>,
                                       affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>,
                                       affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]
      ins(%a, %b : memref<2x5x8xf32>, memref<2x6x8xf32>) outs(%c : memref<2x5x6xf32>)
  return
}

// -----

// Left alone: user-defined maps other than a transposed operand (here a
// broadcast A) and anything else.
// CHECK-LABEL: func.func @broadcast_lhs
//   CHECK-NOT:   gpu.launch
//       CHECK:   linalg.matmul
func.func @broadcast_lhs(%a: memref<8xf32>, %b: memref<8x6xf32>, %c: memref<4x6xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>,
                                 affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<8xf32>, memref<8x6xf32>) outs(%c : memref<4x6xf32>)
  return
}
