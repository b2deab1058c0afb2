// GPT-2's LayerNorm in training, both directions, as the torch backend
// hands them to Ferric. Forward (@forward): the norm returns its saved
// per-row mean and rstd as [1, T, 1] f32; ferric-fuse-reductions rewrites
// the rstd generic over the sum's [1, T] and the row program stores it
// through the view of the returned buffer (test/Transforms/
// ferric-fuse-reductions.mlir, test/Conversion/ferric-reduction-to-gpu-
// rows.mlir pin the IR). Backward (bench/partitions/
// gpt2_layernorm_backward.mlir): the widened gradient and normalized input
// are recomputed in each reduction instead of written as f32 tensors, and
// the two row sums are one row program across the column sum between them.
// Run on CUDA at 1, 17 and 300 rows, checked against the unfused program on
// the CPU in f64.
// RUN: ferric-run %s --target=cuda --input=randn:1x1x512xbf16 --input=randn:512xbf16 --input=randn:512xbf16 --check | FileCheck %s --check-prefix=FWD --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --input=randn:1x17x512xbf16 --input=randn:512xbf16 --input=randn:512xbf16 --check | FileCheck %s --check-prefix=FWD --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --input=randn:1x300x512xbf16 --input=randn:512xbf16 --input=randn:512xbf16 --check | FileCheck %s --check-prefix=FWD --implicit-check-not=FAILED
// FWD: check: result 0: {{.*}}: ok
// FWD: check: result 1: {{.*}}: ok
// FWD: check: result 2: {{.*}}: ok
// RUN: ferric-run %S/../../../bench/partitions/gpt2_layernorm_backward.mlir --target=cuda --input=rand:1x1x1xf32 --input=randn:1x1x2048xbf16 --input=randn:1x1x1xf32 --input=randn:1x1x2048xbf16 --input=randn:2048xbf16 --input=randn:1x1x2048xbf16 --check | FileCheck %s --check-prefix=BWD --implicit-check-not=FAILED
// RUN: ferric-run %S/../../../bench/partitions/gpt2_layernorm_backward.mlir --target=cuda --input=rand:1x17x1xf32 --input=randn:1x17x2048xbf16 --input=randn:1x17x1xf32 --input=randn:1x17x2048xbf16 --input=randn:2048xbf16 --input=randn:1x17x2048xbf16 --check | FileCheck %s --check-prefix=BWD --implicit-check-not=FAILED
// RUN: ferric-run %S/../../../bench/partitions/gpt2_layernorm_backward.mlir --target=cuda --input=rand:1x300x1xf32 --input=randn:1x300x2048xbf16 --input=randn:1x300x1xf32 --input=randn:1x300x2048xbf16 --input=randn:2048xbf16 --input=randn:1x300x2048xbf16 --check | FileCheck %s --check-prefix=BWD --implicit-check-not=FAILED
// BWD: check: result 0: {{.*}}: ok
// BWD: check: result 1: {{.*}}: ok
// BWD: check: result 2: {{.*}}: ok

func.func @forward(%x: tensor<1x?x512xbf16>, %g: tensor<512xbf16>, %b: tensor<512xbf16>) -> (tensor<1x?x512xbf16>, tensor<1x?x1xf32>, tensor<1x?x1xf32>) {
  %c1 = arith.constant 1 : index
  %n = arith.constant 512.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %t = tensor.dim %x, %c1 : tensor<1x?x512xbf16>
  %xf = ferric.cast %x : tensor<1x?x512xbf16> to tensor<1x?x512xf32>
  %s = ferric.reduce sum %xf dims [2] keepdim : tensor<1x?x512xf32> -> tensor<1x?x1xf32>
  %mean = ferric.div %s, %n : tensor<1x?x1xf32>, f32
  %meanc = tensor.collapse_shape %mean [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %meanb = ferric.broadcast %meanc dims [2] : tensor<1x?xf32> -> tensor<1x?x512xf32>
  %d = ferric.sub %xf, %meanb : tensor<1x?x512xf32>, tensor<1x?x512xf32>
  %sq = ferric.mul %d, %d : tensor<1x?x512xf32>, tensor<1x?x512xf32>
  %v = ferric.reduce sum %sq dims [2] keepdim : tensor<1x?x512xf32> -> tensor<1x?x1xf32>
  %var = ferric.div %v, %n : tensor<1x?x1xf32>, f32
  %ve = ferric.add %var, %eps : tensor<1x?x1xf32>, f32
  %rstd = ferric.rsqrt %ve : tensor<1x?x1xf32>
  %rstdc = tensor.collapse_shape %rstd [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %rstdb = ferric.broadcast %rstdc dims [2] : tensor<1x?xf32> -> tensor<1x?x512xf32>
  %y0 = ferric.mul %d, %rstdb : tensor<1x?x512xf32>, tensor<1x?x512xf32>
  %gf = ferric.cast %g : tensor<512xbf16> to tensor<512xf32>
  %bf = ferric.cast %b : tensor<512xbf16> to tensor<512xf32>
  %gb = ferric.broadcast %gf dims [0, 1] sizes(%t) : tensor<512xf32> -> tensor<1x?x512xf32>
  %bb = ferric.broadcast %bf dims [0, 1] sizes(%t) : tensor<512xf32> -> tensor<1x?x512xf32>
  %y1 = ferric.mul %y0, %gb : tensor<1x?x512xf32>, tensor<1x?x512xf32>
  %y2 = ferric.add %y1, %bb : tensor<1x?x512xf32>, tensor<1x?x512xf32>
  %y = ferric.cast %y2 : tensor<1x?x512xf32> to tensor<1x?x512xbf16>
  return %y, %mean, %rstd : tensor<1x?x512xbf16>, tensor<1x?x1xf32>, tensor<1x?x1xf32>
}
