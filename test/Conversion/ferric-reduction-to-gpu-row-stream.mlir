// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-stream=true" | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-stream=true row-stream-min-length=1" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=FORCED
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-stream=true row-program-cluster=16 row-program-cluster-block=256" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-stream=false" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-stream=true row-stream-min-length=1" | FileCheck %s --check-prefix=ALIGNED
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-stream=true row-stream-min-length=1 row-stream-threads=256 row-stream-thread-bytes=32 row-stream-min-blocks=4" | FileCheck %s --check-prefix=SHAPE
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-stream=true row-stream-min-length=1 row-stream-threads=256 row-stream-thread-bytes=32 row-stream-min-blocks=4" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=SHAPEREMARK
// RUN: not ferric-opt %s --ferric-reduction-to-gpu="row-stream-threads=384" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADTHREADS
// RUN: not ferric-opt %s --ferric-reduction-to-gpu="row-stream-thread-bytes=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADBYTES
// RUN: not ferric-opt %s --ferric-reduction-to-gpu="row-stream-threads=1024 row-stream-min-blocks=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADBLOCKS

// Row streams (row-stream): a block of 512 threads per row walks the row in
// tiles of 512 threads x 2 chunks of 16 bytes (f32 rows of whole 16-byte
// chunks: 32 bytes per thread and tile, so 4096 elements, 32 tiles over
// 131072), a pass per reduction and a last pass for the elementwise
// members. Softmax's sum of exp(x - max) shares the max's pass: each thread
// carries its running max and its sum relative to it (base: the max, 0
// while it is -inf), rescales the sum by exp(old base - new base) when the
// max grows (0 while the old max is -inf), and after the block's max the
// thread's sum is rescaled to the row's max before the block adds them.
// Without clusters no row program holds 131072 f32, so the automatic choice
// streams it; with clusters of up to 16 it is held (AUTO), while bf16 rows
// of 131072 and longer are streamed, and so is every row with
// row-stream-min-length=1 (FORCED; LayerNorm: 3 passes, mean and variance
// each their own, and a sum that is not of exp(x - max) is not online).
// row-stream=false keeps the row program, or the re-reading kernels for
// rows no row program holds (in the OFF run a warp per row,
// row-group-block-elements being 0).

