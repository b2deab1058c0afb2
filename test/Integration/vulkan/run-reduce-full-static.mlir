// Full reductions of static shapes on Vulkan (Inputs/reduce_full_static.mlir,
// the programs of test/Integration/cuda/run-reduce-full-static.mlir, where
// they take vector loads): counts 7, 9, 32797, 4097 x 8, 10^6 + 3 and 31,
// and a sum of x times a broadcast operand. --check compares every result
// with the unfused program run on the CPU in f64, with tolerances that
// follow each result's exact count of accumulated values.

// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=vulkan --entry=sum_bf16_7 --input=randn:7xbf16 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=vulkan --entry=sum_bf16_3x3 --input=randn:3x3xbf16 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=vulkan --entry=sum_f32_32797 --input=randn:32797xf32 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=vulkan --entry=sum_f32_4097x8 --input=randn:4097x8xf32 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=vulkan --entry=sum_f16_1000003 --input=randn:1000003xf16 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=vulkan --entry=weighted_bf16 --input=rand:33x2731xbf16 --input=rand:2731xbf16 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=vulkan --entry=weighted_bf16_3x5 --input=rand:3x5xbf16 --input=rand:5xbf16 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED

// TWO-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// TWO-NOT: check:
// ONE: check: result 0: {{.*}}: ok
// ONE-NOT: check:
