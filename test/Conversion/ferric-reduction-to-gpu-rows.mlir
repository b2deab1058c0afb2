// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32" | FileCheck %s --check-prefix=OLD
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-group-block-elements=2048" | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-group-block-elements=2048" -o /dev/null --remarks-filter=ferric-reduction-to-gpu --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-group-block-elements=2048 workgroup-alloc=true" | FileCheck %s --check-prefix=ALLOC
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32 row-group-block-elements=2048 row-group-producers=true" | FileCheck %s --check-prefix=PROD

// Row groups (softmax: row max, row sum of exp(x - max), the division) by
// row length. row-group-block-elements=0 (the default) keeps every row group
// on one warp per row (row-group); with 2048, rows of at least 2048 elements
// get one block per row (row-group-block), shorter rows one warp, and a row
// length known only at run time both kernels, the host picking.

// REMARK: Function=softmax_1024 | Remark="row-group for 64 outputs of 1024 reduced elements"
// REMARK: Function=softmax_4096 | Remark="row-group-block for 64 outputs of 4096 reduced elements"
// REMARK: Function=softmax_32000 | Remark="row-group-block for 64 outputs of 32000 reduced elements"
// REMARK: Function=softmax_dyn | Remark="chosen on the host: row-group-block or row-group for 64 outputs of dynamic reduced elements"

// OLD-LABEL: func.func @softmax_1024
//       OLD:   ferric.schedule = "row-group"
// OLD-LABEL: func.func @softmax_4096
//       OLD:   ferric.schedule = "row-group"
// OLD-LABEL: func.func @softmax_32000
//       OLD:   ferric.schedule = "row-group"
// OLD-LABEL: func.func @softmax_dyn
//   OLD-NOT:   row-group-block
//       OLD:   ferric.schedule = "row-group"
//   OLD-NOT:   row-group-block

// CHECK-LABEL: func.func @softmax_1024
//   CHECK-NOT:   gpu.barrier
//       CHECK:   ferric.schedule = "row-group"

// One block of 256 threads per row, one tree buffer per reduction; thread t
// folds elements t + 256 k (four partials), the tree combines them, every
// thread reads the total; the division walks the row in the same order.
// CHECK-LABEL: func.func @softmax_4096
//   CHECK-NOT:   linalg.
//       CHECK:   gpu.launch blocks({{.*}}) in ({{.*}}) threads(%[[TX:[^,]*]], {{.*}} in (%{{.*}} = %c256{{.*}} workgroup(%[[MAX:.*]] : memref<256xf32, 3>, %[[SUM:.*]] : memref<256xf32, 3>)
//       CHECK:     scf.for %[[ROW:.*]] = %{{.*}} to %c64
//       CHECK:       scf.for {{.*}} step %c1024{{.*}} -> (f32, f32, f32, f32)
// CHECK-COUNT-4:       arith.maximumf
//       CHECK:       memref.store %{{.*}}, %[[MAX]][%[[TX]]]
// CHECK-COUNT-9:     gpu.barrier
//       CHECK:       %[[M:.*]] = memref.load %[[MAX]][%c0
//       CHECK:       arith.maximumf %{{.*}}, %[[M]]
//       CHECK:       scf.for {{.*}} step %c1024{{.*}} -> (f32, f32, f32, f32)
// CHECK-COUNT-4:       math.exp
//       CHECK:       memref.store %{{.*}}, %[[SUM]][%[[TX]]]
// CHECK-COUNT-9:     gpu.barrier
//       CHECK:       memref.load %[[SUM]][%c0
//       CHECK:       scf.for %{{.*}} = %[[TX]] to %c4096{{.*}} step %c256
//       CHECK:         math.exp
//       CHECK:         arith.divf
//       CHECK:         memref.store
//       CHECK:       gpu.barrier
//       CHECK:   } {ferric.schedule = "row-group-block"}
//   CHECK-NOT:   gpu.launch

// CHECK-LABEL: func.func @softmax_32000
//       CHECK:   ferric.schedule = "row-group-block"
//   CHECK-NOT:   gpu.launch

// CHECK-LABEL: func.func @softmax_dyn
//       CHECK:   memref.alloc
//       CHECK:   %[[N:.*]] = memref.dim %arg0, %{{.*}}
//       CHECK:   %[[LONG:.*]] = arith.cmpi uge, %[[N]], %c2048
//       CHECK:   scf.if %[[LONG]]
//       CHECK:     ferric.schedule = "row-group-block"
//       CHECK:   } else {
//       CHECK:     ferric.schedule = "row-group"

// ALLOC-LABEL: func.func @softmax_4096
//       ALLOC:   gpu.launch
//   ALLOC-NOT:   workgroup(
//       ALLOC:     memref.alloc() : memref<256xf32, 3>
//       ALLOC:     memref.alloc() : memref<256xf32, 3>
//       ALLOC:   ferric.schedule = "row-group-block"

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

// Residual add + RMSNorm returning both: the elementwise kernel writing
// h = x + r and h * h, the row sum of h * h, the scaling of h. Without
// row-group-producers the group is the reduction and the scaling only:
// they do not read one buffer, so no group (a warp reduction between two
// elementwise generics). With it, one row-group-block kernel writes h, the
// square and the normalized rows.
// CHECK-LABEL: func.func @residual_rmsnorm
//       CHECK:   linalg.generic
//       CHECK:   ferric.schedule = "warp"
//       CHECK:   linalg.generic
// PROD-LABEL: func.func @residual_rmsnorm
//   PROD-NOT:   linalg.generic
//       PROD:   gpu.launch
//       PROD:     scf.for %{{.*}} = %[[TX:.*]] to %c4096{{.*}} step %c256
//       PROD:       arith.addf
//       PROD:       memref.store
//       PROD:       memref.store
//       PROD:     gpu.barrier
//       PROD:     scf.for %{{.*}} = %[[TX]] to %c4096{{.*}} step %c256
//       PROD:       arith.mulf
//       PROD:       memref.store
//       PROD:   } {ferric.schedule = "row-group-block"}
//   PROD-NOT:   gpu.launch
//   PROD-NOT:   linalg.generic
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

// The same with the scaling written in place into the square's buffer (the
// square is dead after the row sum): element j of that buffer is read and
// written by one thread only, so row-group-producers takes it too.
// PROD-LABEL: func.func @residual_rmsnorm_in_place
//   PROD-NOT:   linalg.generic
//       PROD:   gpu.launch
//       PROD:   } {ferric.schedule = "row-group-block"}
//   PROD-NOT:   gpu.launch
//   PROD-NOT:   linalg.generic
func.func @residual_rmsnorm_in_place(%arg0: memref<64x4096xf32>, %arg1: memref<64x4096xf32>, %arg2: memref<4096xf32>) -> (memref<64x4096xf32>, memref<64x4096xf32>) {
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
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc_4, %arg2, %alloc : memref<64xf32>, memref<4096xf32>, memref<64x4096xf32>) outs(%alloc_3 : memref<64x4096xf32>) {
  ^bb0(%s: f32, %g: f32, %h: f32, %o: f32):
    %m = arith.divf %s, %cst_n : f32
    %e = arith.addf %m, %cst : f32
    %r = math.rsqrt %e : f32
    %y = arith.mulf %h, %r : f32
    %z = arith.mulf %y, %g : f32
    linalg.yield %z : f32
  }
  memref.dealloc %alloc_4 : memref<64xf32>
  return %alloc_3, %alloc : memref<64x4096xf32>, memref<64x4096xf32>
}

// -----

// LayerNorm backward's row half with a column sum between its two row sums
// (ferric-fuse-reductions leaves them in that order): the column sum reads
// only the input and writes its own buffer, so it stays where it is and the
// row sums and the final elementwise generic are one row group at the
// generic; the column sum is a kernel of its own before it.
// REMARK: Function=skip_column_sum | Remark="row-group for 64 outputs of 1024 reduced elements"
// REMARK: Function=skip_column_sum | Remark="thread-per-output for 1024 outputs of 64 reduced elements"
// CHECK-LABEL: func.func @skip_column_sum
// PROD-LABEL: func.func @skip_column_sum
//   CHECK-NOT:   linalg.generic
//       CHECK:   ferric.schedule = "thread-per-output"
//   CHECK-NOT:   linalg.generic
//       CHECK:   ferric.schedule = "row-group"
//   CHECK-NOT:   linalg.generic
func.func @skip_column_sum(%x: memref<64x1024xf32>, %w: memref<1024xf32>) -> (memref<1024xf32>, memref<64x1024xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : memref<64x1024xf32>, memref<1024xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%in: f32, %in_w: f32, %out: f32):
    %0 = arith.mulf %in, %in_w : f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %c = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%c : memref<1024xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x : memref<64x1024xf32>) outs(%c : memref<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : memref<64x1024xf32>, memref<1024xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%in: f32, %in_w: f32, %out: f32):
    %0 = arith.mulf %in, %in_w : f32
    %1 = arith.mulf %0, %in : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  %o = memref.alloc() : memref<64x1024xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %w, %a, %b : memref<64x1024xf32>, memref<1024xf32>, memref<64xf32>, memref<64xf32>) outs(%o : memref<64x1024xf32>) {
  ^bb0(%in: f32, %in_w: f32, %in_a: f32, %in_b: f32, %out: f32):
    %0 = arith.mulf %in, %in_w : f32
    %1 = arith.mulf %in_a, %in : f32
    %2 = arith.subf %0, %1 : f32
    %3 = arith.subf %2, %in_b : f32
    linalg.yield %3 : f32
  }
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %c, %o : memref<1024xf32>, memref<64x1024xf32>
}

// -----