// CHECK-LABEL: func.func @softmax_131072(
//       CHECK:   gpu.launch blocks({{.*}}) threads(%[[TID:[^,]*]], {{.*}}) in ({{.*}} = %c512{{.*}} workgroup(%[[MAXW:.*]] : memref<16xf32, 3>, %[[SUMW:.*]] : memref<16xf32, 3>)
//       CHECK:   scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step
//       CHECK:   %[[PASS1:.*]]:2 = scf.for %[[P:.*]] = %{{.*}} to %c32{{.*}} step %{{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) -> (f32, f32)
//       CHECK:     %[[TILE:.*]] = arith.muli %[[P]], %c4096
//       CHECK:     vector.load %arg0[%[[ROW]], %{{.*}}] {alignment = 16 : i64} : memref<64x131072xf32>, vector<4xf32>
//       CHECK:     %[[MAX:.*]] = arith.maximumf %[[M]], %{{.*}} : f32
//       CHECK:     %[[NEGINF:.*]] = arith.cmpf oeq, %[[MAX]], %{{.*}} : f32
//       CHECK:     %[[BASE:.*]] = arith.select %[[NEGINF]], %{{.*}}, %[[MAX]] : f32
//       CHECK:     %[[D:.*]] = arith.subf %{{.*}}, %[[BASE]] : f32
//  CHECK-NEXT:     math.exp %[[D]] : f32
//       CHECK:     %[[OLDINF:.*]] = arith.cmpf oeq, %[[M]], %{{.*}} : f32
//  CHECK-NEXT:     %[[OLDBASE:.*]] = arith.select %[[OLDINF]], %{{.*}}, %[[M]] : f32
//  CHECK-NEXT:     %[[NEWINF:.*]] = arith.cmpf oeq, %[[MAX]], %{{.*}} : f32
//  CHECK-NEXT:     %[[NEWBASE:.*]] = arith.select %[[NEWINF]], %{{.*}}, %[[MAX]] : f32
//  CHECK-NEXT:     %[[SHIFT:.*]] = arith.subf %[[OLDBASE]], %[[NEWBASE]] : f32
//       CHECK:     %[[FACTOR:.*]] = math.exp %[[SHIFT]] : f32
//       CHECK:     %[[SCALED:.*]] = arith.mulf %[[S]], %[[FACTOR]] : f32
//       CHECK:     %[[KEPT:.*]] = arith.select %{{.*}}, %{{.*}}, %[[SCALED]] : f32
//       CHECK:     %[[SUM:.*]] = arith.addf %[[KEPT]], %{{.*}} : f32
//       CHECK:     scf.yield %[[MAX]], %[[SUM]] : f32, f32
//       CHECK:   gpu.shuffle  xor %[[PASS1]]#0
//       CHECK:   memref.store %{{.*}}, %[[MAXW]]
//       CHECK:   gpu.barrier
//       CHECK:   arith.mulf %[[PASS1]]#1, %{{.*}} : f32
//       CHECK:   gpu.shuffle  xor
//       CHECK:   memref.store %{{.*}}, %[[SUMW]]
//       CHECK:   gpu.barrier
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %c32{{.*}} step %{{.*}} {
//       CHECK:     vector.load %arg0[%[[ROW]]
//       CHECK:     arith.divf
//       CHECK:     vector.store %{{.*}}, %{{.*}}[%[[ROW]], %{{.*}}] {alignment = 16 : i64} : memref<64x131072xf32>, vector<4xf32>
//       CHECK:   gpu.barrier
//       CHECK:   } {ferric.schedule = "row-stream"}

// Other stream shapes: blocks of 256 threads, 32 bytes (2 chunks of 4 f32)
// per thread and tile, so 2048 elements a tile and 64 tiles over 131072;
// the row loop asks for 4 resident blocks per SM (the mark
// ferric-nvvm-occupancy-hints turns into nvvm.minctasm). Bad values are
// one error each.
// SHAPE-LABEL: func.func @softmax_131072(
//       SHAPE:   gpu.launch {{.*}} in ({{.*}} = %c256{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) workgroup({{.*}} : memref<8xf32, 3>, {{.*}} : memref<8xf32, 3>)
//       SHAPE:   scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step
//       SHAPE:   scf.for %{{.*}} = %{{.*}} to %c64{{.*}} iter_args
//       SHAPE:     arith.muli %{{.*}}, %c2048
//       SHAPE-COUNT-2: vector.load %arg0[%[[ROW]], %{{.*}}] {alignment = 16 : i64} : memref<64x131072xf32>, vector<4xf32>
//   SHAPE-NOT:     vector.load
//       SHAPE:     scf.yield
//       SHAPE:   } {ferric.min_blocks_per_sm = 4 : i32}
// SHAPEREMARK: softmax_131072{{.*}}row-stream for 64 outputs of 131072 reduced elements, a block of 256 threads per row, 2 passes over tiles of 2 x 4 values per thread, max and sum of exp in one pass, 4 blocks per SM
// BADTHREADS: error: ferric-reduction-to-gpu: row-stream-threads must be 64, 128, 256, 512 or 1024, got 384
// BADBYTES: error: ferric-reduction-to-gpu: row-stream-thread-bytes must be 0, 16, 32, 64, 128 or 256, got 8
// BADBLOCKS: error: ferric-reduction-to-gpu: row-stream-min-blocks = 3 blocks of 1024 threads exceed the 2048 resident threads of an SM

// AUTO: softmax_131072{{.*}}row-program-cluster for 64 outputs
// FORCED: softmax_131072{{.*}}row-stream for 64 outputs of 131072 reduced elements, a block of 512 threads per row, 2 passes over tiles of 2 x 4 values per thread, max and sum of exp in one pass
// OFF: softmax_131072{{.*}}Remark="row-group for 64 outputs
func.func @softmax_131072(%arg0: memref<64x131072xf32>) -> memref<64x131072xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x131072xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() : memref<64x131072xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<64xf32>, memref<64x131072xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<64xf32>, memref<64xf32>, memref<64x131072xf32>) outs(%alloc_2 : memref<64x131072xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc_2 : memref<64x131072xf32>
}

