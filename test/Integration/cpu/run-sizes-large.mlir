// 2^20 + 1 elements over dynamic shapes (Inputs/ops_*.mlir): the
// fused chains of @fused (f16, f32) and the GELU chain of @chain
// (every dtype, f32 unfused too): a vector body and a tail.
// Run by ferric-run on the CPU; --check compares every result with the
// unfused program run on the CPU in f64, and FileCheck wants an `ok` for
// each result and no FAILED.

// RUN: ferric-run %S/../Inputs/ops_f16.mlir --target=cpu --entry=fused --input=randn:1048577xf16 --input=rand:1048577xf16 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=fused --input=randn:1048577xf32 --input=rand:1048577xf32 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f16.mlir --target=cpu --entry=chain --input=randn:1048577xf16 --check | FileCheck %s --check-prefix=CHAIN --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=cpu --entry=chain --input=randn:1048577xbf16 --check | FileCheck %s --check-prefix=CHAIN --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=chain --input=randn:1048577xf32 --check | FileCheck %s --check-prefix=CHAIN --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --target=cpu --entry=chain --input=randn:1048577xf64 --check | FileCheck %s --check-prefix=CHAIN --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --target=cpu --entry=chain --input=randn:1048577xf32 --no-fuse --check | FileCheck %s --check-prefix=CHAIN --implicit-check-not=FAILED

// FUSED-COUNT-7: check: result {{[0-9]+}}: {{.*}}: ok
// FUSED-NOT: check:
// CHAIN-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// CHAIN-NOT: check:
