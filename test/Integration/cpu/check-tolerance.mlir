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

// A dynamic reduced dim is bounded by the largest argument.
// RUN: ferric-run %s --entry=dynamic --target=cpu --input=randn:5x999xf32 --check | FileCheck %s --check-prefix=DYN
// DYN: check: result 0: {{.*}}scaled for 4995 accumulated values): ok

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

func.func @mask(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %three = arith.constant 3.0 : f32
  %m = ferric.mul %a, %three : tensor<4xf32>, f32
  %e = ferric.cmp eq, %m, %b : tensor<4xf32>
  return %e : tensor<4xi1>
}
