// ferric.matmul with transposed operands (transpose_lhs, transpose_rhs) on
// the CPU: Inputs/matmul_transposed.mlir, f32 and (made with sed) f16 and
// bf16, 2-D and batched, at odd sizes and a square one (where an operand
// read the wrong way round would still have fitting shapes).
// Inputs/check_transposed_matmul.py gives each operand and its transpose
// and wants every result equal to numpy's a @ b; --check also compares
// them with the unfused program in f64 (the same lowering, so that check
// alone could not see a wrong transposition).
// RUN: sed 's/f32/f16/g' %S/../Inputs/matmul_transposed.mlir > %t.f16.mlir
// RUN: sed 's/f32/bf16/g' %S/../Inputs/matmul_transposed.mlir > %t.bf16.mlir
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cpu f32 transposed 37x29x19 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cpu f32 transposed 1x7x1 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cpu f32 transposed 33x33x33 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cpu f32 batched 3x5x33x17 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir cpu f32 batched 2x17x17x17 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cpu f16 transposed 37x29x19 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir cpu f16 batched 3x5x33x17 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cpu bf16 transposed 37x29x19 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir cpu bf16 batched 3x5x33x17 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED

// FOUR-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// FOUR-NOT: check:
// FOUR-COUNT-4: {{^}}result {{[0-9]}}: ok
// FOUR-NOT: result
