// Functions with several results, for the ferric-run integration tests
// (test/Integration/{cpu,cuda}/run-multi-output.mlir). Every size is
// dynamic; pick the function with --entry.

// Results of different element types and shapes from one group and a
// reduction: x + y (f32), the product cast to f16, the mask x < y (i1)
// and the sum of x + y (a rank-0 tensor).
func.func @several(%x: tensor<?xf32>, %y: tensor<?xf32>)
    -> (tensor<?xf32>, tensor<?xf16>, tensor<?xi1>, tensor<f32>) {
  %0 = ferric.add %x, %y : tensor<?xf32>
  %p = ferric.mul %x, %y : tensor<?xf32>
  %1 = ferric.cast %p : tensor<?xf32> to tensor<?xf16>
  %2 = ferric.cmp lt, %x, %y : tensor<?xf32>
  %3 = ferric.reduce sum %0 dims [0] : tensor<?xf32> -> tensor<f32>
  return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xf16>, tensor<?xi1>, tensor<f32>
}

// A value used inside the fused group and outside it: h = x + r feeds
// h * h and tanh, and is returned itself; s = h * h is only used inside.
func.func @inside_outside(%x: tensor<?x?xf32>, %r: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %h = ferric.add %x, %r : tensor<?x?xf32>
  %s = ferric.mul %h, %h : tensor<?x?xf32>
  %t = ferric.tanh %s : tensor<?x?xf32>
  %o = ferric.sub %t, %h : tensor<?x?xf32>
  return %h, %o : tensor<?x?xf32>, tensor<?x?xf32>
}

// The same value returned twice, and an argument returned as it is: the
// runner must copy each out once and free nothing twice.
func.func @aliases(%x: tensor<?xf32>, %y: tensor<?xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %h = ferric.mul %x, %y : tensor<?xf32>
  %e = ferric.exp %h : tensor<?xf32>
  return %h, %e, %h, %x : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// A diamond (a feeds b and c, b + c) next to an independent chain on
// another input.
func.func @diamond(%a: tensor<?xf32>, %z: tensor<?xf32>)
    -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %s = ferric.sigmoid %a : tensor<?xf32>
  %b = ferric.mul %s, %a : tensor<?xf32>
  %c = ferric.exp %s : tensor<?xf32>
  %d = ferric.add %b, %c : tensor<?xf32>
  %z1 = ferric.abs %z : tensor<?xf32>
  %z2 = ferric.sqrt %z1 : tensor<?xf32>
  return %d, %z2, %s : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// Values used on both sides of a reduction barrier: h is reduced and also
// used after the reduction; the mean is returned, and so is h.
func.func @across_barrier(%x: tensor<?x?xf32>, %r: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %h = ferric.add %x, %r : tensor<?x?xf32>
  %mean = ferric.reduce mean %h dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  %mb = ferric.broadcast %mean dims [1] sizes(%m) : tensor<?xf32> -> tensor<?x?xf32>
  %d = ferric.sub %h, %mb : tensor<?x?xf32>
  %o = ferric.mul %d, %d : tensor<?x?xf32>
  return %o, %mean, %h : tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>
}

// Mixed precision: f16 and bf16 inputs computed in f32, with an f16 and
// an f32 result.
func.func @mixed(%a: tensor<?xf16>, %b: tensor<?xbf16>)
    -> (tensor<?xf32>, tensor<?xf16>) {
  %a32 = ferric.cast %a : tensor<?xf16> to tensor<?xf32>
  %b32 = ferric.cast %b : tensor<?xbf16> to tensor<?xf32>
  %0 = ferric.mul %a32, %b32 : tensor<?xf32>
  %1 = ferric.gelu %0 : tensor<?xf32>
  %2 = ferric.cast %1 : tensor<?xf32> to tensor<?xf16>
  return %0, %2 : tensor<?xf32>, tensor<?xf16>
}