// -----

// LayerNorm: mean and variance each take a pass (the variance's sum is not
// of exp(x - max)), then the normalization; gamma and beta are loaded in
// the last pass only.
// FORCED: layernorm{{.*}}row-stream for dynamic outputs of 4096 reduced elements, a block of 512 threads per row, 3 passes over tiles of 2 x 4 values per thread"
// AUTO: layernorm{{.*}}row-program-registers
// CHECK-LABEL: func.func @layernorm(
//       CHECK:   scf.for
//   CHECK-NOT:   ferric.schedule = "row-stream"
//       CHECK:   ferric.schedule = "row-program-registers"
func.func @layernorm(%arg0: memref<?x4096xf32>, %arg1: memref<4096xf32>, %arg2: memref<4096xf32>) -> memref<?x4096xf32> {
  %cst = arith.constant 4.096000e+03 : f32
  %cst_0 = arith.constant 9.99999974E-6 : f32
  %cst_1 = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?x4096xf32>
  %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  linalg.fill ins(%cst_1 : f32) outs(%alloc : memref<?xf32>)
  %alloc_2 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  memref.copy %alloc, %alloc_2 : memref<?xf32> to memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x4096xf32>) outs(%alloc_2 : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_3 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x4096xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_2, %arg0 : memref<?xf32>, memref<?x4096xf32>) outs(%alloc : memref<?xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %0 = arith.divf %in, %cst : f32
    %1 = arith.subf %in_4, %0 : f32
    %2 = arith.mulf %1, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg1, %arg2, %alloc_2, %arg0 : memref<?xf32>, memref<4096xf32>, memref<4096xf32>, memref<?xf32>, memref<?x4096xf32>) outs(%alloc_3 : memref<?x4096xf32>) {
  ^bb0(%in: f32, %in_4: f32, %in_5: f32, %in_6: f32, %in_7: f32, %out: f32):
    %0 = arith.divf %in, %cst : f32
    %1 = arith.addf %0, %cst_0 : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.divf %in_6, %cst : f32
    %4 = arith.subf %in_7, %3 : f32
    %5 = arith.mulf %4, %2 : f32
    %6 = arith.mulf %5, %in_4 : f32
    %7 = arith.addf %6, %in_5 : f32
    linalg.yield %7 : f32
  }
  memref.dealloc %alloc : memref<?xf32>
  memref.dealloc %alloc_2 : memref<?xf32>
  return %alloc_3 : memref<?x4096xf32>
}

// -----

