//===- vulkan_runtime_aot.cpp - Run MLIR host code compiled with llc ------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// Links the object file that llc made from mlir/runner_kernels.mlir (after
// MLIR's Vulkan pipeline) against libferric_vulkan_runtime. Unlike the
// mlir-runner test this needs no LLVM at run time, so it can be copied to a
// machine that only has a Vulkan driver. The module's global constructor
// calls mgpuModuleLoad before main, exactly as in a Ferric-built binary.
//
// The host code prints its results through printMemref*; this file provides
// those functions and checks the values instead of printing them.
//
//===----------------------------------------------------------------------===//

#include "FerricVulkanRuntime.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

template <typename T> struct MemRef1D {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

std::vector<float> printedF32;
std::vector<int32_t> printedI32;

template <typename T> void capture(UnrankedMemRef *m, std::vector<T> &out) {
  if (!m || m->rank != 1)
    return;
  auto *d = static_cast<MemRef1D<T> *>(m->descriptor);
  for (int64_t i = 0; i < d->size; ++i)
    out.push_back(d->aligned[d->offset + i * d->stride]);
}

} // namespace

extern "C" {
void ferric_vulkan_e2e_main();
void _mlir_ciface_printMemrefF32(UnrankedMemRef *m) { capture(m, printedF32); }
void _mlir_ciface_printMemrefI32(UnrankedMemRef *m) { capture(m, printedI32); }
}

int main() {
  char msg[256];
  if (!ferricVulkanAvailable(msg, sizeof(msg))) {
    std::printf("SKIP: %s\n", msg);
    return 77;
  }
  std::printf("device: %s\n", msg);
  ferric_vulkan_e2e_main();
  std::printf("kernel_axpi time: %.4f ms\n", ferricVulkanLastKernelMs());

  int failures = 0;
  bool addOk = printedF32.size() == 8;
  for (float v : printedF32)
    addOk &= std::fabs(v - 3.3f) < 1e-5f;
  bool axpiOk = printedI32.size() == 64;
  for (size_t i = 0; i < printedI32.size(); ++i)
    axpiOk &= printedI32[i] == int32_t(3 * i);
  std::string error = ferricVulkanLastError();
  failures += !addOk + !axpiOk + !error.empty();
  std::printf("%s: kernel_add result (%zu values)\n", addOk ? "PASS" : "FAIL",
              printedF32.size());
  std::printf("%s: kernel_axpi result (%zu values)\n", axpiOk ? "PASS" : "FAIL",
              printedI32.size());
  std::printf("%s: no runtime error%s%s\n", error.empty() ? "PASS" : "FAIL",
              error.empty() ? "" : ": ", error.c_str());
  return failures ? 1 : 0;
}
