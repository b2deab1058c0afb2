// An entry named like a C library function that the lowering calls: f64
// exp lowers to a call to libm's exp, which resolves to @exp itself
// (test/Integration/cpu/entry-named-exp.mlir).

func.func @exp(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = ferric.exp %a : tensor<?xf64>
  return %0 : tensor<?xf64>
}
