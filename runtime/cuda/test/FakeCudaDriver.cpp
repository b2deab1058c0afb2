//===- FakeCudaDriver.cpp - A CUDA driver without a GPU, for tests --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// libferric_fake_cuda.so exports the driver entry points the Ferric CUDA
// runtime opens (CudaDriver.h) and implements them on the host, so that the
// runtime's host side (driver loading, primary contexts, streams, events,
// the caching allocator, module loading, launches and their configuration)
// runs, and is tested, on machines without a GPU: `FERRIC_CUDA_DRIVER=<this
// library> ferric-run prog.mlir --target=cuda`. It is no emulator: kernels
// do not run (device memory is zero-filled host memory, so copies to and
// from it are real and results are zeros), and no timing means anything.
// Asynchronous copies with pinned host memory run when the host waits for
// them (FakeCudaHostCopy.cpp); everything else runs at once.
//
// What it checks, answering with the real driver's error codes: launch
// dimensions (no zero, at most 1024 threads per block, a cluster that
// divides the grid, of at most 8 blocks unless the function was allowed
// more with CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 16 at
// most), streams and events used after their destruction, memory freed
// twice or never allocated, copies and fills outside an allocation.
//
// Environment:
//   FERRIC_FAKE_CUDA_MEMORY=N    bytes of device memory (default 1 GiB):
//                                cuMemAlloc beyond it is
//                                CUDA_ERROR_OUT_OF_MEMORY;
//   FERRIC_FAKE_CUDA_FAIL=NAME   entry point NAME (e.g. cuLaunchKernel)
//                                fails with CUDA_ERROR_UNKNOWN;
//   FERRIC_FAKE_CUDA_STATS=1     at exit, one line on stderr counting
//                                launches, allocations, frees, copies,
//                                module loads, streams and events, and the
//                                device memory still allocated;
//   FERRIC_FAKE_CUDA_TRACE=1     one line on stderr per call of an entry
//                                point that takes a stream, an event or a
//                                function (launches, copies, fills,
//                                synchronizations, events): its name and
//                                handle, and for a copy its destination,
//                                source and byte count.
//   FERRIC_FAKE_CUDA_CALLS=1     at exit, one line on stderr counting the
//                                calls of every entry point called (by
//                                name), e.g. to see what one call of a
//                                compiled function asks of the driver.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaState.h"

using namespace ferric::cuda;
using namespace ferric::cuda::fake;

// The helpers FakeCudaState.h declares (shared with FakeCudaMemory.cpp).
State &fake::state() {
  // Never destroyed: the runtime may still free memory from its static
  // destructors.
  static State *s = [] {
    auto *created = new State;
    if (created->stats)
      std::atexit([] { state().print(); });
    if (created->countCalls)
      std::atexit([] { state().printCalls(); });
    return created;
  }();
  return *s;
}

/// Counts a call of entry point `name` (FERRIC_FAKE_CUDA_CALLS).
void fake::called(const char *name) {
  State &s = state();
  if (!s.countCalls)
    return;
  std::lock_guard<std::mutex> lock(s.mutex);
  ++s.calls[name];
}

/// The configured failure for `name`, else success.
CUresult fake::injected(const char *name) {
  return state().failing == name ? kUnknown : CUDA_SUCCESS;
}

/// Counts the call of entry point `name` and, with FERRIC_FAKE_CUDA_TRACE,
/// prints it with the handle it works on.
void fake::trace(const char *name, const void *handle) {
  called(name);
  if (state().trace)
    std::fprintf(stderr, "fake-cuda: %s %p\n", name, handle);
}

void fake::traceCopy(const char *name, const void *stream, const void *dst,
                     const void *src, size_t bytes) {
  called(name);
  if (state().trace)
    std::fprintf(stderr, "fake-cuda: %s %p dst=%p src=%p bytes=%zu\n", name,
                 stream, dst, src, bytes);
}

/// Is [p, p + bytes) inside one allocation? (Caller holds the mutex.)
bool fake::inAllocation(State &s, uintptr_t p, size_t bytes) {
  auto it = s.allocations.upper_bound(p);
  if (it == s.allocations.begin())
    return false;
  --it;
  return p >= it->first && p + bytes <= it->first + it->second;
}

/// A stream argument: 0 (the legacy default stream), 2 (the per-thread
/// default stream) or one created and not destroyed.
bool fake::validStream(State &s, CUstream stream) {
  auto v = reinterpret_cast<uintptr_t>(stream);
  return v == 0 || v == 1 || v == 2 || s.streams.count(stream);
}

/// A copy endpoint: device memory must lie in an allocation; other
/// addresses are host memory (unified addressing).
bool fake::validEndpoint(State &s, uintptr_t p, size_t bytes) {
  auto it = s.allocations.upper_bound(p);
  if (it == s.allocations.begin())
    return true;
  --it;
  if (p >= it->first + it->second)
    return true; // not device memory
  return p + bytes <= it->first + it->second;
}

