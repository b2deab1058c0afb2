//===- CublasLtLoad.cpp - Opening cuBLASLt --------------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// libcublasLt.so.13 is opened with dlopen on first use, like the driver, so
// that nothing needs it at build time and a machine without it gets one
// clear error (CudaOptions.h lists where it is looked for). One handle per
// process.
//
//===----------------------------------------------------------------------===//

#include "CublasLtApi.h"
#include "CudaOptions.h"
#include "CudaRuntimeInternal.h"

#include <dlfcn.h>
#include <mutex>

using namespace ferric;
using namespace ferric::cuda;
using namespace ferric::cuda::lt;

namespace {

struct LibraryLoad {
  Library *library = nullptr;
  std::string error;
};

LibraryLoad *loadLibraryOnce() {
  auto *load = new LibraryLoad;
  const std::vector<std::string> &paths = options().cublasLtPaths;
  void *handle = nullptr;
  std::string firstError, path;
  for (const std::string &candidate : paths) {
    handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle) {
      path = candidate;
      break;
    }
    const char *text = dlerror();
    if (firstError.empty())
      firstError = text ? text : candidate + ": unknown dlopen error";
  }
  if (!handle) {
    load->error = "no cuBLASLt found (" + firstError +
                  "); set FERRIC_CUBLASLT to libcublasLt.so.13, or compile "
                  "with ferric-matmul-to-cublaslt{use-cublaslt=false}";
    return load;
  }
  auto *library = new Library;
  LtApi &api = library->api;
#define FERRIC_CUBLASLT_RESOLVE(member, symbol, ret, params)                   \
  api.member = reinterpret_cast<decltype(api.member)>(dlsym(handle, symbol));  \
  if (!api.member) {                                                           \
    load->error = "cuBLASLt " + path + " lacks " + symbol;                     \
    delete library;                                                            \
    return load;                                                               \
  }
  FERRIC_CUBLASLT_ENTRY_POINTS(FERRIC_CUBLASLT_RESOLVE)
#undef FERRIC_CUBLASLT_RESOLVE
  load->library = library;
  return load;
}

} // namespace

bool ferric::cuda::lt::checkLt(const LtApi &api, const char *call,
                               cublasStatus_t status) {
  if (status == CUBLAS_STATUS_SUCCESS)
    return true;
  const char *text = api.cublasLtGetStatusString(status);
  return recordError(
      std::string(call) +
      " failed: " + (text ? text : "cublasStatus_t " + std::to_string(status)));
}

// The handle is created with the driver's primary context current (enter()
// ran first); cuBLASLt handles are not bound to a device.
const Library *ferric::cuda::lt::library() {
  static LibraryLoad *load = loadLibraryOnce();
  static std::once_flag handleOnce;
  if (!load->library)
    return recordError(load->error), nullptr;
  std::call_once(handleOnce, [] {
    Library &lib = *load->library;
    cublasStatus_t status = lib.api.cublasLtCreate(&lib.handle);
    if (status != CUBLAS_STATUS_SUCCESS) {
      const char *text = lib.api.cublasLtGetStatusString(status);
      load->error = std::string("cublasLtCreate failed: ") +
                    (text ? text : std::to_string(status));
      load->library = nullptr;
    }
  });
  if (!load->library)
    return recordError(load->error), nullptr;
  return load->library;
}
