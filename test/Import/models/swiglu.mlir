// RUN: ferric-opt %s --ferric-import-tosa --ferric-fuse | FileCheck %s --check-prefix=FUSE
// RUN: ferric-run %s --target=cpu --check --input=rand:128x256xf32 --input=rand:256x512xf32 --input=rand:256x512xf32 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// Raised and fused: no linalg or TOSA op is left (the kernels it becomes,
// next to its hand-written twin: kernels.test).
// FUSE-LABEL: func.func @main
//       FUSE:   ferric.matmul
//       FUSE:   ferric.matmul
//       FUSE:   ferric.fused
//       FUSE:   math.exp
//   FUSE-NOT:   linalg.
//   FUSE-NOT:   tosa.

// SwiGLU MLP gate as a TOSA exporter writes it: silu(x @ w1) * (x @ w3),
// silu as x * sigmoid(x), both matmuls batched 1 x M x K.
func.func @main(%x: tensor<128x256xf32>, %w1: tensor<256x512xf32>, %w3: tensor<256x512xf32>) -> tensor<128x512xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %s3a = tosa.const_shape {values = dense<[1, 128, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s3b = tosa.const_shape {values = dense<[1, 256, 512]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s2 = tosa.const_shape {values = dense<[128, 512]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %x3 = tosa.reshape %x, %s3a : (tensor<128x256xf32>, !tosa.shape<3>) -> tensor<1x128x256xf32>
  %a3 = tosa.reshape %w1, %s3b : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
  %b3 = tosa.reshape %w3, %s3b : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
  %g3 = tosa.matmul %x3, %a3, %zp, %zp : (tensor<1x128x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x512xf32>
  %u3 = tosa.matmul %x3, %b3, %zp, %zp : (tensor<1x128x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x512xf32>
  %g = tosa.reshape %g3, %s2 : (tensor<1x128x512xf32>, !tosa.shape<2>) -> tensor<128x512xf32>
  %u = tosa.reshape %u3, %s2 : (tensor<1x128x512xf32>, !tosa.shape<2>) -> tensor<128x512xf32>
  %sg = tosa.sigmoid %g : (tensor<128x512xf32>) -> tensor<128x512xf32>
  %silu = tosa.mul %g, %sg, %shift : (tensor<128x512xf32>, tensor<128x512xf32>, tensor<1xi8>) -> tensor<128x512xf32>
  %r = tosa.mul %silu, %u, %shift : (tensor<128x512xf32>, tensor<128x512xf32>, tensor<1xi8>) -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}
