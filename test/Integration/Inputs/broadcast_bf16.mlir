// ferric.broadcast on bf16, every size dynamic, for the ferric-run
// integration tests (test/Integration/{cpu,cuda}/run-broadcast.mlir). The
// fusion pass folds each broadcast into an indexing map of the kernel.
// Generated from one template for f16, bf16, f32 and f64: keep the four
// files in step.

// x is N x M, row has M elements, col N, s is a rank-0 tensor, res is
// N x M; x3 is A x B x C, p is A x C and v has C elements. The results:
//   0  x * row + x        row broadcast down the rows (dims [0])
//   1  the broadcast row itself
//   2  exp(x - col)       col broadcast across the columns (dims [1])
//   3  col * row          both, sizes taken from the vectors
//   4  col - row
//   5  x + s              a rank-0 tensor broadcast to 2-D (dims [0, 1])
//   6  row > 0 ? x : -x   an i1 mask broadcast down the rows
//   7  gelu(x + bias + res), the bias (row) broadcast: a projection tail
//   8  x3 * p + v         rank 3: p along the middle dim, v along the
//                         first two
func.func @broadcasts(%x: tensor<?x?xbf16>, %row: tensor<?xbf16>, %col: tensor<?xbf16>, %s: tensor<bf16>, %res: tensor<?x?xbf16>,
                      %x3: tensor<?x?x?xbf16>, %p: tensor<?x?xbf16>, %v: tensor<?xbf16>)
    -> (tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?x?xbf16>) {
  %zero = arith.constant 0.0 : bf16
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xbf16>
  %m = tensor.dim %x, %c1 : tensor<?x?xbf16>
  %rb = ferric.broadcast %row dims [0] sizes(%n) : tensor<?xbf16> -> tensor<?x?xbf16>
  %a0 = ferric.mul %x, %rb : tensor<?x?xbf16>
  %r0 = ferric.add %a0, %x : tensor<?x?xbf16>
  %cb = ferric.broadcast %col dims [1] sizes(%m) : tensor<?xbf16> -> tensor<?x?xbf16>
  %b0 = ferric.sub %x, %cb : tensor<?x?xbf16>
  %r2 = ferric.exp %b0 : tensor<?x?xbf16>
  %vn = tensor.dim %col, %c0 : tensor<?xbf16>
  %vm = tensor.dim %row, %c0 : tensor<?xbf16>
  %cb2 = ferric.broadcast %col dims [1] sizes(%vm) : tensor<?xbf16> -> tensor<?x?xbf16>
  %rb2 = ferric.broadcast %row dims [0] sizes(%vn) : tensor<?xbf16> -> tensor<?x?xbf16>
  %r3 = ferric.mul %cb2, %rb2 : tensor<?x?xbf16>
  %r4 = ferric.sub %cb2, %rb2 : tensor<?x?xbf16>
  %sb = ferric.broadcast %s dims [0, 1] sizes(%n, %m) : tensor<bf16> -> tensor<?x?xbf16>
  %r5 = ferric.add %x, %sb : tensor<?x?xbf16>
  %pos = ferric.cmp gt, %row, %zero : tensor<?xbf16>, bf16
  %mb = ferric.broadcast %pos dims [0] sizes(%n) : tensor<?xi1> -> tensor<?x?xi1>
  %neg = ferric.neg %x : tensor<?x?xbf16>
  %r6 = ferric.select %mb, %x, %neg : tensor<?x?xi1>, tensor<?x?xbf16>
  %bb = ferric.broadcast %row dims [0] sizes(%n) : tensor<?xbf16> -> tensor<?x?xbf16>
  %g0 = ferric.add %x, %bb : tensor<?x?xbf16>
  %g1 = ferric.add %g0, %res : tensor<?x?xbf16>
  %r7 = ferric.gelu %g1 : tensor<?x?xbf16>
  %d0 = tensor.dim %x3, %c0 : tensor<?x?x?xbf16>
  %d1 = tensor.dim %x3, %c1 : tensor<?x?x?xbf16>
  %pb = ferric.broadcast %p dims [1] sizes(%d1) : tensor<?x?xbf16> -> tensor<?x?x?xbf16>
  %vb = ferric.broadcast %v dims [0, 1] sizes(%d0, %d1) : tensor<?xbf16> -> tensor<?x?x?xbf16>
  %t0 = ferric.mul %x3, %pb : tensor<?x?x?xbf16>
  %r8 = ferric.add %t0, %vb : tensor<?x?x?xbf16>
  return %r0, %rb, %r2, %r3, %r4, %r5, %r6, %r7, %r8
      : tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?x?xbf16>
}
