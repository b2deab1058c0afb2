// RUN: ferric-opt %s --ferric-import-tosa --ferric-fuse | FileCheck %s --check-prefix=FUSE
// RUN: ferric-run %s --target=cpu --check --input=randn:64x1024xf32 --input=randn:1024xf32 --input=randn:1024xf32 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// Raised and fused: no linalg or TOSA op is left (the kernels it becomes,
// next to its hand-written twin: kernels.test).
// FUSE-LABEL: func.func @main
//       FUSE:   ferric.reduce sum
//       FUSE:   ferric.fused
//       FUSE:   ferric.reduce sum
//       FUSE:   ferric.fused
//   FUSE-NOT:   linalg.
//   FUSE-NOT:   tosa.

// LayerNorm over rows of 1024 as a TOSA exporter writes it: means as sums
// times 1/1024, the reciprocal square root of (variance + eps), gamma and
// beta reshaped to 1x1024 and broadcast.
func.func @main(%x: tensor<64x1024xf32>, %gamma: tensor<1024xf32>, %beta: tensor<1024xf32>) -> tensor<64x1024xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %inv_n = "tosa.const"() <{values = dense<9.765625e-04> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %row = tosa.const_shape {values = dense<[1, 1024]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %g = tosa.reshape %gamma, %row : (tensor<1024xf32>, !tosa.shape<2>) -> tensor<1x1024xf32>
  %b = tosa.reshape %beta, %row : (tensor<1024xf32>, !tosa.shape<2>) -> tensor<1x1024xf32>
  %sum = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<64x1024xf32>) -> tensor<64x1xf32>
  %mean = tosa.mul %sum, %inv_n, %shift : (tensor<64x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<64x1xf32>
  %d = tosa.sub %x, %mean : (tensor<64x1024xf32>, tensor<64x1xf32>) -> tensor<64x1024xf32>
  %d2 = tosa.mul %d, %d, %shift : (tensor<64x1024xf32>, tensor<64x1024xf32>, tensor<1xi8>) -> tensor<64x1024xf32>
  %vsum = tosa.reduce_sum %d2 {axis = 1 : i32} : (tensor<64x1024xf32>) -> tensor<64x1xf32>
  %var = tosa.mul %vsum, %inv_n, %shift : (tensor<64x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<64x1xf32>
  %ve = tosa.add %var, %eps : (tensor<64x1xf32>, tensor<1x1xf32>) -> tensor<64x1xf32>
  %inv = tosa.rsqrt %ve : (tensor<64x1xf32>) -> tensor<64x1xf32>
  %y = tosa.mul %d, %inv, %shift : (tensor<64x1024xf32>, tensor<64x1xf32>, tensor<1xi8>) -> tensor<64x1024xf32>
  %yg = tosa.mul %y, %g, %shift : (tensor<64x1024xf32>, tensor<1x1024xf32>, tensor<1xi8>) -> tensor<64x1024xf32>
  %r = tosa.add %yg, %b : (tensor<64x1024xf32>, tensor<1x1024xf32>) -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}
