// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-producers=true row-group-block-elements=2048" | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-producers=true row-group-block-elements=2048" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=REMARK

// Schedules pinned through the ferric.reduction_schedule attribute
// (ferric-choose-reduction-schedule writes it; a user may too): the pass
// emits what the attribute says instead of choosing. The error cases are
// in ferric-reduction-to-gpu-pinned-invalid.mlir.

// 64 rows of 1024 would get a warp each; pinned to a block per row.
// CHECK-LABEL: func.func @pinned_block
//       CHECK:   gpu.launch
//       CHECK:   ferric.schedule = "block"
//   CHECK-NOT:   gpu.launch
// REMARK: Function=pinned_block | Remark="block for 64 outputs of 1024 reduced elements"
func.func @pinned_block(%in: memref<64x1024xf32>, %out: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["always: block"]}
      ins(%in : memref<64x1024xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Both kernels are written under an scf.if on the host (a guard that
// static counts decide is folded by the canonicalizer later).
// CHECK-LABEL: func.func @pinned_choice
//       CHECK:   arith.cmpi uge, %{{.*}}, %c100
//       CHECK:   scf.if
//       CHECK:     ferric.schedule = "thread-per-output"
//       CHECK:   } else {
//       CHECK:     ferric.schedule = "warp"
func.func @pinned_choice(%in: memref<64x1024xf32>, %out: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["outputs >= 100: thread-per-output", "always: warp"]}
      ins(%in : memref<64x1024xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Softmax over 1024 f32 pinned to a team of 128 threads, two 4-wide chunks
// each (the chooser gives 64 threads, four chunks).
// REMARK: Function=pinned_program | Remark="{{.*}}128 threads per row, 8 values each"
func.func @pinned_program(%arg0: memref<64x1024xf32>) -> memref<64x1024xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["always: row-program(team 128, 2 x 4, block 256)"]} ins(%arg0 : memref<64x1024xf32>) outs(%alloc_1 : memref<64xf32>) {
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
