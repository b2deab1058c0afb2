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

// Left alone: a matmul with user-defined maps (here A transposed) and
// anything else.
// CHECK-LABEL: func.func @transposed
//   CHECK-NOT:   gpu.launch
//       CHECK:   linalg.matmul
func.func @transposed(%a: memref<8x4xf32>, %b: memref<8x6xf32>, %c: memref<4x6xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>,
                                 affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<8x4xf32>, memref<8x6xf32>) outs(%c : memref<4x6xf32>)
  return
}
