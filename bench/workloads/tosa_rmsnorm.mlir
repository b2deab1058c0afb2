// The TOSA twin of rmsnorm.mlir (test/Import/models/rmsnorm.mlir with R rows
// and element type T): ferric-run imports it with ferric-import-tosa.
// RMSNorm over rows of 1024 as a TOSA exporter writes it:
// x * rsqrt(sum(x * x) / 1024 + 1e-6) * gamma.
func.func @main(%x: tensor<Rx1024xT>, %gamma: tensor<1024xT>) -> tensor<Rx1024xT> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %inv_n = "tosa.const"() <{values = dense<9.765625e-04> : tensor<1x1xT>}> : () -> tensor<1x1xT>
  %eps = "tosa.const"() <{values = dense<1.0e-06> : tensor<1x1xT>}> : () -> tensor<1x1xT>
  %row = tosa.const_shape {values = dense<[1, 1024]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %g = tosa.reshape %gamma, %row : (tensor<1024xT>, !tosa.shape<2>) -> tensor<1x1024xT>
  %sq = tosa.mul %x, %x, %shift : (tensor<Rx1024xT>, tensor<Rx1024xT>, tensor<1xi8>) -> tensor<Rx1024xT>
  %sum = tosa.reduce_sum %sq {axis = 1 : i32} : (tensor<Rx1024xT>) -> tensor<Rx1xT>
  %ms = tosa.mul %sum, %inv_n, %shift : (tensor<Rx1xT>, tensor<1x1xT>, tensor<1xi8>) -> tensor<Rx1xT>
  %mse = tosa.add %ms, %eps : (tensor<Rx1xT>, tensor<1x1xT>) -> tensor<Rx1xT>
  %inv = tosa.rsqrt %mse : (tensor<Rx1xT>) -> tensor<Rx1xT>
  %y = tosa.mul %x, %inv, %shift : (tensor<Rx1024xT>, tensor<Rx1xT>, tensor<1xi8>) -> tensor<Rx1024xT>
  %r = tosa.mul %y, %g, %shift : (tensor<Rx1024xT>, tensor<1x1024xT>, tensor<1xi8>) -> tensor<Rx1024xT>
  return %r : tensor<Rx1024xT>
}
