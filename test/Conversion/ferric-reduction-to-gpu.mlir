// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu | FileCheck %s
// RUN: ferric-opt %s --split-input-file --ferric-reduction-to-gpu="block-size=100 workgroup-alloc=true" | FileCheck %s --check-prefix=ALLOC
// RUN: not ferric-opt %s --split-input-file --ferric-reduction-to-gpu="block-size=0" 2>&1 | FileCheck %s --check-prefix=BAD

// ferric-reduction-to-gpu alone, on bufferized linalg (what
// convert-ferric-to-linalg + one-shot-bufferize make of ferric.reduce).

// A row sum (innermost dim reduced, f16 read into an f32 accumulator): a
// block reduction. One block per output (grid-stride over outputs), each
// thread folds elements tid, tid+256, ... starting from the identity -0.0,
// then a tree over workgroup memory (strides 128 ... 1, a barrier after
// each), and thread 0 folds the total into the output's initial value.
// CHECK-LABEL: func.func @row_sum
//  CHECK-SAME:   (%[[IN:.*]]: memref<?x?xf16>, %[[OUT:.*]]: memref<?xf32>)
//       CHECK:   %[[ROWS:.*]] = memref.dim %[[IN]], %c0
//       CHECK:   %[[COLS:.*]] = memref.dim %[[IN]], %c1
//       CHECK:   %[[NOUT:.*]] = arith.muli %{{.*}}, %[[ROWS]]
//       CHECK:   %[[NRED:.*]] = arith.muli %{{.*}}, %[[COLS]]
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
