// RUN: ferric-opt %s --ferric-require-static-args -split-input-file --verify-diagnostics -o /dev/null
// RUN: not ferric-opt %s --ferric-lower-to-spirv -split-input-file -o /dev/null 2>&1 | FileCheck %s

// The SPIR-V pipeline indexes buffers with 32-bit integers: a static dim or
// an element count above 2^31-1 is reported, naming the dim, instead of
// wrapping (tensor<4294967296x4294967296xf32> became memref<0xf32>, issue
// 16). Arguments of public functions and every result of every op are
// checked.

// expected-error @below {{argument 0 of @wraps is 'tensor<4294967296x4294967296xf32>': dim 0 (4294967296) exceeds the SPIR-V pipeline's 32-bit index limit (2147483647)}}
func.func @wraps(%a: tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  // expected-error @below {{result 0 of 'ferric.exp' is 'tensor<4294967296x4294967296xf32>': dim 0 (4294967296) exceeds the SPIR-V pipeline's 32-bit index limit}}
  %0 = ferric.exp %a : tensor<4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296xf32>
}
// CHECK: error: argument 0 of @wraps is 'tensor<4294967296x4294967296xf32>': dim 0 (4294967296) exceeds the SPIR-V pipeline's 32-bit index limit (2147483647)

// -----

// Each dim fits, the element count (2^31) does not.
// expected-error @below {{argument 0 of @count is 'tensor<65536x32768xf32>': its element count (2147483648) exceeds the SPIR-V pipeline's 32-bit index limit (2147483647)}}
func.func @count(%a: tensor<65536x32768xf32>) -> tensor<65536x32768xf32> {
  // expected-error @below {{result 0 of 'ferric.neg' is 'tensor<65536x32768xf32>': its element count (2147483648) exceeds}}
  %0 = ferric.neg %a : tensor<65536x32768xf32>
  return %0 : tensor<65536x32768xf32>
}
// CHECK: error: argument 0 of @count is 'tensor<65536x32768xf32>': its element count (2147483648) exceeds

// -----

// A broadcast of a small argument to a result too large; an element count
// that overflows 64 bits is not printed.
func.func @broadcast(%r: tensor<4xf32>) -> (tensor<3000000000x4xf32>, tensor<2147483647x2147483647x4xf32>) {
  // expected-error @below {{result 0 of 'ferric.broadcast' is 'tensor<3000000000x4xf32>': dim 0 (3000000000) exceeds the SPIR-V pipeline's 32-bit index limit (2147483647)}}
  %0 = ferric.broadcast %r dims [0] : tensor<4xf32> -> tensor<3000000000x4xf32>
  // expected-error @below {{result 0 of 'ferric.broadcast' is 'tensor<2147483647x2147483647x4xf32>': its element count exceeds the SPIR-V pipeline's 32-bit index limit (2147483647)}}
  %1 = ferric.broadcast %r dims [0, 1] : tensor<4xf32> -> tensor<2147483647x2147483647x4xf32>
  return %0, %1 : tensor<3000000000x4xf32>, tensor<2147483647x2147483647x4xf32>
}
// CHECK: error: result 0 of 'ferric.broadcast' is 'tensor<3000000000x4xf32>': dim 0 (3000000000)

// -----

// At the limit: no error.
func.func @fits(%a: tensor<2147483647xf16>) -> tensor<2147483647xf16> {
  %0 = ferric.neg %a : tensor<2147483647xf16>
  return %0 : tensor<2147483647xf16>
}
