// ferric.broadcast (Inputs/broadcast_*.mlir): row and column
// broadcasts, both at once, rank 0 to 2, an i1 mask, rank 3; every
// size dynamic, including empty and size-1 dimensions.
// Inputs: x (N x M), row (M), col (N), s (rank 0), res (N x M),
// x3 (3 x 5 x M), p (3 x M), v (M).
// Run by ferric-run on CUDA; --check compares every result with the
// unfused program run on the CPU in f64, and FileCheck wants an `ok` for
// each result and no FAILED.
// The same runs as test/Integration/cpu/ with --target=cuda. Every RUN
// line is one `ferric-run ... --check` command piped to FileCheck:
// scripts/gpu-tests.sh runs them without lit, from the exit status.

// RUN: ferric-run %S/../Inputs/broadcast_f32.mlir --target=cuda --input=rand:37x1023xf32 --input=rand:1023xf32 --input=rand:37xf32 --input=rand:f32 --input=rand:37x1023xf32 --input=rand:3x5x1023xf32 --input=rand:3x1023xf32 --input=rand:1023xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f32.mlir --target=cuda --input=rand:37x1023xf32 --input=rand:1023xf32 --input=rand:37xf32 --input=rand:f32 --input=rand:37x1023xf32 --input=rand:3x5x1023xf32 --input=rand:3x1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f32.mlir --target=cuda --input=rand:0x5xf32 --input=rand:5xf32 --input=rand:0xf32 --input=rand:f32 --input=rand:0x5xf32 --input=rand:3x5x5xf32 --input=rand:3x5xf32 --input=rand:5xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f32.mlir --target=cuda --input=rand:5x0xf32 --input=rand:0xf32 --input=rand:5xf32 --input=rand:f32 --input=rand:5x0xf32 --input=rand:3x5x0xf32 --input=rand:3x0xf32 --input=rand:0xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f32.mlir --target=cuda --input=rand:1x1xf32 --input=rand:1xf32 --input=rand:1xf32 --input=rand:f32 --input=rand:1x1xf32 --input=rand:3x5x1xf32 --input=rand:3x1xf32 --input=rand:1xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f32.mlir --target=cuda --input=rand:1023x3xf32 --input=rand:3xf32 --input=rand:1023xf32 --input=rand:f32 --input=rand:1023x3xf32 --input=rand:3x5x3xf32 --input=rand:3x3xf32 --input=rand:3xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f16.mlir --target=cuda --input=rand:37x129xf16 --input=rand:129xf16 --input=rand:37xf16 --input=rand:f16 --input=rand:37x129xf16 --input=rand:3x5x129xf16 --input=rand:3x129xf16 --input=rand:129xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f16.mlir --target=cuda --input=rand:37x129xf16 --input=rand:129xf16 --input=rand:37xf16 --input=rand:f16 --input=rand:37x129xf16 --input=rand:3x5x129xf16 --input=rand:3x129xf16 --input=rand:129xf16 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_bf16.mlir --target=cuda --input=rand:37x129xbf16 --input=rand:129xbf16 --input=rand:37xbf16 --input=rand:bf16 --input=rand:37x129xbf16 --input=rand:3x5x129xbf16 --input=rand:3x129xbf16 --input=rand:129xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_bf16.mlir --target=cuda --input=rand:37x129xbf16 --input=rand:129xbf16 --input=rand:37xbf16 --input=rand:bf16 --input=rand:37x129xbf16 --input=rand:3x5x129xbf16 --input=rand:3x129xbf16 --input=rand:129xbf16 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f64.mlir --target=cuda --input=rand:37x129xf64 --input=rand:129xf64 --input=rand:37xf64 --input=rand:f64 --input=rand:37x129xf64 --input=rand:3x5x129xf64 --input=rand:3x129xf64 --input=rand:129xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_f64.mlir --target=cuda --input=rand:37x129xf64 --input=rand:129xf64 --input=rand:37xf64 --input=rand:f64 --input=rand:37x129xf64 --input=rand:3x5x129xf64 --input=rand:3x129xf64 --input=rand:129xf64 --no-fuse --check | FileCheck %s --implicit-check-not=FAILED

// CHECK-COUNT-9: check: result {{[0-9]+}}: {{.*}}: ok
// CHECK-NOT: check:
