//===- vulkan_runtime_smoke.cpp - Smoke test of the Vulkan runtime --------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// Runs the SPIR-V that MLIR's Vulkan pipeline produced from
// kernels/kernels.mlir, calling the mgpu* entry points in the order and with
// the argument layout of the host code that `gpu-to-llvm` emits for it (see
// ABI.md), then checks results and error handling.
//
// Usage:
//   vulkan_runtime_smoke KERNELS.spv            full test (needs a device)
//   vulkan_runtime_smoke --expect-no-device     run with no Vulkan driver
//   vulkan_runtime_smoke --expect-bad-selection run with a
//                                               FERRIC_VULKAN_DEVICE that
//                                               matches nothing
//
// Exit code 0 on success, 1 on failure, 77 (skip) when there is no device.
//
//===----------------------------------------------------------------------===//

#include "FerricVulkanRuntime.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const std::string &what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what.c_str());
  if (!ok)
    ++failures;
}

std::string lastError() { return ferricVulkanLastError(); }

/// Checks that an error was recorded, is one line starting with the
/// runtime's prefix "ferric vulkan runtime: ",
/// and contains `needle`; then clears it.
void checkError(const std::string &needle, const std::string &what) {
  std::string e = lastError();
  bool ok = e.rfind("ferric vulkan runtime: ", 0) == 0 &&
            e.find('\n') == std::string::npos &&
            e.find(needle) != std::string::npos;
  check(ok, what + " -> \"" + e + "\"");
  ferricVulkanClearError();
}

void checkNoError(const std::string &what) {
  std::string e = lastError();
  check(e.empty(), what + (e.empty() ? "" : " (error: " + e + ")"));
}

/// One memref argument as the kernel bare-pointer convention passes it.
struct BufferArg {
  void *ptr;
  uint64_t size;
};

/// Launches like the generated host code: the arguments live in one struct
/// {ptr, i64, ptr, i64, ...}, `params` points at each field, and a fresh
/// stream wraps the launch.
void launch(void *fn, intptr_t gx, intptr_t gy, intptr_t gz, intptr_t bx,
            intptr_t by, intptr_t bz, std::vector<BufferArg> args) {
  std::vector<void *> params;
  for (BufferArg &a : args) {
    params.push_back(&a.ptr);
    params.push_back(&a.size);
  }
  void *stream = mgpuStreamCreate();
  mgpuLaunchKernel(fn, gx, gy, gz, bx, by, bz, /*smem=*/0, stream,
                   params.data(), /*extra=*/nullptr, params.size());
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
}

std::vector<char> readFile(const char *path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}

int expectNoDevice() {
  char msg[256];
  int ok = ferricVulkanAvailable(msg, sizeof(msg));
  check(ok == 0, "ferricVulkanAvailable reports no device");
  check(std::string(msg) == "ferric vulkan runtime: no Vulkan device found",
        std::string("message is exactly the no-device line: \"") + msg + "\"");
  char name[64] = "x";
  check(ferricVulkanDeviceName(name, sizeof(name)) == 0 && !name[0],
        "ferricVulkanDeviceName returns 0 and \"\"");
  check(ferricVulkanMaxStorageBuffers() == 0, "max storage buffers is 0");
  check(ferricVulkanLastKernelMs() < 0, "no kernel time");
  return failures ? 1 : 0;
}

int expectBadSelection() {
  char msg[512];
  check(ferricVulkanAvailable(msg, sizeof(msg)) == 0,
        "unmatched FERRIC_VULKAN_DEVICE makes the device unavailable");
  check(std::strstr(msg, "matches no Vulkan device (available: 0: ") != nullptr,
        std::string("message lists the devices: \"") + msg + "\"");
  return failures ? 1 : 0;
}

void testKernels(void *module) {
  // The generated code looks the kernel up before every launch.
  void *add = mgpuModuleGetFunction(module, "kernel_add");
  void *axpi = mgpuModuleGetFunction(module, "kernel_axpi");
  check(add && axpi, "mgpuModuleGetFunction finds both entry points");
  check(mgpuModuleGetFunction(module, "kernel_add") == add,
        "repeated mgpuModuleGetFunction returns the cached kernel");

  std::vector<float> a(8, 1.1f), b(8, 2.2f), out(8, 0.0f);
  for (int i = 0; i < 8; ++i)
    a[i] += i;
  launch(add, 8, 1, 1, 1, 1, 1,
         {{a.data(), 32}, {b.data(), 32}, {out.data(), 32}});
  bool ok = true;
  for (int i = 0; i < 8; ++i)
    ok &= std::fabs(out[i] - (a[i] + b[i])) < 1e-6f;
  check(ok,
        "kernel_add computes a + b (out[7] = " + std::to_string(out[7]) + ")");
  checkNoError("kernel_add records no error");
  double ms = ferricVulkanLastKernelMs();
  check(ms >= 0.0,
        "kernel time from timestamps: " + std::to_string(ms) + " ms");

  std::vector<int32_t> in(64), res(64, -1);
  for (int i = 0; i < 64; ++i)
    in[i] = 100 * i;
  launch(axpi, 4, 1, 1, 16, 1, 1, {{in.data(), 256}, {res.data(), 256}});
  ok = true;
  for (int i = 0; i < 64; ++i)
    ok &= res[i] == 2 * in[i] + i;
  check(ok, "kernel_axpi uses block and thread ids (res[63] = " +
                std::to_string(res[63]) + ")");
  checkNoError("kernel_axpi records no error");

  // Second launch of the same kernel: cached pipeline, new data.
  std::fill(b.begin(), b.end(), 10.0f);
  launch(add, 8, 1, 1, 1, 1, 1,
         {{a.data(), 32}, {b.data(), 32}, {out.data(), 32}});
  check(std::fabs(out[3] - (a[3] + 10.0f)) < 1e-6f,
        "relaunch with new data uses the new inputs");

  // Output aliasing an input: one Vulkan buffer serves both bindings.
  std::vector<float> acc(8, 1.0f), one(8, 0.5f);
  launch(add, 8, 1, 1, 1, 1, 1,
         {{acc.data(), 32}, {one.data(), 32}, {acc.data(), 32}});
  check(acc[0] == 1.5f && acc[7] == 1.5f, "in-place acc = acc + one");

  // A partial grid only touches the first elements.
  std::fill(out.begin(), out.end(), -1.0f);
  launch(add, 3, 1, 1, 1, 1, 1,
         {{a.data(), 32}, {b.data(), 32}, {out.data(), 32}});
  check(out[2] != -1.0f && out[3] == -1.0f, "grid of 3 writes 3 elements");

  // An empty grid does nothing and is not an error.
  launch(add, 0, 1, 1, 1, 1, 1,
         {{a.data(), 32}, {b.data(), 32}, {out.data(), 32}});
  checkNoError("empty grid is accepted");

  // A block size that disagrees with LocalSize only warns: the SPIR-V wins.
  std::fill(res.begin(), res.end(), 0);
  launch(axpi, 4, 1, 1, 1, 1, 1, {{in.data(), 256}, {res.data(), 256}});
  check(res[63] == 2 * in[63] + 63, "block size mismatch still runs");
  checkNoError("block size mismatch is a warning, not an error");

  // Host-side mistakes become errors, not crashes.
  launch(add, 8, 1, 1, 1, 1, 1,
         {{a.data(), 32}, {b.data(), 16}, {out.data(), 32}});
  checkError("needs at least 32 bytes but the host buffer has 16",
             "undersized buffer is rejected");
  launch(add, 8, 1, 1, 1, 1, 1, {{a.data(), 32}, {b.data(), 32}});
  checkError("uses descriptor set 0 binding 2 but the launch passed only 2",
             "missing argument is rejected");
  std::vector<void *> odd = {&a};
  mgpuLaunchKernel(add, 1, 1, 1, 1, 1, 1, 0, mgpuStreamCreate(), odd.data(),
                   nullptr, 1);
  checkError("expected (pointer, size) pairs", "odd parameter count");
  launch(add, intptr_t(1) << 40, 1, 1, 1, 1, 1,
         {{a.data(), 32}, {b.data(), 32}, {out.data(), 32}});
  checkError("the device allows at most", "oversized grid is rejected");
  launch(add, 8, 1, 1, 1, 1, 1,
         {{a.data(), 32}, {a.data() + 1, 28}, {out.data(), 32}});
  checkError("overlaps argument 0", "partially overlapping arguments");
  check(mgpuModuleGetFunction(module, "no_such_kernel") == nullptr,
        "unknown kernel name gives null");
  checkError("has: kernel_add, kernel_axpi", "unknown kernel lists names");
  launch(nullptr, 1, 1, 1, 1, 1, 1, {{a.data(), 32}});
  checkError("no kernel to launch", "null kernel handle");

  // The device still works after all of that.
  launch(add, 8, 1, 1, 1, 1, 1,
         {{a.data(), 32}, {b.data(), 32}, {out.data(), 32}});
  check(out[7] == a[7] + b[7], "device usable after errors");
}

void testInvalidModules(const std::vector<char> &good) {
  std::string junk = "this is not SPIR-V at all, just bytes";
  junk.resize(40);
  void *m = mgpuModuleLoad(junk.data(), junk.size());
  check(m == nullptr, "garbage blob is rejected");
  checkError("invalid SPIR-V blob (40 bytes): not a SPIR-V module",
             "garbage blob error");
  // What the generated code does next with the null module.
  void *fn = mgpuModuleGetFunction(m, "kernel_add");
  check(fn == nullptr, "kernel of a failed module is null");
  checkError("its module failed to load: mgpuModuleLoad: invalid SPIR-V",
             "failed module error repeats the cause");
  float x[8] = {};
  launch(fn, 8, 1, 1, 1, 1, 1, {{x, 32}, {x, 32}, {x, 32}});
  checkError("no kernel to launch", "launching the null kernel");
  mgpuModuleUnload(m);

  check(mgpuModuleLoad(good.data(), 7) == nullptr, "7-byte blob rejected");
  checkError("not a multiple of 4", "odd size error");
  check(mgpuModuleLoad(nullptr, 0) == nullptr, "empty blob rejected");
  checkError("it is empty", "empty blob error");

  // Valid header, body cut off mid-instruction.
  size_t cut = (good.size() / 2) & ~size_t(3);
  std::vector<char> truncated(good.begin(), good.begin() + cut);
  uint32_t word;
  // Make the last kept instruction claim more words than remain.
  std::memcpy(&word, &truncated[cut - 4], 4);
  word = (0xffffu << 16) | (word & 0xffffu);
  std::memcpy(&truncated[cut - 4], &word, 4);
  check(mgpuModuleLoad(truncated.data(), truncated.size()) == nullptr,
        "truncated module rejected");
  checkError("invalid SPIR-V blob", "truncated module error");

#ifdef FERRIC_VULKAN_TEST_HAVE_VALIDATOR
  // Structurally fine but semantically broken: an OpStore through an id that
  // is never defined. Only the validator catches this; a driver may crash.
  std::vector<uint32_t> words(good.size() / 4);
  std::memcpy(words.data(), good.data(), good.size());
  for (size_t pos = 5; pos < words.size(); pos += words[pos] >> 16) {
    if ((words[pos] & 0xffff) == 62) { // OpStore
      words[pos + 1] = words[3] + 7;   // An id beyond the bound.
      break;
    }
  }
  check(mgpuModuleLoad(words.data(), words.size() * 4) == nullptr,
        "undefined id rejected by the validator");
  checkError("SPIR-V validation failed", "validator error");
#endif
}

void testMemoryFunctions() {
  void *stream = mgpuStreamCreate();
  auto *d = static_cast<uint32_t *>(mgpuMemAlloc(64, stream, false));
  check(d != nullptr && reinterpret_cast<uintptr_t>(d) % 64 == 0,
        "mgpuMemAlloc returns aligned memory");
  mgpuMemset32(d, 0xdeadbeef, 16, stream);
  uint32_t h[16] = {};
  mgpuMemcpy(h, d, sizeof(h), stream);
  check(h[0] == 0xdeadbeef && h[15] == 0xdeadbeef, "mgpuMemset32/mgpuMemcpy");
  mgpuMemFree(d, stream);
  void *event = mgpuEventCreate();
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(stream, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  mgpuStreamDestroy(stream);
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && std::string(argv[1]) == "--expect-no-device")
    return expectNoDevice();
  if (argc > 1 && std::string(argv[1]) == "--expect-bad-selection")
    return expectBadSelection();
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s KERNELS.spv\n", argv[0]);
    return 1;
  }

  // The generated code loads modules from a global constructor, before any
  // device exists; this must work (and fail cleanly) without one.
  std::vector<char> blob = readFile(argv[1]);
  check(!blob.empty(), std::string("read ") + argv[1]);
  void *module = mgpuModuleLoad(blob.data(), blob.size());
  check(module != nullptr, "mgpuModuleLoad accepts MLIR's SPIR-V");
  checkNoError("mgpuModuleLoad records no error");

  char msg[256];
  if (!ferricVulkanAvailable(msg, sizeof(msg))) {
    std::printf("SKIP: %s\n", msg);
    return 77;
  }
  char name[256] = "";
  bool named = ferricVulkanDeviceName(name, sizeof(name)) == 1;
  check(named && std::string(name) == msg, std::string("device: ") + name);
  int maxBuffers = ferricVulkanMaxStorageBuffers();
  check(maxBuffers >= 4,
        "max storage buffers per kernel: " + std::to_string(maxBuffers));

  testKernels(module);
  testInvalidModules(blob);
  testMemoryFunctions();
  mgpuModuleUnload(module);

  std::printf("%s (%d failure%s)\n", failures ? "FAILED" : "ALL PASSED",
              failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
