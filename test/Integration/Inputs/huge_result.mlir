// A result of (dim(x) * 1e9) x 64 f32: 256 GB for one element of x, which
// the callee's own allocation cannot get under a memory limit
// (test/Integration/cpu/errors-allocation.mlir).

func.func @huge(%row: tensor<64xf32>, %x: tensor<?xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %c = arith.constant 1000000000 : index
  %m = arith.muli %n, %c : index
  %b = ferric.broadcast %row dims [0] sizes(%m) : tensor<64xf32> -> tensor<?x64xf32>
  %e = ferric.exp %b : tensor<?x64xf32>
  %f = ferric.neg %e : tensor<?x64xf32>
  return %f : tensor<?x64xf32>
}
