// UNSUPPORTED: cuda
// Without a CUDA driver, --target=cuda says so before compiling and exits 1.

// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --target=cuda --entry=chain --input=rand:3xf32 --check 2>&1 | FileCheck %s
// CHECK: ferric-run: ferric cuda runtime: no CUDA driver found
// CHECK-NOT: check:
