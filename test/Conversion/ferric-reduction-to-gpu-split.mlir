// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32" | FileCheck %s --check-prefix=WARP
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="split-max-blocks=64 column-chunk-rows=1024 workgroup-alloc=true" | FileCheck %s --check-prefix=OPT
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="split-max-blocks=1" 2>&1 | FileCheck %s --check-prefix=BADBLOCKS
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="split-max-blocks=65536" 2>&1 | FileCheck %s --check-prefix=BADBLOCKS2
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="column-chunk-rows=0" 2>&1 | FileCheck %s --check-prefix=BADROWS
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="split-fold-bytes=16" 2>&1 | FileCheck %s --check-prefix=BADFOLD
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="column-load-bytes=4" | FileCheck %s --check-prefix=VEC
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="column-load-bytes=4" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=VEC-REMARK
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="column-load-bytes=3" 2>&1 | FileCheck %s --check-prefix=BADCOLUMN
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="split-load-bytes=16" | FileCheck %s --check-prefix=SPLITVEC
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="split-load-bytes=16" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=SPLITVEC-REMARK
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="split-load-bytes=12" 2>&1 | FileCheck %s --check-prefix=BADSPLITLOAD

// The schedules ferric-reduction-to-gpu picks by shape, each gpu.launch
// tagged with ferric.schedule: split-full and split-column (two kernels
// through a temporary buffer of partials), column (one kernel), block,
// warp and thread-per-output.

// The remarks say which schedule each reduction got, for how many outputs
// and reduced elements, and the split.
// REMARK: remark: [Passed] Reduction | Category:ferric-reduction-to-gpu | Function=full_sum_squares | Remark="split-full (2 kernels) for 1 outputs of 1048576 reduced elements, 128 blocks per output"
// REMARK: Function=full_max_dynamic | Remark="split-full (2 kernels) for 1 outputs of dynamic reduced elements, blocks per output chosen on the host"
// REMARK: Function=few_long_rows | Remark="split-full (2 kernels) for 4 outputs of 1000000 reduced elements, 62 blocks per output"
// REMARK: Function=vocab_rows | Remark="block for 4096 outputs of 32000 reduced elements"
// REMARK: Function=tiny_rows | Remark="block for 3 outputs of 5 reduced elements"
// REMARK: Function=column_sum | Remark="split-column (2 kernels) for 8192 outputs of 16384 reduced elements, 32 chunks"
// REMARK: Function=short_columns | Remark="thread-per-output for 100000 outputs of 8 reduced elements"
// REMARK: Function=many_long_columns | Remark="column for 300000 outputs of 1000 reduced elements, 1 chunks"
// REMARK: Function=middle_dim | Remark="split-column (2 kernels) for 512 outputs of 4096 reduced elements, 64 chunks"
// REMARK: Function=column_max_dynamic | Remark="chosen on the host: split-column (2 kernels) or column for dynamic outputs of dynamic reduced elements, chunks chosen on the host"
// REMARK: Function=tiny_columns | Remark="thread-per-output for 5 outputs of 3 reduced elements"

// BADBLOCKS: error: ferric-reduction-to-gpu: split-max-blocks must be in [2, 65535], got 1
// BADBLOCKS2: error: ferric-reduction-to-gpu: split-max-blocks must be in [2, 65535], got 65536
// BADFOLD: error: ferric-reduction-to-gpu: split-fold-bytes must be a power of two in [32, 1024], got 16
// BADCOLUMN: error: ferric-reduction-to-gpu: column-load-bytes must be 0 or a power of two up to 16, got 3
// BADSPLITLOAD: error: ferric-reduction-to-gpu: split-load-bytes must be 0 or a power of two up to 16, got 12
// BADROWS: error: ferric-reduction-to-gpu: column-chunk-rows must be at least 1, got 0

