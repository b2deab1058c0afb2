//===- FerricVulkanRuntime.cpp - mgpu* entry points on Vulkan -------------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// Implements the C API of FerricVulkanRuntime.h on top of VulkanDevice. This
// layer decodes the calling convention of the generated host code (see
// ABI.md) and serializes all device work behind one mutex.
//
//===----------------------------------------------------------------------===//

#include "FerricVulkanRuntime.h"
#include "VulkanDevice.h"
#include "VulkanOptions.h"
#include "VulkanSupport.h"

#include "FerricDialect/Runtime/RuntimeInterface.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

using namespace ferric;
using namespace ferric::vulkan;

namespace {

std::mutex &apiMutex() {
  // Leaked on purpose, like the device: see Device::get().
  static std::mutex *mutex = new std::mutex();
  return *mutex;
}

/// The error that made the most recent mgpuModuleLoad return null; repeated
/// when the generated code goes on to use the null module.
std::string &moduleLoadError() {
  static std::string *error = new std::string();
  return *error;
}

std::string withoutPrefix(const std::string &message) {
  return errorLog().withoutPrefix(message);
}

/// Non-null handles for streams and events; all work is synchronous.
char streamToken, eventToken;

} // namespace

extern "C" {

//===----------------------------------------------------------------------===//
// Ferric-side API.
//===----------------------------------------------------------------------===//

int ferricVulkanAvailable(char *msg, size_t len) {
  runtime::QuietScope quiet;
  std::lock_guard<std::mutex> lock(apiMutex());
  Device &device = Device::get();
  if (device.init()) {
    copyOut(device.name(), msg, len);
    return 1;
  }
  copyOut(lastError(), msg, len);
  return 0;
}

const char *ferricVulkanLastError(void) { return errorLog().lastCString(); }

void ferricVulkanClearError(void) { clearError(); }

int ferricVulkanDeviceName(char *buf, size_t len) {
  runtime::QuietScope quiet;
  std::lock_guard<std::mutex> lock(apiMutex());
  Device &device = Device::get();
  if (!device.init()) {
    copyOut("", buf, len);
    return 0;
  }
  copyOut(device.name(), buf, len);
  return 1;
}

double ferricVulkanLastKernelMs(void) {
  std::lock_guard<std::mutex> lock(apiMutex());
  return Device::get().lastKernelMs();
}

int ferricVulkanMaxStorageBuffers(void) {
  runtime::QuietScope quiet;
  std::lock_guard<std::mutex> lock(apiMutex());
  Device &device = Device::get();
  if (!device.init())
    return 0;
  return static_cast<int>(device.limits().maxPerStageDescriptorStorageBuffers);
}

//===----------------------------------------------------------------------===//
// Modules and kernels.
//===----------------------------------------------------------------------===//

void *mgpuModuleLoad(const void *data, size_t sizeBytes) {
  std::lock_guard<std::mutex> lock(apiMutex());
  auto fail = [&](const std::string &why) -> void * {
    std::string message = "mgpuModuleLoad: invalid SPIR-V blob (" +
                          std::to_string(sizeBytes) + " bytes): " + why;
    moduleLoadError() = message;
    recordError(message);
    return nullptr;
  };
  if (!data || sizeBytes == 0)
    return fail("it is empty");
  if (sizeBytes % 4 != 0)
    return fail("the size is not a multiple of 4");

  auto module = std::make_unique<Module>();
  // Copy: the blob lives in the host module's constant data with byte
  // alignment, and may be unloaded before the last launch finishes.
  module->words.resize(sizeBytes / 4);
  std::memcpy(module->words.data(), data, sizeBytes);
  std::string error;
  if (!reflectSpirv(module->words.data(), module->words.size(), module->info,
                    error))
    return fail(error);
  // Drivers may crash on invalid SPIR-V instead of failing cleanly, so the
  // validator runs first unless FERRIC_VULKAN_VALIDATE=0.
  if (options().validate &&
      !validateSpirv(module->words.data(), module->words.size(), error))
    return fail(error);
  return module.release();
}

void mgpuModuleUnload(void *handle) {
  if (!handle)
    return;
  std::lock_guard<std::mutex> lock(apiMutex());
  auto *module = static_cast<Module *>(handle);
  Device::get().releaseModule(*module);
  delete module;
}

void *mgpuModuleGetFunction(void *handle, const char *name) {
  std::lock_guard<std::mutex> lock(apiMutex());
  std::string kernelName = name ? name : "";
  if (!handle) {
    std::string cause = moduleLoadError().empty()
                            ? std::string("null module handle")
                            : withoutPrefix(moduleLoadError());
    recordError("cannot get kernel '" + kernelName +
                "': its module failed to load: " + cause);
    return nullptr;
  }
  auto *module = static_cast<Module *>(handle);
  // The generated code calls this before every launch, so kernels are
  // cached rather than allocated per call.
  auto it = module->kernels.find(kernelName);
  if (it != module->kernels.end())
    return it->second.get();
  const SpirvEntryPoint *entry = module->info.find(kernelName);
  if (!entry) {
    recordError("SPIR-V module has no GLCompute entry point named '" +
                kernelName + "' (it has: " + module->info.entryPointList() +
                ")");
    return nullptr;
  }
  auto kernel = std::make_unique<Kernel>();
  kernel->module = module;
  kernel->name = kernelName;
  kernel->entry = entry;
  Kernel *result = kernel.get();
  module->kernels.emplace(kernelName, std::move(kernel));
  return result;
}

/// The kernels this thread launched (the table's launchCount).
static thread_local uint64_t launchesOnThread = 0;
static uint64_t ferricVulkanLaunchCount() { return launchesOnThread; }

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t /*smem*/, void * /*stream*/,
                      void **params, void ** /*extra*/, size_t paramsCount) {
  std::lock_guard<std::mutex> lock(apiMutex());
  if (!function) {
    std::string cause = withoutPrefix(lastError());
    recordError("mgpuLaunchKernel: no kernel to launch (an earlier "
                "mgpuModuleLoad or mgpuModuleGetFunction failed" +
                (cause.empty() ? std::string(")") : "): " + cause));
    return;
  }
  auto *kernel = static_cast<Kernel *>(function);
  // gpu-to-llvm{use-bare-pointers-for-kernels intersperse-sizes-for-kernels}
  // passes {&alignedPtr0, &sizeInBytes0, &alignedPtr1, &sizeInBytes1, ...}.
  if (paramsCount % 2 != 0 || (paramsCount && !params)) {
    recordError("kernel '" + kernel->name + "' launched with " +
                std::to_string(paramsCount) +
                " parameters; expected (pointer, size) pairs from "
                "gpu-to-llvm{use-bare-pointers-for-kernels=1 "
                "intersperse-sizes-for-kernels=1}");
    return;
  }
  std::vector<HostBuffer> buffers(paramsCount / 2);
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (!params[2 * i] || !params[2 * i + 1]) {
      recordError("kernel '" + kernel->name + "' parameter " +
                  std::to_string(2 * i) + " is a null pointer");
      return;
    }
    buffers[i].ptr = *static_cast<void **>(params[2 * i]);
    buffers[i].size = *static_cast<uint64_t *>(params[2 * i + 1]);
  }
  const int64_t grid[3] = {gridX, gridY, gridZ};
  const int64_t block[3] = {blockX, blockY, blockZ};
  if (Device::get().launch(*kernel, grid, block, buffers))
    ++launchesOnThread;
}

//===----------------------------------------------------------------------===//
// Streams and events: tokens only, since launches are synchronous.
//===----------------------------------------------------------------------===//

void *mgpuStreamCreate(void) { return &streamToken; }
void mgpuStreamDestroy(void *) {}
void mgpuStreamSynchronize(void *) {}
void mgpuStreamWaitEvent(void *, void *) {}
void *mgpuEventCreate(void) { return &eventToken; }
void mgpuEventDestroy(void *) {}
void mgpuEventSynchronize(void *) {}
void mgpuEventRecord(void *, void *) {}

//===----------------------------------------------------------------------===//
// Memory: "device" memory is host memory (see FerricVulkanRuntime.h).
//===----------------------------------------------------------------------===//

void *mgpuMemAlloc(uint64_t sizeBytes, void *, bool) {
  // 64-byte alignment matches what memref.alloc lowering assumes at most for
  // vector loads, and aligned_alloc needs a multiple of the alignment.
  uint64_t rounded = (std::max<uint64_t>(sizeBytes, 1) + 63) & ~uint64_t(63);
  void *ptr = std::aligned_alloc(64, rounded);
  if (!ptr)
    recordError("mgpuMemAlloc: out of host memory allocating " +
                std::to_string(sizeBytes) + " bytes");
  return ptr;
}

void mgpuMemFree(void *ptr, void *) { std::free(ptr); }

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *) {
  if (dst && src && sizeBytes)
    std::memmove(dst, src, sizeBytes);
}

void mgpuMemset32(void *dst, uint32_t value, size_t count, void *) {
  auto *p = static_cast<uint32_t *>(dst);
  for (size_t i = 0; p && i < count; ++i)
    p[i] = value;
}

void mgpuMemset16(void *dst, uint16_t value, size_t count, void *) {
  auto *p = static_cast<uint16_t *>(dst);
  for (size_t i = 0; p && i < count; ++i)
    p[i] = value;
}

// Host memory is what kernels already read; registration has no meaning.
void mgpuMemHostRegisterMemRef(int64_t, void *, int64_t) {}
void mgpuMemHostUnregisterMemRef(int64_t, void *, int64_t) {}
void mgpuMemHostRegister(void *, uint64_t) {}
void mgpuMemHostUnregister(void *) {}

} // extern "C"

//===----------------------------------------------------------------------===//
// The FerricRuntimeV1 table (FerricDialect/Runtime/RuntimeInterface.h).
//===----------------------------------------------------------------------===//

namespace {

#define FERRIC_VULKAN_SYMBOL(fn)                                               \
  { #fn, reinterpret_cast < void *>(&fn) }
const FerricRuntimeSymbol kSymbols[] = {
    FERRIC_VULKAN_SYMBOL(mgpuModuleLoad),
    FERRIC_VULKAN_SYMBOL(mgpuModuleUnload),
    FERRIC_VULKAN_SYMBOL(mgpuModuleGetFunction),
    FERRIC_VULKAN_SYMBOL(mgpuLaunchKernel),
    FERRIC_VULKAN_SYMBOL(mgpuStreamCreate),
    FERRIC_VULKAN_SYMBOL(mgpuStreamDestroy),
    FERRIC_VULKAN_SYMBOL(mgpuStreamSynchronize),
    FERRIC_VULKAN_SYMBOL(mgpuStreamWaitEvent),
    FERRIC_VULKAN_SYMBOL(mgpuEventCreate),
    FERRIC_VULKAN_SYMBOL(mgpuEventDestroy),
    FERRIC_VULKAN_SYMBOL(mgpuEventSynchronize),
    FERRIC_VULKAN_SYMBOL(mgpuEventRecord),
    FERRIC_VULKAN_SYMBOL(mgpuMemAlloc),
    FERRIC_VULKAN_SYMBOL(mgpuMemFree),
    FERRIC_VULKAN_SYMBOL(mgpuMemcpy),
    FERRIC_VULKAN_SYMBOL(mgpuMemset32),
    FERRIC_VULKAN_SYMBOL(mgpuMemset16),
    FERRIC_VULKAN_SYMBOL(mgpuMemHostRegisterMemRef),
    FERRIC_VULKAN_SYMBOL(mgpuMemHostUnregisterMemRef),
    FERRIC_VULKAN_SYMBOL(mgpuMemHostRegister),
    FERRIC_VULKAN_SYMBOL(mgpuMemHostUnregister),
};
#undef FERRIC_VULKAN_SYMBOL

// Launches complete before mgpuLaunchKernel returns, so there are no timed
// events: kernels are timed with queries, read through lastKernelMs.
const FerricRuntimeV1 kInterface = {
    /*abiVersion=*/FERRIC_RUNTIME_ABI_VERSION,
    /*structSize=*/sizeof(FerricRuntimeV1),
    /*name=*/"vulkan",
    /*available=*/ferricVulkanAvailable,
    /*lastError=*/ferricVulkanLastError,
    /*clearError=*/ferricVulkanClearError,
    /*memAlloc=*/mgpuMemAlloc,
    /*memFree=*/mgpuMemFree,
    /*memcpy=*/mgpuMemcpy,
    /*streamCreate=*/mgpuStreamCreate,
    /*streamSynchronize=*/mgpuStreamSynchronize,
    /*eventCreateTimed=*/nullptr,
    /*eventRecord=*/nullptr,
    /*eventSynchronize=*/nullptr,
    /*eventDestroy=*/nullptr,
    /*eventElapsedMs=*/nullptr,
    /*lastKernelMs=*/ferricVulkanLastKernelMs,
    /*symbols=*/kSymbols,
    /*numSymbols=*/sizeof(kSymbols) / sizeof(kSymbols[0]),
    /*useStream=*/nullptr,
    /*memRecordStream=*/nullptr,
    /*launchCount=*/ferricVulkanLaunchCount,
    /*takeLoanEvent=*/nullptr,
    /*releaseEvent=*/nullptr,
    /*copyHost=*/nullptr,
};

} // namespace

extern "C" const FerricRuntimeV1 *
ferricRuntimeGetInterface(uint32_t requestedVersion) {
  return requestedVersion == FERRIC_RUNTIME_ABI_VERSION ? &kInterface : nullptr;
}
