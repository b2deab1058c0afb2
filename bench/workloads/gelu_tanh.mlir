// GELU, tanh approximation, written as the primitive ops a framework emits:
// 0.5 * x * (1 + tanh(0.7978845608 * (x + 0.044715 * x^3))).
func.func @main(%x: tensor<?xT>) -> tensor<?xT> {
  %c0 = arith.constant 0.044715 : T
  %c1 = arith.constant 0.7978845608 : T
  %one = arith.constant 1.0 : T
  %half = arith.constant 0.5 : T
  %x2 = ferric.mul %x, %x : tensor<?xT>
  %x3 = ferric.mul %x2, %x : tensor<?xT>
  %t0 = ferric.mul %x3, %c0 : tensor<?xT>, T
  %t1 = ferric.add %x, %t0 : tensor<?xT>
  %t2 = ferric.mul %t1, %c1 : tensor<?xT>, T
  %t3 = ferric.tanh %t2 : tensor<?xT>
  %t4 = ferric.add %t3, %one : tensor<?xT>, T
  %t5 = ferric.mul %x, %half : tensor<?xT>, T
  %r = ferric.mul %t5, %t4 : tensor<?xT>
  return %r : tensor<?xT>
}