// bf16 softmax over 131072: streamed by default (rows of 131072 narrow
// elements or more, and at least 256 of them: fewer are held, each over a
// cluster), one 8-element chunk per thread and tile (16 bytes: rows of
// whole chunks of narrow elements); the sum's body subtracts the max
// rounded to bf16, and so does the rescaling (truncf, extf) before exp.
// AUTO: softmax_bf16_131072{{.*}}row-stream for 512 outputs of 131072 reduced elements, a block of 512 threads per row, 2 passes over tiles of 1 x 8 values per thread, max and sum of exp in one pass
// CHECK-LABEL: func.func @softmax_bf16_131072(
//       CHECK:   scf.for {{.*}} iter_args(%[[BM:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (f32, f32)
//       CHECK:     vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<512x131072xbf16>, vector<8xbf16>
//       CHECK:     arith.cmpf oeq, %[[BM]], %{{.*}} : f32
//  CHECK-NEXT:     %[[OLD:.*]] = arith.select {{.*}} : f32
//  CHECK-NEXT:     %[[OLDBF:.*]] = arith.truncf %[[OLD]] : f32 to bf16
//  CHECK-NEXT:     %[[OLD32:.*]] = arith.extf %[[OLDBF]] : bf16 to f32
//  CHECK-NEXT:     arith.cmpf oeq
//  CHECK-NEXT:     %[[NEW:.*]] = arith.select {{.*}} : f32
//  CHECK-NEXT:     %[[NEWBF:.*]] = arith.truncf %[[NEW]] : f32 to bf16
//  CHECK-NEXT:     %[[NEW32:.*]] = arith.extf %[[NEWBF]] : bf16 to f32
//  CHECK-NEXT:     %[[SHIFT:.*]] = arith.subf %[[OLD32]], %[[NEW32]] : f32
//  CHECK-NEXT:     math.exp %[[SHIFT]] : f32
//       CHECK:   ferric.schedule = "row-stream"
func.func @softmax_bf16_131072(%arg0: memref<512x131072xbf16>) -> memref<512x131072xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<512xf32>
  %alloc_1 = memref.alloc() : memref<512xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<512xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<512x131072xbf16>) outs(%alloc_1 : memref<512xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.maximumf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc() : memref<512x131072xbf16>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<512xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<512xf32>, memref<512x131072xbf16>) outs(%alloc : memref<512xf32>) {
  ^bb0(%in: f32, %in_3: bf16, %out: f32):
    %0 = arith.truncf %in : f32 to bf16
    %1 = arith.subf %in_3, %0 : bf16
    %2 = arith.extf %1 : bf16 to f32
    %3 = math.exp %2 : f32
    %4 = arith.truncf %3 : f32 to bf16
    %5 = arith.extf %4 : bf16 to f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<512xf32>, memref<512xf32>, memref<512x131072xbf16>) outs(%alloc_2 : memref<512x131072xbf16>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: bf16, %out: bf16):
    %0 = arith.truncf %in : f32 to bf16
    %1 = arith.truncf %in_3 : f32 to bf16
    %2 = arith.subf %in_4, %1 : bf16
    %3 = arith.extf %2 : bf16 to f32
    %4 = math.exp %3 : f32
    %5 = arith.truncf %4 : f32 to bf16
    %6 = arith.divf %5, %0 : bf16
    linalg.yield %6 : bf16
  }
  memref.dealloc %alloc : memref<512xf32>
  memref.dealloc %alloc_1 : memref<512xf32>
  return %alloc_2 : memref<512x131072xbf16>
}

// -----

// The same over a row count known only at run time: with clusters the host
// streams 256 rows or more and holds fewer (each over a cluster).
// AUTO: softmax_bf16_rows{{.*}}Remark="chosen on the host: row-stream or row-program-cluster for dynamic outputs of 131072 reduced elements"
// CHECK-LABEL: func.func @softmax_bf16_rows(
//       CHECK:   ferric.schedule = "row-stream"
func.func @softmax_bf16_rows(%arg0: memref<?x131072xbf16>) -> memref<?x131072xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?x131072xbf16>
  %alloc = memref.alloc(%dim) : memref<?xf32>
  %alloc_1 = memref.alloc(%dim) : memref<?xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x131072xbf16>) outs(%alloc_1 : memref<?xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.maximumf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc(%dim) : memref<?x131072xbf16>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<?xf32>, memref<?x131072xbf16>) outs(%alloc : memref<?xf32>) {
  ^bb0(%in: f32, %in_3: bf16, %out: f32):
    %0 = arith.truncf %in : f32 to bf16
    %1 = arith.subf %in_3, %0 : bf16
    %2 = arith.extf %1 : bf16 to f32
    %3 = math.exp %2 : f32
    %4 = arith.truncf %3 : f32 to bf16
    %5 = arith.extf %4 : bf16 to f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<?xf32>, memref<?xf32>, memref<?x131072xbf16>) outs(%alloc_2 : memref<?x131072xbf16>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: bf16, %out: bf16):
    %0 = arith.truncf %in : f32 to bf16
    %1 = arith.truncf %in_3 : f32 to bf16
    %2 = arith.subf %in_4, %1 : bf16
    %3 = arith.extf %2 : bf16 to f32
    %4 = math.exp %3 : f32
    %5 = arith.truncf %4 : f32 to bf16
    %6 = arith.divf %5, %0 : bf16
    linalg.yield %6 : bf16
  }
  memref.dealloc %alloc : memref<?xf32>
  memref.dealloc %alloc_1 : memref<?xf32>
  return %alloc_2 : memref<?x131072xbf16>
}

// -----

