// Every elementwise ferric op on f64, over dynamic 1-D tensors, for the
// ferric-run integration tests (test/Integration/{cpu,cuda}/run-ops-*.mlir,
// run-sizes.mlir). Generated from one template for f16, bf16, f32 and f64:
// keep the four files in step.

// All the ops in one function, so that one compile covers them (the fusion
// pass makes one kernel of the lot, or a few). %a and %b are tensors, %s a
// scalar argument. The results, in order:
//    0-11  neg, abs, exp, tanh, relu, sigmoid, silu, gelu (tanh), gelu
//          exact of a; log, sqrt, rsqrt of |a| (|a| is used inside the
//          group and returned)
//   12-18  a + b, a - b, a * b, a / b, max, min, pow(|a|, b)
//   19-27  with a scalar on either side: a + s, s - a, a * s, s / a,
//          max(a, s), min(s, a), pow(s, a); with constants: pow(|a|, 3),
//          a * 0.5
//   28-35  i1: a < b, a <= b, a > b, a >= b, a == relu(a), a != relu(a)
//          (equal exactly where a >= 0), a > 0, 0 <= b
//   36-38  select(a < b, a, b), select(a > 0, b, 0), cast(a > b) to f64
//   39-42  a cast to f16, bf16 and f32, exp(a) cast to f16
func.func @elementwise(%a: tensor<?xf64>, %b: tensor<?xf64>, %s: f64) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf16>, tensor<?xbf16>, tensor<?xf32>, tensor<?xf16>) {
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %three = arith.constant 3.0 : f64
  %r0 = ferric.neg %a : tensor<?xf64>
  %r1 = ferric.abs %a : tensor<?xf64>
  %r2 = ferric.exp %a : tensor<?xf64>
  %r3 = ferric.tanh %a : tensor<?xf64>
  %r4 = ferric.relu %a : tensor<?xf64>
  %r5 = ferric.sigmoid %a : tensor<?xf64>
  %r6 = ferric.silu %a : tensor<?xf64>
  %r7 = ferric.gelu %a : tensor<?xf64>
  %r8 = ferric.gelu %a exact : tensor<?xf64>
  %r9 = ferric.log %r1 : tensor<?xf64>
  %r10 = ferric.sqrt %r1 : tensor<?xf64>
  %r11 = ferric.rsqrt %r1 : tensor<?xf64>
  %r12 = ferric.add %a, %b : tensor<?xf64>
  %r13 = ferric.sub %a, %b : tensor<?xf64>
  %r14 = ferric.mul %a, %b : tensor<?xf64>
  %r15 = ferric.div %a, %b : tensor<?xf64>
  %r16 = ferric.max %a, %b : tensor<?xf64>
  %r17 = ferric.min %a, %b : tensor<?xf64>
  %r18 = ferric.pow %r1, %b : tensor<?xf64>
  %r19 = ferric.add %a, %s : tensor<?xf64>, f64
  %r20 = ferric.sub %s, %a : f64, tensor<?xf64>
  %r21 = ferric.mul %a, %s : tensor<?xf64>, f64
  %r22 = ferric.div %s, %a : f64, tensor<?xf64>
  %r23 = ferric.max %a, %s : tensor<?xf64>, f64
  %r24 = ferric.min %s, %a : f64, tensor<?xf64>
  %r25 = ferric.pow %s, %a : f64, tensor<?xf64>
  %r26 = ferric.pow %r1, %three : tensor<?xf64>, f64
  %r27 = ferric.mul %a, %half : tensor<?xf64>, f64
  %r28 = ferric.cmp lt, %a, %b : tensor<?xf64>
  %r29 = ferric.cmp le, %a, %b : tensor<?xf64>
  %r30 = ferric.cmp gt, %a, %b : tensor<?xf64>
  %r31 = ferric.cmp ge, %a, %b : tensor<?xf64>
  %r32 = ferric.cmp eq, %a, %r4 : tensor<?xf64>
  %r33 = ferric.cmp ne, %a, %r4 : tensor<?xf64>
  %r34 = ferric.cmp gt, %a, %zero : tensor<?xf64>, f64
  %r35 = ferric.cmp le, %zero, %b : f64, tensor<?xf64>
  %r36 = ferric.select %r28, %a, %b : tensor<?xi1>, tensor<?xf64>
  %r37 = ferric.select %r34, %b, %zero : tensor<?xi1>, tensor<?xf64>, f64
  %r38 = ferric.cast %r30 : tensor<?xi1> to tensor<?xf64>
  %r39 = ferric.cast %a : tensor<?xf64> to tensor<?xf16>
  %r40 = ferric.cast %a : tensor<?xf64> to tensor<?xbf16>
  %r41 = ferric.cast %a : tensor<?xf64> to tensor<?xf32>
  %r42 = ferric.cast %r2 : tensor<?xf64> to tensor<?xf16>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27, %r28, %r29, %r30, %r31, %r32, %r33, %r34, %r35, %r36, %r37, %r38, %r39, %r40, %r41, %r42 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf16>, tensor<?xbf16>, tensor<?xf32>, tensor<?xf16>
}

// A chain the fusion pass turns into one kernel: GELU (tanh approximation)
// written out in primitive ops with constants, returning an intermediate
// (%x3, used inside the group and outside) as well as the result.
func.func @chain(%x: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  %half = arith.constant 0.5 : f64
  %one = arith.constant 1.0 : f64
  %k = arith.constant 0.044715 : f64
  %c = arith.constant 0.7978845608 : f64
  %x2 = ferric.mul %x, %x : tensor<?xf64>
  %x3 = ferric.mul %x2, %x : tensor<?xf64>
  %kx3 = ferric.mul %x3, %k : tensor<?xf64>, f64
  %inner = ferric.add %x, %kx3 : tensor<?xf64>
  %scaled = ferric.mul %inner, %c : tensor<?xf64>, f64
  %t = ferric.tanh %scaled : tensor<?xf64>
  %onept = ferric.add %t, %one : tensor<?xf64>, f64
  %hx = ferric.mul %x, %half : tensor<?xf64>, f64
  %y = ferric.mul %hx, %onept : tensor<?xf64>
  return %y, %x3 : tensor<?xf64>, tensor<?xf64>
}

// Short chains that fuse, one result each, together covering every op, so
// that each op also runs inside a fused kernel (in @elementwise every value
// is a result, which keeps most ops in kernels of their own):
//   0  sqrt(relu(a)) * b + s
//   1  tanh(|a| - b) / 2.5
//   2  log(exp(a) + 1) * silu(b)
//   3  rsqrt(a * a + 1) * sigmoid(b)
//   4  max(gelu(a), min(gelu exact(b), -a))
//   5  select(a < b, pow(|a|, b), cast(a >= 0))
//   6  select(a == relu(a), a, b) + cast(b != 0) - cast(a <= b) * cast(a > b)
func.func @fused(%a: tensor<?xf64>, %b: tensor<?xf64>, %s: f64) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %k = arith.constant 2.5 : f64
  %p0 = ferric.relu %a : tensor<?xf64>
  %p1 = ferric.sqrt %p0 : tensor<?xf64>
  %p2 = ferric.mul %p1, %b : tensor<?xf64>
  %r0 = ferric.add %p2, %s : tensor<?xf64>, f64
  %q0 = ferric.abs %a : tensor<?xf64>
  %q1 = ferric.sub %q0, %b : tensor<?xf64>
  %q2 = ferric.tanh %q1 : tensor<?xf64>
  %r1 = ferric.div %q2, %k : tensor<?xf64>, f64
  %e0 = ferric.exp %a : tensor<?xf64>
  %e1 = ferric.add %e0, %one : tensor<?xf64>, f64
  %e2 = ferric.log %e1 : tensor<?xf64>
  %e3 = ferric.silu %b : tensor<?xf64>
  %r2 = ferric.mul %e2, %e3 : tensor<?xf64>
  %n0 = ferric.mul %a, %a : tensor<?xf64>
  %n1 = ferric.add %n0, %one : tensor<?xf64>, f64
  %n2 = ferric.rsqrt %n1 : tensor<?xf64>
  %n3 = ferric.sigmoid %b : tensor<?xf64>
  %r3 = ferric.mul %n2, %n3 : tensor<?xf64>
  %g0 = ferric.gelu %a : tensor<?xf64>
  %g1 = ferric.gelu %b exact : tensor<?xf64>
  %g2 = ferric.neg %a : tensor<?xf64>
  %g3 = ferric.min %g1, %g2 : tensor<?xf64>
  %r4 = ferric.max %g0, %g3 : tensor<?xf64>
  %c0 = ferric.cmp lt, %a, %b : tensor<?xf64>
  %c1 = ferric.abs %a : tensor<?xf64>
  %c2 = ferric.pow %c1, %b : tensor<?xf64>
  %c3 = ferric.cmp ge, %a, %zero : tensor<?xf64>, f64
  %c4 = ferric.cast %c3 : tensor<?xi1> to tensor<?xf64>
  %r5 = ferric.select %c0, %c2, %c4 : tensor<?xi1>, tensor<?xf64>
  %m0 = ferric.relu %a : tensor<?xf64>
  %m1 = ferric.cmp eq, %a, %m0 : tensor<?xf64>
  %m2 = ferric.select %m1, %a, %b : tensor<?xi1>, tensor<?xf64>
  %m3 = ferric.cmp ne, %b, %zero : tensor<?xf64>, f64
  %m4 = ferric.cast %m3 : tensor<?xi1> to tensor<?xf64>
  %m5 = ferric.add %m2, %m4 : tensor<?xf64>
  %m6 = ferric.cmp le, %a, %b : tensor<?xf64>
  %m7 = ferric.cast %m6 : tensor<?xi1> to tensor<?xf64>
  %m8 = ferric.cmp gt, %a, %b : tensor<?xf64>
  %m9 = ferric.cast %m8 : tensor<?xi1> to tensor<?xf64>
  %m10 = ferric.mul %m7, %m9 : tensor<?xf64>
  %r6 = ferric.sub %m5, %m10 : tensor<?xf64>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}
