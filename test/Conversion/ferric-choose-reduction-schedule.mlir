// RUN: ferric-opt %s --split-input-file --ferric-choose-reduction-schedule="warp-size=32 row-program=true row-group-producers=true row-group-block-elements=2048 row-program-cluster=16 row-program-cluster-block=256 row-stream=true column-load-bytes=4 split-load-bytes=16" | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-choose-reduction-schedule="warp-size=32 row-program=true row-group-producers=true row-group-block-elements=2048 row-program-cluster=16 row-program-cluster-block=256 row-stream=true column-load-bytes=4 split-load-bytes=16 chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: ferric-opt %s --split-input-file --ferric-choose-reduction-schedule="warp-size=32 row-program=true row-group-producers=true row-group-block-elements=2048 row-program-cluster=16 row-program-cluster-block=256 row-stream=true column-load-bytes=4 split-load-bytes=16" -o /dev/null --remarks-filter=ferric-choose-reduction-schedule --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ferric-opt %s --split-input-file --ferric-choose-reduction-schedule | FileCheck %s --check-prefix=PORTABLE
// RUN: not ferric-opt %s --split-input-file --ferric-choose-reduction-schedule="warp-size=32 row-program=true row-group-producers=true row-group-block-elements=2048 row-program-cluster=16 row-program-cluster-block=256 row-stream=true column-load-bytes=4 split-load-bytes=16 chip=gfx90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADCHIP

// The choice alone, as the ferric.reduction_schedule attribute of each
// reduction (the options are the CUDA pipeline's). Nothing else changes:
// the generics stay for ferric-reduction-to-gpu, which emits the list.

// Rows whose count and length are known only at run time: the host picks
// a warp per row for short or many rows, else a block per row.
// CHECK-LABEL: func.func @row_sum(
//       CHECK:   linalg.generic
//  CHECK-SAME:     ferric.reduction_schedule = ["reduced <= 4096: warp", "outputs >= 8192: warp", "always: block"]
// REMARK: Function=row_sum | Remark="reduced <= 4096: warp; outputs >= 8192: warp; always: block"
// Without warps (the SPIR-V pipeline's default options): a block per row.
// PORTABLE: ferric.reduction_schedule = ["always: block"]
// BADCHIP: error: ferric-choose-reduction-schedule: chip must be sm_<digits>, got 'gfx90a'
func.func @row_sum(%in: memref<?x?xf16>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x?xf16>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f16, %acc: f32):
    %e = arith.extf %x : f16 to f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Static counts decide the guards: 4096 rows of 100000 are long and few.
// CHECK-LABEL: func.func @long_rows(
//       CHECK:   linalg.generic
//  CHECK-SAME:     ferric.reduction_schedule = ["always: block"]
func.func @long_rows(%in: memref<4096x100000xf32>, %out: memref<4096xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<4096x100000xf32>) outs(%out : memref<4096xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A full reduction splits across blocks (two kernels, a host-sized split).
// CHECK-LABEL: func.func @full_max(
//       CHECK:   linalg.generic
//  CHECK-SAME:     ferric.reduction_schedule = ["always: split-full"]
func.func @full_max(%in: memref<4096x4096xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>],
                  iterator_types = ["reduction", "reduction"]}
      ins(%in : memref<4096x4096xf32>) outs(%out : memref<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %x, %acc : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// The innermost loop kept: the coalesced column schedule.
// CHECK-LABEL: func.func @col_sum(
//       CHECK:   linalg.generic
//  CHECK-SAME:     ferric.reduction_schedule = ["always: column"]
func.func @col_sum(%in: memref<4096x1024xf32>, %out: memref<1024xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<4096x1024xf32>) outs(%out : memref<1024xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Softmax over 1024 f32: one row program, 64 threads per row holding four
// 4-wide chunks each; the attribute sits on the group's first reduction.
// CHECK-LABEL: func.func @softmax_1024(
//       CHECK:   linalg.generic
//  CHECK-SAME:     ferric.reduction_schedule = ["always: row-program(team 64, 4 x 4, block 256)"]
//   CHECK-NOT:     ferric.reduction_schedule
// SM80-LABEL: func.func @softmax_1024(
//       SM80:   linalg.generic
//  SM80-SAME:     ferric.reduction_schedule = ["always: row-program(team 64, 4 x 4, block 256)"]
func.func @softmax_1024(%arg0: memref<64x1024xf32>) -> memref<64x1024xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x1024xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() : memref<64x1024xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<64xf32>, memref<64x1024xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<64xf32>, memref<64xf32>, memref<64x1024xf32>) outs(%alloc_2 : memref<64x1024xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc_2 : memref<64x1024xf32>
}

// -----

// Rows of 50257 f32 (GPT-2's vocabulary): over a cluster of 8 blocks on
// sm_90; streamed, a block per row, on sm_80 (no clusters).
// CHECK-LABEL: func.func @softmax_50257(
//       CHECK:   linalg.generic
//  CHECK-SAME:     ferric.reduction_schedule = ["always: row-program(team 2048, 25 x 1, block 256, cluster 8)"]
// SM80-LABEL: func.func @softmax_50257(
//       SM80:   linalg.generic
//  SM80-SAME:     ferric.reduction_schedule = ["always: row-stream(block 512, 4 x 4, aligned)"]
func.func @softmax_50257(%arg0: memref<64x50257xf32>) -> memref<64x50257xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x50257xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() : memref<64x50257xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<64xf32>, memref<64x50257xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<64xf32>, memref<64xf32>, memref<64x50257xf32>) outs(%alloc_2 : memref<64x50257xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc_2 : memref<64x50257xf32>
}
