// The runner reaches a GPU runtime only through the FerricRuntimeV1 table of
// its one entry point (include/FerricDialect/Runtime/RuntimeInterface.h),
// and says in one line what is wrong with a library that lacks the right
// table, instead of binding whatever it finds.

// RUN: rm -rf %t && mkdir -p %t/none %t/swapped

// A shared library without the entry point.
// RUN: echo 'extern "C" int notARuntime() { return 0; }' > %t/none.cpp
// RUN: %host_cxx -shared -fPIC %t/none.cpp -o %t/none/libferric_cuda_runtime%shlibext
// RUN: env FERRIC_LIB_DIR=%t/none not ferric-run %S/../Inputs/ops_f32.mlir --target=cuda --entry=chain --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: ferric-run: {{.*}}none/libferric_cuda_runtime.so lacks ferricRuntimeGetInterface (it is not a Ferric runtime of this version; rebuild it)
// NONE-NOT: check:

// The CUDA runtime where the Vulkan one is looked for.
// RUN: cp %ferric_lib/libferric_cuda_runtime%shlibext %t/swapped/libferric_vulkan_runtime%shlibext
// RUN: env FERRIC_LIB_DIR=%t/swapped not ferric-run %S/../Inputs/ops_f32.mlir --target=vulkan --entry=chain --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=SWAPPED
// SWAPPED: ferric-run: {{.*}}swapped/libferric_vulkan_runtime.so is the 'cuda' runtime, not the 'vulkan' one
