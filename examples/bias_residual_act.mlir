// Bias, residual and activation: act(x + broadcast(bias) + residual), the
// tail of a transformer projection. ferric-fuse makes one kernel of each
// function; the bias is read through the indexing map (d0, d1) -> (d1)
// instead of being broadcast into a tensor first.

// With ReLU. The broadcast's dynamic size comes from x, which the kernel
// reads anyway, so the size computation goes away.
func.func @bias_residual_relu(%x: tensor<?x768xf32>, %bias: tensor<768xf32>,
                              %residual: tensor<?x768xf32>)
    -> tensor<?x768xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x768xf32>
  %b = ferric.broadcast %bias dims [0] sizes(%n)
      : tensor<768xf32> -> tensor<?x768xf32>
  %0 = ferric.add %x, %b : tensor<?x768xf32>
  %1 = ferric.add %0, %residual : tensor<?x768xf32>
  %2 = ferric.relu %1 : tensor<?x768xf32>
  return %2 : tensor<?x768xf32>
}

// With GELU (tanh approximation), in bf16; the kernel computes the tanh in
// f32 and rounds the result back to bf16.
func.func @bias_residual_gelu(%x: tensor<8x768xbf16>, %bias: tensor<768xbf16>,
                              %residual: tensor<8x768xbf16>)
    -> tensor<8x768xbf16> {
  %b = ferric.broadcast %bias dims [0] : tensor<768xbf16> -> tensor<8x768xbf16>
  %0 = ferric.add %x, %b : tensor<8x768xbf16>
  %1 = ferric.add %0, %residual : tensor<8x768xbf16>
  %2 = ferric.gelu %1 : tensor<8x768xbf16>
  return %2 : tensor<8x768xbf16>
}