// A full sum of squares of 2^20 elements: split-full. 2^20 / (256 threads *
// 32 elements) = 128 blocks (under split-max-blocks 1024) each write one
// partial; the second kernel, one block, folds the 128 partials with a tree
// and the folded fill value 0.0. The partials buffer is freed after it.
// CHECK-LABEL: func.func @full_sum_squares
//   CHECK-NOT:   linalg.fill
//       CHECK:   %[[PART:.*]] = memref.alloc() : memref<128xf32>
//       CHECK:   gpu.launch blocks(%[[BX:[^,]*]], {{.*}} in (%{{.*}} = %c128{{.*}} threads(%[[TX:[^,]*]], {{.*}} in (%{{.*}} = %c256{{.*}} workgroup(%[[SMEM:.*]] : memref<256xf32, 3>)
// Each thread: blocks of 32 elements in 4 independent accumulators (8 steps
// each, combined by a tree), grid-strided by 128 * 256.
//       CHECK:     scf.for %{{.*}} step %c32{{.*}} iter_args(%[[TOT:.*]] = %{{.*}}) -> (f32)
//       CHECK:       %[[L:.*]]:4 = scf.for %{{.*}} = %c0{{.*}} to %c8{{.*}} step %c1{{.*}} -> (f32, f32, f32, f32)
//       CHECK:         arith.mulf
//       CHECK:         arith.addf
// CHECK-COUNT-3:       memref.load
//       CHECK:         scf.yield
//       CHECK:       %[[A:.*]] = arith.addf %[[L]]#0, %[[L]]#1
//       CHECK:       %[[B:.*]] = arith.addf %[[L]]#2, %[[L]]#3
//       CHECK:       %[[AB:.*]] = arith.addf %[[A]], %[[B]]
//       CHECK:       arith.addf %[[TOT]], %[[AB]]
//       CHECK:     memref.store %{{.*}}, %[[SMEM]][%[[TX]]]
// CHECK-COUNT-9:   gpu.barrier
//       CHECK:     arith.cmpi eq, %[[TX]], %c0
//       CHECK:       %[[P:.*]] = memref.load %[[SMEM]][%c0
//       CHECK:       memref.store %[[P]], %[[PART]][%[[BX]]] : memref<128xf32>
//       CHECK:   } {ferric.schedule = "split-full"}
//       CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %c1{{.*}} threads(%[[TX2:[^,]*]], {{.*}} workgroup(%{{.*}} : memref<256xf32, 3>)
//       CHECK:     scf.for %[[I:.*]] = %[[TX2]] to %c128{{.*}} step %c256
//       CHECK:       %[[J:.*]] = arith.addi %{{.*}}, %[[I]]
//       CHECK:       memref.load %[[PART]][%[[J]]]
// CHECK-COUNT-9:   gpu.barrier
//       CHECK:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:     %[[T:.*]] = memref.load
//       CHECK:     %[[R:.*]] = arith.addf %[[ZERO]], %[[T]]
//       CHECK:     memref.store %[[R]], %{{.*}}[] : memref<f32>
//       CHECK:   } {ferric.schedule = "split-full-stage2"}
//       CHECK:   memref.dealloc %[[PART]] : memref<128xf32>
// WARP-LABEL: func.func @full_sum_squares
//       WARP:   memref.alloc() : memref<128xf32>
//       WARP:   {ferric.schedule = "split-full"}
//       WARP:   {ferric.schedule = "split-full-stage2"}
// With split-max-blocks=64: 64 partials; workgroup-alloc puts the tree's
// buffer in the kernels.
// split-load-bytes=16: 4 f32 per load, each element of the vector in its
// own 4 accumulators: blocks of 4 x 8 vectors (128 elements) per thread,
// so 32 blocks; the last count mod 4 elements (none here; the check is
// still there) one at a time.
// SPLITVEC-LABEL: func.func @full_sum_squares
//       SPLITVEC:   memref.alloc() : memref<32xf32>
//       SPLITVEC:   gpu.launch blocks({{.*}} in (%{{.*}} = %c32
//       SPLITVEC:     scf.for %{{.*}} step %c32{{.*}} -> (f32, f32, f32, f32)
// SPLITVEC-COUNT-32:    vector.load %arg0[%{{.*}}] {alignment = 16 : i64} : memref<1048576xf32>, vector<4xf32>
//       SPLITVEC:     scf.for %{{.*}} step %c1{{.*}} -> (f32, f32, f32, f32)
//       SPLITVEC:       vector.load %arg0
//       SPLITVEC:     scf.if %{{.*}} -> (f32)
//       SPLITVEC:       memref.load %arg0[%{{.*}}] : memref<1048576xf32>
//       SPLITVEC:   {ferric.schedule = "split-full"}
// SPLITVEC-REMARK: remark: [Passed] Reduction | {{.*}} Remark="split-full (2 kernels) for 1 outputs of 1048576 reduced elements, 32 blocks per output, 4 elements per load"
// OPT-LABEL: func.func @full_sum_squares
//       OPT:   memref.alloc() : memref<64xf32>
//       OPT:   gpu.launch
//   OPT-NOT:     workgroup(
//       OPT:     memref.alloc() : memref<256xf32, 3>
//       OPT:   {ferric.schedule = "split-full"}
//       OPT:   {ferric.schedule = "split-full-stage2"}
func.func @full_sum_squares(%in: memref<1048576xf32>, %out: memref<f32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%out : memref<f32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%in : memref<1048576xf32>) outs(%out : memref<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %q = arith.mulf %x, %x : f32
    %s = arith.addf %acc, %q : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A full max of f64, sizes known only at run time: split-full with the block
// count chosen on the host (ceil(n / 8192), between 1 and 1024) and a
// dynamic partials buffer.
// split-load-bytes=16, f64 of a rank-2 buffer: its flat view, 2 per load.
// SPLITVEC-LABEL: func.func @full_max_dynamic
//       SPLITVEC:     %[[FLAT:.*]] = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<?x?xf64> into memref<?xf64>
//       SPLITVEC:       vector.load %[[FLAT]][%{{.*}}] {alignment = 16 : i64} : memref<?xf64>, vector<2xf64>
// SPLITVEC-REMARK: remark: [Passed] Reduction | {{.*}} Remark="split-full (2 kernels) for 1 outputs of dynamic reduced elements, blocks per output chosen on the host, 2 elements per load"
// CHECK-LABEL: func.func @full_max_dynamic
//       CHECK:   %[[R:.*]] = memref.dim
//       CHECK:   %[[C:.*]] = memref.dim
//       CHECK:   %[[N:.*]] = arith.muli %[[R]], %[[C]]
//       CHECK:   %[[W:.*]] = arith.addi %[[N]], %c8191
//       CHECK:   %[[D:.*]] = arith.divui %[[W]], %c8192
//       CHECK:   %[[M:.*]] = arith.minui %[[D]], %c1024
//       CHECK:   %[[G:.*]] = arith.maxui %[[M]], %c1
//       CHECK:   %[[PART:.*]] = memref.alloc(%[[G]]) : memref<?xf64>
//       CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %[[G]], {{.*}} workgroup(%{{.*}} : memref<256xf64, 3>)
//       CHECK:     arith.constant 0xFFF0000000000000 : f64
//       CHECK:     arith.maximumf
//       CHECK:   } {ferric.schedule = "split-full"}
//       CHECK:   } {ferric.schedule = "split-full-stage2"}
//       CHECK:   memref.dealloc %[[PART]]
func.func @full_max_dynamic(%in: memref<?x?xf64>, %out: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>],
                  iterator_types = ["reduction", "reduction"]}
      ins(%in : memref<?x?xf64>) outs(%out : memref<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %m = arith.maximumf %x, %acc : f64
    linalg.yield %m : f64
  }
  return
}

// -----

// Four long rows (f16 read into f32): few outputs, so split-full too. A
// thread loads 128 bytes (split-fold-bytes) of f16 per fold block, four
// accumulators of 16 elements (f32 inputs: of 8), so a block of 256 threads
// takes 256 x 64 elements: min(ceil(10^6 / 16384), 1024 / 4) = 62 blocks
// per row, 248 partials; block b works on row b / 62.
// Not a full reduction: no vector loads with split-load-bytes.
// SPLITVEC-LABEL: func.func @few_long_rows
//   SPLITVEC-NOT:   vector.load
//       SPLITVEC:   {ferric.schedule = "split-full-stage2"}
// SPLITVEC-REMARK: remark: [Passed] Reduction | {{.*}} Remark="split-full (2 kernels) for 4 outputs of 1000000 reduced elements, 62 blocks per output"
// CHECK-LABEL: func.func @few_long_rows
//       CHECK:   memref.alloc() : memref<248xf32>
//       CHECK:   gpu.launch blocks(%[[BX:[^,]*]], {{.*}} in (%{{.*}} = %c248
//       CHECK:     %[[ROW:.*]] = arith.divui %[[BX]], %c62
//       CHECK:     %[[SHARE:.*]] = arith.remui %[[BX]], %c62
//       CHECK:     scf.for %{{.*}} step %c64{{.*}} -> (f32)
//       CHECK:       scf.for %{{.*}} = %c0{{.*}} to %c16{{.*}} step %c1{{.*}} -> (f32, f32, f32, f32)
//       CHECK:     memref.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<4x1000000xf16>
//       CHECK:   } {ferric.schedule = "split-full"}
//       CHECK:   gpu.launch blocks(%[[BY:[^,]*]], {{.*}} in (%{{.*}} = %c4
//       CHECK:     arith.muli %[[BY]], %c62
//       CHECK:     memref.store %{{.*}}, %{{.*}}[%[[BY]]] : memref<4xf32>
//       CHECK:   } {ferric.schedule = "split-full-stage2"}
func.func @few_long_rows(%in: memref<4x1000000xf16>, %out: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<4x1000000xf16>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f16, %acc: f32):
    %e = arith.extf %x : f16 to f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Rows of a vocabulary, [4096, 32000]: enough outputs for one block each
