// IEEE special values and C's pow special cases, which every target must
// compute alike (test/Integration/{cpu,vulkan}/run-specials.mlir; the CPU runs
// @constzero only).

func.func @ieee(%x: tensor<6xf32>, %z: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %0 = ferric.sub %x, %x : tensor<6xf32>
  %1 = ferric.mul %x, %z : tensor<6xf32>
  %2 = ferric.div %z, %x : tensor<6xf32>
  %3 = ferric.div %x, %z : tensor<6xf32>
  return %0, %1, %2, %3 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

func.func @pow(%x: tensor<12xf32>, %y: tensor<12xf32>) -> tensor<12xf32> {
  %0 = ferric.pow %x, %y : tensor<12xf32>
  return %0 : tensor<12xf32>
}

func.func @unary(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = ferric.exp %x : tensor<8xf32>
  %1 = ferric.log %x : tensor<8xf32>
  %2 = ferric.sqrt %x : tensor<8xf32>
  %3 = ferric.rsqrt %x : tensor<8xf32>
  %4 = ferric.tanh %x : tensor<8xf32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// Ops Vulkan rejected: abs of f16 and bf16, select of bf16, casts between
// f64 and bf16, abs/sqrt/rsqrt of f64.
func.func @types(%h: tensor<4xf16>, %b: tensor<4xbf16>, %d: tensor<4xf64>)
    -> (tensor<4xf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %inf = arith.constant 0x7F80 : bf16
  %zero = arith.constant 0.0 : bf16
  %0 = ferric.abs %h : tensor<4xf16>
  %1 = ferric.abs %b : tensor<4xbf16>
  %m = ferric.cmp gt, %b, %zero : tensor<4xbf16>, bf16
  %2 = ferric.select %m, %inf, %b : tensor<4xi1>, bf16, tensor<4xbf16>
  %3 = ferric.cast %d : tensor<4xf64> to tensor<4xbf16>
  %4 = ferric.cast %b : tensor<4xbf16> to tensor<4xf64>
  %5 = ferric.abs %d : tensor<4xf64>
  %6 = ferric.sqrt %5 : tensor<4xf64>
  %7 = ferric.rsqrt %5 : tensor<4xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// Arithmetic with a constant +-0 operand: lavapipe's code generator
// simplified x * 0 -> 0, 0 / x -> 0, x / 0 -> undef, x + 0 -> x and
// 0 - x -> -x, wrong for infinities, NaN and the sign of zero.
func.func @constzero(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %0 = ferric.mul %x, %z : tensor<8xf32>, f32
  %1 = ferric.mul %nz, %x : f32, tensor<8xf32>
  %2 = ferric.div %x, %z : tensor<8xf32>, f32
  %3 = ferric.div %x, %nz : tensor<8xf32>, f32
  %4 = ferric.div %z, %x : f32, tensor<8xf32>
  %5 = ferric.div %nz, %x : f32, tensor<8xf32>
  %6 = ferric.add %x, %z : tensor<8xf32>, f32
  %7 = ferric.sub %z, %x : f32, tensor<8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// min and max order -0 below +0 and propagate NaN (arith.minimumf and
// maximumf); rsqrt shows the sign of a zero result.
func.func @minmax(%a: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %mn = ferric.min %a, %b : tensor<6xf32>
  %mx = ferric.max %a, %b : tensor<6xf32>
  %rn = ferric.rsqrt %mn : tensor<6xf32>
  %rx = ferric.rsqrt %mx : tensor<6xf32>
  return %mn, %mx, %rn, %rx : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

// A divisor the driver can prove zero: a < a is false, so v is 1 and
// v - v is 0 for every non-NaN a; lavapipe folded that to the literal 0
// and a / 0 to undef (vulkan fuzz program 11523 at seed 20261205).
func.func @foldedzero(%a: tensor<6xf16>) -> tensor<6xf16> {
  %lt = ferric.cmp lt, %a, %a : tensor<6xf16>
  %one = arith.constant 1.0 : f16
  %v = ferric.select %lt, %a, %one : tensor<6xi1>, tensor<6xf16>, f16
  %z = ferric.sub %v, %v : tensor<6xf16>
  %r = ferric.div %a, %z : tensor<6xf16>
  return %r : tensor<6xf16>
}
