// The hand-written ferric twin of ../swiglu.mlir (bench/workloads/
// gemm_swiglu.mlir at 128x256 @ 256x512): two cuBLASLt calls and one Ferric
// kernel reading both products.
func.func @main(%x: tensor<128x256xf32>, %w1: tensor<256x512xf32>, %w3: tensor<256x512xf32>) -> tensor<128x512xf32> {
  %g = ferric.matmul %x, %w1 : tensor<128x256xf32>, tensor<256x512xf32> -> tensor<128x512xf32>
  %u = ferric.matmul %x, %w3 : tensor<128x256xf32>, tensor<256x512xf32> -> tensor<128x512xf32>
  %s = ferric.silu %g : tensor<128x512xf32>
  %0 = ferric.mul %s, %u : tensor<128x512xf32>
  return %0 : tensor<128x512xf32>
}