// A row length no 16-byte chunk divides (GPT-2's 50257), streamed
// (row-stream-min-length=1): 16-byte chunks aligned in memory, read and
// written through a flat view of the buffer from the row's first 16-byte
// boundary (head = (8 - start % 8) % 8 elements before it, start = row *
// 50257); the head and the tail (fewer than 16 elements) are a tile of one
// element per thread, folded before the tiles of whole chunks (into the
// same accumulators) and stored before them in the last pass. Automatically
// (AUTO), narrow rows that only a cluster holds are streamed when there
// are 256 or more, else held over a cluster: the host picks by the row
// count.
// FORCED: softmax_bf16_50257{{.*}}row-stream for dynamic outputs of 50257 reduced elements, a block of 512 threads per row, 2 passes over tiles of 4 x 8 values per thread (16-byte chunks aligned in memory, the row's ends one element per thread), max and sum of exp in one pass
// AUTO: softmax_bf16_50257{{.*}}Remark="chosen on the host: row-stream or row-program-cluster for dynamic outputs of 50257 reduced elements"
// ALIGNED-LABEL: func.func @softmax_bf16_50257(
//       ALIGNED:   gpu.launch blocks({{.*}}) threads(%[[TID:[^,]*]],
//       ALIGNED:   %[[FLAT:.*]] = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<?x50257xbf16> into memref<?xbf16>
//       ALIGNED:   %[[OUT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<?x50257xbf16> into memref<?xbf16>
//       ALIGNED:   scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step
//       ALIGNED:     %[[START:.*]] = arith.muli %[[ROW]], %c50257
//       ALIGNED:     %[[MOD:.*]] = arith.remui %[[START]], %c8
//       ALIGNED:     %[[TO:.*]] = arith.subi %c8{{.*}}, %[[MOD]]
//       ALIGNED:     %[[TOB:.*]] = arith.remui %[[TO]], %c8
//       ALIGNED:     %[[HEAD:.*]] = arith.minui %[[TOB]], %c50257
//       ALIGNED:     %[[REST:.*]] = arith.subi %c50257{{.*}}, %[[HEAD]]
//       ALIGNED:     %[[WHOLE:.*]] = arith.divui %[[REST]], %c8
//       ALIGNED:     %[[TILES:.*]] = arith.divui %{{.*}}, %c2048
//       ALIGNED:     %[[WHOLELEN:.*]] = arith.muli %[[WHOLE]], %c8
//       ALIGNED:     %[[INHEAD:.*]] = arith.cmpi ult, %[[TID]], %[[HEAD]]
//       ALIGNED:     %[[TAIL:.*]] = arith.addi %[[WHOLELEN]], %[[TID]]
//       ALIGNED:     %[[END:.*]] = arith.select %[[INHEAD]], %[[TID]], %[[TAIL]]
//       ALIGNED:     %[[ENDS:.*]] = arith.subi %c50257{{.*}}, %[[WHOLELEN]]
//       ALIGNED:     %[[ENDVALID:.*]] = arith.cmpi ult, %[[TID]], %[[ENDS]]
//       ALIGNED:     %[[ENDEL:.*]] = arith.minui %[[END]], %c50256
//       ALIGNED:     %[[ENDAT:.*]] = arith.addi %[[START]], %[[ENDEL]]
//       ALIGNED:     memref.load %[[FLAT]][%[[ENDAT]]] : memref<?xbf16>
//       ALIGNED:     scf.for %[[P:.*]] = %{{.*}} to %[[TILES]] step %{{.*}} iter_args(
//       ALIGNED:       %[[CHUNK:.*]] = arith.addi %{{.*}}, %[[TID]]
//       ALIGNED:       arith.cmpi ult, %[[CHUNK]], %[[WHOLE]]
//       ALIGNED:       %[[CLAMPED:.*]] = arith.minui %[[CHUNK]], %{{.*}}
//       ALIGNED:       %[[CHUNKEL:.*]] = arith.muli %[[CLAMPED]], %c8
//       ALIGNED:       %[[INROW:.*]] = arith.addi %[[HEAD]], %[[CHUNKEL]]
//       ALIGNED:       %[[CHUNKAT:.*]] = arith.addi %[[START]], %[[INROW]]
//       ALIGNED:       vector.load %[[FLAT]][%[[CHUNKAT]]] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
//       ALIGNED:     gpu.barrier
//       ALIGNED:     gpu.barrier
//       ALIGNED:     scf.if %[[ENDVALID]] {
//  ALIGNED-NEXT:       memref.store %{{.*}}, %[[OUT]][%[[ENDAT]]] : memref<?xbf16>
//       ALIGNED:     scf.for %{{.*}} = %{{.*}} to %[[TILES]] step
//       ALIGNED:       vector.store %{{.*}}, %[[OUT]][%{{.*}}] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
//       ALIGNED:   ferric.schedule = "row-stream"
func.func @softmax_bf16_50257(%arg0: memref<?x50257xbf16>) -> memref<?x50257xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?x50257xbf16>
  %alloc = memref.alloc(%dim) : memref<?xf32>
  %alloc_1 = memref.alloc(%dim) : memref<?xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x50257xbf16>) outs(%alloc_1 : memref<?xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.maximumf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc(%dim) : memref<?x50257xbf16>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<?xf32>, memref<?x50257xbf16>) outs(%alloc : memref<?xf32>) {
  ^bb0(%in: f32, %in_3: bf16, %out: f32):
    %0 = arith.truncf %in : f32 to bf16
    %1 = arith.subf %in_3, %0 : bf16
    %2 = arith.extf %1 : bf16 to f32
    %3 = math.exp %2 : f32
    %4 = arith.truncf %3 : f32 to bf16
    %5 = arith.extf %4 : bf16 to f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<?xf32>, memref<?xf32>, memref<?x50257xbf16>) outs(%alloc_2 : memref<?x50257xbf16>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: bf16, %out: bf16):
    %0 = arith.truncf %in : f32 to bf16
    %1 = arith.truncf %in_3 : f32 to bf16
    %2 = arith.subf %in_4, %1 : bf16
    %3 = arith.extf %2 : bf16 to f32
    %4 = math.exp %3 : f32
    %5 = arith.truncf %4 : f32 to bf16
    %6 = arith.divf %5, %0 : bf16
    linalg.yield %6 : bf16
  }
  memref.dealloc %alloc : memref<?xf32>
  memref.dealloc %alloc_1 : memref<?xf32>
  return %alloc_2 : memref<?x50257xbf16>
}

