// RUN: ferric-opt %s --split-input-file --ferric-fuse | FileCheck %s

// Mixed element types: casts fuse like any elementwise op, a kernel reads
// inputs and writes results of different element types, and f16 exp is
// computed in f32 and rounded back to f16 (as the unfused op would).

// CHECK-LABEL: func.func @mixed
//  CHECK-SAME: (%[[X:.*]]: tensor<8xf16>, %[[Y:.*]]: tensor<8xf32>) -> tensor<8xbf16>
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[X]], %[[Y]] : tensor<8xf16>, tensor<8xf32>) -> tensor<8xbf16> {
//  CHECK-NEXT:   ^bb0(%[[XV:.*]]: f16, %[[YV:.*]]: f32):
//  CHECK-NEXT:     %[[XW:.*]] = arith.extf %[[XV]] : f16 to f32
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[XW]], %[[YV]] : f32
//  CHECK-NEXT:     %[[C:.*]] = arith.cmpf ogt, %[[A]], %[[YV]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.select %[[C]], %[[A]], %[[YV]] : f32
//  CHECK-NEXT:     %[[E:.*]] = math.exp %[[XW]] : f32
//  CHECK-NEXT:     %[[EH:.*]] = arith.truncf %[[E]] : f32 to f16
//  CHECK-NEXT:     %[[EF:.*]] = arith.extf %[[EH]] : f16 to f32
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[S]], %[[EF]] : f32
//  CHECK-NEXT:     %[[R:.*]] = arith.truncf %[[M]] : f32 to bf16
//  CHECK-NEXT:     ferric.yield %[[R]] : bf16
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<8xbf16>
func.func @mixed(%x: tensor<8xf16>, %y: tensor<8xf32>) -> tensor<8xbf16> {
  %0 = ferric.cast %x : tensor<8xf16> to tensor<8xf32>
  %1 = ferric.add %0, %y : tensor<8xf32>
  %c = ferric.cmp gt, %1, %y : tensor<8xf32>
  %s = ferric.select %c, %1, %y : tensor<8xi1>, tensor<8xf32>
  %e = ferric.exp %x : tensor<8xf16>
  %ef = ferric.cast %e : tensor<8xf16> to tensor<8xf32>
  %m = ferric.mul %s, %ef : tensor<8xf32>
  %2 = ferric.cast %m : tensor<8xf32> to tensor<8xbf16>
  return %2 : tensor<8xbf16>
}

// -----

// An i1 mask cast to f64 (uitofp), and the mask also returned: the kernel
// has an i1 result and an f64 result.

// CHECK-LABEL: func.func @mask_to_float
//       CHECK:   %[[F:.*]]:2 = ferric.fused ins(%{{.*}}, %{{.*}} : tensor<2x4xf64>, tensor<2x4xf64>) -> tensor<2x4xi1>, tensor<2x4xf64> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
//  CHECK-NEXT:     %[[M:.*]] = arith.cmpf ole, %[[X]], %[[Y]] : f64
//  CHECK-NEXT:     %[[MF:.*]] = arith.uitofp %[[M]] : i1 to f64
//  CHECK-NEXT:     %[[R:.*]] = arith.mulf %[[MF]], %[[X]] : f64
//  CHECK-NEXT:     ferric.yield %[[M]], %[[R]] : i1, f64
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]#1, %[[F]]#0 : tensor<2x4xf64>, tensor<2x4xi1>
func.func @mask_to_float(%x: tensor<2x4xf64>, %y: tensor<2x4xf64>) -> (tensor<2x4xf64>, tensor<2x4xi1>) {
  %m = ferric.cmp le, %x, %y : tensor<2x4xf64>
  %f = ferric.cast %m : tensor<2x4xi1> to tensor<2x4xf64>
  %r = ferric.mul %f, %x : tensor<2x4xf64>
  return %r, %m : tensor<2x4xf64>, tensor<2x4xi1>
}

// -----

// CHECK-LABEL: func.func @f64_roundtrip
//       CHECK:   ferric.fused ins(%{{.*}} : tensor<8xf32>) -> tensor<8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
//  CHECK-NEXT:     %[[W:.*]] = arith.extf %[[X]] : f32 to f64
//  CHECK-NEXT:     %[[S:.*]] = math.sqrt %[[W]] : f64
//  CHECK-NEXT:     %[[N:.*]] = arith.truncf %[[S]] : f64 to f32
//  CHECK-NEXT:     ferric.yield %[[N]] : f32
func.func @f64_roundtrip(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.cast %x : tensor<8xf32> to tensor<8xf64>
  %1 = ferric.sqrt %0 : tensor<8xf64>
  %2 = ferric.cast %1 : tensor<8xf64> to tensor<8xf32>
  return %2 : tensor<8xf32>
}
