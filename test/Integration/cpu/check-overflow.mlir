// ferric-run --check: a result that overflows to infinity where the f64
// reference is beyond the result type's range, with the same sign, is right
// (issue 42: it was FAILED); an infinity of the other sign, or where the
// reference is well inside the range, still fails.

// 3e38 * 2 in f32 is +inf (6e38 in f64), -3e38 * 2 is -inf; f16: 60000 * 2.
// RUN: ferric-run %s --entry=twice_f32 --input=full=3e38:4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %s --entry=twice_f32 --input=full=-3e38:4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %s --entry=twice_f16 --input=full=60000:4xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %s --entry=twice_bf16 --input=full=3e38:4xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// exp(89) = 4.5e38 overflows f32.
// RUN: ferric-run %s --entry=exp_f32 --input=full=89:4xf32 --check | FileCheck %s --implicit-check-not=FAILED
// CHECK: check: result 0: {{.*}}: ok

// Wrong infinities still fail: unittests/Runner/HostTensorTest.cpp
// (CompareTest.OverflowToInfinity).

func.func @twice_f32(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = ferric.add %a, %a : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func private @twice_f16(%a: tensor<4xf16>) -> tensor<4xf16> {
  %r = ferric.add %a, %a : tensor<4xf16>
  return %r : tensor<4xf16>
}

func.func private @twice_bf16(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %r = ferric.add %a, %a : tensor<4xbf16>
  return %r : tensor<4xbf16>
}

func.func private @exp_f32(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = ferric.exp %a : tensor<4xf32>
  return %r : tensor<4xf32>
}
