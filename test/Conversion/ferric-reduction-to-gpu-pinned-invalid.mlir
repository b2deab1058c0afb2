// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-program=true row-group-producers=true row-group-block-elements=2048" --verify-diagnostics

// Pinned schedules the kernels cannot run: one error at the reduction each.

func.func @unknown(%in: memref<64x1024xf32>, %out: memref<64xf32>) {
  // expected-error @+1 {{ferric-reduction-to-gpu: ferric.reduction_schedule: unknown schedule 'blocks'}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["always: blocks"]}
      ins(%in : memref<64x1024xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @no_always(%in: memref<64x1024xf32>, %out: memref<64xf32>) {
  // expected-error @+1 {{the last schedule must be guarded by 'always'}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["reduced <= 10: warp"]}
      ins(%in : memref<64x1024xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @not_strings(%in: memref<64x1024xf32>, %out: memref<64xf32>) {
  // expected-error @+1 {{expected an array of strings}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = [1, 2]}
      ins(%in : memref<64x1024xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @bad_guard(%in: memref<64x1024xf32>, %out: memref<64xf32>) {
  // expected-error @+1 {{expected '>=', '<=' or '%' after 'reduced'}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["reduced == 5: warp", "always: block"]}
      ins(%in : memref<64x1024xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @wrong_form(%in: memref<64x1024xf32>, %out: memref<64xf32>) {
  // expected-error @+1 {{schedule 'column' does not apply to this reduction}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["always: column"]}
      ins(%in : memref<64x1024xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @split_dynamic(%in: memref<?x1024xf32>, %out: memref<?xf32>) {
  // expected-error @+1 {{split-full needs a static output count}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["always: split-full"]}
      ins(%in : memref<?x1024xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @too_small(%arg0: memref<64x1024xf32>) -> memref<64x1024xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %alloc_1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<64xf32>)
  // expected-error @+1 {{row-program holds 512 elements per row, fewer than the 1024 its guard admits}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"], ferric.reduction_schedule = ["always: row-program(team 64, 2 x 4, block 256)"]} ins(%arg0 : memref<64x1024xf32>) outs(%alloc_1 : memref<64xf32>) {
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
