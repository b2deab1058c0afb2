// RUN: ferric-opt %s --ferric-sink-into-launch | FileCheck %s

// ferric-sink-into-launch alone: scalar arith built from constants that a
// gpu.launch body uses is recomputed inside the body (so outlining makes no
// scalar kernel argument); values that depend on function arguments, and
// non-arith ops (memref.dim), stay outside. The host copies stay for other
// users.

// CHECK-LABEL: func.func @sink
//  CHECK-SAME:   (%[[M:.*]]: memref<?xf32>, %[[N:.*]]: index)
//       CHECK:   %[[STEP:.*]] = arith.muli
//       CHECK:   %[[DEP:.*]] = arith.addi %[[N]]
//       CHECK:   %[[DIM:.*]] = memref.dim %[[M]]
//       CHECK:   gpu.launch
//   CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
//   CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
//       CHECK:     %[[IN:.*]] = arith.muli %[[C1]], %[[C64]]
//       CHECK:     %[[CF:.*]] = arith.constant 2.0{{.*}} : f32
//       CHECK:     arith.addi %{{.*}}, %[[IN]]
//       CHECK:     arith.addi %{{.*}}, %[[DEP]]
//       CHECK:     arith.addi %{{.*}}, %[[DIM]]
//       CHECK:     memref.store %[[CF]]
//       CHECK:   return %[[STEP]]
func.func @sink(%m: memref<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %cst = arith.constant 2.0 : f32
  %step = arith.muli %c1, %c64 : index
  %dep = arith.addi %n, %c1 : index
  %dim = memref.dim %m, %c0 : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.addi %tx, %step : index
    %j = arith.addi %i, %dep : index
    %k = arith.addi %j, %dim : index
    memref.store %cst, %m[%k] : memref<?xf32>
    gpu.terminator
  }
  return %step : index
}
