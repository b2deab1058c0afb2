// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true" | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=false row-group-block-elements=2048 row-group-producers=true" | FileCheck %s --check-prefix=OFF
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-cluster=8 row-program-cluster-block=1024" | FileCheck %s --check-prefix=CLUSTER
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-program-cluster=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADCLUSTER
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-thread-bytes=32" | FileCheck %s --check-prefix=BYTES32
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-program-thread-bytes=48" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADBYTES
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-max-values=16" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=MAX16
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-cluster=16 row-program-cluster-block=256" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=VOCAB
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-cluster=16 row-program-cluster-block=256 row-program-max-values=32" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=VOCAB32
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-cluster=16 row-program-cluster-block=256 row-program-aligned-chunks=false" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=UNALIGNED
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-program-max-values=7" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADVALUES
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-max-registers=64" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=REGS64
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-max-registers=64" | FileCheck %s --check-prefix=REGS64IR
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-program-max-registers=16" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADREGS
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-program-invariant-values=32" | FileCheck %s --check-prefix=INVARIANT
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-block-elements=2048 row-group-producers=true row-reciprocal=false" | FileCheck %s --check-prefix=NORECIP

// Row programs (row-program=true): each row of a row group is loaded once
// into registers and every member runs over them. The team per row and the
// chunk width by row length (static): 32 f32 -> 2 threads of 4 chunks of 4
// (row-program-subwarp), 128 -> 8 threads, 1024 -> 64 threads (two warps,
// one value per warp in workgroup memory), 4096 -> 256, 32000 -> 1024
// threads of 8 chunks (the last masked), 131072 fits no block's registers
// (the re-reading row-group-block kernel); a dynamic row length gets
// variants for rows of up to 512, 4096 and 40960 elements (1024 threads of
// row-program-max-values, default 40), the host picking.
// With row-program-cluster=8 and row-program-cluster-block=1024, rows of up
// to 8 * 40960 elements are a team of a thread-block cluster
// (row-program-cluster) of threads of at least 32 f32 values: 131072 -> 4
// blocks of 1024 threads, 8 chunks each; the dynamic variants add rows of
// up to 327680; 524288 is re-read.

// BADCLUSTER: error: ferric-reduction-to-gpu: row-program-cluster must be 0, 1, 2, 4, 8 or 16, got 3

// CLUSTER-LABEL: func.func @softmax_32000(
//   CLUSTER-NOT:   clusters(
//       CLUSTER:   ferric.schedule = "row-program-registers"

// Block r of a cluster holds team threads r * 1024 ...: chunk k of thread t
// at elements (k * 4096 + r * 1024 + t) * 4. Each reduction: the warp
// values through workgroup memory (a barrier), then thread i < 4 of every
// block writes the block's total into block i's 4-f32 buffer at the
// writer's rank (nvvm.mapa + llvm.store to shared::cluster), a cluster
// barrier, and every thread folds its own buffer in block order. A row ends
// by arriving at a cluster barrier that the next row's first exchange waits
// for (an arrival before the loop for the first row, a wait after it for
// the last).
// CLUSTER-LABEL: func.func @softmax_131072(
//       CLUSTER:   %[[GRID:.*]] = arith.muli %{{.*}}, %c4 : index
//       CLUSTER:   gpu.launch clusters({{.*}}) in ({{.*}} = %c4{{.*}}) blocks({{.*}}) in ({{.*}} = %[[GRID]], {{.*}} threads(%[[TID:[^,]*]], {{.*}}) in ({{.*}} = %c1024{{.*}} workgroup({{.*}} : memref<32xf32, 3>, {{.*}} : memref<32xf32, 3>, %[[MAXT:.*]] : memref<4xf32, 3>, %[[SUMT:.*]] : memref<4xf32, 3>)
//       CLUSTER:     %[[RANK:.*]] = arith.remui %{{.*}}, %c4
//       CLUSTER:     arith.muli %[[RANK]], %c1024
//       CLUSTER:     nvvm.cluster.arrive {aligned}
//  CLUSTER-NEXT:     scf.for
// CLUSTER-COUNT-8:     vector.load %arg0
//   CLUSTER-NOT:     vector.load
//       CLUSTER:     gpu.barrier
//       CLUSTER:     nvvm.cluster.wait {aligned}
//       CLUSTER:     arith.cmpi ult, %[[TID]], %c4
//       CLUSTER:     memref.extract_aligned_pointer_as_index %[[MAXT]]
//       CLUSTER:     arith.muli %[[RANK]], %c4
//       CLUSTER:     nvvm.mapa %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
//  CLUSTER-NEXT:     llvm.store %{{.*}} : f32, !llvm.ptr<7>
//       CLUSTER:     nvvm.cluster.arrive {aligned}
//  CLUSTER-NEXT:     nvvm.cluster.wait {aligned}
// CLUSTER-COUNT-4:     memref.load %[[MAXT]][%c{{[0-3]}}{{.*}}] : memref<4xf32, 3>
//       CLUSTER:     math.exp
//       CLUSTER:     nvvm.mapa
//  CLUSTER-NEXT:     llvm.store
//       CLUSTER:     nvvm.cluster.arrive {aligned}
//  CLUSTER-NEXT:     nvvm.cluster.wait {aligned}
// CLUSTER-COUNT-4:     memref.load %[[SUMT]]
// CLUSTER-COUNT-8:     vector.store
//   CLUSTER-NOT:     vector.store
//       CLUSTER:     nvvm.cluster.arrive {aligned}
//  CLUSTER-NEXT:   }
//  CLUSTER-NEXT:   nvvm.cluster.wait {aligned}
//       CLUSTER:   } {ferric.schedule = "row-program-cluster"}

// CLUSTER-LABEL: func.func @softmax_dyn(
//       CLUSTER:     arith.cmpi ule, %{{.*}}, %c40960
//       CLUSTER:     ferric.schedule = "row-program-registers"
//       CLUSTER:     arith.cmpi ule, %{{.*}}, %c65536
//       CLUSTER:     ferric.schedule = "row-program-cluster"
//       CLUSTER:     arith.cmpi ule, %{{.*}}, %c262144
//       CLUSTER:     ferric.schedule = "row-program-cluster"
//       CLUSTER:     arith.cmpi ule, %{{.*}}, %c327680
//       CLUSTER:     ferric.schedule = "row-program-cluster"
//       CLUSTER:     ferric.schedule = "row-group-block"

// CLUSTER-LABEL: func.func @softmax_524288(
//   CLUSTER-NOT:   clusters(
//       CLUSTER:   ferric.schedule = "row-group-block"

// REMARK: Function=softmax_32 | Remark="row-program-subwarp for 64 outputs of 32 reduced elements, 2 threads per row, 16 values each"
// REMARK: Function=softmax_128 | Remark="row-program-subwarp for 64 outputs of 128 reduced elements, 8 threads per row, 16 values each"
// REMARK: Function=softmax_1024 | Remark="row-program-registers for 64 outputs of 1024 reduced elements, 64 threads per row, 16 values each"
// REMARK: Function=softmax_4096 | Remark="row-program-registers for 64 outputs of 4096 reduced elements, 256 threads per row, 16 values each"
// REMARK: Function=softmax_32000 | Remark="row-program-registers for 64 outputs of 32000 reduced elements, 1024 threads per row, 32 values each"
// REMARK: Function=softmax_131072 | Remark="row-group-block for 64 outputs of 131072 reduced elements"
// REMARK: Function=softmax_dyn | Remark="chosen on the host: row-program-subwarp or row-program-registers or row-group-block or row-group for 64 outputs of dynamic reduced elements"

// With row-program-max-registers=64, blocks that leave room for two or more
// blocks at 64 registers per thread ask for them (4 for 256 threads); the
// 1024-thread block of a 32000 row gets no mark (one block per SM is held
// to 64 registers by the hardware). ferric-nvvm-occupancy-hints turns the
// mark on the row loop into the kernel's nvvm.minctasm after outlining.
// REGS64: Function=softmax_32 | Remark="row-program-subwarp for 64 outputs of 32 reduced elements, 2 threads per row, 16 values each, 4 blocks per SM"
// REGS64: Function=softmax_4096 | Remark="row-program-registers for 64 outputs of 4096 reduced elements, 256 threads per row, 16 values each, 4 blocks per SM"
// REGS64: Function=softmax_32000 | Remark="row-program-registers for 64 outputs of 32000 reduced elements, 1024 threads per row, 32 values each"
// REGS64IR-LABEL: func.func @softmax_4096(
//       REGS64IR:   gpu.launch
//       REGS64IR:   scf.for
//       REGS64IR:   } {ferric.min_blocks_per_sm = 4 : i32}
// REGS64IR-LABEL: func.func @softmax_32000(
//   REGS64IR-NOT:   ferric.min_blocks_per_sm
//       REGS64IR:   return
// BADREGS: error: ferric-reduction-to-gpu: row-program-max-registers must be 0 or in [32, 255], got 16

// OFF-NOT: row-program

// 2 threads per row, 128 rows per block of 256 (rows past the end computed
// on the last row, not stored): four 128-bit loads per thread, one shuffle
// per reduction, four 128-bit stores.
// CHECK-LABEL: func.func @softmax_32(
//       CHECK:   gpu.launch
//   CHECK-NOT:   workgroup(
// CHECK-COUNT-4:     vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<64x32xf32>, vector<4xf32>
//   CHECK-NOT:     vector.load
//   CHECK-NOT:     memref.load %arg0
//       CHECK:     gpu.shuffle  xor %{{.*}}, %c1_i32
//   CHECK-NOT:     gpu.shuffle
//       CHECK:     math.exp
//       CHECK:     gpu.shuffle  xor %{{.*}}, %c1_i32
//   CHECK-NOT:     gpu.shuffle
//   CHECK-NOT:     gpu.barrier
// CHECK-COUNT-4:     vector.store %{{.*}}, %alloc[{{.*}}] {alignment = 16 : i64}
//   CHECK-NOT:     vector.store
//       CHECK:   } {ferric.schedule = "row-program-subwarp"}
//   CHECK-NOT:   gpu.launch

// CHECK-LABEL: func.func @softmax_128(
//       CHECK:   ferric.schedule = "row-program-subwarp"

// 64 threads (two warps) per row: a shuffle tree per warp, then one value
// per warp in workgroup memory, a barrier, every thread folding its team's
// two values.
// CHECK-LABEL: func.func @softmax_1024(
//       CHECK:   gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c256{{.*}} workgroup(%[[MAX:.*]] : memref<8xf32, 3>, %[[SUM:.*]] : memref<8xf32, 3>)
// CHECK-COUNT-4:     vector.load %arg0
//   CHECK-NOT:     vector.load
//       CHECK:     memref.store %{{.*}}, %[[MAX]]
//       CHECK:     gpu.barrier
//       CHECK:     memref.load %[[MAX]]
//       CHECK:     memref.load %[[MAX]]
//       CHECK:     memref.store %{{.*}}, %[[SUM]]
//       CHECK:     gpu.barrier
// CHECK-COUNT-4:     vector.store
//       CHECK:     gpu.barrier
//       CHECK:   } {ferric.schedule = "row-program-registers"}

// CHECK-LABEL: func.func @softmax_4096(
//       CHECK:   threads({{.*}}) in ({{.*}} = %c256
//       CHECK:   ferric.schedule = "row-program-registers"

// 32000 = 8000 chunks of 4 over 1024 threads: 8 chunks each, the last one
// masked (clamped load, selected identity, guarded store).
// CHECK-LABEL: func.func @softmax_32000(
//       CHECK:   threads({{.*}}) in ({{.*}} = %c1024
//       CHECK:   arith.minui %{{.*}}, %c31996
// CHECK-COUNT-8:     vector.load %arg0
//   CHECK-NOT:     vector.load
//       CHECK:     arith.select
//       CHECK:     scf.if
//       CHECK:       vector.store
//       CHECK:   ferric.schedule = "row-program-registers"

// CHECK-LABEL: func.func @softmax_131072(
//   CHECK-NOT:   row-program
//       CHECK:   ferric.schedule = "row-group-block"

