// A broadcast size computed from the inputs' dims that comes out negative
// is one error before anything runs on the device (issue 16), as on the CPU
// (test/Integration/cpu/errors-negative-sizes.mlir).

// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --target=vulkan --entry=rows_minus_5 --input=rand:2xf32 --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --target=vulkan --entry=rows_minus_5 --input=rand:2xf32 --input=rand:3xf32 --check 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: ferric-run: 'ferric.broadcast' at line 10 size operand 0 is -3 for these inputs; sizes must be >= 0
// ROWS-NOT: result

// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --target=vulkan --entry=softmax_rows --input=rand:4xf32 --input=rand:3xf32 --check 2>&1 | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: ferric-run: 'ferric.broadcast' at line 35 size operand 0 is -1 for these inputs; sizes must be >= 0

// RUN: ferric-run %S/../Inputs/negative_sizes.mlir --target=vulkan --entry=softmax_rows --input=rand:7xf32 --input=rand:3xf32 --check | FileCheck %s --check-prefix=OK
// OK: check: result 0: {{.*}}: ok