// -----

// A row length known only at run time: past the held variants (or every
// row, with row-stream-min-length=1) a row stream, with 16-byte chunks from
// the row's start when the length is a multiple of 4 (f32), else aligned
// 16-byte chunks and the row's ends apart.
// FORCED: softmax_dyn{{.*}}Remark="chosen on the host: row-stream or row-program-subwarp or row-program-registers or row-group for dynamic outputs of dynamic reduced elements"
// ALIGNED-LABEL: func.func @softmax_dyn(
//       ALIGNED:   %[[REM:.*]] = arith.remui %{{.*}}, %c4
//       ALIGNED:   %[[WHOLE4:.*]] = arith.cmpi eq, %[[REM]], %c0
//       ALIGNED:   %[[STREAM4:.*]] = arith.andi %{{.*}}, %[[WHOLE4]] : i1
//       ALIGNED:   scf.if %[[STREAM4]] {
//   ALIGNED-NOT:     memref.collapse_shape
//       ALIGNED:     vector.load %arg0[%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
//       ALIGNED:     ferric.schedule = "row-stream"
//       ALIGNED:   } else {
//       ALIGNED:     memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<?x?xf32> into memref<?xf32>
//       ALIGNED:     vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
//       ALIGNED:     ferric.schedule = "row-stream"
func.func @softmax_dyn(%arg0: memref<?x?xf32>) -> memref<?x?xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
  %dim_1 = memref.dim %arg0, %c1 : memref<?x?xf32>
  %alloc = memref.alloc(%dim) : memref<?xf32>
  %alloc_1 = memref.alloc(%dim) : memref<?xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x?xf32>) outs(%alloc_1 : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc(%dim, %dim_1) : memref<?x?xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<?xf32>, memref<?x?xf32>) outs(%alloc : memref<?xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<?xf32>, memref<?xf32>, memref<?x?xf32>) outs(%alloc_2 : memref<?x?xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<?xf32>
  memref.dealloc %alloc_1 : memref<?xf32>
  return %alloc_2 : memref<?x?xf32>
}
