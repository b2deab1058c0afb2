// With node and Dawn but no adapter (the Vulkan loader pointed at no
// driver), --target=webgpu says so in one line and exits 1.

// RUN: env VK_ICD_FILENAMES=%t.none.json not ferric-run %S/../Inputs/ops_f32.mlir --target=webgpu --entry=chain --input=rand:3xf32 --check 2>&1 | FileCheck %s --check-prefix=ADAPTER
// ADAPTER: ferric-run: ferric webgpu runtime: no WebGPU adapter (Dawn found no Vulkan device it accepts: install chromium for SwiftShader, or set VK_ICD_FILENAMES)
// ADAPTER-NOT: check:
