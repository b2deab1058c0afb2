// RUN: ferric-opt %s -split-input-file -verify-diagnostics

// A constant negative size operand of ferric.broadcast is rejected where it
// is written: at run time it allocated a buffer of about 2^64 bytes (issue
// 16). Sizes computed at run time are checked by the runner
// (test/Integration/cpu/errors-negative-sizes.mlir).

func.func @negative_constant_size(%a: tensor<4xf32>) -> tensor<?x4xf32> {
  %n = arith.constant -3 : index
  // expected-error@+1 {{'ferric.broadcast' op size operand 0 is -3; sizes must be >= 0}}
  %0 = ferric.broadcast %a dims [0] sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @second_size_negative(%a: tensor<4xf32>) -> tensor<?x4x?xf32> {
  %n = arith.constant 2 : index
  %m = arith.constant -9223372036854775808 : index
  // expected-error@+1 {{'ferric.broadcast' op size operand 1 is -9223372036854775808; sizes must be >= 0}}
  %0 = ferric.broadcast %a dims [0, 2] sizes(%n, %m) : tensor<4xf32> -> tensor<?x4x?xf32>
  return %0 : tensor<?x4x?xf32>
}

// -----

// Zero is a valid size (an empty result).
func.func @zero_size(%a: tensor<4xf32>) -> tensor<?x4xf32> {
  %n = arith.constant 0 : index
  %0 = ferric.broadcast %a dims [0] sizes(%n) : tensor<4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
