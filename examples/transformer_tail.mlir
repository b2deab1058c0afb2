// The tail of a transformer block: a residual add, an RMSNorm and a
// SwiGLU-style gate.
//
//   h   = x + residual
//   inv = rsqrt(mean(h * h, dim 1) + eps)      (the mean is a ferric.reduce)
//   n   = h * broadcast(inv) * broadcast(gamma)
//   out = silu(n) * up
//
// The reduction is a fusion barrier, so ferric-fuse makes three kernels
// around it: h and h * h (h is an extra result, read again after the
// reduction), rsqrt(mean + eps) over the rows, and the normalization with
// the gate, which reads inv and gamma through broadcast maps.
func.func @transformer_tail(%x: tensor<16x512xf32>,
                            %residual: tensor<16x512xf32>,
                            %gamma: tensor<512xf32>,
                            %up: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %residual : tensor<16x512xf32>
  %sq = ferric.mul %h, %h : tensor<16x512xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<16x512xf32> -> tensor<16xf32>
  %ms_eps = ferric.add %ms, %eps : tensor<16xf32>, f32
  %inv = ferric.rsqrt %ms_eps : tensor<16xf32>
  %inv_b = ferric.broadcast %inv dims [1] : tensor<16xf32> -> tensor<16x512xf32>
  %gamma_b = ferric.broadcast %gamma dims [0]
      : tensor<512xf32> -> tensor<16x512xf32>
  %n = ferric.mul %h, %inv_b : tensor<16x512xf32>
  %ng = ferric.mul %n, %gamma_b : tensor<16x512xf32>
  %gate = ferric.silu %ng : tensor<16x512xf32>
  %out = ferric.mul %gate, %up : tensor<16x512xf32>
  return %out : tensor<16x512xf32>
}