// A dynamic row length: variants for rows of up to 64, 128, 256, ...
// 32768 (every power of two) and 40960 (the longest one block holds), then
// the re-reading kernels. Past 64, f32 variants move aligned chunks (4-wide
// vector loads) and take rows of more than 64 elements only.
// CHECK-LABEL: func.func @softmax_dyn(
//       CHECK:   %[[N:.*]] = memref.dim %arg0, %c1_
//       CHECK:   arith.cmpi uge, %[[N]], %c1
//       CHECK:   arith.cmpi ule, %[[N]], %c64
//       CHECK:   scf.if
//   CHECK-NOT:     vector.load
//       CHECK:     ferric.schedule = "row-program-subwarp"
//       CHECK:   } else {
//       CHECK:     arith.cmpi uge, %[[N]], %c65
//       CHECK:     arith.cmpi ule, %[[N]], %c128
//       CHECK:     vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
//       CHECK:     ferric.schedule = "row-program-subwarp"
//       CHECK:     arith.cmpi ule, %[[N]], %c256
//       CHECK:     ferric.schedule = "row-program-subwarp"
//       CHECK:     arith.cmpi ule, %[[N]], %c512
//       CHECK:     ferric.schedule = "row-program-registers"
//       CHECK:     arith.cmpi ule, %[[N]], %c1024
//       CHECK:     ferric.schedule = "row-program-registers"
//       CHECK:     arith.cmpi ule, %[[N]], %c2048
//       CHECK:     ferric.schedule = "row-program-registers"
//       CHECK:     arith.cmpi ule, %[[N]], %c4096
//       CHECK:     ferric.schedule = "row-program-registers"
//       CHECK:     arith.cmpi ule, %[[N]], %c8192
//       CHECK:     ferric.schedule = "row-program-registers"
//       CHECK:     arith.cmpi ule, %[[N]], %c16384
//       CHECK:     ferric.schedule = "row-program-registers"
//       CHECK:     arith.cmpi ule, %[[N]], %c32768
//       CHECK:     ferric.schedule = "row-program-registers"
//       CHECK:     arith.cmpi uge, %[[N]], %c65
//       CHECK:     arith.cmpi ule, %[[N]], %c40960
//       CHECK:     vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
//       CHECK:     ferric.schedule = "row-program-registers"
//       CHECK:     ferric.schedule = "row-group-block"
//       CHECK:     ferric.schedule = "row-group"

func.func @softmax_32(%arg0: memref<64x32xf32>) -> memref<64x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x32xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<64xf32>, memref<64x32xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<64xf32>, memref<64xf32>, memref<64x32xf32>) outs(%alloc_2 : memref<64x32xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc_2 : memref<64x32xf32>
}

// -----

func.func @softmax_128(%arg0: memref<64x128xf32>) -> memref<64x128xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x128xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() : memref<64x128xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<64xf32>, memref<64x128xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<64xf32>, memref<64xf32>, memref<64x128xf32>) outs(%alloc_2 : memref<64x128xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc_2 : memref<64x128xf32>
}

// -----

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

func.func @softmax_4096(%arg0: memref<64x4096xf32>) -> memref<64x4096xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x4096xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() : memref<64x4096xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<64xf32>, memref<64x4096xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<64xf32>, memref<64xf32>, memref<64x4096xf32>) outs(%alloc_2 : memref<64x4096xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc_2 : memref<64x4096xf32>
}

// -----

func.func @softmax_32000(%arg0: memref<64x32000xf32>) -> memref<64x32000xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x32000xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() : memref<64x32000xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<64xf32>, memref<64x32000xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<64xf32>, memref<64xf32>, memref<64x32000xf32>) outs(%alloc_2 : memref<64x32000xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc_2 : memref<64x32000xf32>
}

// -----

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

func.func @softmax_dyn(%arg0: memref<64x?xf32>) -> memref<64x?xf32> {
  %c1 = arith.constant 1 : index
  %d = memref.dim %arg0, %c1 : memref<64x?xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x?xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc(%d) : memref<64x?xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<64xf32>, memref<64x?xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<64xf32>, memref<64xf32>, memref<64x?xf32>) outs(%alloc_2 : memref<64x?xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc_2 : memref<64x?xf32>
}

// -----

// Residual add + RMSNorm with its producer: h = x + r and h * h computed
// once in registers, h stored (a result), the square not stored (only the
// row sum reads it: its buffer and the sum's are gone), gamma loaded before
// the row loop.
// CHECK-LABEL: func.func @residual_rmsnorm(
//   CHECK-NOT:   linalg.generic
//       CHECK:   %alloc = memref.alloc() : memref<64x4096xf32>
//       CHECK:   %alloc_2 = memref.alloc() : memref<64x4096xf32>
//   CHECK-NOT:   memref.alloc
//       CHECK:   gpu.launch
// CHECK-COUNT-4:   vector.load %arg2
//       CHECK:     scf.for
// CHECK-COUNT-4:     vector.load %arg0
// CHECK-COUNT-4:     vector.load %arg1
// CHECK-COUNT-4:     vector.store %{{.*}}, %alloc[
//       CHECK:     gpu.barrier
// CHECK-COUNT-4:     vector.store %{{.*}}, %alloc_2
//       CHECK:   ferric.schedule = "row-program-registers"
//   CHECK-NOT:   gpu.launch
//   CHECK-NOT:   linalg.
func.func @residual_rmsnorm(%arg0: memref<64x4096xf32>, %arg1: memref<64x4096xf32>, %arg2: memref<4096xf32>) -> (memref<64x4096xf32>, memref<64x4096xf32>) {
  %cst = arith.constant 1.000000e-03 : f32
  %cst_1 = arith.constant 0.000000e+00 : f32
  %cst_n = arith.constant 4.096000e+03 : f32
  %alloc = memref.alloc() : memref<64x4096xf32>
  %alloc_3 = memref.alloc() : memref<64x4096xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<64x4096xf32>, memref<64x4096xf32>) outs(%alloc, %alloc_3 : memref<64x4096xf32>, memref<64x4096xf32>) {
  ^bb0(%a: f32, %b: f32, %o0: f32, %o1: f32):
    %h = arith.addf %a, %b : f32
    %sq = arith.mulf %h, %h : f32
    linalg.yield %h, %sq : f32, f32
  }
  %alloc_4 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_1 : f32) outs(%alloc_4 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_3 : memref<64x4096xf32>) outs(%alloc_4 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  }
  %alloc_6 = memref.alloc() : memref<64x4096xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc_4, %arg2, %alloc : memref<64xf32>, memref<4096xf32>, memref<64x4096xf32>) outs(%alloc_6 : memref<64x4096xf32>) {
  ^bb0(%s: f32, %g: f32, %h: f32, %o: f32):
    %m = arith.divf %s, %cst_n : f32
    %e = arith.addf %m, %cst : f32
    %r = math.rsqrt %e : f32
    %y = arith.mulf %h, %r : f32
    %z = arith.mulf %y, %g : f32
    linalg.yield %z : f32
  }
  memref.dealloc %alloc_3 : memref<64x4096xf32>
  memref.dealloc %alloc_4 : memref<64xf32>
  return %alloc_6, %alloc : memref<64x4096xf32>, memref<64x4096xf32>
}

// -----

// LayerNorm as bufferization leaves it: one zero fill (CSE merged the two
// means' fills) copied for the first mean. Both reductions and the
// normalization are one row program starting from the constant; the fill
// and the copy are gone. gamma and beta, 16 values each per thread (32 >
// row-program-invariant-values, 16), are loaded with every row after the
// row itself, one chunk of each where the normalization first uses it (not
// all 32 values at once beside the row).
// CHECK-LABEL: func.func @layernorm
//   CHECK-NOT:   linalg.
//   CHECK-NOT:   memref.copy
//       CHECK:   gpu.launch
//   CHECK-NOT:     vector.load %arg1
//       CHECK:     scf.for
// CHECK-COUNT-4:     vector.load %arg0
//   CHECK-NOT:     vector.load
//       CHECK:     gpu.shuffle
//       CHECK:     vector.load %arg1
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.load %arg2
//   CHECK-NOT:     vector.load
//       CHECK:     vector.load %arg1
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.load %arg2
//   CHECK-NOT:     vector.load
//       CHECK:     vector.load %arg1
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.load %arg2
//   CHECK-NOT:     vector.load
//       CHECK:     vector.load %arg1
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.extract
//  CHECK-NEXT:     vector.load %arg2
//   CHECK-NOT:     vector.load
// CHECK-COUNT-4:     vector.store
//       CHECK:   ferric.schedule = "row-program-registers"
//   CHECK-NOT:   gpu.launch
//   CHECK-NOT:   linalg.
// With row-program-invariant-values=32 they are loaded once, before the
// row loop, and stay in registers.
// INVARIANT-LABEL: func.func @layernorm
//       INVARIANT:   gpu.launch
// INVARIANT-COUNT-4:   vector.load %arg1
// INVARIANT-COUNT-4:   vector.load %arg2
//       INVARIANT:     scf.for
// INVARIANT-COUNT-4:     vector.load %arg0
//   INVARIANT-NOT:     vector.load
// INVARIANT-COUNT-4:     vector.store
//       INVARIANT:   ferric.schedule = "row-program-registers"
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

// The same with the variance's buffer also copied out after the group (a
// reader that is not a member, after the group: it reads the variance the
// kernel stores, not the start): both reductions still start from the
// constant, the fill and the copy before the group go, and the kernel stores
// the variance for the copy out after it.
// CHECK-LABEL: func.func @layernorm_fill_read_after(
//   CHECK-NOT:   linalg.fill
//   CHECK-NOT:   memref.copy
//       CHECK:   gpu.launch
//   CHECK-NOT:     memref.load %alloc{{(_[0-9]+)?}}[
//       CHECK:     memref.store %{{.*}}, %[[VAR:alloc(_[0-9]+)?]][
//       CHECK:   ferric.schedule = "row-program-registers"
//       CHECK:   memref.copy %[[VAR]], %alloc_
func.func @layernorm_fill_read_after(%arg0: memref<?x4096xf32>, %arg1: memref<4096xf32>, %arg2: memref<4096xf32>) -> (memref<?x4096xf32>, memref<?xf32>) {
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
  %alloc_5 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  memref.copy %alloc, %alloc_5 : memref<?xf32> to memref<?xf32>
  memref.dealloc %alloc : memref<?xf32>
  memref.dealloc %alloc_2 : memref<?xf32>
  return %alloc_3, %alloc_5 : memref<?x4096xf32>, memref<?xf32>
}

// -----

func.func @softmax_524288(%arg0: memref<4x524288xf32>) -> memref<4x524288xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<4xf32>
  %alloc_1 = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x524288xf32>) outs(%alloc_1 : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() : memref<4x524288xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<4xf32>, memref<4x524288xf32>) outs(%alloc : memref<4xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1, %arg0 : memref<4xf32>, memref<4xf32>, memref<4x524288xf32>) outs(%alloc_2 : memref<4x524288xf32>) {
  ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
    %0 = arith.subf %in_4, %in_3 : f32
    %1 = math.exp %0 : f32
    %2 = arith.divf %1, %in : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<4xf32>
  memref.dealloc %alloc_1 : memref<4xf32>
  return %alloc_2 : memref<4x524288xf32>
}

// -----

// Rows of bf16 (the sum and the scaling computed in f32): a thread holds
// row-program-thread-bytes (default 64) of the row, 32 bf16 values where
// f32 rows hold 16: 4096 -> a team of 128 threads, each with four 128-bit
// loads of 8 values (the same bytes in flight per thread as f32 rows). With
// 32 bytes, 256 threads of two loads.
// CHECK-LABEL: func.func @scale_4096_bf16(
// CHECK-COUNT-4:     vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<64x4096xbf16>, vector<8xbf16>
//   CHECK-NOT:     vector.load
//       CHECK:   ferric.schedule = "row-program-registers"
// BYTES32-LABEL: func.func @scale_4096_bf16(
//       BYTES32:   threads({{.*}}) in ({{.*}} = %c256
// BYTES32-COUNT-2:     vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<64x4096xbf16>, vector<8xbf16>
//   BYTES32-NOT:     vector.load
//       BYTES32:   ferric.schedule = "row-program-registers"
// BADBYTES: error: ferric-reduction-to-gpu: row-program-thread-bytes must be 16, 32, 64, 128 or 256, got 48
func.func @scale_4096_bf16(%arg0: memref<64x4096xbf16>) -> memref<64x4096xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x4096xbf16>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc() : memref<64x4096xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<64xf32>, memref<64x4096xbf16>) outs(%alloc_2 : memref<64x4096xbf16>) {
  ^bb0(%in: f32, %in_3: bf16, %out: bf16):
    %0 = arith.extf %in_3 : bf16 to f32
    %1 = arith.mulf %0, %in : f32
    %2 = arith.truncf %1 : f32 to bf16
    linalg.yield %2 : bf16
  }
  memref.dealloc %alloc : memref<64xf32>
  return %alloc_2 : memref<64x4096xbf16>
}

// -----

// A row group with an i1 result (a mask over the rows, bytes in memory):
// a vector<8xi1> is eight bits, so a vector store would pack the row's
// masks into its first byte (CUDA fuzz, seed 20261205, program 81439). The
// group moves one element per access: scalar loads and stores, no vectors.
// CHECK-LABEL: func.func @mask_rows(
//   CHECK-NOT:     vector.load
//   CHECK-NOT:     vector.store
//       CHECK:     memref.store %{{.*}} : memref<?x8xi1>
//   CHECK-NOT:     vector.store
//       CHECK:   ferric.schedule = "row-program-
func.func @mask_rows(%arg0: memref<?x8xf32>) -> (memref<?x8xi1>, memref<?xf32>) {
  %cst = arith.constant 2.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?x8xf32>
  %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x8xf32>) outs(%alloc : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_1 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?x8xi1>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<?x8xf32>) outs(%alloc_1 : memref<?x8xi1>) {
  ^bb0(%in: f32, %out: i1):
    %0 = arith.divf %in, %cst : f32
    %1 = arith.cmpf oeq, %0, %0 : f32
    linalg.yield %1 : i1
  }
  return %alloc_1, %alloc : memref<?x8xi1>, memref<?xf32>
}

