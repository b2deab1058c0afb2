// RUN: ferric-opt %s --ferric-elementwise-to-gpu | FileCheck %s
// RUN: ferric-opt %s --ferric-elementwise-to-gpu=elements-per-thread=2 | FileCheck %s --check-prefix=EPT2
// RUN: ferric-opt %s --ferric-elementwise-to-gpu=elements-per-thread=1 | FileCheck %s --check-prefix=EPT1
// RUN: ferric-opt %s --ferric-elementwise-to-gpu=block-size=128 | FileCheck %s --check-prefix=BS128
// RUN: ferric-opt %s --ferric-elementwise-to-gpu="max-grid-size=65535" | FileCheck %s --check-prefix=MAXGRID
// RUN: not ferric-opt %s --ferric-elementwise-to-gpu=block-size=0 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not ferric-opt %s --ferric-elementwise-to-gpu=block-size=1025 2>&1 | FileCheck %s --check-prefix=BAD

// ferric-elementwise-to-gpu alone, on hand-written bufferized generics (what
// bufferized ferric.fused and elementwise ops look like).

// BAD: error: ferric-elementwise-to-gpu: block-size must be in [1, 1024], got
// BAD-NOT: gpu.launch

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0)>
#sc2 = affine_map<(d0, d1) -> ()>

// f32: 4 lanes per thread, 16-byte aligned vector loads and stores, the
// body (constants too) cloned at vector width; a grid-stride loop over the
// whole vectors and a scalar tail.
// CHECK-LABEL: func.func @f32_dynamic
//  CHECK-SAME: (%[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[O:.*]]: memref<?xf32>)
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %[[DIM:.*]] = memref.dim %[[O]], %{{.*}} : memref<?xf32>
//       CHECK:   %[[TOTAL:.*]] = arith.muli %[[C1]], %[[DIM]] : index
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   %[[NVEC:.*]] = arith.divui %[[TOTAL]], %[[C4]] : index
//       CHECK:   %[[C256:.*]] = arith.constant 256 : index
//       CHECK:   %[[WORK:.*]] = arith.maxui %[[NVEC]], %[[C1]] : index
//       CHECK:   %[[GRID:.*]] = arith.ceildivui %[[WORK]], %[[C256]] : index
// No guard for empty tensors (at least one block; the loop and the tail do
// nothing): a host-side scf.if would cost a stream synchronization.
//   CHECK-NOT:   scf.if
//       CHECK:     gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%[[GX:.*]] = %[[GRID]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) {
//       CHECK:       %[[BOFF:.*]] = arith.muli %[[BX]], %[[C256]] : index
//       CHECK:       %[[TID:.*]] = arith.addi %[[BOFF]], %[[TX]] : index
//       CHECK:       %[[STRIDE:.*]] = arith.muli %[[GX]], %[[C256]] : index
//       CHECK:       scf.for %[[I:.*]] = %[[TID]] to %[[NVEC]] step %[[STRIDE]] {
//       CHECK:         %[[BASE:.*]] = arith.muli %[[I]], %[[C4]] : index
//       CHECK:         %[[VA:.*]] = vector.load %[[A]][%[[BASE]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
//       CHECK:         %[[VB:.*]] = vector.load %[[B]][%[[BASE]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
//       CHECK:         %[[CST:.*]] = arith.constant dense<2.000000e+00> : vector<4xf32>
//       CHECK:         %[[M:.*]] = arith.mulf %[[VA]], %[[VB]] : vector<4xf32>
//       CHECK:         %[[S:.*]] = arith.addf %[[M]], %[[CST]] : vector<4xf32>
//       CHECK:         vector.store %[[S]], %[[O]][%[[BASE]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
//       CHECK:       }
//       CHECK:       %[[TAIL0:.*]] = arith.muli %[[NVEC]], %[[C4]] : index
//       CHECK:       %[[J:.*]] = arith.addi %[[TAIL0]], %[[TID]] : index
//       CHECK:       %[[IN:.*]] = arith.cmpi ult, %[[J]], %[[TOTAL]] : index
//       CHECK:       scf.if %[[IN]] {
//       CHECK:         %[[SA:.*]] = memref.load %[[A]][%[[J]]] : memref<?xf32>
//       CHECK:         %[[SB:.*]] = memref.load %[[B]][%[[J]]] : memref<?xf32>
//       CHECK:         %[[SC:.*]] = arith.constant 2.000000e+00 : f32
//       CHECK:         %[[SM:.*]] = arith.mulf %[[SA]], %[[SB]] : f32
//       CHECK:         %[[SS:.*]] = arith.addf %[[SM]], %[[SC]] : f32
//       CHECK:         memref.store %[[SS]], %[[O]][%[[J]]] : memref<?xf32>
//       CHECK:       }
//       CHECK:       gpu.terminator
//   CHECK-NOT:   linalg.generic
//       CHECK:   return

// Two lanes: 8-byte accesses.
// EPT2-LABEL: func.func @f32_dynamic
//       EPT2:   %[[C2:.*]] = arith.constant 2 : index
//       EPT2:   arith.divui %{{.*}}, %[[C2]] : index
//       EPT2:   vector.load %{{.*}} {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
//       EPT2:   vector.store %{{.*}} {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
//       EPT2:   scf.if
//       EPT2:     memref.load

// One lane: no vector ops and no tail.
// EPT1-LABEL: func.func @f32_dynamic
//   EPT1-NOT:   vector.
//       EPT1:   scf.for
//       EPT1:     memref.load %{{.*}} : memref<?xf32>
//       EPT1:     memref.load %{{.*}} : memref<?xf32>
//       EPT1:     arith.mulf %{{.*}}, %{{.*}} : f32
//       EPT1:     memref.store %{{.*}} : memref<?xf32>
//       EPT1:   }
//  EPT1-NEXT:   gpu.terminator

// BS128-LABEL: func.func @f32_dynamic
//       BS128:   %[[C128:.*]] = arith.constant 128 : index
//       BS128:   %[[GRID:.*]] = arith.ceildivui %{{.*}}, %[[C128]] : index
//       BS128:   gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GRID]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C128]],
//       BS128:   vector.load %{{.*}} : memref<?xf32>, vector<4xf32>

// With max-grid-size (the SPIR-V and WGSL pipelines: 65535 workgroups is
// all Vulkan and WebGPU guarantee) the grid is capped and the grid-stride
// loop takes the rest.
// MAXGRID-LABEL: func.func @f32_dynamic
//       MAXGRID:   %[[BLOCKS:.*]] = arith.ceildivui
//       MAXGRID:   %[[CAP:.*]] = arith.constant 65535 : index
//       MAXGRID:   %[[GRID:.*]] = arith.minui %[[BLOCKS]], %[[CAP]] : index
//       MAXGRID:   gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GRID]],
//       MAXGRID:     scf.for
func.func @f32_dynamic(%a: memref<?xf32>, %b: memref<?xf32>, %o: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a, %b : memref<?xf32>, memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %c = arith.constant 2.0 : f32
    %0 = arith.mulf %x, %y : f32
    %1 = arith.addf %0, %c : f32
    linalg.yield %1 : f32
  }
  return
}

// f16: 8 lanes (16 bytes). A 2-D iteration space is linearized: identity
// operands are collapsed to 1-D. The rows are 8 long, a multiple of the 8
// lanes, so the lanes of one vector are one row: the row input (broadcast
// map) is one vector load at the first lane's column; the scalar is splat.
// CHECK-LABEL: func.func @f16_broadcast_scalar
//  CHECK-SAME: (%[[R:.*]]: memref<8xf16>, %[[X:.*]]: memref<?x8xf16>, %[[S:.*]]: f16, %[[O:.*]]: memref<?x8xf16>)
//   CHECK-DAG:   %[[XF:.*]] = memref.collapse_shape %[[X]] {{\[}}[0, 1]] : memref<?x8xf16> into memref<?xf16>
//   CHECK-DAG:   %[[OF:.*]] = memref.collapse_shape %[[O]] {{\[}}[0, 1]] : memref<?x8xf16> into memref<?xf16>
//       CHECK:   %[[C8:.*]] = arith.constant 8 : index
//       CHECK:   gpu.launch
//       CHECK:     scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:       %[[BASE:.*]] = arith.muli %[[I]], %[[C8]] : index
// Lane 0's column = linear index mod 8.
//       CHECK:       %[[COL0:.*]] = arith.remui %[[BASE]], %{{.*}} : index
//       CHECK:       %[[OFF0:.*]] = arith.addi %{{.*}}, %[[COL0]] : index
//       CHECK:       %[[VR:.*]] = vector.load %[[R]][%[[OFF0]]] {alignment = 16 : i64} : memref<8xf16>, vector<8xf16>
//   CHECK-NOT:       memref.load %[[R]]
//       CHECK:       %[[VX:.*]] = vector.load %[[XF]][%[[BASE]]] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
//       CHECK:       %[[VS:.*]] = vector.broadcast %[[S]] : f16 to vector<8xf16>
//       CHECK:       %[[SUM:.*]] = arith.addf %[[VR]], %[[VX]] : vector<8xf16>
//       CHECK:       %[[P:.*]] = arith.mulf %[[SUM]], %[[VS]] : vector<8xf16>
//       CHECK:       vector.store %[[P]], %[[OF]][%[[BASE]]] {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
//       CHECK:     }
//       CHECK:     scf.if
//       CHECK:       memref.load %[[R]]
//       CHECK:       %[[TX:.*]] = memref.load %[[XF]][%{{.*}}] : memref<?xf16>
//       CHECK:       arith.mulf %{{.*}}, %[[S]] : f16
//       CHECK:       memref.store %{{.*}}, %[[OF]][%{{.*}}] : memref<?xf16>
func.func @f16_broadcast_scalar(%r: memref<8xf16>, %x: memref<?x8xf16>, %s: f16, %o: memref<?x8xf16>) {
  linalg.generic {indexing_maps = [#row, #id2, #sc2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%r, %x, %s : memref<8xf16>, memref<?x8xf16>, f16) outs(%o : memref<?x8xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16, %out: f16):
    %0 = arith.addf %a, %b : f16
    %1 = arith.mulf %0, %c : f16
    linalg.yield %1 : f16
  }
  return
}

// A column input of a 2-D iteration: offset = row index, i.e. the linear
// index divided by the row length, mod the number of rows. Rows of 16, a
// multiple of the 4 lanes: the lanes share one row, so one element, loaded
// once and splat.
// CHECK-LABEL: func.func @column_broadcast
//  CHECK-SAME: (%[[C:.*]]: memref<4xf32>, %{{.*}}: memref<4x16xf32>, %{{.*}}: memref<4x16xf32>)
//       CHECK:   scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:     %[[BASE:.*]] = arith.muli %[[I]], %{{.*}} : index
//       CHECK:     %[[Q:.*]] = arith.divui %[[BASE]], %{{.*}} : index
//       CHECK:     %[[ROW:.*]] = arith.remui %[[Q]], %{{.*}} : index
//       CHECK:     %[[OFF:.*]] = arith.addi %{{.*}}, %[[ROW]] : index
//       CHECK:     %[[E:.*]] = memref.load %[[C]][%[[OFF]]] : memref<4xf32>
//   CHECK-NOT:     memref.load %[[C]]
//       CHECK:     vector.broadcast %[[E]] : f32 to vector<4xf32>
//       CHECK:   scf.if
func.func @column_broadcast(%c: memref<4xf32>, %x: memref<4x16xf32>, %o: memref<4x16xf32>) {
  linalg.generic {indexing_maps = [#col, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%c, %x : memref<4xf32>, memref<4x16xf32>) outs(%o : memref<4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.subf %b, %a : f32
    linalg.yield %0 : f32
  }
  return
}

// Rows of 7 (not a multiple of the 4 lanes) or of a length known only at
// run time: a vector's lanes may span two rows, so the row and column inputs
// are gathered lane by lane.
// CHECK-LABEL: func.func @broadcast_gather
//       CHECK:   scf.for
// CHECK-COUNT-4:     memref.load %{{.*}} : memref<7xf32>
//       CHECK:     vector.from_elements {{.*}} : vector<4xf32>
// CHECK-COUNT-4:     memref.load %{{.*}} : memref<3xf32>
//       CHECK:     vector.from_elements {{.*}} : vector<4xf32>
// CHECK-LABEL: func.func @broadcast_gather_dynamic
//       CHECK:   scf.for
// CHECK-COUNT-4:     memref.load %{{.*}} : memref<?xf32>
//       CHECK:     vector.from_elements {{.*}} : vector<4xf32>
func.func @broadcast_gather(%r: memref<7xf32>, %c: memref<3xf32>, %x: memref<3x7xf32>, %o: memref<3x7xf32>) {
  linalg.generic {indexing_maps = [#row, #col, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%r, %c, %x : memref<7xf32>, memref<3xf32>, memref<3x7xf32>) outs(%o : memref<3x7xf32>) {
  ^bb0(%a: f32, %b: f32, %y: f32, %out: f32):
    %0 = arith.addf %a, %b : f32
    %1 = arith.mulf %0, %y : f32
    linalg.yield %1 : f32
  }
  return
}
func.func @broadcast_gather_dynamic(%r: memref<?xf32>, %x: memref<3x?xf32>, %o: memref<3x?xf32>) {
  linalg.generic {indexing_maps = [#row, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%r, %x : memref<?xf32>, memref<3x?xf32>) outs(%o : memref<3x?xf32>) {
  ^bb0(%a: f32, %y: f32, %out: f32):
    %0 = arith.addf %a, %y : f32
    linalg.yield %0 : f32
  }
  return
}

// f64: 2 lanes (16 bytes).
// CHECK-LABEL: func.func @f64_exp
//       CHECK:   %[[C2:.*]] = arith.constant 2 : index
//       CHECK:   arith.divui %{{.*}}, %[[C2]] : index
//       CHECK:   %[[V:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf64>, vector<2xf64>
//       CHECK:   %[[E:.*]] = math.exp %[[V]] : vector<2xf64>
//       CHECK:   vector.store %[[E]], %{{.*}} {alignment = 16 : i64} : memref<?xf64>, vector<2xf64>
//       CHECK:   scf.if
//       CHECK:     math.exp %{{.*}} : f64
func.func @f64_exp(%a: memref<?xf64>, %o: memref<?xf64>) {
  linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : memref<?xf64>) outs(%o : memref<?xf64>) {
  ^bb0(%x: f64, %out: f64):
    %0 = math.exp %x : f64
    linalg.yield %0 : f64
  }
  return
}

// Mixed widths: the narrowest element type (f16) sets 8 lanes, so the f32
// input is read 32 bytes at a time (alignment stays 16).
// CHECK-LABEL: func.func @mixed_f32_to_f16
//       CHECK:   %[[C8:.*]] = arith.constant 8 : index
//       CHECK:   %[[V:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<64xf32>, vector<8xf32>
//       CHECK:   %[[T:.*]] = arith.truncf %[[V]] : vector<8xf32> to vector<8xf16>
//       CHECK:   vector.store %[[T]], %{{.*}} {alignment = 16 : i64} : memref<64xf16>, vector<8xf16>
func.func @mixed_f32_to_f16(%a: memref<64xf32>, %o: memref<64xf16>) {
  linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%o : memref<64xf16>) {
  ^bb0(%x: f32, %out: f16):
    %0 = arith.truncf %x : f32 to f16
    linalg.yield %0 : f16
  }
  return
}

// An i1 output: one element per thread (no vectors, no tail).
// CHECK-LABEL: func.func @i1_output
//   CHECK-NOT:   vector.
//       CHECK:   scf.for
//       CHECK:     %[[X:.*]] = memref.load %{{.*}} : memref<?xf32>
//       CHECK:     %[[Y:.*]] = memref.load %{{.*}} : memref<?xf32>
//       CHECK:     %[[L:.*]] = arith.cmpf olt, %[[X]], %[[Y]] : f32
//       CHECK:     memref.store %[[L]], %{{.*}} : memref<?xi1>
//       CHECK:   }
//  CHECK-NEXT:   gpu.terminator
//   CHECK-NOT:   vector.
//       CHECK:   return
func.func @i1_output(%a: memref<?xf32>, %b: memref<?xf32>, %o: memref<?xi1>) {
  linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a, %b : memref<?xf32>, memref<?xf32>) outs(%o : memref<?xi1>) {
  ^bb0(%x: f32, %y: f32, %out: i1):
    %0 = arith.cmpf olt, %x, %y : f32
    linalg.yield %0 : i1
  }
  return
}

// An i1 input (select): also one element per thread.
// CHECK-LABEL: func.func @i1_input
//   CHECK-NOT:   vector.
//       CHECK:   scf.for
//       CHECK:     memref.load %{{.*}} : memref<16xi1>
//       CHECK:     arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
//       CHECK:   gpu.terminator
func.func @i1_input(%c: memref<16xi1>, %a: memref<16xf32>, %b: memref<16xf32>, %o: memref<16xf32>) {
  linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%c, %a, %b : memref<16xi1>, memref<16xf32>, memref<16xf32>) outs(%o : memref<16xf32>) {
  ^bb0(%p: i1, %x: f32, %y: f32, %out: f32):
    %0 = arith.select %p, %x, %y : f32
    linalg.yield %0 : f32
  }
  return
}

