// The transformer-block tail (test/Integration/Inputs/transformer_tail.mlir)
// on Vulkan, checked against the unfused program on the CPU in f64.
// REQUIRES: vulkan
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=vulkan --entry=tail_bf16_1 --input=randn:37x1xbf16 --input=randn:37x1xbf16 --input=randn:1xbf16 --input=randn:37x1xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=vulkan --entry=tail_bf16_33 --input=randn:37x33xbf16 --input=randn:37x33xbf16 --input=randn:33xbf16 --input=randn:37x33xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=vulkan --entry=tail_bf16_768 --input=randn:9x768xbf16 --input=randn:9x768xbf16 --input=randn:768xbf16 --input=randn:9x768xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=vulkan --entry=tail_bf16_4096 --input=randn:9x4096xbf16 --input=randn:9x4096xbf16 --input=randn:4096xbf16 --input=randn:9x4096xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=vulkan --entry=tail_bf16_4097 --input=randn:9x4097xbf16 --input=randn:9x4097xbf16 --input=randn:4097xbf16 --input=randn:9x4097xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=vulkan --entry=tail_bf16_40000 --input=randn:3x40000xbf16 --input=randn:3x40000xbf16 --input=randn:40000xbf16 --input=randn:3x40000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=vulkan --entry=tail_f16_4096 --input=randn:9x4096xf16 --input=randn:9x4096xf16 --input=randn:4096xf16 --input=randn:9x4096xf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/transformer_tail.mlir --target=vulkan --entry=tail_bf16_dyn --input=randn:5x1000xbf16 --input=randn:5x1000xbf16 --input=randn:1000xbf16 --input=randn:5x1000xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// CHECK-COUNT-2: check: result {{[01]}}: {{.*}}: ok
