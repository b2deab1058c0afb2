// Reductions through WGSL on WebGPU (SwiftShader here): rows, columns and
// full reductions with workgroup-memory trees and workgroupBarrier, softmax
// and LayerNorm (row groups), checked against the CPU in f64.

// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=webgpu --input=randn:37x1023xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --check-prefix=REDUCTIONS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_f32.mlir --target=webgpu --input=randn:1023x3xf32 --input=rand:3x5x7xf32 --check | FileCheck %s --check-prefix=REDUCTIONS --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=webgpu --entry=split_f32 --input=randn:7x10001xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_split.mlir --target=webgpu --entry=split_f32 --input=randn:1000x3xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=webgpu --entry=sum_f32_32797 --input=randn:32797xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_full_static.mlir --target=webgpu --entry=sum_f32_4097x8 --input=randn:4097x8xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_narrow.mlir --target=webgpu --entry=narrow_c3_f32 --input=randn:4097x3xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=webgpu --entry=softmax_f32 --input=randn:37x1000xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=webgpu --entry=log_softmax_f32 --input=randn:9x4097xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=webgpu --entry=layernorm_f32 --input=randn:37x768xf32 --input=randn:768xf32 --input=randn:768xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=webgpu --entry=rmsnorm_f32 --input=randn:37x1000xf32 --input=randn:1000xf32 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED

// REDUCTIONS-COUNT-21: check: result {{[0-9]+}}: {{.*}}: ok
// REDUCTIONS-NOT: check:
// ONE: check: result 0: {{.*}}: ok