// Two outputs: both stored, each at vector width.
// CHECK-LABEL: func.func @two_outputs
//       CHECK:   scf.for
//       CHECK:     %[[V:.*]] = vector.load %{{.*}} : memref<32xf32>, vector<4xf32>
//       CHECK:     %[[N:.*]] = arith.negf %[[V]] : vector<4xf32>
//       CHECK:     %[[E:.*]] = math.exp %[[V]] : vector<4xf32>
//       CHECK:     vector.store %[[N]], %[[O0:.*]][%{{.*}}] {alignment = 16 : i64} : memref<32xf32>, vector<4xf32>
//       CHECK:     vector.store %[[E]], %[[O1:.*]][%{{.*}}] {alignment = 16 : i64} : memref<32xf32>, vector<4xf32>
func.func @two_outputs(%a: memref<32xf32>, %o0: memref<32xf32>, %o1: memref<32xf32>) {
  linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a : memref<32xf32>) outs(%o0, %o1 : memref<32xf32>, memref<32xf32>) {
  ^bb0(%x: f32, %u: f32, %v: f32):
    %0 = arith.negf %x : f32
    %1 = math.exp %x : f32
    linalg.yield %0, %1 : f32, f32
  }
  return
}

// A value captured from outside the body is splat.
// CHECK-LABEL: func.func @captured
//  CHECK-SAME: (%{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>, %[[K:.*]]: f32)
//       CHECK:   scf.for
//       CHECK:     %[[VK:.*]] = vector.broadcast %[[K]] : f32 to vector<4xf32>
//       CHECK:     arith.divf %{{.*}}, %[[VK]] : vector<4xf32>
//       CHECK:   scf.if
//       CHECK:     arith.divf %{{.*}}, %[[K]] : f32
func.func @captured(%a: memref<16xf32>, %o: memref<16xf32>, %k: f32) {
  linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%o : memref<16xf32>) {
  ^bb0(%x: f32, %out: f32):
    %0 = arith.divf %x, %k : f32
    linalg.yield %0 : f32
  }
  return
}

// Left alone: a reduction, a rank-0 generic (no iteration space to
// linearize), a generic on tensors, and a non-identity layout.
// CHECK-LABEL: func.func @reduction_untouched
//   CHECK-NOT:   gpu.launch
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//   CHECK-NOT:   gpu.launch
func.func @reduction_untouched(%a: memref<4x8xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id2, #col], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x8xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.addf %x, %acc : f32
    linalg.yield %0 : f32
  }
  return
}

// An op without parallel loops runs as a one-thread kernel, not as a host
// loop over device memory.
// CHECK-LABEL: func.func @rank0_serial
//       CHECK:   gpu.launch blocks({{.*}}) in ({{.*}} = %[[ONE:.*]], {{.*}} = %[[ONE]], {{.*}} = %[[ONE]]) threads({{.*}}) in ({{.*}} = %[[ONE]], {{.*}} = %[[ONE]], {{.*}} = %[[ONE]])
//       CHECK:     linalg.generic {{.*}}iterator_types = []
//       CHECK:     gpu.terminator
func.func @rank0_serial(%a: memref<f32>, %o: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a : memref<f32>) outs(%o : memref<f32>) {
  ^bb0(%x: f32, %out: f32):
    %0 = arith.negf %x : f32
    linalg.yield %0 : f32
  }
  return
}

// CHECK-LABEL: func.func @tensor_untouched
//   CHECK-NOT:   gpu.launch
//       CHECK:   linalg.generic
//   CHECK-NOT:   gpu.launch
func.func @tensor_untouched(%a: tensor<8xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %0 = arith.negf %x : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @strided_untouched
//   CHECK-NOT:   gpu.launch
//       CHECK:   linalg.generic
//   CHECK-NOT:   gpu.launch
func.func @strided_untouched(%a: memref<8xf32, strided<[2]>>, %o: memref<8xf32>) {
  linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : memref<8xf32, strided<[2]>>) outs(%o : memref<8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %0 = arith.negf %x : f32
    linalg.yield %0 : f32
  }
  return
}
