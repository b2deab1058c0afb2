//===- cuda_runtime_smoke.cpp - Smoke test of the Ferric CUDA runtime -----===//
//
// Part of the Ferric project.
//
//===----------------------------------------------------------------------===//
//
// Usage: cuda_runtime_smoke [--allow-missing] [--bench N] [add_one.ptx]
//
// Prints `cuda: available <name> sm_XY` or `cuda: unavailable: <reason>`.
// Without a usable driver it checks that every mgpu* function is a safe
// no-op and exits 0 with --allow-missing, 2 without. With one it checks
// memory, streams, events and error reporting, and with a PTX file holding
// `add_one(float *x, int n)` (x[i] += 1) it also loads, launches and checks
// the kernel. --bench N times N create/launch/synchronize/destroy rounds, the
// pattern the host code of `gpu-to-llvm` runs for every launch. Any wrong
// result makes the exit status 1.
//
//===----------------------------------------------------------------------===//

#include "Environment.h"
#include "FerricCudaRuntime.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

int failures = 0;

void expect(bool condition, const char *what) {
  if (condition)
    return;
  std::printf("FAIL: %s (last error: '%s')\n", what, ferricCudaLastError());
  ++failures;
}

bool startsWith(const std::string &text, const std::string &prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

/// Expects the last error to be the runtime's line for `prefix`, then clears
/// it.
void expectError(const std::string &prefix, const char *what) {
  expect(startsWith(ferricCudaLastError(), "ferric cuda runtime: " + prefix),
         what);
  ferricCudaClearError();
}

/// Expects no error since the last ferricCudaClearError.
void expectNoError(const char *what) {
  expect(ferricCudaLastError()[0] == '\0', what);
  ferricCudaClearError();
}

/// A rank-1 memref descriptor, laid out like MLIR's StridedMemRefType.
struct MemRef1D {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
};

/// Without a driver, every entry point must return null or do nothing, and
/// the error must stay the one ferricCudaAvailable reported.
void checkWithoutDriver(const std::string &reason) {
  std::vector<float> host(16, 0.0f);
  MemRef1D memref = {host.data(), host.data(), 0, {16}, {1}};
  const char ptx[] = "not a module";

  void *module = mgpuModuleLoad(const_cast<char *>(ptx), sizeof(ptx));
  expect(!module, "mgpuModuleLoad returns null without a driver");
  expect(!mgpuModuleLoadJIT(const_cast<char *>(ptx), 3),
         "mgpuModuleLoadJIT returns null without a driver");
  void *function = mgpuModuleGetFunction(module, "add_one");
  expect(!function, "mgpuModuleGetFunction returns null without a driver");
  mgpuLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  mgpuLaunchClusterKernel(function, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, nullptr,
                          nullptr, nullptr);
  void *stream = mgpuStreamCreate();
  expect(!stream, "mgpuStreamCreate returns null without a driver");
  void *event = mgpuEventCreate();
  expect(!event, "mgpuEventCreate returns null without a driver");
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(stream, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  void *device = mgpuMemAlloc(64, stream, false);
  expect(!device, "mgpuMemAlloc returns null without a driver");
  expect(!mgpuMemAlloc(64, stream, true),
         "mgpuMemAlloc(host shared) returns null without a driver");
  mgpuMemset32(device, 0, 16, stream);
  mgpuMemset16(device, 0, 32, stream);
  mgpuMemcpy(host.data(), device, 64, stream);
  mgpuMemFree(device, stream);
  mgpuMemHostRegister(host.data(), 64);
  mgpuMemHostUnregister(host.data());
  mgpuMemHostRegisterMemRef(1, &memref, sizeof(float));
  mgpuMemHostUnregisterMemRef(1, &memref, sizeof(float));
  int64_t box[1] = {16};
  expect(!mgpuTensorMapEncodeTiledMemref(1, &memref, 7, 0, 0, 0, 0, box),
         "mgpuTensorMapEncodeTiledMemref returns null without a driver");
  mgpuSetDefaultDevice(0);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  mgpuModuleUnload(module);

  expect(ferricCudaLastError() == reason,
         "the last error is the reason the driver is unavailable");
  int sms = -1;
  expect(!ferricCudaDeviceInfo(&sms, nullptr, nullptr, nullptr, 0),
         "ferricCudaDeviceInfo fails without a driver");
  expect(!ferricCudaEventCreateTimed(),
         "ferricCudaEventCreateTimed returns null without a driver");
  expect(ferricCudaEventElapsedMs(nullptr, nullptr) < 0,
         "ferricCudaEventElapsedMs fails without events");
}

/// Read as the runtime reads it (runtime/common/Environment.h).
bool freshStreams() {
  return ferric::runtime::parseFlag(std::getenv("FERRIC_CUDA_FRESH_STREAMS"),
                                    false);
}

void checkStreams() {
  void *first = mgpuStreamCreate();
  void *second = mgpuStreamCreate();
  expect(first && second, "mgpuStreamCreate returns streams");
  if (!freshStreams()) {
    expect(first == second, "mgpuStreamCreate reuses the thread's stream");
    mgpuStreamDestroy(second);
    expect(mgpuStreamCreate() == first,
           "mgpuStreamDestroy keeps the cached stream");
  } else {
    expect(first != second, "FERRIC_CUDA_FRESH_STREAMS gives fresh streams");
    mgpuStreamDestroy(second);
  }

  // Another thread gets its own stream, which survives an mgpuStreamDestroy
  // from this thread and still works afterwards.
  std::atomic<void *> other{nullptr};
  std::atomic<bool> destroyed{false};
  std::atomic<bool> otherWorked{false};
  std::thread thread([&] {
    void *stream = mgpuStreamCreate();
    other = stream;
    while (!destroyed)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    void *buffer = mgpuMemAlloc(1024, stream, false);
    mgpuMemset32(buffer, 7, 256, stream);
    unsigned host[256] = {0};
    mgpuMemcpy(host, buffer, sizeof(host), stream);
    mgpuStreamSynchronize(stream);
    mgpuMemFree(buffer, stream);
    mgpuStreamDestroy(stream);
    otherWorked = host[0] == 7 && host[255] == 7;
  });
  while (!other)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (!freshStreams()) {
    expect(other.load() != first, "each thread has its own cached stream");
    mgpuStreamDestroy(other.load());
  }
  destroyed = true;
  thread.join();
  expect(otherWorked, "another thread's stream works");
  mgpuStreamDestroy(first);
  expectNoError("streams raise no error");
}

unsigned floatBits(float value) {
  unsigned bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

bool allEqual(const std::vector<float> &values, float expected) {
  for (float value : values)
    if (value != expected)
      return false;
  return true;
}

struct Kernel {
  void *function;
  void *data;
  int n;
  void *stream;
  std::vector<float> &host;
  float expected = 1.5f;

  /// Launches add_one over `data`, copies back and checks x[i] == expected.
  void launch(const char *what, int32_t smem = 0, intptr_t cluster = 0) {
    void *dataArg = data;
    int nArg = n;
    void *params[] = {&dataArg, &nArg};
    intptr_t blocks = (n + 255) / 256;
    if (cluster) {
      blocks = (blocks + cluster - 1) / cluster * cluster;
      mgpuLaunchClusterKernel(function, cluster, 1, 1, blocks, 1, 1, 256, 1, 1,
                              smem, stream, params, nullptr);
    } else {
      mgpuLaunchKernel(function, blocks, 1, 1, 256, 1, 1, smem, stream, params,
                       nullptr, 2);
    }
    expected += 1.0f;
    std::fill(host.begin(), host.end(), 0.0f);
    mgpuMemcpy(host.data(), data, n * sizeof(float), stream);
    mgpuStreamSynchronize(stream);
    expect(allEqual(host, expected), what);
  }
};

std::string readFile(const char *path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

void checkKernel(const char *ptxPath, int ccMajor, void *stream, void *data,
                 std::vector<float> &host) {
  std::string ptx = readFile(ptxPath);
  expect(!ptx.empty(), "the PTX file can be read");
  if (ptx.empty())
    return;
  int n = static_cast<int>(host.size());

  void *module = mgpuModuleLoadJIT(const_cast<char *>(ptx.c_str()), 3);
  expect(module, "mgpuModuleLoadJIT loads the PTX");
  void *function = mgpuModuleGetFunction(module, "add_one");
  expect(function, "mgpuModuleGetFunction finds add_one");
  Kernel kernel{function, data, n, stream, host};
  kernel.launch("add_one adds one");
  kernel.launch("add_one runs with 64 KiB of dynamic shared memory", 64 * 1024);
  kernel.launch("add_one runs again with less shared memory", 1024);
  if (ccMajor >= 9)
    kernel.launch("add_one runs as a cluster launch", 0, /*cluster=*/2);
  expectNoError("launches raise no error");

  // An empty grid is nothing to do, not an error.
  mgpuLaunchKernel(function, 0, 1, 1, 256, 1, 1, 0, stream, nullptr, nullptr,
                   2);
  mgpuStreamSynchronize(stream);
  expectNoError("an empty launch raises no error");

  // PTX passed with its exact size and no NUL, as a blob.
  void *blobModule = mgpuModuleLoad(const_cast<char *>(ptx.data()), ptx.size());
  expect(blobModule, "mgpuModuleLoad loads PTX given by size");
  void *blobFunction = mgpuModuleGetFunction(blobModule, "add_one");
  Kernel blobKernel{blobFunction, data, n, stream, host, kernel.expected};
  blobKernel.launch("add_one from mgpuModuleLoad adds one");

  // Managed memory, written and read by the host directly.
  auto *shared = static_cast<float *>(
      mgpuMemAlloc(n * sizeof(float), stream, /*isHostShared=*/true));
  expect(shared, "mgpuMemAlloc allocates host-shared memory");
  if (shared) {
    for (int i = 0; i < n; ++i)
      shared[i] = static_cast<float>(i);
    void *sharedArg = shared;
    void *params[] = {&sharedArg, &n};
    mgpuLaunchKernel(function, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream,
                     params, nullptr, 2);
    mgpuStreamSynchronize(stream);
    bool ok = true;
    for (int i = 0; i < n; ++i)
      ok &= shared[i] == static_cast<float>(i + 1);
    expect(ok, "add_one works on host-shared memory");
    mgpuMemFree(shared, stream);
  }
  expectNoError("module and managed memory raise no error");

  // Failures are reported, not fatal.
  expect(!mgpuModuleGetFunction(module, "no_such_kernel"),
         "an unknown kernel is not found");
  expectError("cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND: ",
              "an unknown kernel is reported");
  mgpuLaunchKernel(function, 1, 1, 1, 1, 1, 1, 1 << 30, stream, nullptr,
                   nullptr, 0);
  expectError("mgpuLaunchKernel: the kernel asks for 1073741824 bytes",
              "too much shared memory is reported");
  const char garbage[] = ".version 7.0\n.target sm_70\nthis is not ptx\n";
  expect(!mgpuModuleLoadJIT(const_cast<char *>(garbage), 3),
         "bad PTX does not load");
  expectError("cuModuleLoadDataEx failed: ", "bad PTX is reported");

  mgpuModuleUnload(blobModule);
  mgpuModuleUnload(module);
  expectNoError("unloading raises no error");
}

void bench(int rounds, const char *ptxPath) {
  std::string ptx = readFile(ptxPath);
  void *module = mgpuModuleLoadJIT(const_cast<char *>(ptx.c_str()), 3);
  void *function = mgpuModuleGetFunction(module, "add_one");
  int n = 256;
  void *data = mgpuMemAlloc(n * sizeof(float), nullptr, false);
  void *params[] = {&data, &n};
  auto round = [&] {
    void *stream = mgpuStreamCreate();
    mgpuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, stream, params, nullptr,
                     2);
    mgpuStreamSynchronize(stream);
    mgpuStreamDestroy(stream);
  };
  for (int i = 0; i < 100; ++i)
    round();
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < rounds; ++i)
    round();
  std::chrono::duration<double, std::micro> elapsed =
      std::chrono::steady_clock::now() - start;
  std::printf("bench: create+launch+sync+destroy %.2f us/round over %d "
              "rounds (%s streams)\n",
              elapsed.count() / rounds, rounds,
              freshStreams() ? "fresh" : "cached");
  mgpuMemFree(data, nullptr);
  mgpuModuleUnload(module);
  expectNoError("the benchmark raises no error");
}

} // namespace

int main(int argc, char **argv) {
  bool allowMissing = false;
  int benchRounds = 0;
  const char *ptxPath = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--allow-missing"))
      allowMissing = true;
    else if (!std::strcmp(argv[i], "--bench") && i + 1 < argc)
      benchRounds = std::atoi(argv[++i]);
    else
      ptxPath = argv[i];
  }

  char reason[512];
  if (!ferricCudaAvailable(reason, sizeof(reason))) {
    std::printf("cuda: unavailable: %s\n", reason);
    checkWithoutDriver(reason);
    if (failures)
      return 1;
    return allowMissing ? 0 : 2;
  }

  int sms = 0, major = 0, minor = 0;
  char name[256] = {0};
  expect(ferricCudaDeviceInfo(&sms, &major, &minor, name, sizeof(name)),
         "ferricCudaDeviceInfo succeeds");
  std::printf("cuda: available %s sm_%d%d\n", name, major, minor);
  std::printf("cuda: %d SMs\n", sms);

  checkStreams();

  void *stream = mgpuStreamCreate();
  const int n = 1000; // Not a multiple of the block size.
  std::vector<float> host(n, 0.0f);
  void *data = mgpuMemAlloc(n * sizeof(float), stream, false);
  expect(data, "mgpuMemAlloc allocates device memory");
  expect(!mgpuMemAlloc(0, stream, false), "mgpuMemAlloc(0) returns null");

  // Timed events around a memset and a copy.
  void *start = ferricCudaEventCreateTimed();
  void *end = ferricCudaEventCreateTimed();
  expect(start && end, "ferricCudaEventCreateTimed creates events");
  mgpuEventRecord(start, stream);
  mgpuMemset32(data, floatBits(1.5f), n, stream);
  mgpuMemcpy(host.data(), data, n * sizeof(float), stream);
  mgpuEventRecord(end, stream);
  mgpuStreamSynchronize(stream);
  expect(allEqual(host, 1.5f), "mgpuMemset32 then mgpuMemcpy round-trips");
  float ms = ferricCudaEventElapsedMs(start, end);
  expect(ms >= 0.0f, "ferricCudaEventElapsedMs measures");
  mgpuEventDestroy(start);
  mgpuEventDestroy(end);

  // Untimed events order work between streams.
  void *event = mgpuEventCreate();
  expect(event, "mgpuEventCreate creates an event");
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(stream, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);

  // 16-bit memset.
  std::vector<unsigned short> host16(n, 0);
  void *data16 = mgpuMemAlloc(n * sizeof(unsigned short), stream, false);
  mgpuMemset16(data16, 0xBEEF, n, stream);
  mgpuMemcpy(host16.data(), data16, n * sizeof(unsigned short), stream);
  mgpuStreamSynchronize(stream);
  bool ok16 = true;
  for (unsigned short value : host16)
    ok16 &= value == 0xBEEF;
  expect(ok16, "mgpuMemset16 sets 16-bit values");
  mgpuMemFree(data16, stream);

  // Page-locked host memory, by pointer (twice is fine) and by memref.
  mgpuMemHostRegister(host.data(), n * sizeof(float));
  mgpuMemHostRegister(host.data(), n * sizeof(float));
  mgpuMemcpy(host.data(), data, n * sizeof(float), stream);
  mgpuStreamSynchronize(stream);
  mgpuMemHostUnregister(host.data());
  MemRef1D memref = {host.data(), host.data(), 0, {n}, {1}};
  mgpuMemHostRegisterMemRef(1, &memref, sizeof(float));
  mgpuMemHostUnregisterMemRef(1, &memref, sizeof(float));
  expectNoError("memory, events and host registration raise no error");

  if (ptxPath) {
    checkKernel(ptxPath, major, stream, data, host);
    if (benchRounds > 0)
      bench(benchRounds, ptxPath);
  }

  mgpuMemFree(data, stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  expectNoError("cleanup raises no error");

  if (failures) {
    std::printf("cuda: %d check(s) failed\n", failures);
    return 1;
  }
  std::printf("cuda: all checks passed\n");
  return 0;
}
