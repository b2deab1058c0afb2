// A transformer-block tail as the Python package records it (numpy-style:
// keepdim reduction, a collapse_shape back to [R], casts around an f32
// computation): h = x + res in the storage type, then
// y = silu(rmsnorm(float(h)) * float(w)) * float(up), stored in the storage
// type; both h and y are results. With ferric-fuse's preparation (the
// collapse folded into the reduction, the cast of w moved under its
// broadcast) and a row program whose producer writes outputs of several
// element types, it is ONE kernel on CUDA. Row lengths cover one-element
// chunks (1, 33, 4097), 16-byte chunks of the storage type (768, 4096) and
// a cluster row (40000); `dyn` has a run-time row length.
// test/Integration/{cpu,vulkan,cuda}/run-transformer-tail.mlir run it.

func.func @tail_bf16_1(%x: tensor<?x1xbf16>, %res: tensor<?x1xbf16>, %w: tensor<1xbf16>, %up: tensor<?x1xbf16>) -> (tensor<?x1xbf16>, tensor<?x1xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1xbf16>
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %res : tensor<?x1xbf16>
  %hf = ferric.cast %h : tensor<?x1xbf16> to tensor<?x1xf32>
  %sq = ferric.mul %hf, %hf : tensor<?x1xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<?x1xf32> -> tensor<?x1xf32>
  %a = ferric.add %ms, %eps : tensor<?x1xf32>, f32
  %inv = ferric.rsqrt %a : tensor<?x1xf32>
  %invc = tensor.collapse_shape %inv [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ib = ferric.broadcast %invc dims [1] : tensor<?xf32> -> tensor<?x1xf32>
  %nh = ferric.mul %hf, %ib : tensor<?x1xf32>
  %wf = ferric.cast %w : tensor<1xbf16> to tensor<1xf32>
  %wb = ferric.broadcast %wf dims [0] sizes(%n) : tensor<1xf32> -> tensor<?x1xf32>
  %g = ferric.mul %nh, %wb : tensor<?x1xf32>
  %s = ferric.silu %g : tensor<?x1xf32>
  %upf = ferric.cast %up : tensor<?x1xbf16> to tensor<?x1xf32>
  %p = ferric.mul %s, %upf : tensor<?x1xf32>
  %y = ferric.cast %p : tensor<?x1xf32> to tensor<?x1xbf16>
  return %h, %y : tensor<?x1xbf16>, tensor<?x1xbf16>
}

func.func @tail_bf16_33(%x: tensor<?x33xbf16>, %res: tensor<?x33xbf16>, %w: tensor<33xbf16>, %up: tensor<?x33xbf16>) -> (tensor<?x33xbf16>, tensor<?x33xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x33xbf16>
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %res : tensor<?x33xbf16>
  %hf = ferric.cast %h : tensor<?x33xbf16> to tensor<?x33xf32>
  %sq = ferric.mul %hf, %hf : tensor<?x33xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<?x33xf32> -> tensor<?x1xf32>
  %a = ferric.add %ms, %eps : tensor<?x1xf32>, f32
  %inv = ferric.rsqrt %a : tensor<?x1xf32>
  %invc = tensor.collapse_shape %inv [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ib = ferric.broadcast %invc dims [1] : tensor<?xf32> -> tensor<?x33xf32>
  %nh = ferric.mul %hf, %ib : tensor<?x33xf32>
  %wf = ferric.cast %w : tensor<33xbf16> to tensor<33xf32>
  %wb = ferric.broadcast %wf dims [0] sizes(%n) : tensor<33xf32> -> tensor<?x33xf32>
  %g = ferric.mul %nh, %wb : tensor<?x33xf32>
  %s = ferric.silu %g : tensor<?x33xf32>
  %upf = ferric.cast %up : tensor<?x33xbf16> to tensor<?x33xf32>
  %p = ferric.mul %s, %upf : tensor<?x33xf32>
  %y = ferric.cast %p : tensor<?x33xf32> to tensor<?x33xbf16>
  return %h, %y : tensor<?x33xbf16>, tensor<?x33xbf16>
}

func.func @tail_bf16_768(%x: tensor<?x768xbf16>, %res: tensor<?x768xbf16>, %w: tensor<768xbf16>, %up: tensor<?x768xbf16>) -> (tensor<?x768xbf16>, tensor<?x768xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x768xbf16>
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %res : tensor<?x768xbf16>
  %hf = ferric.cast %h : tensor<?x768xbf16> to tensor<?x768xf32>
  %sq = ferric.mul %hf, %hf : tensor<?x768xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<?x768xf32> -> tensor<?x1xf32>
  %a = ferric.add %ms, %eps : tensor<?x1xf32>, f32
  %inv = ferric.rsqrt %a : tensor<?x1xf32>
  %invc = tensor.collapse_shape %inv [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ib = ferric.broadcast %invc dims [1] : tensor<?xf32> -> tensor<?x768xf32>
  %nh = ferric.mul %hf, %ib : tensor<?x768xf32>
  %wf = ferric.cast %w : tensor<768xbf16> to tensor<768xf32>
  %wb = ferric.broadcast %wf dims [0] sizes(%n) : tensor<768xf32> -> tensor<?x768xf32>
  %g = ferric.mul %nh, %wb : tensor<?x768xf32>
  %s = ferric.silu %g : tensor<?x768xf32>
  %upf = ferric.cast %up : tensor<?x768xbf16> to tensor<?x768xf32>
  %p = ferric.mul %s, %upf : tensor<?x768xf32>
  %y = ferric.cast %p : tensor<?x768xf32> to tensor<?x768xbf16>
  return %h, %y : tensor<?x768xbf16>, tensor<?x768xbf16>
}

func.func @tail_bf16_4096(%x: tensor<?x4096xbf16>, %res: tensor<?x4096xbf16>, %w: tensor<4096xbf16>, %up: tensor<?x4096xbf16>) -> (tensor<?x4096xbf16>, tensor<?x4096xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xbf16>
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %res : tensor<?x4096xbf16>
  %hf = ferric.cast %h : tensor<?x4096xbf16> to tensor<?x4096xf32>
  %sq = ferric.mul %hf, %hf : tensor<?x4096xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<?x4096xf32> -> tensor<?x1xf32>
  %a = ferric.add %ms, %eps : tensor<?x1xf32>, f32
  %inv = ferric.rsqrt %a : tensor<?x1xf32>
  %invc = tensor.collapse_shape %inv [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ib = ferric.broadcast %invc dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %nh = ferric.mul %hf, %ib : tensor<?x4096xf32>
  %wf = ferric.cast %w : tensor<4096xbf16> to tensor<4096xf32>
  %wb = ferric.broadcast %wf dims [0] sizes(%n) : tensor<4096xf32> -> tensor<?x4096xf32>
  %g = ferric.mul %nh, %wb : tensor<?x4096xf32>
  %s = ferric.silu %g : tensor<?x4096xf32>
  %upf = ferric.cast %up : tensor<?x4096xbf16> to tensor<?x4096xf32>
  %p = ferric.mul %s, %upf : tensor<?x4096xf32>
  %y = ferric.cast %p : tensor<?x4096xf32> to tensor<?x4096xbf16>
  return %h, %y : tensor<?x4096xbf16>, tensor<?x4096xbf16>
}

func.func @tail_bf16_4097(%x: tensor<?x4097xbf16>, %res: tensor<?x4097xbf16>, %w: tensor<4097xbf16>, %up: tensor<?x4097xbf16>) -> (tensor<?x4097xbf16>, tensor<?x4097xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4097xbf16>
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %res : tensor<?x4097xbf16>
  %hf = ferric.cast %h : tensor<?x4097xbf16> to tensor<?x4097xf32>
  %sq = ferric.mul %hf, %hf : tensor<?x4097xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<?x4097xf32> -> tensor<?x1xf32>
  %a = ferric.add %ms, %eps : tensor<?x1xf32>, f32
  %inv = ferric.rsqrt %a : tensor<?x1xf32>
  %invc = tensor.collapse_shape %inv [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ib = ferric.broadcast %invc dims [1] : tensor<?xf32> -> tensor<?x4097xf32>
  %nh = ferric.mul %hf, %ib : tensor<?x4097xf32>
  %wf = ferric.cast %w : tensor<4097xbf16> to tensor<4097xf32>
  %wb = ferric.broadcast %wf dims [0] sizes(%n) : tensor<4097xf32> -> tensor<?x4097xf32>
  %g = ferric.mul %nh, %wb : tensor<?x4097xf32>
  %s = ferric.silu %g : tensor<?x4097xf32>
  %upf = ferric.cast %up : tensor<?x4097xbf16> to tensor<?x4097xf32>
  %p = ferric.mul %s, %upf : tensor<?x4097xf32>
  %y = ferric.cast %p : tensor<?x4097xf32> to tensor<?x4097xbf16>
  return %h, %y : tensor<?x4097xbf16>, tensor<?x4097xbf16>
}

func.func @tail_bf16_40000(%x: tensor<?x40000xbf16>, %res: tensor<?x40000xbf16>, %w: tensor<40000xbf16>, %up: tensor<?x40000xbf16>) -> (tensor<?x40000xbf16>, tensor<?x40000xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x40000xbf16>
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %res : tensor<?x40000xbf16>
  %hf = ferric.cast %h : tensor<?x40000xbf16> to tensor<?x40000xf32>
  %sq = ferric.mul %hf, %hf : tensor<?x40000xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<?x40000xf32> -> tensor<?x1xf32>
  %a = ferric.add %ms, %eps : tensor<?x1xf32>, f32
  %inv = ferric.rsqrt %a : tensor<?x1xf32>
  %invc = tensor.collapse_shape %inv [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ib = ferric.broadcast %invc dims [1] : tensor<?xf32> -> tensor<?x40000xf32>
  %nh = ferric.mul %hf, %ib : tensor<?x40000xf32>
  %wf = ferric.cast %w : tensor<40000xbf16> to tensor<40000xf32>
  %wb = ferric.broadcast %wf dims [0] sizes(%n) : tensor<40000xf32> -> tensor<?x40000xf32>
  %g = ferric.mul %nh, %wb : tensor<?x40000xf32>
  %s = ferric.silu %g : tensor<?x40000xf32>
  %upf = ferric.cast %up : tensor<?x40000xbf16> to tensor<?x40000xf32>
  %p = ferric.mul %s, %upf : tensor<?x40000xf32>
  %y = ferric.cast %p : tensor<?x40000xf32> to tensor<?x40000xbf16>
  return %h, %y : tensor<?x40000xbf16>, tensor<?x40000xbf16>
}

func.func @tail_f16_4096(%x: tensor<?x4096xf16>, %res: tensor<?x4096xf16>, %w: tensor<4096xf16>, %up: tensor<?x4096xf16>) -> (tensor<?x4096xf16>, tensor<?x4096xf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf16>
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %res : tensor<?x4096xf16>
  %hf = ferric.cast %h : tensor<?x4096xf16> to tensor<?x4096xf32>
  %sq = ferric.mul %hf, %hf : tensor<?x4096xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<?x4096xf32> -> tensor<?x1xf32>
  %a = ferric.add %ms, %eps : tensor<?x1xf32>, f32
  %inv = ferric.rsqrt %a : tensor<?x1xf32>
  %invc = tensor.collapse_shape %inv [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %ib = ferric.broadcast %invc dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %nh = ferric.mul %hf, %ib : tensor<?x4096xf32>
  %wf = ferric.cast %w : tensor<4096xf16> to tensor<4096xf32>
  %wb = ferric.broadcast %wf dims [0] sizes(%n) : tensor<4096xf32> -> tensor<?x4096xf32>
  %g = ferric.mul %nh, %wb : tensor<?x4096xf32>
  %s = ferric.silu %g : tensor<?x4096xf32>
  %upf = ferric.cast %up : tensor<?x4096xf16> to tensor<?x4096xf32>
  %p = ferric.mul %s, %upf : tensor<?x4096xf32>
  %y = ferric.cast %p : tensor<?x4096xf32> to tensor<?x4096xf16>
  return %h, %y : tensor<?x4096xf16>, tensor<?x4096xf16>
}

func.func @tail_bf16_dyn(%x: tensor<?x?xbf16>, %res: tensor<?x?xbf16>, %w: tensor<?xbf16>, %up: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xbf16>
  %eps = arith.constant 1.0e-06 : f32
  %h = ferric.add %x, %res : tensor<?x?xbf16>
  %hf = ferric.cast %h : tensor<?x?xbf16> to tensor<?x?xf32>
  %sq = ferric.mul %hf, %hf : tensor<?x?xf32>
  %ms = ferric.reduce mean %sq dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %a = ferric.add %ms, %eps : tensor<?x1xf32>, f32
  %inv = ferric.rsqrt %a : tensor<?x1xf32>
  %invc = tensor.collapse_shape %inv [[0, 1]] : tensor<?x1xf32> into tensor<?xf32>
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %ib = ferric.broadcast %invc dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %nh = ferric.mul %hf, %ib : tensor<?x?xf32>
  %wf = ferric.cast %w : tensor<?xbf16> to tensor<?xf32>
  %wb = ferric.broadcast %wf dims [0] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %g = ferric.mul %nh, %wb : tensor<?x?xf32>
  %s = ferric.silu %g : tensor<?x?xf32>
  %upf = ferric.cast %up : tensor<?x?xbf16> to tensor<?x?xf32>
  %p = ferric.mul %s, %upf : tensor<?x?xf32>
  %y = ferric.cast %p : tensor<?x?xf32> to tensor<?x?xbf16>
  return %h, %y : tensor<?x?xbf16>, tensor<?x?xbf16>
}