// The same, but the op between writes %w, which the first row sum read
// before it: run before the group, it would change what that sum reads, so
// there is no group across it (the second row sum and the generic still
// make one).
// REMARK: Function=no_skip_over_writer | Remark="warp for 64 outputs of 1024 reduced elements"
// REMARK: Function=no_skip_over_writer | Remark="row-group for 64 outputs of 1024 reduced elements"
// CHECK-LABEL: func.func @no_skip_over_writer
//       CHECK:   ferric.schedule = "warp"
//       CHECK:   linalg.generic
//       CHECK:   ferric.schedule = "row-group"
func.func @no_skip_over_writer(%x: memref<64x1024xf32>, %w: memref<1024xf32>) -> memref<64x1024xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : memref<64x1024xf32>, memref<1024xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%in: f32, %in_w: f32, %out: f32):
    %0 = arith.mulf %in, %in_w : f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%w : memref<1024xf32>) {
  ^bb0(%out: f32):
    %0 = arith.mulf %out, %out : f32
    linalg.yield %0 : f32
  }
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : memref<64x1024xf32>, memref<1024xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%in: f32, %in_w: f32, %out: f32):
    %0 = arith.mulf %in, %in_w : f32
    %1 = arith.mulf %0, %in : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  %o = memref.alloc() : memref<64x1024xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %w, %a, %b : memref<64x1024xf32>, memref<1024xf32>, memref<64xf32>, memref<64xf32>) outs(%o : memref<64x1024xf32>) {
  ^bb0(%in: f32, %in_w: f32, %in_a: f32, %in_b: f32, %out: f32):
    %0 = arith.mulf %in, %in_w : f32
    %1 = arith.mulf %in_a, %in : f32
    %2 = arith.subf %0, %1 : f32
    %3 = arith.subf %2, %in_b : f32
    linalg.yield %3 : f32
  }
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %o : memref<64x1024xf32>
}

// -----

// The saved statistic of a training forward: the row member writes rstd
// through the [64] view of the [64, 1] buffer returned to torch. The
// buffer is otherwise only returned, so the member joins the group: one
// row-group kernel, storing rstd for the caller.
// REMARK: Function=saved_statistic | Remark="row-group for 64 outputs of 1024 reduced elements"
// CHECK-LABEL: func.func @saved_statistic
// PROD-LABEL: func.func @saved_statistic
//   CHECK-NOT:   linalg.generic
//       CHECK:   %[[VIEW:.*]] = memref.collapse_shape
//   CHECK-NOT:   linalg.generic
//       CHECK:   memref.store %{{.*}}, %[[VIEW]][
//       CHECK:   ferric.schedule = "row-group"
//   CHECK-NOT:   linalg.generic
func.func @saved_statistic(%x: memref<64x1024xf32>) -> (memref<64x1024xf32>, memref<64x1xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %eps = arith.constant 1.000000e-05 : f32
  %s = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%s : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x1024xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  }
  %saved = memref.alloc() : memref<64x1xf32>
  %view = memref.collapse_shape %saved [[0, 1]] : memref<64x1xf32> into memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : memref<64xf32>) outs(%view : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %eps : f32
    %1 = math.rsqrt %0 : f32
    linalg.yield %1 : f32
  }
  %o = memref.alloc() : memref<64x1024xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %view : memref<64x1024xf32>, memref<64xf32>) outs(%o : memref<64x1024xf32>) {
  ^bb0(%in: f32, %in_r: f32, %out: f32):
    %0 = arith.mulf %in, %in_r : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %s : memref<64xf32>
  return %o, %saved : memref<64x1024xf32>, memref<64x1xf32>
}

// -----

// The residual RMSNorm with its accumulator's start filled into one buffer
// and copied into the sum's (bufferization does this when the filled
// buffer serves a later sum too): the fill and the copy sit between the
// producer and the sum and touch neither's buffers, so the producer still
// joins (row-group-producers), and the copy's constant is the sum's start.
// CHECK-LABEL: func.func @producer_past_start_copy
// PROD-LABEL: func.func @producer_past_start_copy
//   PROD-NOT:   linalg.generic
//   PROD-NOT:   memref.copy
//       PROD:   gpu.launch
//       PROD:   } {ferric.schedule = "row-group-block"}
//   PROD-NOT:   gpu.launch
//   PROD-NOT:   linalg.generic
//   PROD-NOT:   memref.copy
func.func @producer_past_start_copy(%arg0: memref<64x4096xf32>, %arg1: memref<64x4096xf32>, %arg2: memref<4096xf32>) -> (memref<64x4096xf32>, memref<64x4096xf32>) {
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
  %zero = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst_1 : f32) outs(%zero : memref<64xf32>)
  %alloc_4 = memref.alloc() : memref<64xf32>
  memref.copy %zero, %alloc_4 : memref<64xf32> to memref<64xf32>
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
  memref.dealloc %zero : memref<64xf32>
  return %alloc_6, %alloc : memref<64x4096xf32>, memref<64x4096xf32>
}
