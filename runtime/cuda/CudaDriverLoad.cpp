//===- CudaDriverLoad.cpp - Opening the CUDA driver; primary contexts -----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The driver (libcuda.so.1, or FERRIC_CUDA_DRIVER) is opened with dlopen on
// first use, so the library loads and runs on machines without a GPU and a
// machine without a driver gets one clear message. The primary context of
// the thread's device is made current once per thread (and again only if
// someone else changed it) rather than pushed and popped on every call.
//
//===----------------------------------------------------------------------===//

#include "CudaOptions.h"
#include "CudaRuntimeInternal.h"
#include "FerricCudaRuntime.h"

#include <atomic>
#include <dlfcn.h>
#include <mutex>

using namespace ferric;
using namespace ferric::cuda;

namespace {

struct DriverLoad {
  Driver *driver = nullptr; ///< Null when the driver cannot be used.
  std::string error;        ///< Why, when `driver` is null.
};

DriverLoad *loadDriverOnce() {
  auto *load = new DriverLoad;
  const char *path = options().driverPath.c_str();
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *dlText = dlerror();
    std::string text = dlText ? dlText : "unknown dlopen error";
    // dlerror usually starts with the library name, which the message
    // already gives.
    std::string prefix = std::string(path) + ": ";
    if (text.compare(0, prefix.size(), prefix) == 0)
      text.erase(0, prefix.size());
    load->error =
        std::string("no CUDA driver found (") + path + ": " + text + ")";
    return load;
  }

  auto *driver = new Driver;
  DriverApi &api = driver->api;
#define FERRIC_CUDA_RESOLVE_REQUIRED(member, symbol, ret, params)              \
  api.member = reinterpret_cast<decltype(api.member)>(dlsym(handle, symbol));  \
  if (!api.member) {                                                           \
    load->error = std::string("the CUDA driver ") + path + " lacks " +         \
                  symbol + "; it is too old for Ferric";                       \
    delete driver;                                                             \
    return load;                                                               \
  }
  FERRIC_CUDA_REQUIRED_ENTRY_POINTS(FERRIC_CUDA_RESOLVE_REQUIRED)
#undef FERRIC_CUDA_RESOLVE_REQUIRED
#define FERRIC_CUDA_RESOLVE_OPTIONAL(member, symbol, ret, params)              \
  api.member = reinterpret_cast<decltype(api.member)>(dlsym(handle, symbol));
  FERRIC_CUDA_OPTIONAL_ENTRY_POINTS(FERRIC_CUDA_RESOLVE_OPTIONAL)
#undef FERRIC_CUDA_RESOLVE_OPTIONAL
  driver->setPrimaryCtxFlags =
      reinterpret_cast<CUresult (*)(CUdevice, unsigned)>(
          dlsym(handle, "cuDevicePrimaryCtxSetFlags_v2"));
  // CUDA 12.8 added cuEventElapsedTime_v2 and cuda.h maps the public name
  // onto it; prefer it where the driver has it.
  if (void *v2 = dlsym(handle, "cuEventElapsedTime_v2"))
    api.cuEventElapsedTime =
        reinterpret_cast<decltype(api.cuEventElapsedTime)>(v2);
  if (options().profile)
    profileDriverCalls(api);

  if (CUresult result = api.cuInit(0)) {
    load->error = errorText(api, "cuInit", result);
    delete driver;
    return load;
  }
  if (CUresult result = api.cuDeviceGetCount(&driver->deviceCount)) {
    load->error = errorText(api, "cuDeviceGetCount", result);
    delete driver;
    return load;
  }
  if (driver->deviceCount <= 0) {
    load->error = "the CUDA driver reports no device";
    delete driver;
    return load;
  }
  if (driver->deviceCount > kMaxDevices)
    driver->deviceCount = kMaxDevices;

  load->driver = driver;
  return load;
}

/// Loads and initializes the driver on first use. The result is never
/// destroyed, so it stays usable from static destructors.
const DriverLoad &driverLoad() {
  static const DriverLoad *load = loadDriverOnce();
  return *load;
}

/// Primary contexts, retained on first use and kept for the process' life,
/// like the CUDA runtime does.
std::atomic<CUcontext> primaryContexts[kMaxDevices];
std::mutex primaryContextMutex;

CUcontext primaryContext(const Driver &driver, int device) {
  if (device < 0 || device >= driver.deviceCount) {
    recordError("invalid CUDA device " + std::to_string(device) +
                " (the driver reports " + std::to_string(driver.deviceCount) +
                ")");
    return nullptr;
  }
  if (CUcontext context = primaryContexts[device].load())
    return context;
  std::lock_guard<std::mutex> lock(primaryContextMutex);
  if (CUcontext context = primaryContexts[device].load())
    return context;
  CUdevice handle = 0;
  if (!check(driver, "cuDeviceGet", driver.api.cuDeviceGet(&handle, device)))
    return nullptr;
  // Spin while waiting for the GPU: a small call's synchronize returns a few
  // microseconds sooner than with the driver's default yield heuristics.
  // FERRIC_CUDA_SCHED=auto keeps the driver's default. Setting flags fails
  // harmlessly if another library already made the context active.
  if (driver.setPrimaryCtxFlags && options().spinWait)
    driver.setPrimaryCtxFlags(handle, /*CU_CTX_SCHED_SPIN=*/1);
  CUcontext context = nullptr;
  if (!check(driver, "cuDevicePrimaryCtxRetain",
             driver.api.cuDevicePrimaryCtxRetain(&context, handle)))
    return nullptr;
  primaryContexts[device].store(context);
  return context;
}

} // namespace

int32_t &ferric::cuda::defaultDevice() {
  thread_local int32_t device = 0;
  return device;
}

CUcontext &ferric::cuda::loanContext() {
  thread_local CUcontext context = nullptr;
  return context;
}

const Driver *ferric::cuda::loadedDriver() { return driverLoad().driver; }

CUcontext ferric::cuda::enterContext() {
  const Driver *driver = enter();
  return driver ? primaryContext(*driver, defaultDevice()) : nullptr;
}

const Driver *ferric::cuda::enter() {
  const DriverLoad &load = driverLoad();
  if (!load.driver) {
    recordError(load.error);
    return nullptr;
  }
  const Driver &driver = *load.driver;
  CUcontext context = primaryContext(driver, defaultDevice());
  if (!context)
    return nullptr;
  if (context == loanContext())
    return &driver;
  CUcontext current = nullptr;
  if (driver.api.cuCtxGetCurrent(&current) == CUDA_SUCCESS &&
      current == context)
    return &driver;
  // Left current after the call, as the CUDA runtime does: restoring the
  // previous context on every call would cost a push and a pop each time.
  if (!check(driver, "cuCtxSetCurrent", driver.api.cuCtxSetCurrent(context)))
    return nullptr;
  return &driver;
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  if (device < 0 || device >= kMaxDevices) {
    recordError("mgpuSetDefaultDevice: invalid CUDA device " +
                std::to_string(device));
    return;
  }
  defaultDevice() = device;
}
