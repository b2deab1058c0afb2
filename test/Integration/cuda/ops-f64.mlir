// Every elementwise op in f64 on CUDA, fused and unfused, against the f64 CPU reference.
// RUN: ferric-run %s --target=cuda --input=rand:1023xf64 --input=rand:1023xf64 --input=1.5 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --input=rand:65537xf64 --input=rand:65537xf64 --input=1.5 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --no-fuse --input=rand:1023xf64 --input=rand:1023xf64 --input=1.5 --check | FileCheck %s
// RUN: ferric-run %s --target=cuda --no-fuse --input=rand:65537xf64 --input=rand:65537xf64 --input=1.5 --check | FileCheck %s
// CHECK-COUNT-22: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: FAILED
func.func @ops(%a: tensor<?xf64>, %b: tensor<?xf64>, %c: f64) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %pa = ferric.abs %a : tensor<?xf64>
  %p = ferric.add %pa, %c : tensor<?xf64>, f64
  %u0 = ferric.neg %a : tensor<?xf64>
  %u1 = ferric.abs %a : tensor<?xf64>
  %u2 = ferric.exp %a : tensor<?xf64>
  %u3 = ferric.sqrt %p : tensor<?xf64>
  %u4 = ferric.rsqrt %p : tensor<?xf64>
  %u5 = ferric.tanh %a : tensor<?xf64>
  %u6 = ferric.relu %a : tensor<?xf64>
  %u7 = ferric.sigmoid %a : tensor<?xf64>
  %u8 = ferric.silu %a : tensor<?xf64>
  %u9 = ferric.gelu %a : tensor<?xf64>
  %lg = ferric.log %p : tensor<?xf64>
  %ge = ferric.gelu %a exact : tensor<?xf64>
  %pw = ferric.pow %p, %b : tensor<?xf64>
  %b10 = ferric.add %a, %b : tensor<?xf64>
  %b11 = ferric.sub %a, %b : tensor<?xf64>
  %b12 = ferric.mul %a, %b : tensor<?xf64>
  %b13 = ferric.div %a, %b : tensor<?xf64>
  %b14 = ferric.max %a, %b : tensor<?xf64>
  %b15 = ferric.min %a, %b : tensor<?xf64>
  %s0 = ferric.mul %a, %c : tensor<?xf64>, f64
  %m = ferric.cmp gt, %a, %b : tensor<?xf64>
  %sel = ferric.select %m, %a, %c : tensor<?xi1>, tensor<?xf64>, f64
  %mf = ferric.cast %m : tensor<?xi1> to tensor<?xf64>
  return %u0, %u1, %u2, %u3, %u4, %u5, %u6, %u7, %u8, %u9, %lg, %ge, %pw, %b10, %b11, %b12, %b13, %b14, %b15, %s0, %sel, %mf : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}
