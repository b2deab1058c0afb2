// Static-shape f32 programs for the Vulkan integration tests
// (test/Integration/vulkan/). The SPIR-V path needs static shapes and no
// scalar arguments (docs/HostABI.md), so scalars are constants here, and
// each size is a function of its own. Other element types, ranks and ops
// are in vulkan_types.mlir.

// Every elementwise op except gelu exact (vulkan_types.mlir), each value a
// result, in the order of ops_f32.mlir's @elementwise:
//    0-10  neg, abs, exp, tanh, relu, sigmoid, silu, gelu (tanh) of a;
//          log, sqrt, rsqrt of |a|
//   11-17  a + b, a - b, a * b, a / b, max, min, pow(|a|, b)
//   18-26  with a constant s = 2.5 on either side: a + s, s - a, a * s,
//          s / a, max(a, s), min(s, a), pow(s, a); pow(|a|, 3), a * 0.5
// The ops on i1 are in @masks.
func.func @elementwise(%a: tensor<1023xf32>, %b: tensor<1023xf32>) -> (tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>) {
  %s = arith.constant 2.5 : f32
  %half = arith.constant 0.5 : f32
  %three = arith.constant 3.0 : f32
  %r0 = ferric.neg %a : tensor<1023xf32>
  %r1 = ferric.abs %a : tensor<1023xf32>
  %r2 = ferric.exp %a : tensor<1023xf32>
  %r3 = ferric.tanh %a : tensor<1023xf32>
  %r4 = ferric.relu %a : tensor<1023xf32>
  %r5 = ferric.sigmoid %a : tensor<1023xf32>
  %r6 = ferric.silu %a : tensor<1023xf32>
  %r7 = ferric.gelu %a : tensor<1023xf32>
  %r8 = ferric.log %r1 : tensor<1023xf32>
  %r9 = ferric.sqrt %r1 : tensor<1023xf32>
  %r10 = ferric.rsqrt %r1 : tensor<1023xf32>
  %r11 = ferric.add %a, %b : tensor<1023xf32>
  %r12 = ferric.sub %a, %b : tensor<1023xf32>
  %r13 = ferric.mul %a, %b : tensor<1023xf32>
  %r14 = ferric.div %a, %b : tensor<1023xf32>
  %r15 = ferric.max %a, %b : tensor<1023xf32>
  %r16 = ferric.min %a, %b : tensor<1023xf32>
  %r17 = ferric.pow %r1, %b : tensor<1023xf32>
  %r18 = ferric.add %a, %s : tensor<1023xf32>, f32
  %r19 = ferric.sub %s, %a : f32, tensor<1023xf32>
  %r20 = ferric.mul %a, %s : tensor<1023xf32>, f32
  %r21 = ferric.div %s, %a : f32, tensor<1023xf32>
  %r22 = ferric.max %a, %s : tensor<1023xf32>, f32
  %r23 = ferric.min %s, %a : f32, tensor<1023xf32>
  %r24 = ferric.pow %s, %a : f32, tensor<1023xf32>
  %r25 = ferric.pow %r1, %three : tensor<1023xf32>, f32
  %r26 = ferric.mul %a, %half : tensor<1023xf32>, f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24, %r25, %r26 : tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>
}

// Chains 0-4 of ops_f32.mlir's @fused, each fused into one kernel, with
// s = 2.5 a constant and gelu (tanh) for gelu exact:
//   0  sqrt(relu(a)) * b + s
//   1  tanh(|a| - b) / 2.5
//   2  log(exp(a) + 1) * silu(b)
//   3  rsqrt(a * a + 1) * sigmoid(b)
//   4  max(gelu(a), min(gelu(b), -a))
func.func @fused(%a: tensor<1023xf32>, %b: tensor<1023xf32>) -> (tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>) {
  %s = arith.constant 2.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 2.5 : f32
  %p0 = ferric.relu %a : tensor<1023xf32>
  %p1 = ferric.sqrt %p0 : tensor<1023xf32>
  %p2 = ferric.mul %p1, %b : tensor<1023xf32>
  %r0 = ferric.add %p2, %s : tensor<1023xf32>, f32
  %q0 = ferric.abs %a : tensor<1023xf32>
  %q1 = ferric.sub %q0, %b : tensor<1023xf32>
  %q2 = ferric.tanh %q1 : tensor<1023xf32>
  %r1 = ferric.div %q2, %k : tensor<1023xf32>, f32
  %e0 = ferric.exp %a : tensor<1023xf32>
  %e1 = ferric.add %e0, %one : tensor<1023xf32>, f32
  %e2 = ferric.log %e1 : tensor<1023xf32>
  %e3 = ferric.silu %b : tensor<1023xf32>
  %r2 = ferric.mul %e2, %e3 : tensor<1023xf32>
  %n0 = ferric.mul %a, %a : tensor<1023xf32>
  %n1 = ferric.add %n0, %one : tensor<1023xf32>, f32
  %n2 = ferric.rsqrt %n1 : tensor<1023xf32>
  %n3 = ferric.sigmoid %b : tensor<1023xf32>
  %r3 = ferric.mul %n2, %n3 : tensor<1023xf32>
  %g0 = ferric.gelu %a : tensor<1023xf32>
  %g1 = ferric.gelu %b : tensor<1023xf32>
  %g2 = ferric.neg %a : tensor<1023xf32>
  %g3 = ferric.min %g1, %g2 : tensor<1023xf32>
  %r4 = ferric.max %g0, %g3 : tensor<1023xf32>
  return %r0, %r1, %r2, %r3, %r4 : tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>
}

// The ops on i1 (cmp, select, cast from i1): inside the fused kernels, or
// in i1 buffers between kernels with --no-fuse.
//   0  select(a < b, a, b)
//   1  select(a > 0, b, 0)
//   2  cast(a > b) to f32
//   3  select(b > a, pow(|a|, b), cast(a >= 0))
//   4  select(a == relu(a), a, b) + cast(b != 0) - cast(a <= b) * cast(b < a)
// (No two groups compute the same i1 value, or one would hand it to the
// other through an i1 buffer.)
func.func @masks(%a: tensor<1023xf32>, %b: tensor<1023xf32>) -> (tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>) {
  %zero = arith.constant 0.0 : f32
  %lt = ferric.cmp lt, %a, %b : tensor<1023xf32>
  %pos = ferric.cmp gt, %a, %zero : tensor<1023xf32>, f32
  %gt = ferric.cmp gt, %a, %b : tensor<1023xf32>
  %r0 = ferric.select %lt, %a, %b : tensor<1023xi1>, tensor<1023xf32>
  %r1 = ferric.select %pos, %b, %zero : tensor<1023xi1>, tensor<1023xf32>, f32
  %r2 = ferric.cast %gt : tensor<1023xi1> to tensor<1023xf32>
  %c0 = ferric.cmp gt, %b, %a : tensor<1023xf32>
  %c1 = ferric.abs %a : tensor<1023xf32>
  %c2 = ferric.pow %c1, %b : tensor<1023xf32>
  %c3 = ferric.cmp ge, %a, %zero : tensor<1023xf32>, f32
  %c4 = ferric.cast %c3 : tensor<1023xi1> to tensor<1023xf32>
  %r3 = ferric.select %c0, %c2, %c4 : tensor<1023xi1>, tensor<1023xf32>
  %m0 = ferric.relu %a : tensor<1023xf32>
  %m1 = ferric.cmp eq, %a, %m0 : tensor<1023xf32>
  %m2 = ferric.select %m1, %a, %b : tensor<1023xi1>, tensor<1023xf32>
  %m3 = ferric.cmp ne, %b, %zero : tensor<1023xf32>, f32
  %m4 = ferric.cast %m3 : tensor<1023xi1> to tensor<1023xf32>
  %m5 = ferric.add %m2, %m4 : tensor<1023xf32>
  %m6 = ferric.cmp le, %a, %b : tensor<1023xf32>
  %m7 = ferric.cast %m6 : tensor<1023xi1> to tensor<1023xf32>
  %m8 = ferric.cmp lt, %b, %a : tensor<1023xf32>
  %m9 = ferric.cast %m8 : tensor<1023xi1> to tensor<1023xf32>
  %m10 = ferric.mul %m7, %m9 : tensor<1023xf32>
  %r4 = ferric.sub %m5, %m10 : tensor<1023xf32>
  return %r0, %r1, %r2, %r3, %r4 : tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>
}

// Several results: a value used inside the group and returned (h), the
// same value returned twice, an argument returned as it is, and a diamond
// next to an independent chain.
func.func @multi_output(%x: tensor<1023xf32>, %y: tensor<1023xf32>) -> (tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>) {
  %h = ferric.add %x, %y : tensor<1023xf32>
  %s = ferric.mul %h, %h : tensor<1023xf32>
  %t = ferric.tanh %s : tensor<1023xf32>
  %o = ferric.sub %t, %h : tensor<1023xf32>
  %sg = ferric.sigmoid %x : tensor<1023xf32>
  %b = ferric.mul %sg, %x : tensor<1023xf32>
  %c = ferric.exp %sg : tensor<1023xf32>
  %d = ferric.add %b, %c : tensor<1023xf32>
  %z1 = ferric.abs %y : tensor<1023xf32>
  %z2 = ferric.sqrt %z1 : tensor<1023xf32>
  return %h, %o, %h, %x, %d, %z2 : tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>, tensor<1023xf32>
}

// The GELU (tanh) chain of ops_f32.mlir's @chain on 0 elements.
func.func @chain_0(%x: tensor<0xf32>) -> (tensor<0xf32>, tensor<0xf32>) {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 0.044715 : f32
  %c = arith.constant 0.7978845608 : f32
  %x2 = ferric.mul %x, %x : tensor<0xf32>
  %x3 = ferric.mul %x2, %x : tensor<0xf32>
  %kx3 = ferric.mul %x3, %k : tensor<0xf32>, f32
  %inner = ferric.add %x, %kx3 : tensor<0xf32>
  %scaled = ferric.mul %inner, %c : tensor<0xf32>, f32
  %t = ferric.tanh %scaled : tensor<0xf32>
  %onept = ferric.add %t, %one : tensor<0xf32>, f32
  %hx = ferric.mul %x, %half : tensor<0xf32>, f32
  %y = ferric.mul %hx, %onept : tensor<0xf32>
  return %y, %x3 : tensor<0xf32>, tensor<0xf32>
}

// The GELU (tanh) chain of ops_f32.mlir's @chain on 1 elements.
func.func @chain_1(%x: tensor<1xf32>) -> (tensor<1xf32>, tensor<1xf32>) {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 0.044715 : f32
  %c = arith.constant 0.7978845608 : f32
  %x2 = ferric.mul %x, %x : tensor<1xf32>
  %x3 = ferric.mul %x2, %x : tensor<1xf32>
  %kx3 = ferric.mul %x3, %k : tensor<1xf32>, f32
  %inner = ferric.add %x, %kx3 : tensor<1xf32>
  %scaled = ferric.mul %inner, %c : tensor<1xf32>, f32
  %t = ferric.tanh %scaled : tensor<1xf32>
  %onept = ferric.add %t, %one : tensor<1xf32>, f32
  %hx = ferric.mul %x, %half : tensor<1xf32>, f32
  %y = ferric.mul %hx, %onept : tensor<1xf32>
  return %y, %x3 : tensor<1xf32>, tensor<1xf32>
}

// The GELU (tanh) chain of ops_f32.mlir's @chain on 3 elements.
func.func @chain_3(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 0.044715 : f32
  %c = arith.constant 0.7978845608 : f32
  %x2 = ferric.mul %x, %x : tensor<3xf32>
  %x3 = ferric.mul %x2, %x : tensor<3xf32>
  %kx3 = ferric.mul %x3, %k : tensor<3xf32>, f32
  %inner = ferric.add %x, %kx3 : tensor<3xf32>
  %scaled = ferric.mul %inner, %c : tensor<3xf32>, f32
  %t = ferric.tanh %scaled : tensor<3xf32>
  %onept = ferric.add %t, %one : tensor<3xf32>, f32
  %hx = ferric.mul %x, %half : tensor<3xf32>, f32
  %y = ferric.mul %hx, %onept : tensor<3xf32>
  return %y, %x3 : tensor<3xf32>, tensor<3xf32>
}

// The GELU (tanh) chain of ops_f32.mlir's @chain on 1023 elements.
func.func @chain_1023(%x: tensor<1023xf32>) -> (tensor<1023xf32>, tensor<1023xf32>) {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 0.044715 : f32
  %c = arith.constant 0.7978845608 : f32
  %x2 = ferric.mul %x, %x : tensor<1023xf32>
  %x3 = ferric.mul %x2, %x : tensor<1023xf32>
  %kx3 = ferric.mul %x3, %k : tensor<1023xf32>, f32
  %inner = ferric.add %x, %kx3 : tensor<1023xf32>
  %scaled = ferric.mul %inner, %c : tensor<1023xf32>, f32
  %t = ferric.tanh %scaled : tensor<1023xf32>
  %onept = ferric.add %t, %one : tensor<1023xf32>, f32
  %hx = ferric.mul %x, %half : tensor<1023xf32>, f32
  %y = ferric.mul %hx, %onept : tensor<1023xf32>
  return %y, %x3 : tensor<1023xf32>, tensor<1023xf32>
}

// The GELU (tanh) chain of ops_f32.mlir's @chain on 1048577 elements.
func.func @chain_1048577(%x: tensor<1048577xf32>) -> (tensor<1048577xf32>, tensor<1048577xf32>) {
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k = arith.constant 0.044715 : f32
  %c = arith.constant 0.7978845608 : f32
  %x2 = ferric.mul %x, %x : tensor<1048577xf32>
  %x3 = ferric.mul %x2, %x : tensor<1048577xf32>
  %kx3 = ferric.mul %x3, %k : tensor<1048577xf32>, f32
  %inner = ferric.add %x, %kx3 : tensor<1048577xf32>
  %scaled = ferric.mul %inner, %c : tensor<1048577xf32>, f32
  %t = ferric.tanh %scaled : tensor<1048577xf32>
  %onept = ferric.add %t, %one : tensor<1048577xf32>, f32
  %hx = ferric.mul %x, %half : tensor<1048577xf32>, f32
  %y = ferric.mul %hx, %onept : tensor<1048577xf32>
  return %y, %x3 : tensor<1048577xf32>, tensor<1048577xf32>
}

// run-sizes.mlir: more elements than 65535 workgroups of 64 threads.
func.func @add_4194305(%a: tensor<4194305xf32>, %b: tensor<4194305xf32>) -> tensor<4194305xf32> {
  %r = ferric.add %a, %b : tensor<4194305xf32>
  return %r : tensor<4194305xf32>
}
