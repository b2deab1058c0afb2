// Odd sizes over dynamic shapes (Inputs/ops_*.mlir): 0, 1 and 3
// elements through every op (the fused chains of @fused) in every
// dtype, and through @elementwise's one kernel per op in f32 (1023
// is in run-ops-*.mlir, 2^20 + 1 in run-sizes-large.mlir).
// Run by ferric-run on the CPU; --check compares every result with the
// unfused program run on the CPU in f64, and FileCheck wants an `ok` for
// each result and no FAILED.

// RUN: ferric-run %S/../Inputs/ops_f16.mlir --target=cpu --entry=fused --input=randn:0xf16 --input=rand:0xf16 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f16.mlir --target=cpu --entry=fused --input=randn:1xf16 --input=rand:1xf16 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f16.mlir --target=cpu --entry=fused --input=randn:3xf16 --input=rand:3xf16 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=cpu --entry=fused --input=randn:0xbf16 --input=rand:0xbf16 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=cpu --entry=fused --input=randn:1xbf16 --input=rand:1xbf16 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=cpu --entry=fused --input=randn:3xbf16 --input=rand:3xbf16 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=fused --input=randn:0xf32 --input=rand:0xf32 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=fused --input=randn:1xf32 --input=rand:1xf32 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=fused --input=randn:3xf32 --input=rand:3xf32 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --target=cpu --entry=fused --input=randn:0xf64 --input=rand:0xf64 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --target=cpu --entry=fused --input=randn:1xf64 --input=rand:1xf64 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --target=cpu --entry=fused --input=randn:3xf64 --input=rand:3xf64 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=elementwise --input=randn:0xf32 --input=rand:0xf32 --input=2.5 --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=elementwise --input=randn:1xf32 --input=rand:1xf32 --input=2.5 --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=elementwise --input=randn:3xf32 --input=rand:3xf32 --input=2.5 --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED

// FUSED-COUNT-7: check: result {{[0-9]+}}: {{.*}}: ok
// FUSED-NOT: check:
// ELEMENTWISE-COUNT-43: check: result {{[0-9]+}}: {{.*}}: ok
// ELEMENTWISE-NOT: check:
