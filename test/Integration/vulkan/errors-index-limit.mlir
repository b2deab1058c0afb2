// Vulkan kernels index buffers with 32-bit integers. A tensor whose size is
// computed from the inputs' dims and exceeds that is one error naming the
// op, before lowering (it was "failed to legalize operation
// 'arith.constant'" on a 64000000000 : index); static types are checked by
// ferric-require-static-args (test/Transforms/
// ferric-require-static-args-index-limit.mlir). The CPU runs the same size
// (and fails only if the memory is not there).

// RUN: not ferric-run %S/../Inputs/huge_result.mlir --target=vulkan --input=rand:64xf32 --input=rand:1xf32 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: ferric-run: 'ferric.broadcast' at line 10 gives a 1000000000x64 tensor for these inputs: more elements than the 32-bit index of the vulkan target allows (2147483647)
// HUGE-NOT: legalize

// RUN: ferric-run %S/../Inputs/huge_result.mlir --target=vulkan --input=rand:64xf32 --input=rand:0xf32 --print | FileCheck %s --check-prefix=EMPTY
// EMPTY: result 0: array([], shape=(0, 64), dtype=f32)
