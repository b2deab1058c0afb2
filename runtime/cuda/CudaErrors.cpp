//===- CudaErrors.cpp - Errors and the CUDA runtime's query functions -----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Errors follow the idiom of runtime/common/ErrorLog.h. The ferricCuda*
// query functions report through their return values and never print.
//
//===----------------------------------------------------------------------===//

#include "CudaOptions.h"
#include "CudaRuntimeInternal.h"
#include "FerricCudaRuntime.h"

using namespace ferric;
using namespace ferric::cuda;

runtime::ErrorLog &ferric::cuda::errorLog() {
  // Never destroyed, so that functions called from static destructors can
  // still record errors.
  static runtime::ErrorLog *log =
      new runtime::ErrorLog("cuda", options().quiet);
  return *log;
}

std::string ferric::cuda::errorText(const DriverApi &api, const char *call,
                                    CUresult result) {
  const char *name = nullptr;
  const char *description = nullptr;
  if (api.cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    name = nullptr;
  if (api.cuGetErrorString(result, &description) != CUDA_SUCCESS ||
      !description)
    description = "unrecognized error code";
  std::string text = std::string(call) + " failed: ";
  text += name ? std::string(name) : "CUresult " + std::to_string(result);
  text += ": ";
  text += description;
  return text;
}

bool ferric::cuda::check(const Driver &driver, const char *call,
                         CUresult result) {
  if (result == CUDA_SUCCESS)
    return true;
  if (result != CUDA_ERROR_DEINITIALIZED)
    recordError(errorText(driver.api, call, result));
  return false;
}

//===----------------------------------------------------------------------===//
// Ferric C API
//===----------------------------------------------------------------------===//

extern "C" int ferricCudaAvailable(char *msg, size_t len) {
  runtime::QuietScope quiet;
  runtime::copyOut("", msg, len);
  if (enter())
    return 1;
  runtime::copyOut(errorLog().last(), msg, len);
  return 0;
}

extern "C" const char *ferricCudaLastError(void) {
  return errorLog().lastCString();
}

extern "C" void ferricCudaClearError(void) { errorLog().clear(); }

extern "C" int ferricCudaDeviceInfo(int *smCount, int *ccMajor, int *ccMinor,
                                    char *name, size_t len) {
  runtime::QuietScope quiet;
  const Driver *driver = enter();
  if (!driver)
    return 0;
  const DriverApi &api = driver->api;
  CUdevice device = 0;
  if (!check(*driver, "cuDeviceGet", api.cuDeviceGet(&device, defaultDevice())))
    return 0;
  struct {
    int *out;
    int attribute;
  } queries[] = {{smCount, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT},
                 {ccMajor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR},
                 {ccMinor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR}};
  for (auto &query : queries)
    if (query.out &&
        !check(*driver, "cuDeviceGetAttribute",
               api.cuDeviceGetAttribute(query.out, query.attribute, device)))
      return 0;
  if (name && len > 0) {
    char buffer[256] = {0};
    if (!check(*driver, "cuDeviceGetName",
               api.cuDeviceGetName(buffer, sizeof(buffer) - 1, device)))
      return 0;
    runtime::copyOut(buffer, name, len);
  }
  return 1;
}
