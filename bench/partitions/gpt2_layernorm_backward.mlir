// GPT-2's LayerNorm backward as the torch backend hands it to Ferric (bf16,
// hidden 2048; a partition of the backward graph of bench/torch_blocks.py's
// GPT-2 block, dumped by `bench/torch_partition_kernels.py --modes train
// --blocks gpt2 --dtypes bf16 --tokens 64 --hidden 2048 --heads 16 --mlp 5632
// --dump DIR` on torch 1.13, backward-ferric_0.mlir). Arguments: the saved
// rstd and mean per row ([1, T, 1] f32), the incoming gradient, the saved
// input, gamma and the residual gradient; results: the gamma and beta
// gradients and the input gradient. Eager's native_layer_norm_backward is
// 2-3 kernels; Ferric's was 13 launches (ef00f32; on the H100 one Ferric
// kernel group of the GPT-2 training step took 11.2 ms, not yet attributed
// to this partition), 5 since the 17th session's ferric-fuse-reductions and
// row-group changes (two split-column sums with their stage 2, one row
// program; not yet timed). `scripts/gpu-session.sh lnbwd` times it and
// lists each launch's device time (ncu).
func.func @ferric_0(%arg0: tensor<1x?x1xf32>, %arg1: tensor<1x?x2048xbf16>, %arg2: tensor<1x?x1xf32>, %arg3: tensor<1x?x2048xbf16>, %arg4: tensor<2048xbf16>, %arg5: tensor<1x?x2048xbf16>) -> (tensor<2048xbf16>, tensor<2048xbf16>, tensor<1x?x2048xbf16>) {
  %0 = ferric.cast %arg1 : tensor<1x?x2048xbf16> to tensor<1x?x2048xf32>
  %1 = ferric.reduce sum %0 dims [0, 1] : tensor<1x?x2048xf32> -> tensor<2048xf32>
  %2 = ferric.cast %1 : tensor<2048xf32> to tensor<2048xbf16>
  %3 = ferric.cast %arg3 : tensor<1x?x2048xbf16> to tensor<1x?x2048xf32>
  %4 = ferric.cast %arg2 : tensor<1x?x1xf32> to tensor<1x?x1xbf16>
  %5 = ferric.cast %4 : tensor<1x?x1xbf16> to tensor<1x?x1xf32>
  %6 = tensor.collapse_shape %5 [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %7 = ferric.broadcast %6 dims [2] : tensor<1x?xf32> -> tensor<1x?x2048xf32>
  %8 = ferric.sub %3, %7 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %9 = ferric.cast %arg0 : tensor<1x?x1xf32> to tensor<1x?x1xbf16>
  %10 = ferric.cast %9 : tensor<1x?x1xbf16> to tensor<1x?x1xf32>
  %11 = tensor.collapse_shape %10 [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %12 = ferric.broadcast %11 dims [2] : tensor<1x?xf32> -> tensor<1x?x2048xf32>
  %13 = ferric.mul %8, %12 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %14 = ferric.mul %0, %13 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %15 = ferric.reduce sum %14 dims [0, 1] : tensor<1x?x2048xf32> -> tensor<2048xf32>
  %16 = ferric.cast %15 : tensor<2048xf32> to tensor<2048xbf16>
  %cst_0 = arith.constant 2048.0 : bf16
  %17 = ferric.div %9, %cst_0 : tensor<1x?x1xbf16>, bf16
  %18 = ferric.cast %17 : tensor<1x?x1xbf16> to tensor<1x?x1xf32>
  %19 = ferric.cast %arg4 : tensor<2048xbf16> to tensor<2048xf32>
  %c1 = arith.constant 1 : index
  %20 = tensor.dim %arg1, %c1 : tensor<1x?x2048xbf16>
  %21 = ferric.broadcast %19 dims [0, 1] sizes(%20) : tensor<2048xf32> -> tensor<1x?x2048xf32>
  %22 = ferric.mul %0, %21 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %cst_1 = arith.constant 2048.0 : f32
  %23 = ferric.mul %22, %cst_1 : tensor<1x?x2048xf32>, f32
  %24 = ferric.reduce sum %22 dims [2] keepdim : tensor<1x?x2048xf32> -> tensor<1x?x1xf32>
  %25 = tensor.collapse_shape %24 [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %26 = ferric.broadcast %25 dims [2] : tensor<1x?xf32> -> tensor<1x?x2048xf32>
  %27 = ferric.sub %23, %26 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %28 = ferric.mul %22, %13 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %29 = ferric.reduce sum %28 dims [2] keepdim : tensor<1x?x2048xf32> -> tensor<1x?x1xf32>
  %30 = tensor.collapse_shape %29 [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %31 = ferric.broadcast %30 dims [2] : tensor<1x?xf32> -> tensor<1x?x2048xf32>
  %32 = ferric.mul %13, %31 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %33 = ferric.sub %27, %32 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %34 = tensor.collapse_shape %18 [[0], [1, 2]] : tensor<1x?x1xf32> into tensor<1x?xf32>
  %35 = ferric.broadcast %34 dims [2] : tensor<1x?xf32> -> tensor<1x?x2048xf32>
  %36 = ferric.mul %35, %33 : tensor<1x?x2048xf32>, tensor<1x?x2048xf32>
  %37 = ferric.cast %36 : tensor<1x?x2048xf32> to tensor<1x?x2048xbf16>
  %38 = ferric.add %arg5, %37 : tensor<1x?x2048xbf16>, tensor<1x?x2048xbf16>
  return %2, %16, %38 : tensor<2048xbf16>, tensor<2048xbf16>, tensor<1x?x2048xbf16>
}