namespace {

CUresult launchChecks(State &s, CUfunction f, unsigned gx, unsigned gy,
                      unsigned gz, unsigned bx, unsigned by, unsigned bz,
                      CUstream stream) {
  if (!s.functions.count(f))
    return kInvalidHandle;
  if (!validStream(s, stream))
    return kInvalidHandle;
  if (!gx || !gy || !gz || !bx || !by || !bz)
    return kInvalidValue;
  if ((unsigned long long)bx * by * bz > 1024)
    return kLaunchOutOfResources;
  ++s.launches;
  return CUDA_SUCCESS;
}

/// A new opaque handle, registered in `live` (streams, events, modules).
template <typename Handle>
CUresult createHandle(std::set<void *> &live, Handle *out) {
  auto *p = new int(0);
  live.insert(p);
  *out = reinterpret_cast<Handle>(p);
  return CUDA_SUCCESS;
}

/// Destroys a handle of createHandle; unknown ones (destroyed twice, never
/// created) are CUDA_ERROR_INVALID_HANDLE.
CUresult destroyHandle(std::set<void *> &live, void *handle) {
  if (!live.erase(handle))
    return kInvalidHandle;
  delete static_cast<int *>(handle);
  return CUDA_SUCCESS;
}

int dummyContext;
thread_local CUcontext currentContext;

} // namespace

bool ferric::cuda::fake::deviceRange(uintptr_t p, size_t bytes) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return inAllocation(s, p, bytes);
}
bool ferric::cuda::fake::validStream(CUstream stream) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return validStream(s, stream);
}
void ferric::cuda::fake::countCopy() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  ++s.copies;
}

FAKE_ENTRY cuInit(unsigned) {
  called("cuInit");
  FAKE_CHECK("cuInit");
  std::lock_guard<std::mutex> lock(state().mutex);
  state().initialized = true;
  return CUDA_SUCCESS;
}

