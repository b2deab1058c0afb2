// The TOSA twin of swiglu.mlir (R elements, element type T): ferric-run
// imports it with ferric-import-tosa.
// The SwiGLU gate silu(a) * b as a TOSA exporter writes it: TOSA has no silu,
// so a * sigmoid(a), each product a tosa.mul with its shift operand (0 for
// floats).
func.func @main(%a: tensor<RxT>, %b: tensor<RxT>) -> tensor<RxT> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %sg = tosa.sigmoid %a : (tensor<RxT>) -> tensor<RxT>
  %silu = tosa.mul %a, %sg, %shift : (tensor<RxT>, tensor<RxT>, tensor<1xi8>) -> tensor<RxT>
  %r = tosa.mul %silu, %b, %shift : (tensor<RxT>, tensor<RxT>, tensor<1xi8>) -> tensor<RxT>
  return %r : tensor<RxT>
}
