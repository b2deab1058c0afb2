// Every elementwise op on bf16 (Inputs/ops_bf16.mlir), fused and unfused
// (--no-fuse): @elementwise returns every op's value, @fused
// computes them in seven chains that each fuse into one kernel.
// Run by ferric-run on CUDA; --check compares every result with the
// unfused program run on the CPU in f64, and FileCheck wants an `ok` for
// each result and no FAILED.
// The same runs as test/Integration/cpu/ with --target=cuda. Every RUN
// line is one `ferric-run ... --check` command piped to FileCheck:
// scripts/gpu-tests.sh runs them without lit, from the exit status.

// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=cuda --entry=elementwise --input=randn:1023xbf16 --input=rand:1023xbf16 --input=2.5 --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=cuda --entry=elementwise --input=randn:1023xbf16 --input=rand:1023xbf16 --input=2.5 --no-fuse --check | FileCheck %s --check-prefix=ELEMENTWISE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=cuda --entry=fused --input=randn:1023xbf16 --input=rand:1023xbf16 --input=2.5 --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=cuda --entry=fused --input=randn:1023xbf16 --input=rand:1023xbf16 --input=2.5 --no-fuse --check | FileCheck %s --check-prefix=FUSED --implicit-check-not=FAILED

// ELEMENTWISE-COUNT-43: check: result {{[0-9]+}}: {{.*}}: ok
// ELEMENTWISE-NOT: check:
// FUSED-COUNT-7: check: result {{[0-9]+}}: {{.*}}: ok
// FUSED-NOT: check:
