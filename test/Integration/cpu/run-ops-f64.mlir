// Every elementwise op on f64 (Inputs/ops_f64.mlir), fused and unfused
// (--no-fuse): @elementwise returns every op's value, @fused
// computes them in seven chains that each fuse into one kernel.
// Run by ferric-run on the CPU; --check compares every result with the
// unfused program run on the CPU in f64, and FileCheck wants an `ok` for
// each result and no FAILED.

// RUN: ferric-run %S/../Inputs/ops_f64.mlir --target=cpu --entry=elementwise --input=randn:1023xf64 --input=rand:1023xf64 --input=2.5 --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --target=cpu --entry=elementwise --input=randn:1023xf64 --input=rand:1023xf64 --input=2.5 --no-fuse --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --target=cpu --entry=fused --input=randn:1023xf64 --input=rand:1023xf64 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_f64.mlir --target=cpu --entry=fused --input=randn:1023xf64 --input=rand:1023xf64 --input=2.5 --no-fuse --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED

// ELEMENTWISE-COUNT-43: check: result {{[0-9]+}}: {{.*}}: ok
// ELEMENTWISE-NOT: check:
// FUSED-COUNT-7: check: result {{[0-9]+}}: {{.*}}: ok
// FUSED-NOT: check:
