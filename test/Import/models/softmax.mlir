// RUN: ferric-opt %s --ferric-import-tosa --ferric-fuse | FileCheck %s --check-prefix=FUSE
// RUN: ferric-run %s --target=cpu --check --input=randn:64x1024xf32 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// Raised and fused: no linalg or TOSA op is left (the kernels it becomes,
// next to its hand-written twin: kernels.test).
// FUSE-LABEL: func.func @main
//       FUSE:   ferric.reduce max
//       FUSE:   ferric.fused
//       FUSE:   ferric.reduce sum
//       FUSE:   ferric.fused
//   FUSE-NOT:   linalg.
//   FUSE-NOT:   tosa.

// Softmax over rows as a TOSA exporter writes it: TOSA has no divide, so the
// row sum's reciprocal multiplies (tosa.mul takes a shift operand, 0 for
// floats); reduce_max keeps a unit dim the subtraction broadcasts.
func.func @main(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<64x1024xf32>) -> tensor<64x1xf32>
  %d = tosa.sub %x, %m : (tensor<64x1024xf32>, tensor<64x1xf32>) -> tensor<64x1024xf32>
  %e = tosa.exp %d : (tensor<64x1024xf32>) -> tensor<64x1024xf32>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<64x1024xf32>) -> tensor<64x1xf32>
  %r = tosa.reciprocal %s : (tensor<64x1xf32>) -> tensor<64x1xf32>
  %y = tosa.mul %e, %r, %shift : (tensor<64x1024xf32>, tensor<64x1xf32>, tensor<1xi8>) -> tensor<64x1024xf32>
  return %y : tensor<64x1024xf32>
}
