// A broadcast size the program computes at run time that comes out
// negative is one error naming the op and its line, before the call, with
// fusion, without it and under --check (issue 16: it made the callee
// allocate about 2^64 bytes, and --check segfaulted copying the result).
// The same inputs with x long enough run.

// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --entry=rows_minus_5 --input=rand:2xf32 --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --entry=rows_minus_5 --input=rand:2xf32 --input=rand:3xf32 --no-fuse 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --entry=rows_minus_5 --input=rand:2xf32 --input=rand:3xf32 --check 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: ferric-run: 'ferric.broadcast' at line 10 size operand 0 is -3 for these inputs; sizes must be >= 0
// ROWS-NOT: result

// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --entry=both_negative --input=rand:2xf32 --input=rand:3xf32 --print 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: ferric-run: 'ferric.broadcast' at line 23 size operand 0 is -3 for these inputs; sizes must be >= 0
// BOTH-NOT: result
// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --entry=both_negative --input=rand:7xf32 --input=rand:3xf32 --print 2>&1 | FileCheck %s --check-prefix=SECOND
// SECOND: ferric-run: 'ferric.broadcast' at line 23 size operand 1 is -5 for these inputs; sizes must be >= 0

// RUN: not ferric-run %S/../Inputs/negative_sizes.mlir --entry=softmax_rows --input=rand:4xf32 --input=rand:3xf32 --check 2>&1 | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: ferric-run: 'ferric.broadcast' at line 35 size operand 0 is -1 for these inputs; sizes must be >= 0

// RUN: ferric-run %S/../Inputs/negative_sizes.mlir --entry=softmax_rows --input=rand:7xf32 --input=rand:3xf32 --check | FileCheck %s --check-prefix=OK
// RUN: ferric-run %S/../Inputs/negative_sizes.mlir --entry=rows_minus_5 --input=rand:5xf32 --input=rand:3xf32 --print | FileCheck %s --check-prefix=EMPTY
// OK: check: result 0: {{.*}}: ok
// EMPTY: result 0: array([], shape=(0, 3), dtype=f32)