// (the block schedule, one kernel); with warp-size also the block schedule
// (rows longer than warp-max-elements, fewer than 8192 of them).
// CHECK-LABEL: func.func @vocab_rows
//   CHECK-NOT:   memref.alloc
//       CHECK:   gpu.launch {{.*}} workgroup(
//       CHECK:   } {ferric.schedule = "block"}
//   CHECK-NOT:   gpu.launch
// WARP-LABEL: func.func @vocab_rows
//       WARP:   gpu.launch
//       WARP:   } {ferric.schedule = "block"}
//   WARP-NOT:   gpu.launch
func.func @vocab_rows(%in: memref<4096x32000xf32>, %out: memref<4096xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<4096x32000xf32>) outs(%out : memref<4096xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A tiny row sum [3, 5]: a block reduction (one block per row); with
// warp-size, a warp per row.
// CHECK-LABEL: func.func @tiny_rows
//       CHECK:   gpu.launch
//       CHECK:   } {ferric.schedule = "block"}
//   CHECK-NOT:   gpu.launch
// WARP-LABEL: func.func @tiny_rows
//       WARP:   gpu.launch
//       WARP:   } {ferric.schedule = "warp"}
func.func @tiny_rows(%in: memref<3x5xf32>, %out: memref<3xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<3x5xf32>) outs(%out : memref<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A column sum [16384, 8192]: split-column. 8192 columns are 32 tiles of
// 256; ceil(1024 * 256 / 8192) = 32 chunks of 512 rows (at least
// column-chunk-rows 64) give 1024 blocks. Thread (chunk, column) folds its
// 512 rows in blocks of 32 and stores partials[chunk * 8192 + column]; the
// second kernel folds each column's 32 partials in the same blocked order
// into the output.
// CHECK-LABEL: func.func @column_sum
//  CHECK-SAME:   (%[[IN:.*]]: memref<16384x8192xf32>, %[[OUT:.*]]: memref<8192xf32>)
//       CHECK:   %[[PART:.*]] = memref.alloc() : memref<262144xf32>
//       CHECK:   gpu.launch blocks(%[[BX:[^,]*]], {{.*}} in (%[[GX:[^ ]*]] = %c1024{{.*}} threads(%[[TX:[^,]*]],
//   CHECK-NOT:     workgroup(
//       CHECK:     scf.for %[[W:.*]] = %[[BX]] to %c1024{{.*}} step %[[GX]]
//       CHECK:       %[[CHUNK:.*]] = arith.divui %[[W]], %c32
//       CHECK:       %[[TILE:.*]] = arith.remui %[[W]], %c32
//       CHECK:       %[[T0:.*]] = arith.muli %[[TILE]], %c256
//       CHECK:       %[[COL:.*]] = arith.addi %[[T0]], %[[TX]]
//       CHECK:       arith.cmpi ult, %[[COL]], %c8192
//       CHECK:         %[[FIRST:.*]] = arith.muli %[[CHUNK]], %c512
//       CHECK:         scf.for {{.*}} step %c32
//       CHECK:           scf.for {{.*}} -> (f32, f32, f32, f32)
//       CHECK:             %[[ROW:.*]] = arith.addi %[[FIRST]],
//       CHECK:             memref.load %[[IN]][%[[ROW]], %[[COL]]]
//       CHECK:         %[[PI:.*]] = arith.muli %[[CHUNK]], %c8192
//       CHECK:         %[[PJ:.*]] = arith.addi %[[PI]], %[[COL]]
//       CHECK:         memref.store %{{.*}}, %[[PART]][%[[PJ]]]
//       CHECK:   } {ferric.schedule = "split-column"}
//       CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %c32
//       CHECK:         memref.load %[[PART]]
//       CHECK:         %[[INIT:.*]] = memref.load %[[OUT]]
//       CHECK:         arith.addf %[[INIT]]
//       CHECK:         memref.store %{{.*}}, %[[OUT]]
//       CHECK:   } {ferric.schedule = "split-column-stage2"}
//       CHECK:   memref.dealloc %[[PART]]
// With split-max-blocks=64: ceil(64 * 256 / 8192) = 2 chunks of 8192 rows
// (column-chunk-rows=1024 would allow 16).
// OPT-LABEL: func.func @column_sum
//       OPT:   memref.alloc() : memref<16384xf32>
//       OPT:   {ferric.schedule = "split-column"}
//       OPT:   {ferric.schedule = "split-column-stage2"}
func.func @column_sum(%in: memref<16384x8192xf32>, %out: memref<8192xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<16384x8192xf32>) outs(%out : memref<8192xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Short, many columns [8, 100000]: one chunk of 8 rows (at most
// column-chunk-rows), so one thread per output, no partials.
// CHECK-LABEL: func.func @short_columns
//   CHECK-NOT:   memref.alloc
//       CHECK:   gpu.launch
//       CHECK:   } {ferric.schedule = "thread-per-output"}
//   CHECK-NOT:   gpu.launch
func.func @short_columns(%in: memref<8x100000xf32>, %out: memref<100000xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<8x100000xf32>) outs(%out : memref<100000xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Long columns, enough of them to fill the GPU [1000, 300000]: one chunk
// (ceil(1024 * 256 / 300000) = 1), so the column schedule in one kernel,
// still folding in blocks of 32, straight into the output.
// CHECK-LABEL: func.func @many_long_columns
//   CHECK-NOT:   memref.alloc
//       CHECK:   gpu.launch
//       CHECK:         scf.for {{.*}} step %c32
//       CHECK:         memref.store %{{.*}}, %{{.*}} : memref<300000xf32>
//       CHECK:   } {ferric.schedule = "column"}
//   CHECK-NOT:   gpu.launch
func.func @many_long_columns(%in: memref<1000x300000xf32>, %out: memref<300000xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<1000x300000xf32>) outs(%out : memref<300000xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A middle dim [4, 4096, 128] over d1, the contiguous d2 kept (more than
// column-narrow-columns): the column path over 512 outputs
// (ceil(262144 / 512) = 512 chunks wanted, 4096 / 64 = 64 allowed): 64
// chunks of 64 rows; output (d0, d2) from column c.
// CHECK-LABEL: func.func @middle_dim
//       CHECK:   memref.alloc() : memref<32768xf32>
//       CHECK:   gpu.launch
//       CHECK:       %[[COL:.*]] = arith.addi %{{.*}}, %{{.*}} : index
//       CHECK:       arith.cmpi ult, %[[COL]], %c512
//       CHECK:         %[[D2:.*]] = arith.remui %[[COL]], %c128
//       CHECK:         %[[D0:.*]] = arith.divui %[[COL]], %c128
//       CHECK:             memref.load %{{.*}}[%[[D0]], %{{.*}}, %[[D2]]] : memref<4x4096x128xf32>
//       CHECK:   } {ferric.schedule = "split-column"}
//       CHECK:   } {ferric.schedule = "split-column-stage2"}
func.func @middle_dim(%in: memref<4x4096x128xf32>, %out: memref<4x128xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%in : memref<4x4096x128xf32>) outs(%out : memref<4x128xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.minimumf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A column max with sizes known at run time: the chunk count computed on
// the host (min(ceil(262144 / max(cols, 1)), max(rows / 64, 1), 65535)),
// and with it the choice: split-column for several chunks, the column
// schedule for one; both under cols > 0.
// CHECK-LABEL: func.func @column_max_dynamic
//       CHECK:   %[[COLS:.*]] = memref.dim %{{.*}}, %c1
//       CHECK:   arith.maxui %[[COLS]], %c1
//       CHECK:   %[[C1:.*]] = arith.minui
//       CHECK:   %[[CH:.*]] = arith.minui %[[C1]], %c65535
//       CHECK:   %[[SPLIT:.*]] = arith.cmpi ugt, %[[CH]], %c1
//       CHECK:   scf.if %[[SPLIT]] {
//       CHECK:     scf.if
//       CHECK:       %[[N:.*]] = arith.muli %[[CH]], %[[COLS]]
//       CHECK:       memref.alloc(%[[N]]) : memref<?xf32>
//       CHECK:       {ferric.schedule = "split-column"}
//       CHECK:       {ferric.schedule = "split-column-stage2"}
//       CHECK:       memref.dealloc
//       CHECK:   } else {
//   CHECK-NOT:     memref.alloc
//       CHECK:       {ferric.schedule = "column"}
//   CHECK-NOT:   gpu.launch
func.func @column_max_dynamic(%in: memref<?x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A tiny column sum [3, 5]: one thread per output.
// CHECK-LABEL: func.func @tiny_columns
//       CHECK:   gpu.launch
//       CHECK:   } {ferric.schedule = "thread-per-output"}
//   CHECK-NOT:   gpu.launch
func.func @tiny_columns(%in: memref<3x5xf32>, %out: memref<5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<3x5xf32>) outs(%out : memref<5xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A bf16 column sum, 8192 columns. With column-load-bytes=4 (the NVVM
// pipeline's default) each thread of the split-column kernel takes 2
// adjacent columns and reads them with one vector<2xbf16> load per row (a
// warp's access is 128 bytes, as for f32 columns), folding each column in
// its own 4 accumulators: blocks of 32 rows (128 bytes per thread), written
// out. Half as many column groups as columns, so ceil(1024 * 256 / 4096) =
// 64 chunks of 256 rows. Without the option (the pass's default, and the
// SPIR-V pipeline), one column and one bf16 load per thread.
// VEC-LABEL: func.func @column_sum_bf16
//       VEC:   gpu.launch
//       VEC:     %[[T0:.*]] = arith.muli %{{.*}}, %c256
//       VEC:     %[[T1:.*]] = arith.addi %[[T0]], %{{.*}} : index
//       VEC:     %[[COL:.*]] = arith.muli %[[T1]], %c2
//       VEC:     arith.cmpi ult, %[[COL]], %c8192
//       VEC:       scf.for {{.*}} step %c32{{.*}} -> (f32, f32)
//   VEC-NOT:         scf.for
// VEC-COUNT-32:      vector.load %{{.*}}[%{{.*}}, %[[COL]]] {{.*}} : memref<16384x8192xbf16>, vector<2xbf16>
//   VEC-NOT:         memref.load
//       VEC:         scf.yield
//       VEC:       memref.store
//       VEC:       %[[NEXT:.*]] = arith.addi %{{.*}}, %c1
//       VEC:       memref.store %{{.*}}, %{{.*}}[%[[NEXT]]]
//       VEC:   } {ferric.schedule = "split-column"}
//       VEC:   } {ferric.schedule = "split-column-stage2"}
// VEC-REMARK: Function=column_sum_bf16 | Remark="split-column (2 kernels) for 8192 outputs of 16384 reduced elements, 64 chunks, 2 columns per thread"
// CHECK-LABEL: func.func @column_sum_bf16
//   CHECK-NOT:   vector.load
//       CHECK:   memref.load %{{.*}} : memref<16384x8192xbf16>
//   CHECK-NOT:   vector.load
//       CHECK:   } {ferric.schedule = "split-column"}
func.func @column_sum_bf16(%in: memref<16384x8192xbf16>, %out: memref<8192xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<16384x8192xbf16>) outs(%out : memref<8192xf32>) {
  ^bb0(%x: bf16, %acc: f32):
    %e = arith.extf %x : bf16 to f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// 1001 bf16 columns: no pair of adjacent columns covers them all, so one
// column per thread even with column-load-bytes=4; f32 columns (4 bytes
// each) also stay one per thread.
// VEC-LABEL: func.func @column_max_bf16_odd
//   VEC-NOT:   vector.load
//       VEC:   } {ferric.schedule = "split-column"}
// VEC-REMARK: Function=column_max_bf16_odd | Remark="split-column (2 kernels) for 1001 outputs of 4096 reduced elements, 64 chunks"
// VEC-REMARK: Function=column_max_f32 | Remark="split-column (2 kernels) for 8192 outputs of 4096 reduced elements, 32 chunks"
func.func @column_max_bf16_odd(%in: memref<4096x1001xbf16>, %out: memref<1001xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<4096x1001xbf16>) outs(%out : memref<1001xf32>) {
  ^bb0(%x: bf16, %acc: f32):
    %e = arith.extf %x : bf16 to f32
    %s = arith.maximumf %acc, %e : f32
    linalg.yield %s : f32
  }
  return
}
// VEC-LABEL: func.func @column_max_f32
//   VEC-NOT:   vector.load
//       VEC:   } {ferric.schedule = "split-column"}
func.func @column_max_f32(%in: memref<4096x8192xf32>, %out: memref<8192xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<4096x8192xf32>) outs(%out : memref<8192xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.maximumf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}
