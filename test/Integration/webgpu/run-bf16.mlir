// bf16 through WGSL on WebGPU (SwiftShader here): 16-bit words packed in
// u32 (stores with atomics), computed in f32 and rounded after each op as on
// the CPU; reductions incl. 3-element rows at an odd row count, broadcasts,
// a matmul with an epilogue, and a chain; checked against the CPU.

// RUN: ferric-run %S/../Inputs/reduce_bf16.mlir --target=webgpu --input=randn:37x129xbf16 --input=rand:3x5x7xbf16 --check | FileCheck %s --check-prefix=MANY --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/reduce_bf16.mlir --target=webgpu --input=randn:1023x3xbf16 --input=rand:3x5x7xbf16 --check | FileCheck %s --check-prefix=MANY --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_bf16.mlir --target=webgpu --input=rand:37x1023xbf16 --input=rand:1023xbf16 --input=rand:37xbf16 --input=rand:bf16 --input=rand:37x1023xbf16 --input=rand:3x5x1023xbf16 --input=rand:3x1023xbf16 --input=rand:1023xbf16 --check | FileCheck %s --check-prefix=MANY --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/matmul_bf16.mlir --target=webgpu --entry=mm_epilogue --input=rand:37x129xbf16 --input=rand:129x65xbf16 --input=rand:65xbf16 --atol=0.2 --check | FileCheck %s --check-prefix=ONE --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --target=webgpu --entry=chain --input=randn:1023xbf16 --check | FileCheck %s --check-prefix=MANY --implicit-check-not=FAILED

// MANY-COUNT-2: check: result {{[0-9]+}}: {{.*}}: ok
// ONE: check: result 0: {{.*}}: ok
