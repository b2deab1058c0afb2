// RUN: ferric-opt %s --ferric-import-tosa --ferric-fuse | FileCheck %s --check-prefix=FUSE
// RUN: ferric-run %s --target=cpu --check --input=randn:64x1024xf32 --input=randn:1024xf32 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// Raised and fused: no linalg or TOSA op is left (the kernels it becomes,
// next to its hand-written twin: kernels.test).
// FUSE-LABEL: func.func @main
//       FUSE:   ferric.fused
//       FUSE:   ferric.reduce sum
//       FUSE:   ferric.fused
//   FUSE-NOT:   linalg.
//   FUSE-NOT:   tosa.

// RMSNorm over rows of 1024 as a TOSA exporter writes it:
// x * rsqrt(sum(x * x) / 1024 + 1e-6) * gamma.
func.func @main(%x: tensor<64x1024xf32>, %gamma: tensor<1024xf32>) -> tensor<64x1024xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %inv_n = "tosa.const"() <{values = dense<9.765625e-04> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-06> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %row = tosa.const_shape {values = dense<[1, 1024]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %g = tosa.reshape %gamma, %row : (tensor<1024xf32>, !tosa.shape<2>) -> tensor<1x1024xf32>
  %sq = tosa.mul %x, %x, %shift : (tensor<64x1024xf32>, tensor<64x1024xf32>, tensor<1xi8>) -> tensor<64x1024xf32>
  %sum = tosa.reduce_sum %sq {axis = 1 : i32} : (tensor<64x1024xf32>) -> tensor<64x1xf32>
  %ms = tosa.mul %sum, %inv_n, %shift : (tensor<64x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<64x1xf32>
  %mse = tosa.add %ms, %eps : (tensor<64x1xf32>, tensor<1x1xf32>) -> tensor<64x1xf32>
  %inv = tosa.rsqrt %mse : (tensor<64x1xf32>) -> tensor<64x1xf32>
  %y = tosa.mul %x, %inv, %shift : (tensor<64x1024xf32>, tensor<64x1xf32>, tensor<1xi8>) -> tensor<64x1024xf32>
  %r = tosa.mul %y, %g, %shift : (tensor<64x1024xf32>, tensor<1x1024xf32>, tensor<1xi8>) -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}
