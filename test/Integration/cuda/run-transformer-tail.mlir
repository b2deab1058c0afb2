// The transformer-block tail (test/Integration/Inputs/transformer_tail.mlir)
// on CUDA with the default pipeline: ONE row-program kernel per entry whose
// producer writes h (storage type) and keeps float(h) and its square in
// registers, 16-byte chunks of the storage type for the static lengths that
// allow them (768, 4096), one-element chunks otherwise, a thread-block
// cluster for 40000, a host-picked variant for `dyn`; and the same programs
// with row programs off (re-reading row groups). --check compares with the
// unfused program on the CPU in f64.
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_1 --input=randn:37x1xbf16 --input=randn:37x1xbf16 --input=randn:1xbf16 --input=randn:37x1xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_33 --input=randn:37x33xbf16 --input=randn:37x33xbf16 --input=randn:33xbf16 --input=randn:37x33xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_768 --input=randn:9x768xbf16 --input=randn:9x768xbf16 --input=randn:768xbf16 --input=randn:9x768xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_4096 --input=randn:9x4096xbf16 --input=randn:9x4096xbf16 --input=randn:4096xbf16 --input=randn:9x4096xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_4097 --input=randn:9x4097xbf16 --input=randn:9x4097xbf16 --input=randn:4097xbf16 --input=randn:9x4097xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_40000 --input=randn:3x40000xbf16 --input=randn:3x40000xbf16 --input=randn:40000xbf16 --input=randn:3x40000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_f16_4096 --input=randn:9x4096xf16 --input=randn:9x4096xf16 --input=randn:4096xf16 --input=randn:9x4096xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_dyn --input=randn:5x1000xbf16 --input=randn:5x1000xbf16 --input=randn:1000xbf16 --input=randn:5x1000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_1 --input=randn:37x1xbf16 --input=randn:37x1xbf16 --input=randn:1xbf16 --input=randn:37x1xbf16 --pipeline-options="reduction={row-program=false}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_33 --input=randn:37x33xbf16 --input=randn:37x33xbf16 --input=randn:33xbf16 --input=randn:37x33xbf16 --pipeline-options="reduction={row-program=false}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_768 --input=randn:9x768xbf16 --input=randn:9x768xbf16 --input=randn:768xbf16 --input=randn:9x768xbf16 --pipeline-options="reduction={row-program=false}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_4096 --input=randn:9x4096xbf16 --input=randn:9x4096xbf16 --input=randn:4096xbf16 --input=randn:9x4096xbf16 --pipeline-options="reduction={row-program=false}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_4097 --input=randn:9x4097xbf16 --input=randn:9x4097xbf16 --input=randn:4097xbf16 --input=randn:9x4097xbf16 --pipeline-options="reduction={row-program=false}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_40000 --input=randn:3x40000xbf16 --input=randn:3x40000xbf16 --input=randn:40000xbf16 --input=randn:3x40000xbf16 --pipeline-options="reduction={row-program=false}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_f16_4096 --input=randn:9x4096xf16 --input=randn:9x4096xf16 --input=randn:4096xf16 --input=randn:9x4096xf16 --pipeline-options="reduction={row-program=false}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=cuda --entry=tail_bf16_dyn --input=randn:5x1000xbf16 --input=randn:5x1000xbf16 --input=randn:1000xbf16 --input=randn:5x1000xbf16 --pipeline-options="reduction={row-program=false}" --check | FileCheck %s --implicit-check-not=FAILED
// CHECK-COUNT-2: check: result {{[01]}}: {{.*}}: ok
