// The TOSA twin of softmax.mlir (test/Import/models/softmax.mlir with R rows
// and element type T): ferric-run imports it with ferric-import-tosa.
// Softmax over rows as a TOSA exporter writes it: TOSA has no divide, so the
// row sum's reciprocal multiplies (tosa.mul takes a shift operand, 0 for
// floats); reduce_max keeps a unit dim the subtraction broadcasts.
func.func @main(%x: tensor<Rx1024xT>) -> tensor<Rx1024xT> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<Rx1024xT>) -> tensor<Rx1xT>
  %d = tosa.sub %x, %m : (tensor<Rx1024xT>, tensor<Rx1xT>) -> tensor<Rx1024xT>
  %e = tosa.exp %d : (tensor<Rx1024xT>) -> tensor<Rx1024xT>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<Rx1024xT>) -> tensor<Rx1xT>
  %r = tosa.reciprocal %s : (tensor<Rx1xT>) -> tensor<Rx1xT>
  %y = tosa.mul %e, %r, %shift : (tensor<Rx1024xT>, tensor<Rx1xT>, tensor<1xi8>) -> tensor<Rx1024xT>
  return %y : tensor<Rx1024xT>
}
