// SwiGLU gate: silu(a) * b.
func.func @main(%a: tensor<?xT>, %b: tensor<?xT>) -> tensor<?xT> {
  %s = ferric.silu %a : tensor<?xT>
  %r = ferric.mul %s, %b : tensor<?xT>
  return %r : tensor<?xT>
}
