// (x + 1e8) - 1e8 is 0 in f32 for |x| < 4 and x in f64: --check must fail
// (test/Integration/cpu/errors.mlir).

func.func @cancellation(%x: tensor<?xf32>) -> tensor<?xf32> {
  %big = arith.constant 1.0e+08 : f32
  %0 = ferric.add %x, %big : tensor<?xf32>, f32
  %1 = ferric.sub %0, %big : tensor<?xf32>, f32
  return %1 : tensor<?xf32>
}
