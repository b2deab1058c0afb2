// Without a Vulkan driver, --target=vulkan gives one line: the runtime's
// recorded error (FerricRuntimeV1::available records without printing, so
// the runtime prints nothing itself) and exits 1.

// RUN: env VK_ICD_FILENAMES=/nonexistent/ferric_icd.json VK_DRIVER_FILES=/nonexistent/ferric_icd.json not ferric-run %S/../Inputs/ops_f32.mlir --target=vulkan --entry=chain --input=rand:3xf32 --check 2>&1 | FileCheck %s
// CHECK: ferric-run: ferric vulkan runtime: no Vulkan device found
// CHECK-NOT: {{.}}
