//===- RuntimeInterfaceTest.cpp - Loading each GPU runtime by its table ---===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Opens the built libferric_cuda_runtime.so and libferric_vulkan_runtime.so
// the way the runner does (dlopen, then FERRIC_RUNTIME_ENTRY_POINT and
// nothing else) and checks the FerricRuntimeV1 table each returns. CUDA is
// forced onto a driver that does not exist, so its no-driver behaviour is
// checked on every machine; Vulkan runs on whatever device is here
// (lavapipe on CPU-only machines) and is skipped without one.
//
//===----------------------------------------------------------------------===//

#include "../../lib/Runner/RuntimeLibs.h"

#include "FerricDialect/Runtime/RuntimeInterface.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <set>
#include <string>
#include <vector>

using namespace mlir::ferric::runner;

namespace {

constexpr const char *kMissingDriver = "/nonexistent/libcuda.so.1";

/// Before any runtime reads its options (at first use, once per process).
const bool kForcedNoDriver = [] {
  setenv("FERRIC_CUDA_DRIVER", kMissingDriver, /*overwrite=*/1);
  return true;
}();

struct Loaded {
  void *handle = nullptr;
  const FerricRuntimeV1 *api = nullptr;
};

/// dlopens `path` as the runner does (RTLD_GLOBAL), after `other` (the other
/// runtime, which defines the same mgpu* names; may be null), and returns
/// its table, checked as the runner checks it.
Loaded load(const char *path, const char *name, const char *other) {
  if (other) {
    EXPECT_NE(dlopen(other, RTLD_NOW | RTLD_GLOBAL), nullptr) << dlerror();
  }
  Loaded l;
  l.handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
  EXPECT_NE(l.handle, nullptr) << dlerror();
  if (!l.handle)
    return l;
  auto getInterface = reinterpret_cast<FerricRuntimeGetInterfaceFn>(
      dlsym(l.handle, FERRIC_RUNTIME_ENTRY_POINT));
  EXPECT_NE(getInterface, nullptr);
  if (!getInterface)
    return l;
  EXPECT_EQ(getInterface(0), nullptr) << "version 0 does not exist";
  EXPECT_EQ(getInterface(FERRIC_RUNTIME_ABI_VERSION + 1), nullptr)
      << "a newer version than the runtime implements";
  auto api = checkRuntimeInterface(getInterface, name, path);
  EXPECT_TRUE(static_cast<bool>(api)) << llvm::toString(api.takeError());
  if (api)
    l.api = *api;
  return l;
}

/// The symbol table names every mgpu* function the library defines, at the
/// address the library's own dynamic symbol has, not the other runtime's
/// (which was loaded first into the global scope).
void checkSymbols(const Loaded &l, const std::vector<std::string> &required) {
  std::set<std::string> names;
  for (size_t i = 0; i < l.api->numSymbols; ++i) {
    const FerricRuntimeSymbol &sym = l.api->symbols[i];
    ASSERT_NE(sym.name, nullptr);
    ASSERT_NE(sym.address, nullptr) << sym.name;
    EXPECT_EQ(std::strncmp(sym.name, "mgpu", 4), 0) << sym.name;
    EXPECT_TRUE(names.insert(sym.name).second) << "twice: " << sym.name;
    EXPECT_EQ(dlsym(l.handle, sym.name), sym.address) << sym.name;
  }
  for (const std::string &name : required)
    EXPECT_TRUE(names.count(name)) << "missing " << name;
}

const std::vector<std::string> kCommonSymbols = {"mgpuModuleLoad",
                                                 "mgpuModuleUnload",
                                                 "mgpuModuleGetFunction",
                                                 "mgpuLaunchKernel",
                                                 "mgpuStreamCreate",
                                                 "mgpuStreamDestroy",
                                                 "mgpuStreamSynchronize",
                                                 "mgpuStreamWaitEvent",
                                                 "mgpuEventCreate",
                                                 "mgpuEventDestroy",
                                                 "mgpuEventSynchronize",
                                                 "mgpuEventRecord",
                                                 "mgpuMemAlloc",
                                                 "mgpuMemFree",
                                                 "mgpuMemcpy",
                                                 "mgpuMemset32",
                                                 "mgpuMemset16",
                                                 "mgpuMemHostRegister",
                                                 "mgpuMemHostUnregister",
                                                 "mgpuMemHostRegisterMemRef",
                                                 "mgpuMemHostUnregisterMemRef"};

TEST(RuntimeInterfaceTest, CudaLoadsAndReportsNoDriver) {
  ASSERT_TRUE(kForcedNoDriver);
#ifdef FERRIC_VULKAN_RUNTIME_PATH
  const char *other = FERRIC_VULKAN_RUNTIME_PATH;
#else
  const char *other = nullptr;
#endif
  Loaded l = load(FERRIC_CUDA_RUNTIME_PATH, "cuda", other);
  ASSERT_NE(l.api, nullptr);
  EXPECT_EQ(l.api->abiVersion, FERRIC_RUNTIME_ABI_VERSION);
  EXPECT_EQ(l.api->structSize, sizeof(FerricRuntimeV1));
  EXPECT_STREQ(l.api->name, "cuda");
  // Launches are counted (ferric-run --bench's launches per call); none yet.
  ASSERT_NE(l.api->launchCount, nullptr);
  EXPECT_EQ(l.api->launchCount(), 0u);
  // A stream loan's event is kept for the caller; with no loan yet there is
  // none, and giving back nothing is a no-op.
  ASSERT_NE(l.api->takeLoanEvent, nullptr);
  ASSERT_NE(l.api->releaseEvent, nullptr);
  EXPECT_EQ(l.api->takeLoanEvent(), nullptr);
  l.api->releaseEvent(nullptr);
  // CUDA times with events, not with lastKernelMs.
  EXPECT_NE(l.api->eventCreateTimed, nullptr);
  EXPECT_NE(l.api->eventRecord, nullptr);
  EXPECT_NE(l.api->eventSynchronize, nullptr);
  EXPECT_NE(l.api->eventDestroy, nullptr);
  EXPECT_NE(l.api->eventElapsedMs, nullptr);
  EXPECT_EQ(l.api->lastKernelMs, nullptr);
  // CUDA runs on a caller's stream.
  EXPECT_NE(l.api->useStream, nullptr);
  EXPECT_NE(l.api->memRecordStream, nullptr);
  std::vector<std::string> required = kCommonSymbols;
  required.push_back("mgpuModuleLoadJIT");
  required.push_back("mgpuSetDefaultDevice");
  checkSymbols(l, required);

  std::string expected = std::string("ferric cuda runtime: no CUDA driver "
                                     "found (") +
                         kMissingDriver + ": ";
  char msg[512] = "x";
  EXPECT_EQ(l.api->available(msg, sizeof(msg)), 0);
  EXPECT_EQ(std::string(msg).rfind(expected, 0), 0u) << msg;
  EXPECT_EQ(std::strchr(msg, '\n'), nullptr) << "one line";
  EXPECT_STREQ(l.api->lastError(), msg);
  l.api->clearError();
  EXPECT_STREQ(l.api->lastError(), "");

  // Every entry stays safe without a driver and records the same reason.
  void *stream = l.api->streamCreate();
  EXPECT_EQ(stream, nullptr);
  void *buffer = l.api->memAlloc(64, stream, false);
  EXPECT_EQ(buffer, nullptr);
  char host[64] = {0};
  l.api->memcpy(host, buffer, sizeof(host), stream);
  l.api->streamSynchronize(stream);
  l.api->memFree(buffer, stream);
  EXPECT_EQ(l.api->eventCreateTimed(), nullptr);
  EXPECT_STREQ(l.api->lastError(), msg);
  EXPECT_LT(l.api->eventElapsedMs(nullptr, nullptr), 0.0f);
  EXPECT_STREQ(l.api->lastError(),
               "ferric cuda runtime: ferricCudaEventElapsedMs: null event");

  // Lending a stream and marking memory need no driver and record nothing;
  // while lent, the stream entries still say that there is no driver.
  l.api->clearError();
  int fakeStream = 0;
  l.api->useStream(1, &fakeStream);
  l.api->memRecordStream(&fakeStream, &fakeStream); // not a block: ignored
  EXPECT_STREQ(l.api->lastError(), "");
  EXPECT_EQ(l.api->streamCreate(), nullptr);
  EXPECT_STREQ(l.api->lastError(), msg);
  l.api->useStream(0, nullptr);
}

TEST(RuntimeInterfaceTest, VulkanLoadsAndRoundTrips) {
#ifndef FERRIC_VULKAN_RUNTIME_PATH
  GTEST_SKIP() << "the Vulkan runtime is not built (no Vulkan SDK)";
#else
  Loaded l =
      load(FERRIC_VULKAN_RUNTIME_PATH, "vulkan", FERRIC_CUDA_RUNTIME_PATH);
  ASSERT_NE(l.api, nullptr);
  EXPECT_EQ(l.api->abiVersion, FERRIC_RUNTIME_ABI_VERSION);
  EXPECT_EQ(l.api->structSize, sizeof(FerricRuntimeV1));
  EXPECT_STREQ(l.api->name, "vulkan");
  ASSERT_NE(l.api->launchCount, nullptr);
  EXPECT_EQ(l.api->launchCount(), 0u);
  // No streams, no loans.
  EXPECT_EQ(l.api->takeLoanEvent, nullptr);
  EXPECT_EQ(l.api->releaseEvent, nullptr);
  // Launches are synchronous: no timed events, a kernel time instead.
  EXPECT_EQ(l.api->eventCreateTimed, nullptr);
  EXPECT_EQ(l.api->eventRecord, nullptr);
  EXPECT_EQ(l.api->eventSynchronize, nullptr);
  EXPECT_EQ(l.api->eventDestroy, nullptr);
  EXPECT_EQ(l.api->eventElapsedMs, nullptr);
  EXPECT_NE(l.api->lastKernelMs, nullptr);
  // No streams to lend: Vulkan's launches are synchronous.
  EXPECT_EQ(l.api->useStream, nullptr);
  EXPECT_EQ(l.api->memRecordStream, nullptr);
  checkSymbols(l, kCommonSymbols);

  char msg[512] = {0};
  if (!l.api->available(msg, sizeof(msg))) {
    EXPECT_EQ(std::string(msg).rfind("ferric vulkan runtime: ", 0), 0u) << msg;
    GTEST_SKIP() << "no Vulkan device: " << msg;
  }
  l.api->clearError();
  void *stream = l.api->streamCreate();
  EXPECT_NE(stream, nullptr) << "a token, but never null";
  std::vector<float> in(1000), out(1000, -1.0f);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = 0.5f * static_cast<float>(i);
  size_t bytes = in.size() * sizeof(float);
  void *buffer = l.api->memAlloc(bytes, stream, false);
  ASSERT_NE(buffer, nullptr) << l.api->lastError();
  l.api->memcpy(buffer, in.data(), bytes, stream);
  l.api->memcpy(out.data(), buffer, bytes, stream);
  l.api->streamSynchronize(stream);
  l.api->memFree(buffer, stream);
  EXPECT_EQ(in, out);
  EXPECT_STREQ(l.api->lastError(), "");
  EXPECT_LT(l.api->lastKernelMs(), 0.0) << "no kernel ran";
#endif
}

//===----------------------------------------------------------------------===//
// What the runner says about a table it cannot use
//===----------------------------------------------------------------------===//

FerricRuntimeV1 fakeTable;
const FerricRuntimeV1 *fakeInterface(uint32_t) { return &fakeTable; }
const FerricRuntimeV1 *noInterface(uint32_t) { return nullptr; }

int fakeAvailable(char *, size_t) { return 0; }
const char *fakeLastError() { return ""; }
void fakeClearError() {}
void *fakeAlloc(uint64_t, void *, bool) { return nullptr; }
void fakeFree(void *, void *) {}
void fakeCopy(void *, void *, size_t, void *) {}
void *fakeStreamCreate() { return nullptr; }
void fakeStreamSynchronize(void *) {}

FerricRuntimeV1 goodTable() {
  FerricRuntimeV1 t = {};
  t.abiVersion = FERRIC_RUNTIME_ABI_VERSION;
  t.structSize = sizeof(FerricRuntimeV1);
  t.name = "vulkan";
  t.available = fakeAvailable;
  t.lastError = fakeLastError;
  t.clearError = fakeClearError;
  t.memAlloc = fakeAlloc;
  t.memFree = fakeFree;
  t.memcpy = fakeCopy;
  t.streamCreate = fakeStreamCreate;
  t.streamSynchronize = fakeStreamSynchronize;
  return t;
}

std::string errorFor(FerricRuntimeGetInterfaceFn fn) {
  auto api = checkRuntimeInterface(fn, "vulkan", "libx.so");
  if (api)
    return "";
  return llvm::toString(api.takeError());
}

TEST(RuntimeInterfaceTest, MismatchesAreOneClearError) {
  fakeTable = goodTable();
  EXPECT_EQ(errorFor(fakeInterface), "");

  EXPECT_EQ(errorFor(noInterface),
            "libx.so does not implement Ferric runtime ABI version 1 (it was "
            "built for another Ferric; rebuild it)");

  fakeTable = goodTable();
  fakeTable.abiVersion = 7;
  EXPECT_NE(errorFor(fakeInterface)
                .find("libx.so has Ferric runtime ABI version 7 with a "),
            std::string::npos);

  fakeTable = goodTable();
  fakeTable.structSize = 8;
  EXPECT_NE(errorFor(fakeInterface)
                .find("with a 8-byte table; this Ferric "
                      "needs version 1 with at least"),
            std::string::npos);

  fakeTable = goodTable();
  fakeTable.name = "cuda";
  EXPECT_EQ(errorFor(fakeInterface),
            "libx.so is the 'cuda' runtime, not the 'vulkan' one");

  fakeTable = goodTable();
  fakeTable.memcpy = nullptr;
  EXPECT_EQ(errorFor(fakeInterface), "libx.so has a Ferric runtime table "
                                     "with null entries that must be set");
}

} // namespace
