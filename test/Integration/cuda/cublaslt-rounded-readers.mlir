// A bf16 linear whose f32 accumulator only Ferric kernels read, each
// rounding it as it reads it (bias, residual and LayerNorm as one row
// program, the residual read again by a later add): ferric-matmul-to-cublaslt
// gives the call a bf16 buffer of its own that those kernels read instead
// (test/Conversion/ferric-matmul-to-cublaslt-nvvm.mlir pins the IR). Run on
// CUDA at 1, 17 and 300 rows, checked against the unfused program on the
// CPU in f64 (ferric-run --check; bf16 tolerance as the epilogue tests).
// RUN: ferric-run %s --target=cuda --input=rand:1x256xbf16 --input=rand:256x256xbf16 --input=rand:256xbf16 --input=rand:1x1x256xbf16 --input=rand:256xbf16 --atol=0.2 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --input=rand:17x256xbf16 --input=rand:256x256xbf16 --input=rand:256xbf16 --input=rand:1x17x256xbf16 --input=rand:256xbf16 --atol=0.2 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --input=rand:300x256xbf16 --input=rand:256x256xbf16 --input=rand:256xbf16 --input=rand:1x300x256xbf16 --input=rand:256xbf16 --atol=0.2 --check | FileCheck %s --implicit-check-not=FAILED
// CHECK: check: result 0: {{.*}}: ok

func.func @residual_layernorm(%a: tensor<?x256xbf16>, %w: tensor<256x256xbf16>, %bias: tensor<256xbf16>, %res: tensor<1x?x256xbf16>, %g: tensor<256xbf16>) -> tensor<1x?x256xbf16> {
  %c0 = arith.constant 0 : index
  %eps = arith.constant 1.0e-05 : f32
  %p = ferric.matmul %a, %w transpose_rhs : tensor<?x256xbf16>, tensor<256x256xbf16> -> tensor<?x256xbf16>
  %m = tensor.dim %p, %c0 : tensor<?x256xbf16>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<256xbf16> -> tensor<?x256xbf16>
  %h = ferric.add %bb, %p : tensor<?x256xbf16>
  %h3 = ferric.broadcast %h dims [0] : tensor<?x256xbf16> -> tensor<1x?x256xbf16>
  %r = ferric.add %res, %h3 : tensor<1x?x256xbf16>
  %x = ferric.cast %r : tensor<1x?x256xbf16> to tensor<1x?x256xf32>
  %mu = ferric.reduce mean %x dims [2] : tensor<1x?x256xf32> -> tensor<1x?xf32>
  %mub = ferric.broadcast %mu dims [2] : tensor<1x?xf32> -> tensor<1x?x256xf32>
  %d = ferric.sub %x, %mub : tensor<1x?x256xf32>
  %sq = ferric.mul %d, %d : tensor<1x?x256xf32>
  %var = ferric.reduce mean %sq dims [2] : tensor<1x?x256xf32> -> tensor<1x?xf32>
  %e = ferric.add %var, %eps : tensor<1x?xf32>, f32
  %rs = ferric.rsqrt %e : tensor<1x?xf32>
  %rb = ferric.broadcast %rs dims [2] : tensor<1x?xf32> -> tensor<1x?x256xf32>
  %n = ferric.mul %d, %rb : tensor<1x?x256xf32>
  %gf = ferric.cast %g : tensor<256xbf16> to tensor<256xf32>
  %gb = ferric.broadcast %gf dims [0, 1] sizes(%m) : tensor<256xf32> -> tensor<1x?x256xf32>
  %y = ferric.mul %n, %gb : tensor<1x?x256xf32>
  %yb = ferric.cast %y : tensor<1x?x256xf32> to tensor<1x?x256xbf16>
  %out = ferric.add %r, %yb : tensor<1x?x256xbf16>
  return %out : tensor<1x?x256xbf16>
}
