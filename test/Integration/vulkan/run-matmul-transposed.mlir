// ferric.matmul with transposed operands on Vulkan, through
// ferric-matmul-to-gpu's tiled kernel (a transposed operand staged with
// the block's x threads along its stored rows): the runs of
// Integration/cpu/run-matmul-transposed.mlir with --target=vulkan.
// Inputs/check_transposed_matmul.py wants every result equal to numpy's
// a @ b; --check compares them with the unfused program run on the CPU in
// f64. On lavapipe, a CPU Vulkan driver.
// RUN: sed 's/f32/f16/g' %S/../Inputs/matmul_transposed.mlir > %t.f16.mlir
// RUN: sed 's/f32/bf16/g' %S/../Inputs/matmul_transposed.mlir > %t.bf16.mlir
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir vulkan f32 transposed 37x29x19 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir vulkan f32 transposed 1x7x1 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir vulkan f32 transposed 33x33x33 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir vulkan f32 batched 3x5x33x17 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %S/../Inputs/matmul_transposed.mlir vulkan f32 batched 2x17x17x17 --check --atol=1e-4 | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir vulkan f16 transposed 37x29x19 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.f16.mlir vulkan f16 batched 3x5x33x17 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir vulkan bf16 transposed 37x29x19 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED
// RUN: %python %S/../Inputs/check_transposed_matmul.py ferric-run %t.bf16.mlir vulkan bf16 batched 3x5x33x17 --check | FileCheck %s --check-prefix=FOUR --implicit-check-not=FAILED

// FOUR-COUNT-4: check: result {{[0-9]+}}: {{.*}}: ok
// FOUR-NOT: check:
// FOUR-COUNT-4: {{^}}result {{[0-9]}}: ok
// FOUR-NOT: result
