// SwiGLU on CUDA at odd sizes (vector body plus scalar tail), fused and not.
// RUN: ferric-run %s --target=cuda --input=rand:0xf32 --input=rand:0xf32 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --input=rand:1xf32 --input=rand:1xf32 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --input=rand:3xf32 --input=rand:3xf32 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --input=rand:1023xf32 --input=rand:1023xf32 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --input=rand:1048577xf32 --input=rand:1048577xf32 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --no-fuse --input=rand:1048577xf32 --input=rand:1048577xf32 --check | FileCheck %s
// CHECK: check: result 0: {{.*}}: ok
func.func @swiglu(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