// -----

// row-program-max-values bounds the values of each operand a thread holds
// (automatic: 40, and 64 for f32 in cluster blocks of 256 threads). With 16, rows of 32000 f32 no longer fit 1024 threads and
// take the block kernel that re-reads the row. A bf16 row of 152064 (the
// Qwen 2 vocabulary, 19008 chunks of 8) takes 16 blocks of 256 threads of
// 40 values (7% of the slots idle); with 32 the 256-thread blocks do not
// hold it and it takes 16 blocks of 512 threads of 24 values (23% idle).
// Cluster blocks of bf16 holding at most 80 bytes per thread ask for 64
// registers per thread (row-program-max-registers automatic): 4 blocks of
// 256 threads per SM, 2 of 512.
// MAX16: Function=softmax_32000 | Remark="row-group-block for 64 outputs of 32000 reduced elements"
// VOCAB: Function=scale_152064_bf16 | Remark="row-program-cluster for 4 outputs of 152064 reduced elements, 16 blocks of 256 threads per row, 40 values each, 4 blocks per SM"
// VOCAB32: Function=scale_152064_bf16 | Remark="row-program-cluster for 4 outputs of 152064 reduced elements, 16 blocks of 512 threads per row, 24 values each, 2 blocks per SM"
// BADVALUES: error: ferric-reduction-to-gpu: row-program-max-values must be 0 or in [8, 64], got 7
func.func @scale_152064_bf16(%arg0: memref<4x152064xbf16>) -> memref<4x152064xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x152064xbf16>) outs(%alloc : memref<4xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc() : memref<4x152064xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<4xf32>, memref<4x152064xbf16>) outs(%alloc_2 : memref<4x152064xbf16>) {
  ^bb0(%in: f32, %in_3: bf16, %out: bf16):
    %0 = arith.extf %in_3 : bf16 to f32
    %1 = arith.mulf %0, %in : f32
    %2 = arith.truncf %1 : f32 to bf16
    linalg.yield %2 : bf16
  }
  memref.dealloc %alloc : memref<4xf32>
  return %alloc_2 : memref<4x152064xbf16>
}

// -----

// Automatic limits for f32 rows of 262144 (the Gemma 3 vocabulary): 64
// values in 16 blocks of 256 threads (no register cap: 256 bytes per
// thread); with row-program-max-values=32, 8 blocks of 1024 threads of 32.
// A bf16 row of 16384 in one block of 512 threads of 32 values (64 bytes)
// asks for 2 blocks per SM (64 registers).
// VOCAB: Function=scale_262144_f32 | Remark="row-program-cluster for 4 outputs of 262144 reduced elements, 16 blocks of 256 threads per row, 64 values each"
// VOCAB32: Function=scale_262144_f32 | Remark="row-program-cluster for 4 outputs of 262144 reduced elements, 8 blocks of 1024 threads per row, 32 values each"
// REMARK: Function=scale_16384_bf16 | Remark="row-program-registers for 4 outputs of 16384 reduced elements, 512 threads per row, 32 values each, 2 blocks per SM"
func.func @scale_262144_f32(%arg0: memref<4x262144xf32>) -> memref<4x262144xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x262144xf32>) outs(%alloc : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %out, %in : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc() : memref<4x262144xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<4xf32>, memref<4x262144xf32>) outs(%alloc_2 : memref<4x262144xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %1 = arith.mulf %in_3, %in : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %alloc : memref<4xf32>
  return %alloc_2 : memref<4x262144xf32>
}

// -----

func.func @scale_16384_bf16(%arg0: memref<4x16384xbf16>) -> memref<4x16384xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x16384xbf16>) outs(%alloc : memref<4xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc() : memref<4x16384xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<4xf32>, memref<4x16384xbf16>) outs(%alloc_2 : memref<4x16384xbf16>) {
  ^bb0(%in: f32, %in_3: bf16, %out: bf16):
    %0 = arith.extf %in_3 : bf16 to f32
    %1 = arith.mulf %0, %in : f32
    %2 = arith.truncf %1 : f32 to bf16
    linalg.yield %2 : bf16
  }
  memref.dealloc %alloc : memref<4xf32>
  return %alloc_2 : memref<4x16384xbf16>
}

// -----

// f32 rows of 40961 to 65536 in a cluster: at least 32 values per thread
// (kRowProgramClusterValues), so 8 blocks of 256 threads, not 16 of 256
// threads of 13-16 values (H100, softmax over 50257 f32: 0.70x the time).
// The odd length 50257 takes one-element chunks, the last thread masked
// (four-byte rows do not take chunks aligned in memory: rows of 50257 f32
// took 1.10x the time with them on an H100).
// VOCAB: Function=scale_50257_f32 | Remark="row-program-cluster for 4 outputs of 50257 reduced elements, 8 blocks of 256 threads per row, 25 values each"
// VOCAB32: Function=scale_50257_f32 | Remark="row-program-cluster for 4 outputs of 50257 reduced elements, 8 blocks of 256 threads per row, 25 values each"
// UNALIGNED: Function=scale_50257_f32 | Remark="row-program-cluster for 4 outputs of 50257 reduced elements, 8 blocks of 256 threads per row, 25 values each"
func.func @scale_50257_f32(%arg0: memref<4x50257xf32>) -> memref<4x50257xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x50257xf32>) outs(%alloc : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %out, %in : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc() : memref<4x50257xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<4xf32>, memref<4x50257xf32>) outs(%alloc_2 : memref<4x50257xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %1 = arith.mulf %in_3, %in : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %alloc : memref<4xf32>
  return %alloc_2 : memref<4x50257xf32>
}

// -----

// VOCAB: Function=scale_65536_f32 | Remark="row-program-cluster for 4 outputs of 65536 reduced elements, 8 blocks of 256 threads per row, 32 values each"
// VOCAB32: Function=scale_65536_f32 | Remark="row-program-cluster for 4 outputs of 65536 reduced elements, 8 blocks of 256 threads per row, 32 values each"
func.func @scale_65536_f32(%arg0: memref<4x65536xf32>) -> memref<4x65536xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x65536xf32>) outs(%alloc : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %out, %in : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc() : memref<4x65536xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<4xf32>, memref<4x65536xf32>) outs(%alloc_2 : memref<4x65536xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %1 = arith.mulf %in_3, %in : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %alloc : memref<4xf32>
  return %alloc_2 : memref<4x65536xf32>
}

// -----

// Rows of an odd length (1001 bf16) with a weight: the row's whole 16-byte
// chunks (1000 or 992 elements, 4 per thread of 32) aligned in memory
// through flat views of the row-space buffers, and one element of the
// row's ends per thread (the head up to the first 16-byte boundary and the
// tail after the last whole chunk: fewer than 16 of them); the weight
// (indexed by the reduced dim only) one element per slot with every row.
// CHECK-LABEL: func.func @rms_1001_bf16
// CHECK: gpu.launch
// CHECK-DAG: %[[X:.*]] = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<3x1001xbf16> into memref<3003xbf16>
// CHECK-DAG: %[[Y:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<3x1001xbf16> into memref<3003xbf16>
// CHECK: scf.for
// The head (elements up to the first 16-byte boundary), the whole chunks.
// CHECK: %[[START:.*]] = arith.muli %{{.*}}, %c1001{{.*}} : index
// CHECK: %[[MIS:.*]] = arith.remui %[[START]], %c8{{.*}} : index
// CHECK: %[[TO8:.*]] = arith.subi %c8{{.*}}, %[[MIS]] : index
// CHECK: %[[HEAD:.*]] = arith.remui %[[TO8]], %c8{{.*}} : index
// CHECK: %[[BODY:.*]] = arith.subi %c1001{{.*}}, %[[HEAD]] : index
// CHECK: %[[WHOLE:.*]] = arith.divui %[[BODY]], %c8{{.*}} : index
// CHECK: %[[LASTC:.*]] = arith.subi %[[WHOLE]], %c1{{.*}} : index
// Chunk 0 of the thread: valid if one of the whole chunks, else the last.
// CHECK: %[[V0:.*]] = arith.cmpi ult, %[[J0:.*]], %[[WHOLE]] : index
// CHECK: %[[C0:.*]] = arith.minui %[[J0]], %[[LASTC]] : index
// CHECK: %[[O0:.*]] = arith.muli %[[C0]], %c8{{.*}} : index
// CHECK: %[[E0:.*]] = arith.addi %[[HEAD]], %[[O0]] : index
// CHECK: %[[AT0:.*]] = arith.addi %[[START]], %[[E0]] : index
// CHECK: vector.load %[[X]][%[[AT0]]] {alignment = 16 : i64} : memref<3003xbf16>, vector<8xbf16>
// CHECK-COUNT-3: vector.load %[[X]]
// The thread's element of the row's ends.
// CHECK: memref.load %[[X]][%{{.*}}] : memref<3003xbf16>
// The weight: one element per slot.
// CHECK-COUNT-33: memref.load %arg1[%{{.*}}] : memref<1001xbf16>
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: vector.from_elements
// CHECK-NEXT: vector.store %{{.*}}, %[[Y]][%[[AT0]]] {alignment = 16 : i64} : memref<3003xbf16>, vector<8xbf16>
// CHECK-COUNT-3: vector.store %{{.*}}, %[[Y]]
// CHECK: memref.store %{{.*}}, %[[Y]][%{{.*}}] : memref<3003xbf16>
// REMARK: Function=rms_1001_bf16 | Remark="row-program-registers for 3 outputs of 1001 reduced elements, 32 threads per row, 33 values each (chunks of 8 aligned in memory, one of the row's ends)"
// UNALIGNED: Function=rms_1001_bf16 | Remark="row-program-registers for 3 outputs of 1001 reduced elements, 32 threads per row, 32 values each"
func.func @rms_1001_bf16(%arg0: memref<3x1001xbf16>, %w: memref<1001xbf16>) -> memref<3x1001xbf16> {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<3xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<3x1001xbf16>) outs(%alloc : memref<3xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.mulf %0, %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  %alloc_2 = memref.alloc() : memref<3x1001xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0, %w : memref<3xf32>, memref<3x1001xbf16>, memref<1001xbf16>) outs(%alloc_2 : memref<3x1001xbf16>) {
  ^bb0(%in: f32, %in_3: bf16, %g: bf16, %out: bf16):
    %0 = arith.extf %in_3 : bf16 to f32
    %1 = arith.mulf %0, %in : f32
    %2 = arith.extf %g : bf16 to f32
    %3 = arith.mulf %1, %2 : f32
    %4 = arith.truncf %3 : f32 to bf16
    linalg.yield %4 : bf16
  }
  memref.dealloc %alloc : memref<3xf32>
  return %alloc_2 : memref<3x1001xbf16>
}

// -----

// f32 rows of odd length in one block move aligned chunks too (4 f32 per
// 16-byte chunk; H100, softmax over 32001 at 2^28: 0.91x the time of one
// element per access); over a cluster they keep single elements (see
// scale_50257_f32).
// CHECK-LABEL: func.func @rms_4097_f32
//       CHECK:   memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<3x4097xf32> into memref<12291xf32>
//       CHECK:   vector.load %{{.*}} {alignment = 16 : i64} : memref<12291xf32>, vector<4xf32>
// REMARK: Function=rms_4097_f32 | Remark="row-program-registers for 3 outputs of 4097 reduced elements, 256 threads per row, 17 values each (chunks of 4 aligned in memory, one of the row's ends)"
// UNALIGNED: Function=rms_4097_f32 | Remark="row-program-registers for 3 outputs of 4097 reduced elements, 512 threads per row, 9 values each, 2 blocks per SM"
func.func @rms_4097_f32(%arg0: memref<3x4097xf32>) -> memref<3x4097xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<3xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<3x4097xf32>) outs(%alloc : memref<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.mulf %in, %in : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  %alloc_2 = memref.alloc() : memref<3x4097xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<3xf32>, memref<3x4097xf32>) outs(%alloc_2 : memref<3x4097xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %1 = arith.mulf %in_3, %in : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %alloc : memref<3xf32>
  return %alloc_2 : memref<3x4097xf32>
}

// -----

