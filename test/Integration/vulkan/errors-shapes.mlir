// Inputs whose shapes disagree are the CPU path's one clear message on
// Vulkan too (issue 16: the Vulkan entry is compiled for the inputs' shapes,
// and the mismatch surfaced as a linalg verifier dump from inside the
// pipeline); so is an entry that calls a helper on a dynamic shape (it was
// "failed to legalize operation 'memref.dim'").

// RUN: not ferric-run %S/../Inputs/dynamic_helper.mlir --target=vulkan --entry=add2 --input=rand:3xf32 --input=rand:4xf32 2>&1 | FileCheck %s --check-prefix=ADD
// ADD: ferric-run: input shapes disagree: 'ferric.add' at line 18 needs operand 1 (4) to match 3
// ADD-NOT: linalg
// RUN: not ferric-run %S/../Inputs/broadcast_sizes.mlir --target=vulkan --input=rand:2x3xf32 --input=rand:5x3xf32 --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=BSIZES
// BSIZES: ferric-run: input shapes disagree: 'ferric.add' at line 9 needs operand 1 (2x3) to match 5x3
// RUN: not ferric-run %S/../Inputs/matmul_f32.mlir --target=vulkan --entry=matmuls --input=rand:3x4xf32 --input=rand:5x2xf32 --input=rand:2x3x4xf32 --input=rand:2x4x2xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 2>&1 | FileCheck %s --check-prefix=CONTRACT
// CONTRACT: ferric-run: input shapes disagree: 'ferric.matmul' at line {{[0-9]+}} contracts 3x4 with 5x2

// RUN: not ferric-run %S/../Inputs/dynamic_helper.mlir --target=vulkan --entry=calls_helper --input=rand:4xf32 2>&1 | FileCheck %s --check-prefix=HELPER
// HELPER: ferric-run: the vulkan target compiles static shapes only, but @calls_helper calls @helper with argument 0 of type tensor<?xf32> at line {{[0-9]+}}; give @helper static shapes or write its ops in @calls_helper
// HELPER-NOT: legalize
// RUN: ferric-run %S/../Inputs/dynamic_helper.mlir --entry=calls_helper --input=rand:4xf32 --check | FileCheck %s --check-prefix=CPU
// CPU: check: result 0: {{.*}}: ok
