// Static-inner broadcasts (Inputs/broadcast_static.mlir) on Vulkan: a row
// input read as one vector per lane group when the row length is a multiple
// of the vector width, gathered lane by lane otherwise; every result checked
// against the unfused program on the CPU in f64.

// RUN: ferric-run %S/../Inputs/broadcast_static.mlir --target=vulkan --entry=bias_gelu_f32 --input=randn:37x1032xf32 --input=randn:1032xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_static.mlir --target=vulkan --entry=row_scale_f32 --input=randn:37x1032xf32 --input=randn:37xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_static.mlir --target=vulkan --entry=middle_f32 --input=randn:7x5x24xf32 --input=randn:7x24xf32 --input=randn:7x5xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_static.mlir --target=vulkan --entry=odd_rows_f32 --input=randn:37x1030xf32 --input=randn:1030xf32 --input=randn:37xf32 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_static.mlir --target=vulkan --entry=bias_gelu_bf16 --input=randn:37x1032xbf16 --input=randn:1032xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_static.mlir --target=vulkan --entry=row_scale_bf16 --input=randn:37x1032xbf16 --input=randn:37xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_static.mlir --target=vulkan --entry=middle_bf16 --input=randn:7x5x24xbf16 --input=randn:7x24xbf16 --input=randn:7x5xbf16 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/broadcast_static.mlir --target=vulkan --entry=odd_rows_bf16 --input=randn:37x1030xbf16 --input=randn:1030xbf16 --input=randn:37xbf16 --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: check: result 0: {{.*}}: ok