namespace {
/// The codes this driver returns, their names and texts.
struct ErrorText {
  CUresult code;
  const char *name, *text;
};
constexpr ErrorText kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {kInvalidValue, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {kNotInitialized, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {kInvalidImage, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {kInvalidHandle, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {kNotFound, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {kLaunchOutOfResources, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {kUnknown, "CUDA_ERROR_UNKNOWN",
     "unknown error (injected by FERRIC_FAKE_CUDA_FAIL)"},
};

CUresult describe(CUresult error, const char **str, bool name) {
  for (const ErrorText &e : kErrors)
    if (e.code == error) {
      *str = name ? e.name : e.text;
      return CUDA_SUCCESS;
    }
  *str = nullptr;
  return kInvalidValue;
}
} // namespace

FAKE_ENTRY cuGetErrorName(CUresult error, const char **str) {
  called("cuGetErrorName");
  return describe(error, str, /*name=*/true);
}

FAKE_ENTRY cuGetErrorString(CUresult error, const char **str) {
  called("cuGetErrorString");
  return describe(error, str, /*name=*/false);
}

FAKE_ENTRY cuDriverGetVersion(int *version) {
  called("cuDriverGetVersion");
  *version = 13000;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuDeviceGetCount(int *count) {
  called("cuDeviceGetCount");
  FAKE_CHECK("cuDeviceGetCount");
  if (!state().initialized)
    return kNotInitialized;
  *count = 1;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuDeviceGet(CUdevice *device, int ordinal) {
  called("cuDeviceGet");
  if (ordinal != 0)
    return kInvalidValue;
  *device = 0;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuDeviceGetName(char *name, int len, CUdevice) {
  called("cuDeviceGetName");
  std::snprintf(name, len, "Ferric fake CUDA device (no GPU)");
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuDeviceGetAttribute(int *value, int attrib, CUdevice dev) {
  called("cuDeviceGetAttribute");
  if (dev != 0)
    return kInvalidValue;
  switch (attrib) {
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = 132;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = 9;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = 0;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = 232448;
    break;
  default:
    *value = 0;
  }
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev) {
  called("cuDevicePrimaryCtxRetain");
  FAKE_CHECK("cuDevicePrimaryCtxRetain");
  if (dev != 0)
    return kInvalidValue;
  *ctx = reinterpret_cast<CUcontext>(&dummyContext);
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuDevicePrimaryCtxSetFlags_v2(CUdevice, unsigned) {
  called("cuDevicePrimaryCtxSetFlags_v2");
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuCtxGetCurrent(CUcontext *ctx) {
  called("cuCtxGetCurrent");
  *ctx = currentContext;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuCtxSetCurrent(CUcontext ctx) {
  called("cuCtxSetCurrent");
  currentContext = ctx;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned,
                              int *, void **) {
  called("cuModuleLoadDataEx");
  FAKE_CHECK("cuModuleLoadData");
  if (!image)
    return kInvalidImage;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  ++s.moduleLoads;
  return createHandle(s.modules, module);
}

FAKE_ENTRY cuModuleLoadData(CUmodule *module, const void *image) {
  called("cuModuleLoadData");
  return cuModuleLoadDataEx(module, image, 0, nullptr, nullptr);
}

FAKE_ENTRY cuModuleUnload(CUmodule module) {
  called("cuModuleUnload");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return destroyHandle(s.modules, module);
}

FAKE_ENTRY cuModuleGetFunction(CUfunction *function, CUmodule module,
                               const char *name) {
  called("cuModuleGetFunction");
  FAKE_CHECK("cuModuleGetFunction");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.modules.count(module))
    return kInvalidHandle;
  if (!name || !*name)
    return kNotFound;
  auto *f = new Function{name};
  s.functions[f] = f;
  *function = reinterpret_cast<CUfunction>(f);
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuFuncSetAttribute(CUfunction function, int attrib, int value) {
  called("cuFuncSetAttribute");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.functions.find(function);
  if (it == s.functions.end())
    return kInvalidHandle;
  if (attrib == CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED)
    it->second->nonPortableClusters = value != 0;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                          unsigned bx, unsigned by, unsigned bz, unsigned,
                          CUstream stream, void **, void **) {
  trace("cuLaunchKernel", stream);
  FAKE_CHECK("cuLaunchKernel");
  fake::drain(stream);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return launchChecks(s, f, gx, gy, gz, bx, by, bz, stream);
}

FAKE_ENTRY cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **,
                            void **) {
  trace("cuLaunchKernelEx", config->hStream);
  FAKE_CHECK("cuLaunchKernelEx");
  fake::drain(config->hStream);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute &a = config->attrs[i];
    if (a.id != CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      continue;
    unsigned cx = a.value.clusterDim.x, cy = a.value.clusterDim.y,
             cz = a.value.clusterDim.z;
    if (!cx || !cy || !cz || config->gridDimX % cx || config->gridDimY % cy ||
        config->gridDimZ % cz)
      return kInvalidValue;
    unsigned blocks = cx * cy * cz;
    auto it = s.functions.find(f);
    bool nonPortable =
        it != s.functions.end() && it->second->nonPortableClusters;
    if (blocks > 16 || (blocks > 8 && !nonPortable))
      return kInvalidValue;
  }
  return launchChecks(s, f, config->gridDimX, config->gridDimY,
                      config->gridDimZ, config->blockDimX, config->blockDimY,
                      config->blockDimZ, config->hStream);
}

FAKE_ENTRY cuStreamCreate(CUstream *stream, unsigned) {
  trace("cuStreamCreate", nullptr);
  FAKE_CHECK("cuStreamCreate");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  ++s.streamsCreated;
  return createHandle(s.streams, stream);
}

FAKE_ENTRY cuStreamDestroy_v2(CUstream stream) {
  trace("cuStreamDestroy_v2", stream);
  fake::drain(stream);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return destroyHandle(s.streams, stream);
}

FAKE_ENTRY cuStreamSynchronize(CUstream stream) {
  trace("cuStreamSynchronize", stream);
  FAKE_CHECK("cuStreamSynchronize");
  fake::drain(stream);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!validStream(s, stream))
    return kInvalidHandle;
  ++s.syncs;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuStreamWaitEvent(CUstream stream, CUevent event, unsigned) {
  trace("cuStreamWaitEvent", event);
  fake::drainEvent(event);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!validStream(s, stream) || !s.events.count(event))
    return kInvalidHandle;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuEventCreate(CUevent *event, unsigned) {
  trace("cuEventCreate", nullptr);
  FAKE_CHECK("cuEventCreate");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return createHandle(s.events, event);
}

FAKE_ENTRY cuEventDestroy_v2(CUevent event) {
  trace("cuEventDestroy_v2", event);
  fake::forgetEvent(event);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return destroyHandle(s.events, event);
}

FAKE_ENTRY cuEventRecord(CUevent event, CUstream stream) {
  trace("cuEventRecord", stream);
  FAKE_CHECK("cuEventRecord");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.events.count(event) || !validStream(s, stream))
    return kInvalidHandle;
  ++s.eventsRecorded;
  fake::recordEvent(event, stream);
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuEventSynchronize(CUevent event) {
  trace("cuEventSynchronize", event);
  fake::drainEvent(event);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.events.count(event))
    return kInvalidHandle;
  ++s.syncs;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuEventElapsedTime(float *ms, CUevent start, CUevent end) {
  called("cuEventElapsedTime");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.events.count(start) || !s.events.count(end))
    return kInvalidHandle;
  *ms = 0.001f; // no timing: a positive constant
  return CUDA_SUCCESS;
}
