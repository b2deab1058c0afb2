// RUN: ferric-opt %s --ferric-legalize-math-for-cpu | FileCheck %s

// ferric-legalize-math-for-cpu alone: log1p and expm1 become libm calls
// (f16 and bf16 through f32), every other math op stays for
// convert-math-to-llvm.

// CHECK-DAG: func.func private @log1pf(f32) -> f32
// CHECK-DAG: func.func private @log1p(f64) -> f64
// CHECK-DAG: func.func private @expm1f(f32) -> f32

// CHECK-LABEL: func.func @calls
//  CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f64, %[[H:.*]]: f16, %[[G:.*]]: bf16)
//       CHECK:   %[[L:.*]] = call @log1pf(%[[A]]) : (f32) -> f32
//       CHECK:   %[[LD:.*]] = call @log1p(%[[B]]) : (f64) -> f64
//       CHECK:   %[[W:.*]] = arith.extf %[[H]] : f16 to f32
//       CHECK:   %[[E:.*]] = call @expm1f(%[[W]]) : (f32) -> f32
//       CHECK:   %[[N:.*]] = arith.truncf %[[E]] : f32 to f16
//       CHECK:   %[[WG:.*]] = arith.extf %[[G]] : bf16 to f32
//       CHECK:   call @log1pf(%[[WG]])
//       CHECK:   %[[S:.*]] = math.sin %[[A]] : f32
//       CHECK:   %[[X:.*]] = math.exp %[[A]] : f32
//   CHECK-NOT:   math.log1p
//   CHECK-NOT:   math.expm1
func.func @calls(%a: f32, %b: f64, %h: f16, %g: bf16) -> (f32, f64, f16, bf16, f32, f32) {
  %0 = math.log1p %a : f32
  %1 = math.log1p %b : f64
  %2 = math.expm1 %h : f16
  %3 = math.log1p %g : bf16
  %4 = math.sin %a : f32
  %5 = math.exp %a : f32
  return %0, %1, %2, %3, %4, %5 : f32, f64, f16, bf16, f32, f32
}
