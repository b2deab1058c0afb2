// RUN: ferric-opt %s --ferric-exact-narrowing | FileCheck %s

// ferric-exact-narrowing alone: f32 -> bf16 rounds to nearest even on the
// bits (no flush of bf16 subnormals, NaN kept quiet); f64 -> bf16 and
// f64 -> f16 round to odd into f32 first, so they round once; bf16
// arithmetic computes in f32; select, extf to f32 and constants stay.

// CHECK-LABEL: func.func @narrow
//  CHECK-SAME:   (%[[X:.*]]: f32, %[[D:.*]]: f64, %[[H:.*]]: bf16)
//   CHECK-NOT:   arith.truncf %{{.*}} : f32 to bf16
//   CHECK-NOT:   arith.truncf %{{.*}} : f64 to bf16
//   CHECK-NOT:   arith.truncf %{{.*}} : f64 to f16
// f32 -> bf16:
//       CHECK:   %[[B:.*]] = arith.bitcast %[[X]] : f32 to i32
//       CHECK:   %[[HI:.*]] = arith.shrui %[[B]], %{{.*}} : i32
//       CHECK:   %[[LSB:.*]] = arith.andi %[[HI]], %{{.*}} : i32
//       CHECK:   %[[BIAS:.*]] = arith.addi %[[LSB]], %{{.*}} : i32
//       CHECK:   %[[SUM:.*]] = arith.addi %[[B]], %[[BIAS]] : i32
//       CHECK:   %[[RND:.*]] = arith.shrui %[[SUM]], %{{.*}} : i32
//       CHECK:   %[[Q:.*]] = arith.ori %[[HI]], %{{.*}} : i32
//       CHECK:   %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
//       CHECK:   %[[SEL:.*]] = arith.select %[[NAN]], %[[Q]], %[[RND]] : i32
//       CHECK:   %[[T:.*]] = arith.trunci %[[SEL]] : i32 to i16
//       CHECK:   %[[R0:.*]] = arith.bitcast %[[T]] : i16 to bf16
// f64 -> bf16: round to odd into f32, then as above.
//       CHECK:   %[[F:.*]] = arith.truncf %[[D]] : f64 to f32
//       CHECK:   %[[BACK:.*]] = arith.extf %[[F]] : f32 to f64
//       CHECK:   %[[INEXACT:.*]] = arith.cmpf one, %[[BACK]], %[[D]] : f64
//       CHECK:   %[[AWAY:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f64
//       CHECK:   %[[FB:.*]] = arith.bitcast %[[F]] : f32 to i32
//       CHECK:   %[[DOWN:.*]] = arith.subi %[[FB]], %{{.*}} : i32
//       CHECK:   %[[BOTH:.*]] = arith.andi %[[INEXACT]], %[[AWAY]] : i1
//       CHECK:   %[[TZ:.*]] = arith.select %[[BOTH]], %[[DOWN]], %[[FB]] : i32
//       CHECK:   %[[STICKY:.*]] = arith.extui %[[INEXACT]] : i1 to i32
//       CHECK:   %[[ODD:.*]] = arith.ori %[[TZ]], %[[STICKY]] : i32
//       CHECK:   %[[F32ODD:.*]] = arith.bitcast %[[ODD]] : i32 to f32
//       CHECK:   arith.bitcast %[[F32ODD]] : f32 to i32
//       CHECK:   %[[R1:.*]] = arith.bitcast %{{.*}} : i16 to bf16
// f64 -> f16: round to odd, then the f32 -> f16 truncation.
//       CHECK:   arith.truncf %[[D]] : f64 to f32
//       CHECK:   %[[ODD16:.*]] = arith.bitcast %{{.*}} : i32 to f32
//       CHECK:   %[[R2:.*]] = arith.truncf %[[ODD16]] : f32 to f16
// bf16 arithmetic in f32:
//       CHECK:   %[[HW:.*]] = arith.extf %[[H]] : bf16 to f32
//       CHECK:   %[[ADD:.*]] = arith.addf %[[HW]], %[[HW]] : f32
//       CHECK:   arith.bitcast %[[ADD]] : f32 to i32
//       CHECK:   %[[R3:.*]] = arith.bitcast %{{.*}} : i16 to bf16
//       CHECK:   %[[HC:.*]] = arith.extf %[[H]] : bf16 to f32
//       CHECK:   %[[R4:.*]] = arith.cmpf olt, %[[HC]], %[[HC]] : f32
// bf16 -> f64 through f32:
//       CHECK:   %[[E32:.*]] = arith.extf %[[H]] : bf16 to f32
//       CHECK:   %[[R5:.*]] = arith.extf %[[E32]] : f32 to f64
//       CHECK:   %[[R6:.*]] = arith.select %[[R4]], %[[H]], %[[H]] : bf16
//       CHECK:   return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]]
func.func @narrow(%x: f32, %d: f64, %h: bf16) -> (bf16, bf16, f16, bf16, i1, f64, bf16) {
  %0 = arith.truncf %x : f32 to bf16
  %1 = arith.truncf %d : f64 to bf16
  %2 = arith.truncf %d : f64 to f16
  %3 = arith.addf %h, %h : bf16
  %4 = arith.cmpf olt, %h, %h : bf16
  %5 = arith.extf %h : bf16 to f64
  %6 = arith.select %4, %h, %h : bf16
  return %0, %1, %2, %3, %4, %5, %6 : bf16, bf16, f16, bf16, i1, f64, bf16
}

// Vectors get splat constants of the same shape.
// CHECK-LABEL: func.func @vector
//       CHECK:   arith.bitcast %{{.*}} : vector<4xf32> to vector<4xi32>
//       CHECK:   arith.constant dense<16> : vector<4xi32>
//       CHECK:   arith.bitcast %{{.*}} : vector<4xi16> to vector<4xbf16>
func.func @vector(%x: vector<4xf32>) -> vector<4xbf16> {
  %0 = arith.truncf %x : vector<4xf32> to vector<4xbf16>
  return %0 : vector<4xbf16>
}
