// The TOSA twin of layernorm.mlir (test/Import/models/layernorm.mlir over
// rows of 4096, R rows, element type T): ferric-run imports it with
// ferric-import-tosa.
// LayerNorm over rows of 4096 as a TOSA exporter writes it: means as sums
// times 1/4096, the reciprocal square root of (variance + eps), gamma and
// beta reshaped to 1x4096 and broadcast.
func.func @main(%x: tensor<Rx4096xT>, %gamma: tensor<4096xT>, %beta: tensor<4096xT>) -> tensor<Rx4096xT> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %inv_n = "tosa.const"() <{values = dense<2.44140625e-04> : tensor<1x1xT>}> : () -> tensor<1x1xT>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1xT>}> : () -> tensor<1x1xT>
  %row = tosa.const_shape {values = dense<[1, 4096]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %g = tosa.reshape %gamma, %row : (tensor<4096xT>, !tosa.shape<2>) -> tensor<1x4096xT>
  %b = tosa.reshape %beta, %row : (tensor<4096xT>, !tosa.shape<2>) -> tensor<1x4096xT>
  %sum = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<Rx4096xT>) -> tensor<Rx1xT>
  %mean = tosa.mul %sum, %inv_n, %shift : (tensor<Rx1xT>, tensor<1x1xT>, tensor<1xi8>) -> tensor<Rx1xT>
  %d = tosa.sub %x, %mean : (tensor<Rx4096xT>, tensor<Rx1xT>) -> tensor<Rx4096xT>
  %d2 = tosa.mul %d, %d, %shift : (tensor<Rx4096xT>, tensor<Rx4096xT>, tensor<1xi8>) -> tensor<Rx4096xT>
  %vsum = tosa.reduce_sum %d2 {axis = 1 : i32} : (tensor<Rx4096xT>) -> tensor<Rx1xT>
  %var = tosa.mul %vsum, %inv_n, %shift : (tensor<Rx1xT>, tensor<1x1xT>, tensor<1xi8>) -> tensor<Rx1xT>
  %ve = tosa.add %var, %eps : (tensor<Rx1xT>, tensor<1x1xT>) -> tensor<Rx1xT>
  %inv = tosa.rsqrt %ve : (tensor<Rx1xT>) -> tensor<Rx1xT>
  %y = tosa.mul %d, %inv, %shift : (tensor<Rx4096xT>, tensor<Rx1xT>, tensor<1xi8>) -> tensor<Rx4096xT>
  %yg = tosa.mul %y, %g, %shift : (tensor<Rx4096xT>, tensor<1x4096xT>, tensor<1xi8>) -> tensor<Rx4096xT>
  %r = tosa.add %yg, %b : (tensor<Rx4096xT>, tensor<1x4096xT>) -> tensor<Rx4096xT>
  return %r : tensor<Rx4096xT>
}
