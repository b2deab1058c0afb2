// SwiGLU gate: silu(a) * b, the seed's `E::input(0).silu().mul(&E::input(1))`.
func.func @swiglu(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
