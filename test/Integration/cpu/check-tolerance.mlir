// ferric-run --check: tolerances scale with the number of values a result
// accumulates (reductions, matmul contractions), and masks (i1 results)
// also match the CPU run at the program's own types.

// A sequential f32 sum of 70000 random normals is off by ~1e-3 (about 600
// ULP): correct, and accepted once the tolerance scales with the length.
// RUN: ferric-run %s --entry=sum --target=cpu --input=randn:70000xf32 --seed=1 --check | FileCheck %s --check-prefix=SUM
// SUM: check: result 0: {{.*}}(atol 0.07, rtol 0.00266, scaled for 70000 accumulated values): ok

// Explicit tolerances are used as given: the same sum fails rtol 1e-5.
// RUN: not ferric-run %s --entry=sum --target=cpu --input=randn:70000xf32 --seed=1 --check --atol=1e-6 --rtol=1e-5 | FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT: check: result 0: {{.*}}(atol 1e-06, rtol 1e-05): FAILED

// max/min are exact (no scaling); a matmul scales with its contraction
// length; each result with its own slice: the sum of squares after a max
// over the same rows scales with the row length only (the largest single
// reduction, not the product).
// RUN: ferric-run %s --entry=mixed --target=cpu --input=randn:16x300xf32 --input=randn:300x8xf32 --check | FileCheck %s --check-prefix=MIXED
// MIXED: check: result 0: {{.*}}(atol 1e-06, rtol 1e-05): ok
// MIXED: check: result 1: {{.*}}scaled for 300 accumulated values): ok
// MIXED: check: result 2: {{.*}}scaled for 300 accumulated values): ok
// MIXED: check: result 3: {{.*}}(atol 1e-06, rtol 1e-05): ok

// A dynamic dim of an argument takes the argument's actual size, and so do
// the dims that follow from it: those of elementwise results, of a
// reduction's kept dims, of a broadcast's input dims and of its added dims
// sized by tensor.dim. A dynamic dim nothing determines (a broadcast sized
// by a scalar argument) is bounded by the largest argument.
// RUN: ferric-run %s --entry=dynamic --target=cpu --input=randn:5x999xf32 --check | FileCheck %s --check-prefix=DYN
// DYN: check: result 0: {{.*}}scaled for 999 accumulated values): ok
// RUN: ferric-run %s --entry=dynamic_chain --target=cpu --input=randn:7x300xf32 --input=randn:7xf32 --check | FileCheck %s --check-prefix=CHAIN
// CHAIN: check: result 0: {{.*}}scaled for 2100 accumulated values): ok
// CHAIN: check: result 1: {{.*}}scaled for 300 accumulated values): ok

// A bf16 sum of products rounds each product to bf16, as the program says;
// the f64 reference does not, and when the products cancel the difference
// passes the tolerance of a sum of that size. Such elements are compared
// with the unfused CPU run at the program's own types instead, with a note.
// RUN: ferric-run %s --entry=products_bf16 --target=cpu --input=randn:33x2050xbf16 --input=randn:2050xbf16 --seed=3 --check | FileCheck %s --check-prefix=NATIVE
// NATIVE: check: result 0: {{.*}}scaled for 33 accumulated values): ok
// NATIVE-NEXT: {{[0-9]+}} elements are off the f64 reference but within tolerance of the CPU run at the program's own types

// 0.1f * 3 == 0.3f holds in f32 (and numpy) but not in f64: the mask
// matches the program's own types and passes, with a note.
// RUN: ferric-run %s --entry=mask --target=cpu --input=full=0.1:4xf32 --input=full=0.3:4xf32 --check | FileCheck %s --check-prefix=MASK
// MASK: check: result 0: {{.*}}: ok
// MASK-NEXT: 4 mask elements differ from the f64 reference but match the CPU run at the program's own types

func.func @sum(%a: tensor<70000xf32>) -> tensor<f32> {
  %r = ferric.reduce sum %a dims [0] : tensor<70000xf32> -> tensor<f32>
  return %r : tensor<f32>
}

func.func @mixed(%x: tensor<16x300xf32>, %w: tensor<300x8xf32>)
    -> (tensor<16xf32>, tensor<16x8xf32>, tensor<16xf32>, tensor<16x300xf32>) {
  %m = ferric.reduce max %x dims [1] : tensor<16x300xf32> -> tensor<16xf32>
  %y = ferric.matmul %x, %w : tensor<16x300xf32>, tensor<300x8xf32> -> tensor<16x8xf32>
  %mb = ferric.broadcast %m dims [1] : tensor<16xf32> -> tensor<16x300xf32>
  %d = ferric.sub %x, %mb : tensor<16x300xf32>
  %sq = ferric.mul %d, %d : tensor<16x300xf32>
  %s = ferric.reduce sum %sq dims [1] : tensor<16x300xf32> -> tensor<16xf32>
  %e = ferric.exp %d : tensor<16x300xf32>
  return %m, %y, %s, %e : tensor<16xf32>, tensor<16x8xf32>, tensor<16xf32>, tensor<16x300xf32>
}

func.func @dynamic(%a: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = ferric.reduce mean %a dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @dynamic_chain(%a: tensor<?x?xf32>, %v: tensor<?xf32>)
    -> (tensor<f32>, tensor<?xf32>) {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %vb = ferric.broadcast %v dims [1] sizes(%n) : tensor<?xf32> -> tensor<?x?xf32>
  %p = ferric.mul %a, %vb : tensor<?x?xf32>
  %t = ferric.reduce sum %p dims [0, 1] : tensor<?x?xf32> -> tensor<f32>
  %r = ferric.reduce sum %p dims [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %t, %r : tensor<f32>, tensor<?xf32>
}

func.func @products_bf16(%x: tensor<33x2050xbf16>, %w: tensor<2050xbf16>)
    -> tensor<2050xbf16> {
  %wb = ferric.broadcast %w dims [0] : tensor<2050xbf16> -> tensor<33x2050xbf16>
  %p = ferric.mul %x, %wb : tensor<33x2050xbf16>
  %r = ferric.reduce sum %p dims [0] : tensor<33x2050xbf16> -> tensor<2050xbf16>
  return %r : tensor<2050xbf16>
}

func.func @mask(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %three = arith.constant 3.0 : f32
  %m = ferric.mul %a, %three : tensor<4xf32>, f32
  %e = ferric.cmp eq, %m, %b : tensor<4xf32>
  return %e : tensor<4xi1>
}
