// Broadcast folding, multi-output, a reduction and a matmul on CUDA.
// RUN: ferric-run %s --target=cuda --entry=rowscale --input=rand:257x1024xf32 --input=rand:1024xf32 --check | FileCheck %s --check-prefix=ONE
// RUN: ferric-run %s --target=cuda --entry=rmsnorm --input=rand:33x4096xf32 --check | FileCheck %s --check-prefix=ONE
// K = 96 products of values in [-1, 1) summed in f32 differ from the f64
// reference by up to ~1e-5 near zero: atol 1e-4 (relative error is huge there).
// RUN: ferric-run %s --target=cuda --entry=mm --input=rand:64x96xf32 --input=rand:96x48xf32 --atol=1e-4 --check | FileCheck %s --check-prefix=ONE
// RUN: ferric-run %s --target=cuda --entry=bmm --input=rand:3x16x24xf16 --input=rand:3x24x8xf16 --check | FileCheck %s --check-prefix=ONE
// RUN: ferric-run %s --target=cuda --entry=multi --input=rand:100003xf32 --input=rand:100003xf32 --check | FileCheck %s --check-prefix=TWO
// ONE: check: result 0: {{.*}}: ok
// TWO-COUNT-2: check: result {{[0-9]}}: {{.*}}: ok
func.func @rowscale(%x: tensor<?x1024xf32>, %s: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1024xf32>
  %b = ferric.broadcast %s dims [0] sizes(%n) : tensor<1024xf32> -> tensor<?x1024xf32>
  %r = ferric.mul %x, %b : tensor<?x1024xf32>
  %t = ferric.tanh %r : tensor<?x1024xf32>
  return %t : tensor<?x1024xf32>
}
func.func @rmsnorm(%x: tensor<?x4096xf32>) -> tensor<?x4096xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4096xf32>
  %sq = ferric.mul %x, %x : tensor<?x4096xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x4096xf32> -> tensor<?xf32>
  %eps = arith.constant 1.0e-6 : f32
  %v = ferric.add %ms, %eps : tensor<?xf32>, f32
  %r = ferric.rsqrt %v : tensor<?xf32>
  %rb = ferric.broadcast %r dims [1] : tensor<?xf32> -> tensor<?x4096xf32>
  %y = ferric.mul %x, %rb : tensor<?x4096xf32>
  return %y : tensor<?x4096xf32>
}
func.func @mm(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = ferric.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
func.func @bmm(%a: tensor<3x16x24xf16>, %b: tensor<3x24x8xf16>) -> tensor<3x16x8xf16> {
  %c = ferric.matmul %a, %b : tensor<3x16x24xf16>, tensor<3x24x8xf16> -> tensor<3x16x8xf16>
  return %c : tensor<3x16x8xf16>
}
func.func @multi(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %s = ferric.sigmoid %a : tensor<?xf32>
  %m = ferric.mul %s, %b : tensor<?xf32>
  %r = ferric.add %m, %s : tensor<?xf32>
  return %s, %r : tensor<?xf32>, tensor<?xf32>
}
