// RUN: ferric-opt %s --ferric-import-tosa --ferric-fuse | FileCheck %s --check-prefix=FUSE
// RUN: ferric-run %s --target=cpu --check --input=randn:128x256xf32 --input=randn:256x512xf32 --input=randn:512xf32 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// Raised and fused: no linalg or TOSA op is left (the kernels it becomes,
// next to its hand-written twin: kernels.test).
// FUSE-LABEL: func.func @main
//       FUSE:   ferric.matmul
//       FUSE:   ferric.fused
//       FUSE:   math.tanh
//   FUSE-NOT:   linalg.
//   FUSE-NOT:   tosa.

// GELU(x @ W + b) as a TOSA exporter writes it: the matmul is batched (1 x
// M x K), the bias a 1 x N row, GELU's tanh form spelled out in TOSA ops.
func.func @main(%x: tensor<128x256xf32>, %w: tensor<256x512xf32>, %bias: tensor<512xf32>) -> tensor<128x512xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %one = "tosa.const"() <{values = dense<1.0> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %c = "tosa.const"() <{values = dense<0.044715> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %k = "tosa.const"() <{values = dense<0.7978845608> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %s3a = tosa.const_shape {values = dense<[1, 128, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s3b = tosa.const_shape {values = dense<[1, 256, 512]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s2 = tosa.const_shape {values = dense<[128, 512]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %srow = tosa.const_shape {values = dense<[1, 512]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %x3 = tosa.reshape %x, %s3a : (tensor<128x256xf32>, !tosa.shape<3>) -> tensor<1x128x256xf32>
  %w3 = tosa.reshape %w, %s3b : (tensor<256x512xf32>, !tosa.shape<3>) -> tensor<1x256x512xf32>
  %p3 = tosa.matmul %x3, %w3, %zp, %zp : (tensor<1x128x256xf32>, tensor<1x256x512xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x512xf32>
  %p = tosa.reshape %p3, %s2 : (tensor<1x128x512xf32>, !tosa.shape<2>) -> tensor<128x512xf32>
  %b = tosa.reshape %bias, %srow : (tensor<512xf32>, !tosa.shape<2>) -> tensor<1x512xf32>
  %h = tosa.add %p, %b : (tensor<128x512xf32>, tensor<1x512xf32>) -> tensor<128x512xf32>
  %h2 = tosa.mul %h, %h, %shift : (tensor<128x512xf32>, tensor<128x512xf32>, tensor<1xi8>) -> tensor<128x512xf32>
  %h3 = tosa.mul %h2, %h, %shift : (tensor<128x512xf32>, tensor<128x512xf32>, tensor<1xi8>) -> tensor<128x512xf32>
  %ch3 = tosa.mul %h3, %c, %shift : (tensor<128x512xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<128x512xf32>
  %inner = tosa.add %h, %ch3 : (tensor<128x512xf32>, tensor<128x512xf32>) -> tensor<128x512xf32>
  %scaled = tosa.mul %inner, %k, %shift : (tensor<128x512xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<128x512xf32>
  %t = tosa.tanh %scaled : (tensor<128x512xf32>) -> tensor<128x512xf32>
  %t1 = tosa.add %t, %one : (tensor<128x512xf32>, tensor<1x1xf32>) -> tensor<128x512xf32>
  %hh = tosa.mul %h, %half, %shift : (tensor<128x512xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<128x512xf32>
  %r = tosa.mul %hh, %t1, %shift : (tensor<128x512xf32>, tensor<128x512xf32>, tensor<1xi8>) -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}
