// RUN: ferric-opt %s --ferric-import-tosa --ferric-fuse | FileCheck %s --check-prefix=FUSE
// RUN: ferric-run %s --target=cpu --check --input=randn:64x128xf32 --input=randn:64x128xf32 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// Raised and fused into one kernel: sin, cos and erf are in the one list of
// ops every target lowers (TargetSupport.cpp), so no linalg or TOSA op is
// left. (Vulkan: ../upstream/vulkan.test.)
// FUSE-LABEL: func.func @main
//       FUSE:   ferric.fused
//   FUSE-DAG:   math.cos
//   FUSE-DAG:   math.sin
//   FUSE-DAG:   math.erf
//   FUSE-NOT:   ferric.fused
//   FUSE-NOT:   linalg.
//   FUSE-NOT:   tosa.

// A rotary-embedding-style rotation of x by angles p (x cos p - x' sin p,
// x' the same rows here) followed by the exact, erf-based GELU, as a TOSA
// exporter writes them (no divide; tosa.mul takes a shift operand).
func.func @main(%x: tensor<64x128xf32>, %p: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %one = "tosa.const"() <{values = dense<1.0> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %rsqrt2 = "tosa.const"() <{values = dense<0.70710678118> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %c = tosa.cos %p : (tensor<64x128xf32>) -> tensor<64x128xf32>
  %s = tosa.sin %p : (tensor<64x128xf32>) -> tensor<64x128xf32>
  %xc = tosa.mul %x, %c, %shift : (tensor<64x128xf32>, tensor<64x128xf32>, tensor<1xi8>) -> tensor<64x128xf32>
  %xs = tosa.mul %x, %s, %shift : (tensor<64x128xf32>, tensor<64x128xf32>, tensor<1xi8>) -> tensor<64x128xf32>
  %r = tosa.sub %xc, %xs : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
  %z = tosa.mul %r, %rsqrt2, %shift : (tensor<64x128xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<64x128xf32>
  %e = tosa.erf %z : (tensor<64x128xf32>) -> tensor<64x128xf32>
  %e1 = tosa.add %e, %one : (tensor<64x128xf32>, tensor<1x1xf32>) -> tensor<64x128xf32>
  %g = tosa.mul %r, %e1, %shift : (tensor<64x128xf32>, tensor<64x128xf32>, tensor<1xi8>) -> tensor<64x128xf32>
  %y = tosa.mul %g, %half, %shift : (tensor<64x128xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
