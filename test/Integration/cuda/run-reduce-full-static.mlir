// Full reductions of static shapes on CUDA (Inputs/reduce_full_static.mlir):
// split-full with 16-byte vector loads (split-load-bytes, on by default in
// the NVVM pipeline: 8 bf16/f16, 4 f32, 2 f64 elements per load) at counts
// below the vector width (7), one vector and a tail of 1 (3x3), 8199
// vectors and a tail of 1 (32797 f32), no tail (4097x8), 10^6 + 3 f16,
// f64; weighted_bf16 also loads its broadcast operand one element at a
// time (rand inputs: see the input file). Two runs pin the other load widths (one element; 4 bytes). Static
// shapes, so --check's tolerance follows each result's exact count of
// accumulated values. Every RUN line is one `ferric-run ... --check`
// command piped to FileCheck: scripts/gpu-tests.sh runs them without lit,
// from the exit status.

// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=sum_bf16_7 --input=randn:7xbf16 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=sum_bf16_3x3 --input=randn:3x3xbf16 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=sum_f32_32797 --input=randn:32797xf32 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=sum_f32_4097x8 --input=randn:4097x8xf32 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=sum_f16_1000003 --input=randn:1000003xf16 --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=sum_f64_31 --input=randn:31xf64 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=weighted_bf16 --input=rand:33x2731xbf16 --input=rand:2731xbf16 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=weighted_bf16_3x5 --input=rand:3x5xbf16 --input=rand:5xbf16 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=sum_f32_32797 --input=randn:32797xf32 --pipeline-options="reduction={split-load-bytes=0}" --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=cuda --entry=sum_f16_1000003 --input=randn:1000003xf16 --pipeline-options="reduction={split-load-bytes=4}" --check | FileCheck %s --check-prefix=TWO --implicit-check-not=FAILED

// TWO-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// TWO-NOT: check:
// ONE: check: result 0: {{.*}}: ok
// ONE-NOT: check:
