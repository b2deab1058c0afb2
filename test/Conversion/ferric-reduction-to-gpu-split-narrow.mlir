// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="column-narrow-columns=0" | FileCheck %s --check-prefix=OFF
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="column-narrow-columns=1025" 2>&1 | FileCheck %s --check-prefix=BAD

// The column-narrow schedules of ferric-reduction-to-gpu (a block covers all
// the few kept columns, rows tiled across its threads), and the elementwise
// epilogue that the split-full and column schedules apply at their final
// stores (the cast back to bf16, a mean's division).

// REMARK: Function=narrow_sum | Remark="split-column-narrow (2 kernels) for 8 outputs of 100000 reduced elements, 97 chunks"
// REMARK: Function=narrow_short | Remark="column-narrow for 8 outputs of 1000 reduced elements, 1 chunks"
// REMARK: Function=narrow_middle | Remark="split-column-narrow (2 kernels) for 64 outputs of 4096 reduced elements, 8 chunks"
// REMARK: Function=narrow_dynamic | Remark="chosen on the host: split-column-narrow (2 kernels) or column-narrow for 4 outputs of dynamic reduced elements, chunks chosen on the host"
// REMARK: Function=column_bf16 | Remark="split-column-narrow (2 kernels) for 8 outputs of 100000 reduced elements, 48 chunks"
// REMARK: Function=full_mean | Remark="split-full (2 kernels) for 1 outputs of 1048576 reduced elements, 128 blocks per output"
// BAD: error: ferric-reduction-to-gpu: column-narrow-columns must be at most 1024, got 1025

