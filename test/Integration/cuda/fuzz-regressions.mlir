// Programs the differential fuzzer (test/fuzz) found wrong on CUDA, each
// checked against the unfused program on the CPU (ferric-run --check).
//
// output_is_operand (seed 20261205, program 80156) and output_is_operand_f16
// (program 80237): bufferization gives the rounded matmul product the
// buffer of the matmul's own operand (dead after it); the cuBLASLt call
// wrote it while reading it, so results were NaN or stale.
// batched_output_is_operand (program 80116): the same, batched.
// mask_rows (program 81439): a row group with an i1 result stored a row of
// masks with one vector store of vector<2xi1>, two bits in one byte.
// RUN: ferric-run %s --target=cuda --entry=output_is_operand --input=rand:16x1xbf16 --input=rand:1x1xbf16 --atol=0.05 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --entry=output_is_operand_f16 --input=randn:5x7xbf16 --input=randn:5x7xf16 --input=randn:7x7xf16 --atol=0.05 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --entry=batched_output_is_operand --input=rand:5x2x2xf16 --input=rand:5x2x2xf16 --atol=0.05 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --entry=mask_rows --input=randn:7x2xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// RUN: ferric-run %s --target=cuda --entry=mask_rows --input=randn:1000x2xf32 --check | FileCheck %s --check-prefix=OK --implicit-check-not=FAILED
// OK: ok

func.func @output_is_operand(%a: tensor<16x1xbf16>, %w: tensor<1x1xbf16>) -> tensor<16x1xbf16> {
  %s = ferric.sqrt %a : tensor<16x1xbf16>
  %p = ferric.matmul %s, %w : tensor<16x1xbf16>, tensor<1x1xbf16> -> tensor<16x1xbf16>
  %c = arith.constant 3.0 : bf16
  %r = ferric.mul %p, %c : tensor<16x1xbf16>, bf16
  return %r : tensor<16x1xbf16>
}

func.func @output_is_operand_f16(%a2: tensor<5x7xbf16>, %a3: tensor<5x7xf16>, %w: tensor<7x7xf16>) -> tensor<5x7xf16> {
  %v5 = ferric.add %a2, %a2 : tensor<5x7xbf16>
  %v8 = ferric.cast %v5 : tensor<5x7xbf16> to tensor<5x7xf16>
  %v9 = ferric.max %a3, %v8 : tensor<5x7xf16>
  %r = ferric.matmul %v9, %w : tensor<5x7xf16>, tensor<7x7xf16> -> tensor<5x7xf16>
  return %r : tensor<5x7xf16>
}

func.func @batched_output_is_operand(%a: tensor<5x2x2xf16>, %w: tensor<5x2x2xf16>) -> tensor<5x2x2xf16> {
  %g = ferric.gelu %a : tensor<5x2x2xf16>
  %r = ferric.matmul %g, %w : tensor<5x2x2xf16>, tensor<5x2x2xf16> -> tensor<5x2x2xf16>
  return %r : tensor<5x2x2xf16>
}

func.func @mask_rows(%a: tensor<?x2xf32>) -> (tensor<?x2xi1>, tensor<?x2xf32>, tensor<?xf32>) {
  %r = ferric.reduce max %a dims [1] : tensor<?x2xf32> -> tensor<?xf32>
  %c = arith.constant 2.0 : f32
  %v = ferric.div %a, %c : tensor<?x2xf32>, f32
  %m = ferric.cmp eq, %v, %v : tensor<?x2xf32>
  return %m, %a, %r : tensor<?x2xi1>, tensor<?x2xf32>, tensor<?xf32>
}
