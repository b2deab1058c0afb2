// Functions with several results (Inputs/multi_output.mlir): mixed
// dtypes and shapes, a value used inside and outside a fused group,
// a result returned twice and an argument returned, a diamond next
// to an independent chain, values on both sides of a reduction,
// mixed precision.
// Run by ferric-run on the CPU; --check compares every result with the
// unfused program run on the CPU in f64, and FileCheck wants an `ok` for
// each result and no FAILED.

// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=several --input=rand:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=several --input=rand:1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=inside_outside --input=rand:1023x7xf32 --input=rand:1023x7xf32 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=inside_outside --input=rand:1023x7xf32 --input=rand:1023x7xf32 --no-fuse --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=aliases --input=rand:1023xf32 --input=rand:1023xf32 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=aliases --input=rand:1023xf32 --input=rand:1023xf32 --no-fuse --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=diamond --input=randn:1023xf32 --input=randn:1023xf32 --check | FileCheck %s --check-prefix=THREE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=diamond --input=randn:1023xf32 --input=randn:1023xf32 --no-fuse --check | FileCheck %s --check-prefix=THREE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=across_barrier --input=rand:1023x7xf32 --input=rand:1023x7xf32 --check | FileCheck %s --check-prefix=THREE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=across_barrier --input=rand:1023x7xf32 --input=rand:1023x7xf32 --no-fuse --check | FileCheck %s --check-prefix=THREE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=mixed --input=rand:1023xf16 --input=rand:1023xbf16 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=mixed --input=rand:1023xf16 --input=rand:1023xbf16 --no-fuse --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=several --input=rand:0xf32 --input=rand:0xf32 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=aliases --input=rand:0xf32 --input=rand:0xf32 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/multi_output.mlir --target=cpu --entry=across_barrier --input=rand:0x7xf32 --input=rand:0x7xf32 --check | FileCheck %s --check-prefix=THREE --implicit-check-not=FAILED

// TWO-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// TWO-NOT: check:
// THREE-COUNT-3: check: result {{[0-9]+}}: {{.*}}: ok
// THREE-NOT: check:
// FOUR-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// FOUR-NOT: check:
