// The TOSA twin of gemm_bias_gelu.mlir (test/Import/models/gelu_linear.mlir
// with an M x K by K x N product and element type T): ferric-run imports it
// with ferric-import-tosa. M, K and N are static, one program a shape.
// GELU(x @ W + b) as a TOSA exporter writes it: the matmul is batched (1 x
// M x K), the bias a 1 x N row, GELU's tanh form spelled out in TOSA ops
// (TOSA has no GELU), each product a tosa.mul with its shift operand.
func.func @main(%x: tensor<MxKxT>, %w: tensor<KxNxT>, %bias: tensor<NxT>) -> tensor<MxNxT> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xT>}> : () -> tensor<1xT>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1xT>}> : () -> tensor<1x1xT>
  %one = "tosa.const"() <{values = dense<1.0> : tensor<1x1xT>}> : () -> tensor<1x1xT>
  %c = "tosa.const"() <{values = dense<0.044715> : tensor<1x1xT>}> : () -> tensor<1x1xT>
  %k = "tosa.const"() <{values = dense<0.7978845608> : tensor<1x1xT>}> : () -> tensor<1x1xT>
  %s3a = tosa.const_shape {values = dense<[1, M, K]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s3b = tosa.const_shape {values = dense<[1, K, N]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s2 = tosa.const_shape {values = dense<[M, N]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %srow = tosa.const_shape {values = dense<[1, N]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %x3 = tosa.reshape %x, %s3a : (tensor<MxKxT>, !tosa.shape<3>) -> tensor<1xMxKxT>
  %w3 = tosa.reshape %w, %s3b : (tensor<KxNxT>, !tosa.shape<3>) -> tensor<1xKxNxT>
  %p3 = tosa.matmul %x3, %w3, %zp, %zp : (tensor<1xMxKxT>, tensor<1xKxNxT>, tensor<1xT>, tensor<1xT>) -> tensor<1xMxNxT>
  %p = tosa.reshape %p3, %s2 : (tensor<1xMxNxT>, !tosa.shape<2>) -> tensor<MxNxT>
  %b = tosa.reshape %bias, %srow : (tensor<NxT>, !tosa.shape<2>) -> tensor<1xNxT>
  %h = tosa.add %p, %b : (tensor<MxNxT>, tensor<1xNxT>) -> tensor<MxNxT>
  %h2 = tosa.mul %h, %h, %shift : (tensor<MxNxT>, tensor<MxNxT>, tensor<1xi8>) -> tensor<MxNxT>
  %h3 = tosa.mul %h2, %h, %shift : (tensor<MxNxT>, tensor<MxNxT>, tensor<1xi8>) -> tensor<MxNxT>
  %ch3 = tosa.mul %h3, %c, %shift : (tensor<MxNxT>, tensor<1x1xT>, tensor<1xi8>) -> tensor<MxNxT>
  %inner = tosa.add %h, %ch3 : (tensor<MxNxT>, tensor<MxNxT>) -> tensor<MxNxT>
  %scaled = tosa.mul %inner, %k, %shift : (tensor<MxNxT>, tensor<1x1xT>, tensor<1xi8>) -> tensor<MxNxT>
  %t = tosa.tanh %scaled : (tensor<MxNxT>) -> tensor<MxNxT>
  %t1 = tosa.add %t, %one : (tensor<MxNxT>, tensor<1x1xT>) -> tensor<MxNxT>
  %hh = tosa.mul %h, %half, %shift : (tensor<MxNxT>, tensor<1x1xT>, tensor<1xi8>) -> tensor<MxNxT>
  %r = tosa.mul %hh, %t1, %shift : (tensor<MxNxT>, tensor<MxNxT>, tensor<1xi8>) -> tensor<MxNxT>
  return %r : tensor<MxNxT>
}