// [100000, 8]: 256 / 8 = 32 row groups; ceil(1024 / 1) = 1024 chunks
// wanted, 100000 / (32 * 32) = 97 allowed: 97 chunks of 1031 rows, 776
// partials, 97 blocks (one work item each). Thread t folds column t % 8 of rows t / 8, + 32, ...; the tree
// over row groups takes group g + s for g < s (s = 16 .. 1, row offset s *
// 8); threads t < 8 write partials[chunk * 8 + t].
// CHECK-LABEL: func.func @narrow_sum
//   CHECK-NOT:   linalg.fill
//       CHECK:   %[[PART:.*]] = memref.alloc() : memref<776xf32>
//       CHECK:   gpu.launch blocks(%[[BX:[^,]*]], {{.*}} in (%{{.*}} = %c97{{.*}} threads(%[[TX:[^,]*]], {{.*}} workgroup(%[[SMEM:.*]] : memref<256xf32, 3>)
//       CHECK:     %[[COL:.*]] = arith.remui %[[TX]], %c8
//       CHECK:     %[[GRP:.*]] = arith.divui %[[TX]], %c8
//       CHECK:     arith.cmpi ult, %[[GRP]], %c32
//       CHECK:     scf.for %[[W:.*]] = %[[BX]] to %c97
//       CHECK:       %[[K:.*]] = arith.remui %[[W]], %c97
//       CHECK:       arith.muli %[[K]], %c1031
//       CHECK:           memref.load %{{.*}} : memref<100000x8xf32>
//       CHECK:       memref.store %{{.*}}, %[[SMEM]][%[[TX]]]
//       CHECK:       arith.cmpi ult, %[[GRP]], %c16
//       CHECK:         arith.addi %[[TX]], %c128
//       CHECK:       arith.cmpi ult, %[[GRP]], %c1
//       CHECK:         arith.addi %[[TX]], %c8
//       CHECK:       arith.cmpi ult, %[[TX]], %c8
//       CHECK:         memref.store %{{.*}}, %[[PART]][%{{.*}}] : memref<776xf32>
//       CHECK:   } {ferric.schedule = "split-column-narrow"}
//       CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %c1{{.*}} threads
//       CHECK:           memref.load %[[PART]]
//       CHECK:         memref.store %{{.*}}, %{{.*}} : memref<8xf32>
//       CHECK:   } {ferric.schedule = "split-column-narrow-stage2"}
//       CHECK:   memref.dealloc %[[PART]]
// OFF-LABEL: func.func @narrow_sum
//       OFF:   {ferric.schedule = "split-column"}
func.func @narrow_sum(%in: memref<100000x8xf32>, %out: memref<8xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%out : memref<8xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<100000x8xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// 1000 rows of 8: one chunk, so one kernel writing the outputs.
// CHECK-LABEL: func.func @narrow_short
//   CHECK-NOT:   memref.alloc
//       CHECK:   {ferric.schedule = "column-narrow"}
//   CHECK-NOT:   gpu.launch
func.func @narrow_short(%in: memref<1000x8xf32>, %out: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<1000x8xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A middle dim [4, 4096, 16] over d1: 16 row groups of 16 threads; 4 outer
// indices, ceil(1024 / 4) = 256 chunks wanted, 4096 / 512 = 8 allowed.
// Work item w is outer index w / 8 and chunk w % 8; the output (d0, d2) is
// (w / 8, t % 16).
// CHECK-LABEL: func.func @narrow_middle
//       CHECK:   memref.alloc() : memref<512xf32>
//       CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %c32
//       CHECK:     scf.for %[[W:.*]] = %{{.*}} to %c32
//       CHECK:       arith.divui %[[W]], %c8
//       CHECK:           memref.load %{{.*}} : memref<4x4096x16xf32>
//       CHECK:           arith.minimumf
//       CHECK:   } {ferric.schedule = "split-column-narrow"}
//       CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %c4
//       CHECK:   } {ferric.schedule = "split-column-narrow-stage2"}
func.func @narrow_middle(%in: memref<4x4096x16xf32>, %out: memref<4x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%in : memref<4x4096x16xf32>) outs(%out : memref<4x16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.minimumf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Rows known at run time, 4 columns: the host computes the chunk count and
// picks the two-kernel or the one-kernel schedule.
// CHECK-LABEL: func.func @narrow_dynamic
//       CHECK:   %[[N:.*]] = memref.dim
//       CHECK:   %[[M:.*]] = arith.divui %[[N]], %c2048
//       CHECK:   scf.if
//       CHECK:     memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:     {ferric.schedule = "split-column-narrow"}
//       CHECK:     {ferric.schedule = "split-column-narrow-stage2"}
//       CHECK:   } else {
//       CHECK:     {ferric.schedule = "column-narrow"}
func.func @narrow_dynamic(%in: memref<?x4xf32>, %out: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<?x4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A bf16 column sum as the bufferized ferric.reduce leaves it: an f32 sum,
// then an elementwise generic casting it to bf16. The second kernel writes
// the bf16 outputs itself: no third kernel, and the f32 buffer, read by
// nothing else, is gone. Its threads fold blocks of 64 bf16 rows (128 bytes,
// split-fold-bytes), so 100000 / (32 * 64) = 48 chunks.
// CHECK-LABEL: func.func @column_bf16
//   CHECK-NOT:   memref<8xf32>
//       CHECK:   %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xbf16>
//   CHECK-NOT:   memref<8xf32>
//       CHECK:   {ferric.schedule = "split-column-narrow"}
//       CHECK:       %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
//       CHECK:       memref.store %[[T]], %[[OUT]][%{{.*}}] : memref<8xbf16>
//       CHECK:   {ferric.schedule = "split-column-narrow-stage2"}
//   CHECK-NOT:   linalg.generic
//   CHECK-NOT:   memref<8xf32>
//       CHECK:   return %[[OUT]]
func.func @column_bf16(%in: memref<100000x8xbf16>) -> memref<8xbf16> {
  %z = arith.constant 0.0 : f32
  %acc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<8xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<100000x8xbf16>) outs(%acc : memref<8xf32>) {
  ^bb0(%x: bf16, %a: f32):
    %e = arith.extf %x : bf16 to f32
    %s = arith.addf %a, %e : f32
    linalg.yield %s : f32
  }
  %out = memref.alloc() {alignment = 64 : i64} : memref<8xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%acc : memref<8xf32>) outs(%out : memref<8xbf16>) {
  ^bb0(%s: f32, %o: bf16):
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  }
  memref.dealloc %acc : memref<8xf32>
  return %out : memref<8xbf16>
}

// -----

// A full mean: the division by the count (computed on the host between the
// two generics) moves above the reduction and runs in split-full's second
// kernel, at the one store.
// CHECK-LABEL: func.func @full_mean
//       CHECK:   %[[CNT:.*]] = arith.uitofp
//       CHECK:   %[[OUT:.*]] = memref.alloc() : memref<f32>
//       CHECK:   {ferric.schedule = "split-full"}
//       CHECK:     %[[M:.*]] = arith.divf %{{.*}}, %[[CNT]] : f32
//  CHECK-NEXT:     memref.store %[[M]], %[[OUT]][] : memref<f32>
//       CHECK:   {ferric.schedule = "split-full-stage2"}
//   CHECK-NOT:   linalg.generic
func.func @full_mean(%in: memref<1048576xf32>) -> memref<f32> {
  %z = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<f32>
  linalg.fill ins(%z : f32) outs(%acc : memref<f32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%in : memref<1048576xf32>) outs(%acc : memref<f32>) {
  ^bb0(%x: f32, %a: f32):
    %s = arith.addf %a, %x : f32
    linalg.yield %s : f32
  }
  %c = arith.constant 1048576 : i64
  %n = arith.uitofp %c : i64 to f32
  %out = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>],
                  iterator_types = []}
      ins(%acc : memref<f32>) outs(%out : memref<f32>) {
  ^bb0(%s: f32, %o: f32):
    %m = arith.divf %s, %n : f32
    linalg.yield %m : f32
  }
  memref.dealloc %acc : memref<f32>
  return %out : memref<f32>
}

// -----

// The f32 sum is returned too: still stored, beside the epilogue's result.
// CHECK-LABEL: func.func @epilogue_keeps_result
//       CHECK:   {ferric.schedule = "split-full"}
//       CHECK:     memref.store %{{.*}}, %{{.*}}[] : memref<f32>
//       CHECK:     memref.store %{{.*}}, %{{.*}}[] : memref<bf16>
//       CHECK:   {ferric.schedule = "split-full-stage2"}
//   CHECK-NOT:   linalg.generic
func.func @epilogue_keeps_result(%in: memref<1048576xf32>) -> (memref<f32>, memref<bf16>) {
  %z = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<f32>
  linalg.fill ins(%z : f32) outs(%acc : memref<f32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%in : memref<1048576xf32>) outs(%acc : memref<f32>) {
  ^bb0(%x: f32, %a: f32):
    %s = arith.addf %a, %x : f32
    linalg.yield %s : f32
  }
  %out = memref.alloc() : memref<bf16>
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>],
                  iterator_types = []}
      ins(%acc : memref<f32>) outs(%out : memref<bf16>) {
  ^bb0(%s: f32, %o: bf16):
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  }
  return %acc, %out : memref<f32>, memref<bf16>
}

// -----

// A row sum over many rows (the block/warp schedules) keeps its epilogue
// kernel: only the schedules that write outputs one per thread take it.
// CHECK-LABEL: func.func @row_epilogue_kept
//       CHECK:   {ferric.schedule = "block"}
//       CHECK:   linalg.generic
func.func @row_epilogue_kept(%in: memref<4096x1024xf32>) -> memref<4096xbf16> {
  %z = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<4096xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<4096xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<4096x1024xf32>) outs(%acc : memref<4096xf32>) {
  ^bb0(%x: f32, %a: f32):
    %s = arith.addf %a, %x : f32
    linalg.yield %s : f32
  }
  %out = memref.alloc() : memref<4096xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%acc : memref<4096xf32>) outs(%out : memref<4096xbf16>) {
  ^bb0(%s: f32, %o: bf16):
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  }
  memref.dealloc %acc : memref<4096xf32>
  return %out : memref<4096xbf16>
}
