// .npy files as inputs: results written with --output in each dtype (bf16
// as raw '<u2' bit patterns, docs/Runner.md) and read back with --input,
// then checked; and a program gives the same results on the same values
// whether they come from a generator or from a file.

// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-run %S/../Inputs/ops_f16.mlir --entry=chain --input=randn:1023xf16 --output=%t/f16.npy
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --entry=chain --input=randn:1023xbf16 --output=%t/bf16.npy
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=randn:1023xf32 --output=%t/f32.npy
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --entry=chain --input=randn:1023xf64 --output=%t/f64.npy
// RUN: ferric-run %S/../Inputs/ops_f16.mlir --entry=chain --input=%t/f16.npy --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --entry=chain --input=%t/bf16.npy --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=%t/f32.npy --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --entry=chain --input=%t/f64.npy --check | FileCheck %s --implicit-check-not=FAILED
// CHECK-COUNT-2: check: result {{[0-9]}}: {{.*}}: ok
// CHECK-NOT: check:

// Results of several dtypes and shapes (f32, f16, i1, rank 0) to files;
// the f16 one read back as an input.
// RUN: ferric-run %S/../Inputs/multi_output.mlir --entry=several --input=rand:5xf32 --input=rand:5xf32 --output=%t/r0.npy --output=%t/r1.npy --output=%t/r2.npy --output=%t/r3.npy
// RUN: ferric-run %S/../Inputs/ops_f16.mlir --entry=chain --input=%t/r1.npy --print | FileCheck %s --check-prefix=FROMFILE
// FROMFILE: result 0: array({{.*}}, shape=(5,), dtype=f16)
// RUN: head -c 6 %t/r2.npy | od -An -c | FileCheck %s --check-prefix=MAGIC
// MAGIC: 223 N U M P Y

// A generated input saved through a result that returns the argument
// (@aliases returns x) gives the same results from the file as from the
// generator, bit for bit.
// RUN: ferric-run %S/../Inputs/multi_output.mlir --entry=aliases --input=randn:1023xf32 --input=rand:1023xf32 --output=%t/h.npy --output=%t/e.npy --output=%t/h2.npy --output=%t/x.npy
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=randn:1023xf32 --output=%t/from-generator.npy
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=%t/x.npy --output=%t/from-file.npy
// RUN: cmp %t/from-generator.npy %t/from-file.npy