// A dynamic bf16 row length: the variants for rows of 512 and more (teams
// of at least 14 threads, for the row's ends) move aligned chunks (any
// length, rows starting anywhere in a chunk) and take only rows of more
// than 64 elements (a whole chunk in every row); shorter rows take one
// element per access.
// CHECK-LABEL: func.func @rms_dyn_bf16
//       CHECK:   %[[N:.*]] = memref.dim %arg0, %c1_
//       CHECK:   arith.cmpi ule, %[[N]], %c64
//   CHECK-NOT:   vector.load
//       CHECK:   arith.cmpi ule, %[[N]], %c256
//   CHECK-NOT:   vector.load
//       CHECK:   %[[LONG:.*]] = arith.cmpi uge, %[[N]], %c65
//       CHECK:   %[[LE:.*]] = arith.cmpi ule, %[[N]], %c512
//       CHECK:   arith.andi %[[LONG]], %[[LE]] : i1
//       CHECK:   memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<4x?xbf16> into memref<?xbf16>
//       CHECK:   vector.load %{{.*}} : memref<?xbf16>, vector<8xbf16>
// REMARK: Function=rms_dyn_bf16 | Remark="chosen on the host: row-program-subwarp or row-program-registers or row-group-block or row-group for 4 outputs of dynamic reduced elements"
func.func @rms_dyn_bf16(%arg0: memref<4x?xbf16>) -> memref<4x?xbf16> {
  %c1 = arith.constant 1 : index
  %n = memref.dim %arg0, %c1 : memref<4x?xbf16>
  %cst = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<4xf32>
  linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x?xbf16>) outs(%alloc : memref<4xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.mulf %0, %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  %alloc_2 = memref.alloc(%n) : memref<4x?xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<4xf32>, memref<4x?xbf16>) outs(%alloc_2 : memref<4x?xbf16>) {
  ^bb0(%in: f32, %in_3: bf16, %out: bf16):
    %0 = arith.extf %in_3 : bf16 to f32
    %1 = arith.mulf %0, %in : f32
    %2 = arith.truncf %1 : f32 to bf16
    linalg.yield %2 : bf16
  }
  memref.dealloc %alloc : memref<4xf32>
  return %alloc_2 : memref<4x?xbf16>
}

// -----

// RMSNorm over rows of 768 bf16: a warp per row, 24 values per thread (3
// chunks of 8). gamma (24 values > row-program-invariant-values) is loaded
// with every row, and whole (its 48 bytes per thread are under
// kRowProgramLazyBytes, 64): its three chunks one after the other once the
// sum is known, not one before each chunk of the normalization.
// CHECK-LABEL: func.func @rmsnorm_768_bf16(
//       CHECK:   gpu.launch
//       CHECK:     scf.for
// CHECK-COUNT-3:     vector.load %arg0
//   CHECK-NOT:     vector.load
//       CHECK:     gpu.shuffle
//       CHECK:     vector.load %arg1
// CHECK-COUNT-8:     vector.extract
//  CHECK-NEXT:     vector.load %arg1
// CHECK-COUNT-8:     vector.extract
//  CHECK-NEXT:     vector.load %arg1
//   CHECK-NOT:     vector.load
// CHECK-COUNT-3:     vector.store
//       CHECK:   ferric.schedule = "row-program-registers"
func.func @rmsnorm_768_bf16(%arg0: memref<64x768xbf16>, %arg1: memref<768xbf16>) -> memref<64x768xbf16> {
  %cst = arith.constant 1.000000e-03 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %cst_n = arith.constant 7.680000e+02 : f32
  %alloc = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x768xbf16>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    %sq = arith.mulf %x, %x : f32
    %s = arith.addf %out, %sq : f32
    linalg.yield %s : f32
  }
  %alloc_1 = memref.alloc() : memref<64x768xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg1, %arg0 : memref<64xf32>, memref<768xbf16>, memref<64x768xbf16>) outs(%alloc_1 : memref<64x768xbf16>) {
  ^bb0(%s: f32, %g: bf16, %in: bf16, %o: bf16):
    %m = arith.divf %s, %cst_n : f32
    %e = arith.addf %m, %cst : f32
    %r = math.rsqrt %e : f32
    %x = arith.extf %in : bf16 to f32
    %gf = arith.extf %g : bf16 to f32
    %y = arith.mulf %x, %r : f32
    %z = arith.mulf %y, %gf : f32
    %t = arith.truncf %z : f32 to bf16
    linalg.yield %t : bf16
  }
  memref.dealloc %alloc : memref<64xf32>
  return %alloc_1 : memref<64x768xbf16>
}

// -----

// row-reciprocal (on by default): a division by a value derived from the
// row's sum only (sum + 3) is a multiply by its reciprocal, taken in f32
// (the bf16 divisor widened, the product rounded to bf16); at every slot
// the same reciprocal, which CSE leaves once per row. Dividing by a
// constant, or the row's value by an element, stays a division.
// CHECK-LABEL: func.func @reciprocal_bf16(
//       CHECK:     %[[T:.*]] = arith.addf %[[SUM:.*]], %cst{{[_0-9]*}} : bf16
//  CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[W:.*]] = arith.extf %[[T]] : bf16 to f32
//  CHECK-NEXT:     %[[R:.*]] = arith.divf %[[ONE]], %[[W]] : f32
//  CHECK-NEXT:     %[[X:.*]] = arith.extf %[[E:.*]] : bf16 to f32
//  CHECK-NEXT:     %[[P:.*]] = arith.mulf %[[X]], %[[R]] : f32
//  CHECK-NEXT:     arith.truncf %[[P]] : f32 to bf16
//  CHECK-NEXT:     arith.divf %[[E]], %cst{{[_0-9]*}} : bf16
//  CHECK-NEXT:     arith.divf %[[SUM]], %[[E]] : bf16
// NORECIP-LABEL: func.func @reciprocal_bf16(
//   NORECIP-NOT:   arith.mulf
//       NORECIP:     %[[T:.*]] = arith.addf %[[SUM:.*]], %cst{{[_0-9]*}} : bf16
//  NORECIP-NEXT:     arith.divf %[[E:.*]], %[[T]] : bf16
//  NORECIP-NEXT:     arith.divf %[[E]], %cst{{[_0-9]*}} : bf16
//  NORECIP-NEXT:     arith.divf %[[SUM]], %[[E]] : bf16
//   NORECIP-NOT:   arith.mulf
func.func @reciprocal_bf16(%arg0: memref<64x256xbf16>) -> memref<64x256xbf16> {
  %cst = arith.constant 0.000000e+00 : bf16
  %cst_3 = arith.constant 3.000000e+00 : bf16
  %alloc = memref.alloc() : memref<64xbf16>
  linalg.fill ins(%cst : bf16) outs(%alloc : memref<64xbf16>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x256xbf16>) outs(%alloc : memref<64xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %0 = arith.addf %out, %in : bf16
    linalg.yield %0 : bf16
  }
  %alloc_1 = memref.alloc() : memref<64x256xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg0 : memref<64xbf16>, memref<64x256xbf16>) outs(%alloc_1 : memref<64x256xbf16>) {
  ^bb0(%s: bf16, %x: bf16, %out: bf16):
    %t = arith.addf %s, %cst_3 : bf16
    %q = arith.divf %x, %t : bf16
    %c = arith.divf %x, %cst_3 : bf16
    %r = arith.divf %s, %x : bf16
    %a = arith.addf %q, %c : bf16
    %b = arith.addf %a, %r : bf16
    linalg.yield %b : bf16
  }
  memref.dealloc %alloc : memref<64xbf16>
  return %alloc_1 : memref<64x256xbf16>
}

// -----

// Row variance (issue 41): the mean, then the sum of squared deviations, then
// the scaling by 1/row length written IN PLACE over the sum. The scaling
// is the epilogue of the group's last reduction: applied where the row's
// result is stored, so one kernel writes the variance; the sum itself is never
// stored and no generic remains.
// CHECK-LABEL: func.func @row_var_in_place(
// NORECIP-LABEL: func.func @row_var_in_place(
//   CHECK-NOT:   linalg.
//       CHECK:   gpu.launch
//       CHECK:       %[[VAR:.*]] = arith.mulf %{{.*}}, %cst_1 : f32
//  CHECK-NEXT:       memref.store %[[VAR]], %alloc[
//  CHECK-NEXT:     }
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %alloc
func.func @row_var_in_place(%arg0: memref<?x1000xf32>) -> memref<?xf32> {
  %cst = arith.constant 1.000000e+03 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 1.000000e-03 : f32
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?x1000xf32>
  %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<?xf32>)
  %alloc_1 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  memref.copy %alloc, %alloc_1 : memref<?xf32> to memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x1000xf32>) outs(%alloc_1 : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<?xf32>, memref<?x1000xf32>) outs(%alloc : memref<?xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %0 = arith.divf %in, %cst : f32
    %1 = arith.subf %in_2, %0 : f32
    %2 = arith.mulf %1, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc : memref<?xf32>) outs(%alloc : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %cst_1 : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %alloc_1 : memref<?xf32>
  return %alloc : memref<?xf32>
}

// -----

// Row std in bf16: the division, sqrt and cast back to bf16 write a fresh
// buffer from the last row result: a row member at the group's end, computed
// once per row and stored by the row's storing thread; the f32 sums are
// neither stored nor allocated.
// CHECK-LABEL: func.func @row_std_bf16(
//   CHECK-NOT:   memref<?xf32>
//   CHECK-NOT:   linalg.
//       CHECK:   gpu.launch
//       CHECK:     math.sqrt
//  CHECK-NEXT:     %[[STD:.*]] = arith.truncf %{{.*}} : f32 to bf16
//  CHECK-NEXT:     scf.if
//  CHECK-NEXT:       memref.store %[[STD]], %[[OUT:alloc(_[0-9]+)?]][
//  CHECK-NEXT:     }
//   CHECK-NOT:   linalg.generic
//       CHECK:   return %[[OUT]]
func.func @row_std_bf16(%arg0: memref<?x1000xbf16>) -> memref<?xbf16> {
  %cst = arith.constant 1.000000e+03 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?x1000xbf16>
  %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<?xf32>)
  %alloc_1 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
  memref.copy %alloc, %alloc_1 : memref<?xf32> to memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<?x1000xbf16>) outs(%alloc_1 : memref<?xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %0 = arith.extf %in : bf16 to f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_2 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_1, %arg0 : memref<?xf32>, memref<?x1000xbf16>) outs(%alloc : memref<?xf32>) {
  ^bb0(%in: f32, %in_3: bf16, %out: f32):
    %0 = arith.divf %in, %cst : f32
    %1 = arith.truncf %0 : f32 to bf16
    %2 = arith.subf %in_3, %1 : bf16
    %3 = arith.mulf %2, %2 : bf16
    %4 = arith.extf %3 : bf16 to f32
    %5 = arith.addf %out, %4 : f32
    linalg.yield %5 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc : memref<?xf32>) outs(%alloc_2 : memref<?xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %0 = arith.divf %in, %cst : f32
    %1 = arith.truncf %0 : f32 to bf16
    %2 = arith.extf %1 : bf16 to f32
    %3 = math.sqrt %2 : f32
    %4 = arith.truncf %3 : f32 to bf16
    linalg.yield %4 : bf16
  }
  memref.dealloc %alloc : memref<?xf32>
  memref.dealloc %alloc_1 : memref<?xf32>
  return %alloc_2 : memref<?xbf16>
}

// -----

// Row variance and mean as two outputs (torch.var_mean): the mean's scaling
// sits between the two reductions and is itself an output. It joins the
// group as a row member: computed once per row from the sum in registers,
// stored by the row's storing thread, and read by the second reduction as a
// row result; the variance's scaling is the epilogue. One kernel.
// CHECK-LABEL: func.func @row_var_mean(
// NORECIP-LABEL: func.func @row_var_mean(
//   CHECK-NOT:   linalg.
//       CHECK:   gpu.launch
//       CHECK:     %[[MEAN:.*]] = arith.mulf %{{.*}}, %cst_1 : f32
//  CHECK-NEXT:     scf.if
//  CHECK-NEXT:       memref.store %[[MEAN]], %[[MU:alloc(_[0-9]+)?]][
//       CHECK:     arith.subf %{{.*}}, %[[MEAN]] : f32
//       CHECK:       %[[VAR:.*]] = arith.divf %{{.*}}, %cst : f32
//  CHECK-NEXT:       memref.store %[[VAR]], %[[OUT:alloc(_[0-9]+)?]][
//   CHECK-NOT:   gpu.launch
//   CHECK-NOT:   linalg.
//       CHECK:   return %[[OUT]], %[[MU]]
func.func @row_var_mean(%arg0: memref<64x1000xf32>) -> (memref<64xf32>, memref<64xf32>) {
  %cst = arith.constant 1.000000e+03 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 1.000000e-03 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<64xf32>)
  %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  memref.copy %alloc, %alloc_1 : memref<64xf32> to memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x1000xf32>) outs(%alloc_1 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc_1 : memref<64xf32>) outs(%alloc_2 : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %cst_1 : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%alloc_2, %arg0 : memref<64xf32>, memref<64x1000xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %in_3: f32, %out: f32):
    %0 = arith.subf %in_3, %in : f32
    %1 = arith.mulf %0, %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc : memref<64xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %cst : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %alloc_1 : memref<64xf32>
  return %alloc, %alloc_2 : memref<64xf32>, memref<64xf32>
}
