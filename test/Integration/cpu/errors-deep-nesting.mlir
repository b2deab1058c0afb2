// IR nested thousands of levels deep overflowed the recursive parser's
// stack (a segfault) in ferric-run and ferric-opt (issue 42): now one error
// at the first bracket past 256 levels, exit 1, before parsing. Nested
// regions, nested modules, attribute brackets and a type of a million '('.
// The same text through the C API and Python: python/tests/test_hardening.py.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import sys; n=5000; sys.stdout.write('func.func @main(%%a: tensor<f32>) -> tensor<f32> {\n' + '  scf.execute_region {\n' * n + '  scf.yield\n  }\n' * n + '  return %%a : tensor<f32>\n}\n')" > %t/regions.mlir
// RUN: %python -c "import sys; n=5000; sys.stdout.write('module {\n' * n + '}\n' * n)" > %t/modules.mlir
// RUN: %python -c "import sys; n=5000; sys.stdout.write('func.func @main(%%a: tensor<f32>) -> tensor<f32> attributes {x = ' + '[' * n + ']' * n + '} {\n  return %%a : tensor<f32>\n}\n')" > %t/attrs.mlir
// RUN: %python -c "import sys; n=1000000; sys.stdout.write('func.func private @f() -> ' + '(' * n + ')' * n + '\n')" > %t/type.mlir

// RUN: not ferric-run %t/regions.mlir --input=rand:xf32 2>&1 | FileCheck %s --check-prefix=REGIONS
// RUN: not ferric-opt %t/regions.mlir 2>&1 | FileCheck %s --check-prefix=REGIONS
// REGIONS: regions.mlir:257:22: error: brackets nested more than 256 levels deep; Ferric does not parse IR nested this deep
// REGIONS-NOT: Stack dump
// RUN: not ferric-run %t/modules.mlir 2>&1 | FileCheck %s --check-prefix=MODULES
// RUN: not ferric-opt %t/modules.mlir 2>&1 | FileCheck %s --check-prefix=MODULES
// MODULES: modules.mlir:257:8: error: brackets nested more than 256 levels deep
// RUN: not ferric-opt < %t/modules.mlir 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not ferric-run - < %t/modules.mlir 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: {{(<stdin>|-)}}:257:8: error: brackets nested more than 256 levels deep
// RUN: not ferric-run %t/attrs.mlir --input=rand:xf32 2>&1 | FileCheck %s --check-prefix=ATTRS
// RUN: not ferric-opt %t/attrs.mlir 2>&1 | FileCheck %s --check-prefix=ATTRS
// ATTRS: attrs.mlir:1:{{[0-9]+}}: error: brackets nested more than 256 levels deep
// RUN: not ferric-run %t/type.mlir 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not ferric-opt %t/type.mlir 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: type.mlir:1:{{[0-9]+}}: error: brackets nested more than 256 levels deep

// Nesting up to the limit still parses: 250 nested regions run.
// RUN: %python -c "import sys; n=250; sys.stdout.write('func.func @main(%%a: tensor<f32>) -> tensor<f32> {\n' + '  scf.execute_region {\n' * n + '  scf.yield\n  }\n' * n + '  return %%a : tensor<f32>\n}\n')" > %t/ok.mlir
// RUN: ferric-opt %t/ok.mlir | FileCheck %s --check-prefix=OK
// RUN: ferric-opt < %t/ok.mlir | ferric-opt | FileCheck %s --check-prefix=OK
// OK: scf.execute_region
