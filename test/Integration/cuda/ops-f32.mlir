// Every elementwise op in f32 on CUDA, fused and unfused, against the f64 CPU reference.
// RUN: ferric-run %s --target=cuda --input=rand:1023xf32 --input=rand:1023xf32 --input=1.5 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --input=rand:65537xf32 --input=rand:65537xf32 --input=1.5 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --no-fuse --input=rand:1023xf32 --input=rand:1023xf32 --input=1.5 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --no-fuse --input=rand:65537xf32 --input=rand:65537xf32 --input=1.5 --check | FileCheck %s
// CHECK-COUNT-22: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: FAILED
func.func @ops(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: f32) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %pa = ferric.abs %a : tensor<?xf32>
  %p = ferric.add %pa, %c : tensor<?xf32>, f32
  %u0 = ferric.neg %a : tensor<?xf32>
  %u1 = ferric.abs %a : tensor<?xf32>
  %u2 = ferric.exp %a : tensor<?xf32>
  %u3 = ferric.sqrt %p : tensor<?xf32>
  %u4 = ferric.rsqrt %p : tensor<?xf32>
  %u5 = ferric.tanh %a : tensor<?xf32>
  %u6 = ferric.relu %a : tensor<?xf32>
  %u7 = ferric.sigmoid %a : tensor<?xf32>
  %u8 = ferric.silu %a : tensor<?xf32>
  %u9 = ferric.gelu %a : tensor<?xf32>
  %lg = ferric.log %p : tensor<?xf32>
  %ge = ferric.gelu %a exact : tensor<?xf32>
  %pw = ferric.pow %p, %b : tensor<?xf32>
  %b10 = ferric.add %a, %b : tensor<?xf32>
  %b11 = ferric.sub %a, %b : tensor<?xf32>
  %b12 = ferric.mul %a, %b : tensor<?xf32>
  %b13 = ferric.div %a, %b : tensor<?xf32>
  %b14 = ferric.max %a, %b : tensor<?xf32>
  %b15 = ferric.min %a, %b : tensor<?xf32>
  %s0 = ferric.mul %a, %c : tensor<?xf32>, f32
  %m = ferric.cmp gt, %a, %b : tensor<?xf32>
  %sel = ferric.select %m, %a, %c : tensor<?xi1>, tensor<?xf32>, f32
  %mf = ferric.cast %m : tensor<?xi1> to tensor<?xf32>
  return %u0, %u1, %u2, %u3, %u4, %u5, %u6, %u7, %u8, %u9, %lg, %ge, %pw, %b10, %b11, %b12, %b13, %b14, %b15, %s0, %sel, %mf : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
