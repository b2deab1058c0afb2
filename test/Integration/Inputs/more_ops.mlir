// Inputs of the run-more-ops tests (cpu, vulkan, cuda): the ops real models
// need (sin, cos, erf, log1p, expm1, floor, ceil, round, sign, reciprocal,
// clamp) in every element type, alone and fused into the chains they appear
// in (RoPE's rotation, erf-GELU, clamped rounding). Shapes are static (the
// Vulkan target needs them); the RUN lines feed edge values (halves for
// round, +-0 and NaN for sign, large |x| for sin and cos, tiny x for log1p
// and expm1).

func.func @trig_f32(%x: tensor<20xf32>) -> (tensor<20xf32>, tensor<20xf32>) {
  %0 = ferric.sin %x : tensor<20xf32>
  %1 = ferric.cos %x : tensor<20xf32>
  return %0, %1 : tensor<20xf32>, tensor<20xf32>
}

func.func @small_f32(%x: tensor<20xf32>) -> (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) {
  %0 = ferric.erf %x : tensor<20xf32>
  %1 = ferric.log1p %x : tensor<20xf32>
  %2 = ferric.expm1 %x : tensor<20xf32>
  return %0, %1, %2 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
}

func.func @rounding_f32(%x: tensor<20xf32>) -> (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) {
  %0 = ferric.floor %x : tensor<20xf32>
  %1 = ferric.ceil %x : tensor<20xf32>
  %2 = ferric.round %x : tensor<20xf32>
  %3 = ferric.sign %x : tensor<20xf32>
  %4 = ferric.reciprocal %x : tensor<20xf32>
  return %0, %1, %2, %3, %4 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
}

func.func @clamp_f32(%x: tensor<20xf32>, %lo: tensor<20xf32>, %hi: tensor<20xf32>) -> (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) {
  %a = arith.constant -1.5 : f32
  %b = arith.constant 2.0 : f32
  %h = arith.constant 0.5 : f32
  %0 = ferric.clamp %x, %lo, %hi : tensor<20xf32>
  %1 = ferric.clamp %x, %a, %b : tensor<20xf32>, f32, f32
  %2 = ferric.clamp %x, %lo, %h : tensor<20xf32>, tensor<20xf32>, f32
  return %0, %1, %2 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
}

// RoPE's rotation of the pair (x, y) by the angle p, and erf-GELU through
// log1p/expm1 and a clamped, rounded scale: one fused kernel each.
func.func @chains_f32(%x: tensor<20xf32>, %y: tensor<20xf32>, %p: tensor<20xf32>) -> (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) {
  %c = ferric.cos %p : tensor<20xf32>
  %s = ferric.sin %p : tensor<20xf32>
  %xc = ferric.mul %x, %c : tensor<20xf32>
  %ys = ferric.mul %y, %s : tensor<20xf32>
  %r0 = ferric.sub %xc, %ys : tensor<20xf32>
  %xs = ferric.mul %x, %s : tensor<20xf32>
  %yc = ferric.mul %y, %c : tensor<20xf32>
  %r1 = ferric.add %xs, %yc : tensor<20xf32>
  %k = arith.constant 0.70710678118654752440 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %xk = ferric.mul %x, %k : tensor<20xf32>, f32
  %e = ferric.erf %xk : tensor<20xf32>
  %l = ferric.log1p %e : tensor<20xf32>
  %m = ferric.expm1 %l : tensor<20xf32>
  %g = ferric.add %m, %one : tensor<20xf32>, f32
  %hx = ferric.mul %x, %half : tensor<20xf32>, f32
  %gelu = ferric.mul %hx, %g : tensor<20xf32>
  %sc = ferric.clamp %y, %half, %one : tensor<20xf32>, f32, f32
  %q = ferric.reciprocal %sc : tensor<20xf32>
  %rq = ferric.round %q : tensor<20xf32>
  %sg = ferric.sign %p : tensor<20xf32>
  %f = ferric.floor %rq : tensor<20xf32>
  %cl = ferric.ceil %sg : tensor<20xf32>
  %t0 = ferric.mul %f, %cl : tensor<20xf32>
  %r2 = ferric.add %gelu, %t0 : tensor<20xf32>
  return %r0, %r1, %r2 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
}

func.func @trig_f16(%x: tensor<20xf16>) -> (tensor<20xf16>, tensor<20xf16>) {
  %0 = ferric.sin %x : tensor<20xf16>
  %1 = ferric.cos %x : tensor<20xf16>
  return %0, %1 : tensor<20xf16>, tensor<20xf16>
}

func.func @small_f16(%x: tensor<20xf16>) -> (tensor<20xf16>, tensor<20xf16>, tensor<20xf16>) {
  %0 = ferric.erf %x : tensor<20xf16>
  %1 = ferric.log1p %x : tensor<20xf16>
  %2 = ferric.expm1 %x : tensor<20xf16>
  return %0, %1, %2 : tensor<20xf16>, tensor<20xf16>, tensor<20xf16>
}

func.func @rounding_f16(%x: tensor<20xf16>) -> (tensor<20xf16>, tensor<20xf16>, tensor<20xf16>, tensor<20xf16>, tensor<20xf16>) {
  %0 = ferric.floor %x : tensor<20xf16>
  %1 = ferric.ceil %x : tensor<20xf16>
  %2 = ferric.round %x : tensor<20xf16>
  %3 = ferric.sign %x : tensor<20xf16>
  %4 = ferric.reciprocal %x : tensor<20xf16>
  return %0, %1, %2, %3, %4 : tensor<20xf16>, tensor<20xf16>, tensor<20xf16>, tensor<20xf16>, tensor<20xf16>
}

func.func @clamp_f16(%x: tensor<20xf16>, %lo: tensor<20xf16>, %hi: tensor<20xf16>) -> (tensor<20xf16>, tensor<20xf16>, tensor<20xf16>) {
  %a = arith.constant -1.5 : f16
  %b = arith.constant 2.0 : f16
  %h = arith.constant 0.5 : f16
  %0 = ferric.clamp %x, %lo, %hi : tensor<20xf16>
  %1 = ferric.clamp %x, %a, %b : tensor<20xf16>, f16, f16
  %2 = ferric.clamp %x, %lo, %h : tensor<20xf16>, tensor<20xf16>, f16
  return %0, %1, %2 : tensor<20xf16>, tensor<20xf16>, tensor<20xf16>
}

// RoPE's rotation of the pair (x, y) by the angle p, and erf-GELU through
// log1p/expm1 and a clamped, rounded scale: one fused kernel each.
func.func @chains_f16(%x: tensor<20xf16>, %y: tensor<20xf16>, %p: tensor<20xf16>) -> (tensor<20xf16>, tensor<20xf16>, tensor<20xf16>) {
  %c = ferric.cos %p : tensor<20xf16>
  %s = ferric.sin %p : tensor<20xf16>
  %xc = ferric.mul %x, %c : tensor<20xf16>
  %ys = ferric.mul %y, %s : tensor<20xf16>
  %r0 = ferric.sub %xc, %ys : tensor<20xf16>
  %xs = ferric.mul %x, %s : tensor<20xf16>
  %yc = ferric.mul %y, %c : tensor<20xf16>
  %r1 = ferric.add %xs, %yc : tensor<20xf16>
  %k = arith.constant 0.70710678118654752440 : f16
  %one = arith.constant 1.0 : f16
  %half = arith.constant 0.5 : f16
  %xk = ferric.mul %x, %k : tensor<20xf16>, f16
  %e = ferric.erf %xk : tensor<20xf16>
  %l = ferric.log1p %e : tensor<20xf16>
  %m = ferric.expm1 %l : tensor<20xf16>
  %g = ferric.add %m, %one : tensor<20xf16>, f16
  %hx = ferric.mul %x, %half : tensor<20xf16>, f16
  %gelu = ferric.mul %hx, %g : tensor<20xf16>
  %sc = ferric.clamp %y, %half, %one : tensor<20xf16>, f16, f16
  %q = ferric.reciprocal %sc : tensor<20xf16>
  %rq = ferric.round %q : tensor<20xf16>
  %sg = ferric.sign %p : tensor<20xf16>
  %f = ferric.floor %rq : tensor<20xf16>
  %cl = ferric.ceil %sg : tensor<20xf16>
  %t0 = ferric.mul %f, %cl : tensor<20xf16>
  %r2 = ferric.add %gelu, %t0 : tensor<20xf16>
  return %r0, %r1, %r2 : tensor<20xf16>, tensor<20xf16>, tensor<20xf16>
}

func.func @trig_bf16(%x: tensor<20xbf16>) -> (tensor<20xbf16>, tensor<20xbf16>) {
  %0 = ferric.sin %x : tensor<20xbf16>
  %1 = ferric.cos %x : tensor<20xbf16>
  return %0, %1 : tensor<20xbf16>, tensor<20xbf16>
}

func.func @small_bf16(%x: tensor<20xbf16>) -> (tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>) {
  %0 = ferric.erf %x : tensor<20xbf16>
  %1 = ferric.log1p %x : tensor<20xbf16>
  %2 = ferric.expm1 %x : tensor<20xbf16>
  return %0, %1, %2 : tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>
}

func.func @rounding_bf16(%x: tensor<20xbf16>) -> (tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>) {
  %0 = ferric.floor %x : tensor<20xbf16>
  %1 = ferric.ceil %x : tensor<20xbf16>
  %2 = ferric.round %x : tensor<20xbf16>
  %3 = ferric.sign %x : tensor<20xbf16>
  %4 = ferric.reciprocal %x : tensor<20xbf16>
  return %0, %1, %2, %3, %4 : tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>
}

func.func @clamp_bf16(%x: tensor<20xbf16>, %lo: tensor<20xbf16>, %hi: tensor<20xbf16>) -> (tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>) {
  %a = arith.constant -1.5 : bf16
  %b = arith.constant 2.0 : bf16
  %h = arith.constant 0.5 : bf16
  %0 = ferric.clamp %x, %lo, %hi : tensor<20xbf16>
  %1 = ferric.clamp %x, %a, %b : tensor<20xbf16>, bf16, bf16
  %2 = ferric.clamp %x, %lo, %h : tensor<20xbf16>, tensor<20xbf16>, bf16
  return %0, %1, %2 : tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>
}

// RoPE's rotation of the pair (x, y) by the angle p, and erf-GELU through
// log1p/expm1 and a clamped, rounded scale: one fused kernel each.
func.func @chains_bf16(%x: tensor<20xbf16>, %y: tensor<20xbf16>, %p: tensor<20xbf16>) -> (tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>) {
  %c = ferric.cos %p : tensor<20xbf16>
  %s = ferric.sin %p : tensor<20xbf16>
  %xc = ferric.mul %x, %c : tensor<20xbf16>
  %ys = ferric.mul %y, %s : tensor<20xbf16>
  %r0 = ferric.sub %xc, %ys : tensor<20xbf16>
  %xs = ferric.mul %x, %s : tensor<20xbf16>
  %yc = ferric.mul %y, %c : tensor<20xbf16>
  %r1 = ferric.add %xs, %yc : tensor<20xbf16>
  %k = arith.constant 0.70710678118654752440 : bf16
  %one = arith.constant 1.0 : bf16
  %half = arith.constant 0.5 : bf16
  %xk = ferric.mul %x, %k : tensor<20xbf16>, bf16
  %e = ferric.erf %xk : tensor<20xbf16>
  %l = ferric.log1p %e : tensor<20xbf16>
  %m = ferric.expm1 %l : tensor<20xbf16>
  %g = ferric.add %m, %one : tensor<20xbf16>, bf16
  %hx = ferric.mul %x, %half : tensor<20xbf16>, bf16
  %gelu = ferric.mul %hx, %g : tensor<20xbf16>
  %sc = ferric.clamp %y, %half, %one : tensor<20xbf16>, bf16, bf16
  %q = ferric.reciprocal %sc : tensor<20xbf16>
  %rq = ferric.round %q : tensor<20xbf16>
  %sg = ferric.sign %p : tensor<20xbf16>
  %f = ferric.floor %rq : tensor<20xbf16>
  %cl = ferric.ceil %sg : tensor<20xbf16>
  %t0 = ferric.mul %f, %cl : tensor<20xbf16>
  %r2 = ferric.add %gelu, %t0 : tensor<20xbf16>
  return %r0, %r1, %r2 : tensor<20xbf16>, tensor<20xbf16>, tensor<20xbf16>
}

func.func @trig_f64(%x: tensor<20xf64>) -> (tensor<20xf64>, tensor<20xf64>) {
  %0 = ferric.sin %x : tensor<20xf64>
  %1 = ferric.cos %x : tensor<20xf64>
  return %0, %1 : tensor<20xf64>, tensor<20xf64>
}

func.func @small_f64(%x: tensor<20xf64>) -> (tensor<20xf64>, tensor<20xf64>, tensor<20xf64>) {
  %0 = ferric.erf %x : tensor<20xf64>
  %1 = ferric.log1p %x : tensor<20xf64>
  %2 = ferric.expm1 %x : tensor<20xf64>
  return %0, %1, %2 : tensor<20xf64>, tensor<20xf64>, tensor<20xf64>
}

func.func @rounding_f64(%x: tensor<20xf64>) -> (tensor<20xf64>, tensor<20xf64>, tensor<20xf64>, tensor<20xf64>, tensor<20xf64>) {
  %0 = ferric.floor %x : tensor<20xf64>
  %1 = ferric.ceil %x : tensor<20xf64>
  %2 = ferric.round %x : tensor<20xf64>
  %3 = ferric.sign %x : tensor<20xf64>
  %4 = ferric.reciprocal %x : tensor<20xf64>
  return %0, %1, %2, %3, %4 : tensor<20xf64>, tensor<20xf64>, tensor<20xf64>, tensor<20xf64>, tensor<20xf64>
}

func.func @clamp_f64(%x: tensor<20xf64>, %lo: tensor<20xf64>, %hi: tensor<20xf64>) -> (tensor<20xf64>, tensor<20xf64>, tensor<20xf64>) {
  %a = arith.constant -1.5 : f64
  %b = arith.constant 2.0 : f64
  %h = arith.constant 0.5 : f64
  %0 = ferric.clamp %x, %lo, %hi : tensor<20xf64>
  %1 = ferric.clamp %x, %a, %b : tensor<20xf64>, f64, f64
  %2 = ferric.clamp %x, %lo, %h : tensor<20xf64>, tensor<20xf64>, f64
  return %0, %1, %2 : tensor<20xf64>, tensor<20xf64>, tensor<20xf64>
}
