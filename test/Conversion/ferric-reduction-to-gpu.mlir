// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="block-size=100 workgroup-alloc=true" | FileCheck %s --check-prefix=ALLOC
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="block-size=0" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=32" | FileCheck %s --check-prefix=WARP
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="warp-size=24" 2>&1 | FileCheck %s --check-prefix=BADWARP

// ferric-reduction-to-gpu alone, on bufferized linalg (what
// convert-ferric-to-linalg + one-shot-bufferize make of ferric.reduce).

// A row sum (innermost dim reduced, f16 read into an f32 accumulator): a
// block reduction. One block per output (grid-stride over outputs), each
// thread folds elements tid, tid+256, ... starting from the identity -0.0,
// then a tree over workgroup memory (strides 128 ... 1, a barrier after
// each), and thread 0 folds the total into the output's initial value.
// CHECK-LABEL: func.func @row_sum
//  CHECK-SAME:   (%[[IN:.*]]: memref<?x?xf16>, %[[OUT:.*]]: memref<?xf32>)
// (The output and reduced element counts are the dims themselves: the
// products 1 * dim fold.)
//       CHECK:   %[[NOUT:.*]] = memref.dim %[[IN]], %c0
//       CHECK:   %[[NRED:.*]] = memref.dim %[[IN]], %c1
//       CHECK:   %[[GRID:.*]] = arith.minui %[[NOUT]], %c65535
//       CHECK:   scf.if
//       CHECK:     gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%[[GX:.*]] = %[[GRID]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256{{.*}} workgroup(%[[SMEM:.*]] : memref<256xf32, 3>)
//       CHECK:       %[[ID:.*]] = arith.constant -0.000000e+00 : f32
//       CHECK:       scf.for %[[P:.*]] = %[[BX]] to %[[NOUT]] step %[[GX]]
// (The loop sits under tid < n: SCF-to-SPIR-V mishandles the results of
// loops that run zero times.)
//       CHECK:         %[[HAS:.*]] = arith.cmpi ult, %[[TX]], %[[NRED]]
//       CHECK:         %[[PART:.*]] = scf.if %[[HAS]] -> (f32) {
//       CHECK:           %[[L:.*]] = scf.for %[[R:.*]] = %[[TX]] to %[[NRED]] step %c256{{.*}} iter_args(%[[ACC:.*]] = %[[ID]]) -> (f32)
//       CHECK:             %[[X:.*]] = memref.load %[[IN]][%[[P]], %[[R]]]
//       CHECK:             %[[E:.*]] = arith.extf %[[X]] : f16 to f32
//       CHECK:             %[[S:.*]] = arith.addf %[[ACC]], %[[E]]
//       CHECK:             scf.yield %[[S]]
//       CHECK:           scf.yield %[[L]]
//       CHECK:         } else {
//       CHECK:           scf.yield %[[ID]]
//       CHECK:         memref.store %[[PART]], %[[SMEM]][%[[TX]]]
//  CHECK-NEXT:         gpu.barrier
//       CHECK:         arith.cmpi ult, %[[TX]], %c128
//       CHECK:           arith.addf
//       CHECK:         gpu.barrier
// CHECK-COUNT-7:       gpu.barrier
//       CHECK:         arith.cmpi eq, %[[TX]], %c0
//       CHECK:           %[[INIT:.*]] = memref.load %[[OUT]][%[[P]]]
//       CHECK:           %[[TOT:.*]] = memref.load %[[SMEM]][%c0
//       CHECK:           %[[R2:.*]] = arith.addf %[[INIT]], %[[TOT]]
//       CHECK:           memref.store %[[R2]], %[[OUT]][%[[P]]]
//       CHECK:         gpu.barrier
//   CHECK-NOT:   linalg.generic
// ALLOC-LABEL: func.func @row_sum
//       ALLOC:   gpu.launch
//   ALLOC-NOT:     workgroup(
//       ALLOC:     %[[SMEM:.*]] = memref.alloc() : memref<64xf32, 3>
//       ALLOC:     scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c64
//       ALLOC:     memref.store %{{.*}}, %[[SMEM]]
//       ALLOC:     arith.cmpi ult, %{{.*}}, %c32
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

// A full max (rank 0 output): one block; identity -inf.
// CHECK-LABEL: func.func @full_max
//       CHECK:   gpu.launch {{.*}} workgroup(%{{.*}} : memref<256xf32, 3>)
//       CHECK:     arith.constant 0xFF800000 : f32
//       CHECK:     arith.maximumf
//       CHECK:     memref.store %{{.*}}, %{{.*}}[] : memref<f32>
func.func @full_max(%in: memref<8x9xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>],
                  iterator_types = ["reduction", "reduction"]}
      ins(%in : memref<8x9xf32>) outs(%out : memref<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %x, %acc : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A column sum (outer dim reduced): one thread per output, consecutive
// threads on consecutive columns, the reduced loop inside the kernel
// starting from the output's value; no workgroup memory.
// CHECK-LABEL: func.func @col_sum
//  CHECK-SAME:   (%[[IN:.*]]: memref<37x65xf32>, %[[OUT:.*]]: memref<65xf32>)
//       CHECK:   gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%[[GX:.*]] = %{{.*}}, {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in
//   CHECK-NOT:     workgroup
//       CHECK:     %[[T:.*]] = arith.addi %{{.*}}, %[[TX]]
//       CHECK:     scf.for %[[J:.*]] = %[[T]] to %{{.*}} step
//       CHECK:       %[[INIT:.*]] = memref.load %[[OUT]][%[[J]]]
//       CHECK:       %[[SUM:.*]] = scf.if
//       CHECK:         scf.for %[[I:.*]] = %c0{{.*}} to %{{.*}} step %c1{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]])
//       CHECK:           memref.load %[[IN]][%[[I]], %[[J]]]
//       CHECK:       } else {
//       CHECK:         scf.yield %[[INIT]]
//       CHECK:       memref.store %[[SUM]], %[[OUT]][%[[J]]]
//   CHECK-NOT:     gpu.barrier
func.func @col_sum(%in: memref<37x65xf32>, %out: memref<65xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
                  iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<37x65xf32>) outs(%out : memref<65xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A body that is not one combiner of the accumulator (here acc*0.5 + x)
// cannot be split across threads: one thread per output, in order.
// CHECK-LABEL: func.func @not_a_combiner
//       CHECK:   gpu.launch
//   CHECK-NOT:     workgroup
//       CHECK:     arith.mulf
//       CHECK:     arith.addf
func.func @not_a_combiner(%in: memref<4x8xf32>, %out: memref<4xf32>) {
  %half = arith.constant 0.5 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<4x8xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %h = arith.mulf %acc, %half : f32
    %s = arith.addf %h, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Left alone: elementwise generics, and reductions reading linalg.index.
// CHECK-LABEL: func.func @left_alone
//   CHECK-NOT:   gpu.launch
//       CHECK:   linalg.generic
//       CHECK:   linalg.generic
//       CHECK:     linalg.index
func.func @left_alone(%a: memref<8xf32>, %b: memref<8xf32>, %m: memref<4x8xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<8xf32>) outs(%b : memref<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%m : memref<4x8xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    %p = arith.mulf %x, %f : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// BAD: error: ferric-reduction-to-gpu: block-size must be in [1, 1024], got 0
// BADWARP: error: ferric-reduction-to-gpu: warp-size must be 0 or a power of two up to 64, got 24

// -----

// The constant fill of the output right before the reduction is folded into
// the kernel: thread 0 starts from the fill value, the output is not loaded,
// and the fill (one more kernel launch) is gone. Here the fill is 1.0 so
// that it differs from the identity -0.0.
// CHECK-LABEL: func.func @fill_folded
//   CHECK-NOT:   linalg.fill
//       CHECK:   gpu.launch
//       CHECK:     arith.cmpi eq
//       CHECK:       %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//       CHECK:       %[[TOT:.*]] = memref.load
//       CHECK:       arith.addf %[[ONE]], %[[TOT]]
//   CHECK-NOT:   linalg.fill
func.func @fill_folded(%in: memref<?x?xf32>, %out: memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%out : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Not folded: a fill with a runtime value (it would become a scalar kernel
// argument), and a fill separated from the reduction by a write to the
// buffer.
// CHECK-LABEL: func.func @fill_kept
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[O:.*]] : memref<?xf32>)
//       CHECK:   gpu.launch
//       CHECK:           memref.load %[[O]]
//       CHECK:   linalg.fill
//       CHECK:   memref.copy
//       CHECK:   gpu.launch
func.func @fill_kept(%in: memref<?x?xf32>, %out: memref<?xf32>, %v: f32,
                     %out2: memref<?xf32>, %src: memref<?xf32>) {
  linalg.fill ins(%v : f32) outs(%out : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%out2 : memref<?xf32>)
  memref.copy %src, %out2 : memref<?xf32> to memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x?xf32>) outs(%out2 : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// warp-size=32, static rows of 1024 f32 (at most warp-max-elements): only
// the warp reduction. 8 warps per block, one output per warp at a time;
// each lane keeps 4 partials over chunks of 128 elements (4 loads in
// flight), folds the rest one by one, combines its partials, then a
// butterfly of shuffles (16 ... 1) and lane 0 stores. No workgroup memory.
// WARP-LABEL: func.func @warp_static
//   WARP-NOT:   workgroup(
//       WARP:   gpu.launch blocks({{.*}}) in (%{{.*}} = %[[GRID:[^,]*]],
//       WARP:     %[[LANE:.*]] = arith.remui %{{.*}}, %c32
//       WARP:     scf.for
//       WARP:       %[[P:.*]]:4 = scf.for %{{.*}} = %c0{{.*}} to %c1024{{.*}} step %c128{{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32)
// WARP-COUNT-4:       memref.load
//       WARP:         scf.yield
//       WARP:       scf.for {{.*}} step %c32
//       WARP:       arith.addf {{.*}}%[[P]]#1
//       WARP:       arith.addf {{.*}}%[[P]]#2
//       WARP:       arith.addf {{.*}}%[[P]]#3
//       WARP:       gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32{{.*}} : f32
//       WARP:       gpu.shuffle  xor %{{.*}}, %c8_i32, %c32_i32{{.*}} : f32
//       WARP:       gpu.shuffle  xor %{{.*}}, %c4_i32, %c32_i32{{.*}} : f32
//       WARP:       gpu.shuffle  xor %{{.*}}, %c2_i32, %c32_i32{{.*}} : f32
//       WARP:       gpu.shuffle  xor %{{.*}}, %c1_i32, %c32_i32{{.*}} : f32
//       WARP:       arith.cmpi eq, %[[LANE]], %c0
//       WARP:         memref.store
//   WARP-NOT:   gpu.barrier
//   WARP-NOT:   gpu.launch
func.func @warp_static(%in: memref<?x1024xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x1024xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Dynamic sizes: both kernels, chosen on the host (warp reduction when a row
// has at most 4096 elements or there are at least 8192 rows). bf16 partials
// go through the shuffles as f32.
// WARP-LABEL: func.func @warp_dynamic
//       WARP:   %[[SHORT:.*]] = arith.cmpi ule, %{{.*}}, %c4096
//       WARP:   %[[MANY:.*]] = arith.cmpi uge, %{{.*}}, %c8192
//       WARP:   %[[USE:.*]] = arith.ori %[[SHORT]], %[[MANY]]
//       WARP:   scf.if %[[USE]] {
//   WARP-NOT:     workgroup(
//       WARP:     gpu.launch
//       WARP:       arith.extf %{{.*}} : bf16 to f32
//       WARP:       gpu.shuffle  xor
//       WARP:       arith.truncf %{{.*}} : f32 to bf16
//       WARP:       arith.maximumf
//       WARP:   } else {
//       WARP:     gpu.launch {{.*}} workgroup(%{{.*}} : memref<256xbf16, 3>)
//       WARP:       gpu.barrier
func.func @warp_dynamic(%in: memref<?x?xbf16>, %out: memref<?xbf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x?xbf16>) outs(%out : memref<?xbf16>) {
  ^bb0(%x: bf16, %acc: bf16):
    %s = arith.maximumf %acc, %x : bf16
    linalg.yield %s : bf16
  }
  return
}

// -----

// f64 partials do not fit one 32-bit shuffle: the block reduction only.
// WARP-LABEL: func.func @warp_f64
//   WARP-NOT:   gpu.shuffle
//       WARP:   gpu.launch {{.*}} workgroup(%{{.*}} : memref<256xf64, 3>)
//   WARP-NOT:   gpu.launch
func.func @warp_f64(%in: memref<?x64xf64>, %out: memref<?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x64xf64>) outs(%out : memref<?xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %acc, %x : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// A row group (warp-size set): softmax on buffers, as bufferization leaves
// it: row max, row sum of exp(x - max), exp(x - max) / sum. All three read
// %x through the identity map (the same loop space), so they become one
// warp-per-row kernel: the max and the sum stay in registers for the
// members after them (nothing else reads their buffers, so they are not
// stored), the fills are folded, and the last member is a strided loop over
// the row (4 elements per step, then the rest) storing the output, dividing
// by the sum as a multiply by its reciprocal (row-reciprocal). Without
// warp-size, three kernels.
// CHECK-LABEL: func.func @row_group
// CHECK-COUNT-3: gpu.launch
// WARP-LABEL: func.func @row_group
//   WARP-NOT:   linalg.fill
//       WARP:   gpu.launch
//   WARP-NOT:     workgroup(
//       WARP:     %[[LANE:.*]] = arith.remui %{{.*}}, %c32
//       WARP:     scf.for %[[ROW:[^ ]*]] =
//       WARP:       arith.maximumf
//       WARP:       gpu.shuffle  xor
// (The row's result: the fill constant combined with the warp's total.)
//       WARP:       %[[MAX:.*]] = arith.maximumf %cst{{[_0-9]*}}, %{{.*}} : f32
//   WARP-NOT:       memref.store
//       WARP:       arith.subf %{{.*}}, %[[MAX]] : f32
//       WARP:       math.exp
//       WARP:       gpu.shuffle  xor
//       WARP:       %[[SUM:.*]] = arith.addf %cst{{[_0-9]*}}, %{{.*}} : f32
//   WARP-NOT:       memref.store
//       WARP:       scf.for %[[BASE:.*]] = %c0{{.*}} to %c1024{{.*}} step %c128
//       WARP:         %[[J:.*]] = arith.addi %[[BASE]], %[[LANE]]
// WARP-COUNT-4:       memref.store
//       WARP:       scf.for %[[J:.*]] = %{{.*}} to %c1024{{.*}} step %c32
//       WARP:         %[[V:.*]] = memref.load %{{.*}}[%[[ROW]], %[[J]]]
//       WARP:         %[[D:.*]] = arith.subf %[[V]], %[[MAX]]
//       WARP:         %[[E:.*]] = math.exp %[[D]]
//       WARP:         %[[R:.*]] = arith.divf %cst{{[_0-9]*}}, %[[SUM]]
//       WARP:         %[[Q:.*]] = arith.mulf %[[E]], %[[R]]
//       WARP:         memref.store %[[Q]], %{{.*}}[%[[ROW]], %[[J]]]
//   WARP-NOT:   gpu.launch
//   WARP-NOT:   linalg.generic
func.func @row_group(%x: memref<?x1024xf32>) -> memref<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?x1024xf32>
  %mx = memref.alloc(%n) : memref<?xf32>
  %sum = memref.alloc(%n) : memref<?xf32>
  %out = memref.alloc(%n) : memref<?x1024xf32>
  linalg.fill ins(%ninf : f32) outs(%mx : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x1024xf32>) outs(%mx : memref<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %acc, %a : f32
    linalg.yield %m : f32
  }
  linalg.fill ins(%zero : f32) outs(%sum : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%mx, %x : memref<?xf32>, memref<?x1024xf32>) outs(%sum : memref<?xf32>) {
  ^bb0(%m: f32, %a: f32, %acc: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%sum, %mx, %x : memref<?xf32>, memref<?xf32>, memref<?x1024xf32>) outs(%out : memref<?x1024xf32>) {
  ^bb0(%s: f32, %m: f32, %a: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    %q = arith.divf %e, %s : f32
    linalg.yield %q : f32
  }
  return %out : memref<?x1024xf32>
}

// -----

// Not a row group: the consumer reads a different buffer than the reduction
// through the identity map (its loop space is not provably the same), so
// the reduction keeps its own kernel and the consumer is left to the
// elementwise pass.
// WARP-LABEL: func.func @no_row_group
//       WARP:   gpu.launch
//       WARP:     gpu.shuffle
//       WARP:   linalg.generic
func.func @no_row_group(%x: memref<?x64xf32>, %y: memref<?x64xf32>) -> memref<?x64xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x64xf32>
  %sum = memref.alloc(%n) : memref<?xf32>
  %out = memref.alloc(%n) : memref<?x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x64xf32>) outs(%sum : memref<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%sum, %y : memref<?xf32>, memref<?x64xf32>) outs(%out : memref<?x64xf32>) {
  ^bb0(%s: f32, %b: f32, %o: f32):
    %q = arith.divf %b, %s : f32
    linalg.yield %q : f32
  }
  return %out : memref<?x64xf32>
}

// -----

// A row group whose reduction result is also returned: lane 0 stores it.
// WARP-LABEL: func.func @row_group_stored
//       WARP:   gpu.launch
//       WARP:       %[[SUM:.*]] = arith.addf %cst{{[_0-9]*}}, %{{.*}} : f32
//       WARP:       scf.if
//  WARP-NEXT:         memref.store %[[SUM]]
//       WARP:       arith.divf %{{.*}}, %[[SUM]]
//   WARP-NOT:   gpu.launch
func.func @row_group_stored(%x: memref<?x64xf32>) -> (memref<?xf32>, memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?x64xf32>
  %sum = memref.alloc(%n) : memref<?xf32>
  %out = memref.alloc(%n) : memref<?x64xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<?xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x64xf32>) outs(%sum : memref<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%sum, %x : memref<?xf32>, memref<?x64xf32>) outs(%out : memref<?x64xf32>) {
  ^bb0(%s: f32, %b: f32, %o: f32):
    %q = arith.divf %b, %s : f32
    linalg.yield %q : f32
  }
  return %sum, %out : memref<?xf32>, memref<?x64xf32>
}
