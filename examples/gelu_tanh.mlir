// GELU, tanh approximation, written out in primitive ferric ops:
//   0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))
// ferric-fuse turns the nine elementwise ops into one ferric.fused; the
// scalar constants are materialized in its body.
func.func @gelu_tanh(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 0.044715 : f32
  %sqrt_2_over_pi = arith.constant 0.7978845608 : f32
  %x2 = ferric.mul %x, %x : tensor<?x1024xf32>
  %x3 = ferric.mul %x2, %x : tensor<?x1024xf32>
  %kx3 = ferric.mul %x3, %k : tensor<?x1024xf32>, f32
  %inner = ferric.add %x, %kx3 : tensor<?x1024xf32>
  %scaled = ferric.mul %inner, %sqrt_2_over_pi : tensor<?x1024xf32>, f32
  %t = ferric.tanh %scaled : tensor<?x1024xf32>
  %onept = ferric.add %t, %one : tensor<?x1024xf32>, f32
  %hx = ferric.mul %x, %half : tensor<?x1024xf32>, f32
  %y = ferric.mul %hx, %onept : tensor<?x1024xf32>
  return %y : tensor<?x1024xf32>
}
