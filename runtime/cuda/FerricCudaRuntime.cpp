//===- FerricCudaRuntime.cpp - Ferric's CUDA runtime library --------------===//
//
// Part of the Ferric project.
//
//===----------------------------------------------------------------------===//
//
// Implements the `mgpu*` functions that MLIR's GPU lowering calls from host
// code (the same ABI as upstream's mlir/lib/ExecutionEngine/
// CudaRuntimeWrappers.cpp, which Debian does not ship), plus Ferric's own
// `ferricCuda*` C API. See FerricCudaRuntime.h and README.md.
//
// Differences from upstream that matter to callers:
//  * The driver is opened with dlopen, so a machine without one gets a single
//    clear message instead of a failure to load the library.
//  * Errors are recorded (ferricCudaLastError) and each distinct message is
//    printed once, instead of on every call.
//  * mgpuStreamCreate hands out a cached stream per thread and device,
//    because the host code that `gpu-to-llvm` emits creates, synchronizes
//    and destroys a stream around every launch, which was measured at
//    14-18 us per launch against 9-10 us with a reused stream.
//  * The primary context is made current once per thread (and again only
//    if someone else changed it) rather than pushed and popped on every call.
//
//===----------------------------------------------------------------------===//

#include "FerricCudaRuntime.h"

#include "CudaDriver.h"

#include <atomic>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>
#include <pthread.h>
#include <string>
#include <unordered_map>
#include <vector>

using namespace ferric::cuda;

namespace {

//===----------------------------------------------------------------------===//
// Error recording
//===----------------------------------------------------------------------===//

/// Distinct messages printed before further ones are only recorded; bounds
/// the output of a program that fails in many different ways in a loop.
constexpr size_t kMaxPrintedErrors = 32;

struct ErrorState {
  std::mutex mutex;
  std::string last;
  std::vector<std::string> printed;
  bool printedSuppressionNotice = false;
};

/// Never destroyed, so that functions called from static destructors (the
/// JIT'd module unloads its GPU modules from a global destructor) can still
/// record errors.
ErrorState &errorState() {
  static ErrorState *state = new ErrorState;
  return *state;
}

/// Nonzero while a ferricCuda* function runs on this thread: that API reports
/// through return values, so it records errors without printing them.
thread_local int quietDepth = 0;

struct QuietScope {
  QuietScope() { ++quietDepth; }
  ~QuietScope() { --quietDepth; }
};

/// Records `message` as the last error and, from mgpu* functions, prints it
/// to stderr unless the same message was printed before.
void recordError(const std::string &message) {
  ErrorState &state = errorState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.last = message;
  if (quietDepth > 0)
    return;
  for (const std::string &printed : state.printed)
    if (printed == message)
      return;
  if (state.printed.size() >= kMaxPrintedErrors) {
    if (!state.printedSuppressionNotice)
      std::fputs("ferric: too many distinct CUDA errors; further ones are "
                 "only recorded (see ferricCudaLastError)\n",
                 stderr);
    state.printedSuppressionNotice = true;
    return;
  }
  state.printed.push_back(message);
  // One fprintf per line, under the lock, so that lines never interleave.
  std::fprintf(stderr, "ferric: %s\n", message.c_str());
}

//===----------------------------------------------------------------------===//
// Driver loading
//===----------------------------------------------------------------------===//

/// Devices per process the runtime keeps contexts and streams for.
constexpr int kMaxDevices = 64;

struct Driver {
  DriverApi api;
  int deviceCount = 0;
  /// FERRIC_CUDA_FRESH_STREAMS: give each mgpuStreamCreate its own stream.
  bool freshStreams = false;
  /// cuDevicePrimaryCtxSetFlags_v2, if the driver has it.
  CUresult (*setPrimaryCtxFlags)(CUdevice, unsigned) = nullptr;
};

struct DriverLoad {
  Driver *driver = nullptr; ///< Null when the driver cannot be used.
  std::string error;        ///< Why, when `driver` is null.
};

std::string errorText(const DriverApi &api, const char *call, CUresult result) {
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

DriverLoad *loadDriverOnce() {
  auto *load = new DriverLoad;
  // FERRIC_CUDA_DRIVER names another driver library; the tests use it to
  // exercise the no-driver path on machines that have one.
  const char *path = std::getenv("FERRIC_CUDA_DRIVER");
  if (!path || !*path)
    path = "libcuda.so.1";

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

  const char *fresh = std::getenv("FERRIC_CUDA_FRESH_STREAMS");
  driver->freshStreams = fresh && *fresh && std::strcmp(fresh, "0") != 0;
  load->driver = driver;
  return load;
}

/// Loads and initializes the driver on first use. The result is never
/// destroyed, so it stays usable from static destructors.
const DriverLoad &driverLoad() {
  static const DriverLoad *load = loadDriverOnce();
  return *load;
}

//===----------------------------------------------------------------------===//
// Contexts and streams
//===----------------------------------------------------------------------===//

/// The device the calling thread works on (mgpuSetDefaultDevice).
thread_local int32_t defaultDevice = 0;

/// Primary contexts, retained on first use and kept for the process' life,
/// like the CUDA runtime does.
std::atomic<CUcontext> primaryContexts[kMaxDevices];
std::mutex primaryContextMutex;

/// Largest dynamic shared memory a block may opt into, per device; 0 until
/// queried.
std::atomic<int> maxSharedMemoryOptin[kMaxDevices];

/// Records a failed driver call. CUDA_ERROR_DEINITIALIZED only happens while
/// the process exits (the JIT'd module unloads its GPU modules from a global
/// destructor, possibly after the driver shut down): by then every resource
/// is gone anyway and there is nothing worth reporting.
bool check(const Driver &driver, const char *call, CUresult result) {
  if (result == CUDA_SUCCESS)
    return true;
  if (result != CUDA_ERROR_DEINITIALIZED)
    recordError(errorText(driver.api, call, result));
  return false;
}

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
  const char *sched = std::getenv("FERRIC_CUDA_SCHED");
  if (driver.setPrimaryCtxFlags && !(sched && std::string(sched) == "auto"))
    driver.setPrimaryCtxFlags(handle, /*CU_CTX_SCHED_SPIN=*/1);
  CUcontext context = nullptr;
  if (!check(driver, "cuDevicePrimaryCtxRetain",
             driver.api.cuDevicePrimaryCtxRetain(&context, handle)))
    return nullptr;
  primaryContexts[device].store(context);
  return context;
}

/// Returns the driver with the primary context of the calling thread's
/// device current, or null after recording why not. Every entry point calls
/// this first; when the context is already current it costs one
/// cuCtxGetCurrent, a thread-local read inside the driver.
const Driver *enter() {
  const DriverLoad &load = driverLoad();
  if (!load.driver) {
    recordError(load.error);
    return nullptr;
  }
  const Driver &driver = *load.driver;
  CUcontext context = primaryContext(driver, defaultDevice);
  if (!context)
    return nullptr;
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

/// The calling thread's cached streams, one per device. Trivially
/// destructible on purpose: it must stay usable from static destructors run
/// at exit, after the destructors of non-trivial thread_locals.
struct ThreadStreams {
  CUstream streams[kMaxDevices];
  bool cleanupRegistered;
};
thread_local ThreadStreams threadStreams = {};

/// Every thread's cached streams, so that mgpuStreamDestroy on another
/// thread's cached stream does not destroy it under that thread.
std::mutex cachedStreamsMutex;
std::vector<CUstream> &cachedStreams() {
  static auto *streams = new std::vector<CUstream>;
  return *streams;
}

bool isCachedStream(CUstream stream) {
  for (CUstream cached : threadStreams.streams)
    if (cached == stream)
      return true;
  std::lock_guard<std::mutex> lock(cachedStreamsMutex);
  for (CUstream cached : cachedStreams())
    if (cached == stream)
      return true;
  return false;
}

/// Destroys a thread's cached streams when it exits. pthread key destructors
/// do not run for the thread that calls exit(), which is what we want: at
/// exit the driver releases everything anyway and may already be gone.
void destroyThreadStreams(void *value) {
  const DriverLoad &load = driverLoad();
  auto *streams = static_cast<ThreadStreams *>(value);
  if (!load.driver || !streams)
    return;
  std::lock_guard<std::mutex> lock(cachedStreamsMutex);
  std::vector<CUstream> &all = cachedStreams();
  for (CUstream &stream : streams->streams) {
    if (!stream)
      continue;
    for (size_t i = 0; i < all.size(); ++i) {
      if (all[i] == stream) {
        all[i] = all.back();
        all.pop_back();
        break;
      }
    }
    // Errors are ignored: there is nobody left on this thread to tell.
    load.driver->api.cuStreamDestroy(stream);
    stream = nullptr;
  }
}

pthread_key_t threadStreamsKey() {
  static pthread_key_t key = [] {
    pthread_key_t newKey;
    pthread_key_create(&newKey, destroyThreadStreams);
    return newKey;
  }();
  return key;
}

CUstream createStream(const Driver &driver) {
  CUstream stream = nullptr;
  // Non-blocking, as upstream: the stream does not synchronize with the
  // legacy default stream that other code in the process may use.
  if (!check(driver, "cuStreamCreate",
             driver.api.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING)))
    return nullptr;
  return stream;
}

CUstream cachedStream(const Driver &driver) {
  CUstream &stream = threadStreams.streams[defaultDevice];
  if (stream)
    return stream;
  stream = createStream(driver);
  if (!stream)
    return nullptr;
  {
    std::lock_guard<std::mutex> lock(cachedStreamsMutex);
    cachedStreams().push_back(stream);
  }
  if (!threadStreams.cleanupRegistered) {
    pthread_setspecific(threadStreamsKey(), &threadStreams);
    threadStreams.cleanupRegistered = true;
  }
  return stream;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

CUdeviceptr devicePtr(const void *ptr) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(ptr));
}

template <typename T> T *handle(void *opaque) {
  return static_cast<T *>(opaque);
}

/// ELF (cubin) and fatbin images carry their size; anything else is taken
/// for PTX text, which the driver reads up to a NUL.
bool isBinaryImage(const void *data, size_t size) {
  const auto *bytes = static_cast<const unsigned char *>(data);
  if (size < 4)
    return false;
  if (bytes[0] == 0x7f && bytes[1] == 'E' && bytes[2] == 'L' && bytes[3] == 'F')
    return true;
  // Fatbin magic 0xBA55ED50, little endian.
  return bytes[0] == 0x50 && bytes[1] == 0xED && bytes[2] == 0x55 &&
         bytes[3] == 0xBA;
}

/// Loads a module, passing the JIT error log back in the error message since
/// for PTX it is the only useful part. `optLevel` < 0 leaves the driver's
/// default.
void *loadModule(const Driver &driver, const void *image, int optLevel) {
  char log[8192] = {0};
  int options[3] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                    CU_JIT_OPTIMIZATION_LEVEL};
  void *values[3] = {log, reinterpret_cast<void *>(uintptr_t(sizeof(log) - 1)),
                     reinterpret_cast<void *>(uintptr_t(optLevel))};
  unsigned numOptions = optLevel < 0 ? 2 : 3;
  CUmodule module = nullptr;
  CUresult result = driver.api.cuModuleLoadDataEx(&module, image, numOptions,
                                                  options, values);
  if (result == CUDA_SUCCESS)
    return module;
  std::string message = errorText(driver.api, "cuModuleLoadDataEx", result);
  // Keep the message on one line: the log's lines become "; "-separated.
  std::string text(log);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
    text.pop_back();
  if (!text.empty()) {
    for (size_t pos = 0; (pos = text.find('\n', pos)) != std::string::npos;)
      text.replace(pos, 1, "; ");
    message += " (JIT log: " + text + ")";
  }
  recordError(message);
  return nullptr;
}

/// Converts MLIR index launch dimensions to the driver's. Returns false after
/// recording an error for negative or too large values; sets `empty` when
/// some dimension is zero, in which case there is nothing to launch.
bool launchDims(const char *caller, const intptr_t (&in)[6], unsigned (&out)[6],
                bool &empty) {
  empty = false;
  for (int i = 0; i < 6; ++i) {
    if (in[i] < 0 || static_cast<uintmax_t>(in[i]) > UINT_MAX) {
      recordError(std::string(caller) + ": invalid launch dimensions grid=(" +
                  std::to_string(in[0]) + "," + std::to_string(in[1]) + "," +
                  std::to_string(in[2]) + ") block=(" + std::to_string(in[3]) +
                  "," + std::to_string(in[4]) + "," + std::to_string(in[5]) +
                  ")");
      return false;
    }
    out[i] = static_cast<unsigned>(in[i]);
    empty |= out[i] == 0;
  }
  return true;
}

/// Kernels that use more than 48 KiB of shared memory must opt in per
/// function. Upstream sets the attribute before every launch; the value set
/// per function is remembered here instead so that repeated launches skip
/// the driver call. The attribute only ever grows, under the lock, so two
/// threads cannot lower it under each other's launch.
std::mutex sharedMemoryMutex;
std::unordered_map<CUfunction, int> &sharedMemorySet() {
  static auto *set = new std::unordered_map<CUfunction, int>;
  return *set;
}

bool prepareSharedMemory(const Driver &driver, const char *caller,
                         CUfunction function, int32_t smem) {
  if (smem == 0)
    return true;
  if (smem < 0) {
    recordError(std::string(caller) + ": negative dynamic shared memory size " +
                std::to_string(smem));
    return false;
  }
  int device = defaultDevice;
  int maxOptin = maxSharedMemoryOptin[device].load();
  if (maxOptin == 0) {
    CUdevice handle = 0;
    if (!check(driver, "cuDeviceGet",
               driver.api.cuDeviceGet(&handle, device)) ||
        !check(driver, "cuDeviceGetAttribute",
               driver.api.cuDeviceGetAttribute(
                   &maxOptin,
                   CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                   handle)))
      return false;
    maxSharedMemoryOptin[device].store(maxOptin);
  }
  if (smem > maxOptin) {
    recordError(
        std::string(caller) + ": the kernel asks for " + std::to_string(smem) +
        " bytes of dynamic shared memory; device " + std::to_string(device) +
        " allows at most " + std::to_string(maxOptin) + " per block");
    return false;
  }
  std::lock_guard<std::mutex> lock(sharedMemoryMutex);
  auto it = sharedMemorySet().find(function);
  if (it != sharedMemorySet().end() && it->second >= smem)
    return true;
  if (!check(
          driver, "cuFuncSetAttribute",
          driver.api.cuFuncSetAttribute(
              function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem)))
    return false;
  sharedMemorySet()[function] = smem;
  return true;
}

/// The leading fields of MLIR's StridedMemRefType<T, N>; sizes[N] and
/// strides[N] (int64_t each) follow.
struct MemRefHeader {
  char *allocated;
  char *aligned;
  int64_t offset;
};

/// The host bytes a ranked memref spans, from its lowest to its highest
/// element; strides need not be dense. Returns false for an empty memref.
bool memRefSpan(int64_t rank, void *descriptor, int64_t elementSizeBytes,
                char *&start, uint64_t &bytes) {
  auto *header = static_cast<MemRefHeader *>(descriptor);
  auto *sizes = reinterpret_cast<int64_t *>(header + 1);
  int64_t *strides = sizes + rank;
  int64_t low = 0, high = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] <= 0)
      return false;
    int64_t extent = (sizes[i] - 1) * strides[i];
    (extent < 0 ? low : high) += extent;
  }
  start = header->aligned + (header->offset + low) * elementSizeBytes;
  bytes = static_cast<uint64_t>(high - low + 1) * elementSizeBytes;
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// MLIR GPU runtime ABI
//===----------------------------------------------------------------------===//

extern "C" void *mgpuModuleLoad(void *data, size_t gpuBlobSize) {
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  if (!data) {
    recordError("mgpuModuleLoad: null GPU binary");
    return nullptr;
  }
  // The driver reads PTX up to a NUL; copy PTX that lacks one rather than
  // let it read past the blob.
  const auto *bytes = static_cast<const char *>(data);
  if (gpuBlobSize > 0 && !isBinaryImage(data, gpuBlobSize) &&
      bytes[gpuBlobSize - 1] != '\0') {
    std::string text(bytes, gpuBlobSize);
    return loadModule(*driver, text.c_str(), /*optLevel=*/-1);
  }
  return loadModule(*driver, data, /*optLevel=*/-1);
}

extern "C" void *mgpuModuleLoadJIT(void *data, int optLevel) {
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  if (!data) {
    recordError("mgpuModuleLoadJIT: null PTX");
    return nullptr;
  }
  // ptxas takes 0-4; MLIR passes the `O` property of the gpu.object, 0 if
  // absent.
  optLevel = optLevel < 0 ? 0 : optLevel > 4 ? 4 : optLevel;
  return loadModule(*driver, data, optLevel);
}

extern "C" void mgpuModuleUnload(void *module) {
  // Null when the load failed, which was reported then.
  if (!module)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  {
    // A later module may reuse the addresses of this module's functions.
    std::lock_guard<std::mutex> lock(sharedMemoryMutex);
    sharedMemorySet().clear();
  }
  check(*driver, "cuModuleUnload",
        driver->api.cuModuleUnload(handle<CUmod_st>(module)));
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  if (!module)
    return nullptr;
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  if (!name) {
    recordError("mgpuModuleGetFunction: null function name");
    return nullptr;
  }
  CUfunction function = nullptr;
  CUresult result = driver->api.cuModuleGetFunction(
      &function, handle<CUmod_st>(module), name);
  if (result != CUDA_SUCCESS) {
    recordError(errorText(driver->api, "cuModuleGetFunction", result) +
                " (function '" + name + "')");
    return nullptr;
  }
  return function;
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ, int32_t smem,
                                 void *stream, void **params, void **extra,
                                 size_t /*paramsCount*/) {
  // Null when module loading or function lookup failed, already reported.
  if (!function)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  unsigned dims[6];
  bool empty = false;
  if (!launchDims("mgpuLaunchKernel",
                  {gridX, gridY, gridZ, blockX, blockY, blockZ}, dims, empty) ||
      empty)
    return;
  auto *fn = handle<CUfunc_st>(function);
  if (!prepareSharedMemory(*driver, "mgpuLaunchKernel", fn, smem))
    return;
  check(*driver, "cuLaunchKernel",
        driver->api.cuLaunchKernel(fn, dims[0], dims[1], dims[2], dims[3],
                                   dims[4], dims[5], smem,
                                   handle<CUstream_st>(stream), params, extra));
}

extern "C" void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                                        intptr_t clusterY, intptr_t clusterZ,
                                        intptr_t gridX, intptr_t gridY,
                                        intptr_t gridZ, intptr_t blockX,
                                        intptr_t blockY, intptr_t blockZ,
                                        int32_t smem, void *stream,
                                        void **params, void **extra) {
  if (!function)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  if (!driver->api.cuLaunchKernelEx) {
    recordError("mgpuLaunchClusterKernel: the CUDA driver lacks "
                "cuLaunchKernelEx (CUDA 12.0 or newer is needed)");
    return;
  }
  unsigned dims[6], cluster[6];
  bool empty = false, emptyCluster = false;
  if (!launchDims("mgpuLaunchClusterKernel",
                  {gridX, gridY, gridZ, blockX, blockY, blockZ}, dims, empty) ||
      !launchDims("mgpuLaunchClusterKernel",
                  {clusterX, clusterY, clusterZ, 1, 1, 1}, cluster,
                  emptyCluster) ||
      empty)
    return;
  auto *fn = handle<CUfunc_st>(function);
  if (!prepareSharedMemory(*driver, "mgpuLaunchClusterKernel", fn, smem))
    return;

  CUlaunchAttribute attrs[2];
  std::memset(attrs, 0, sizeof(attrs));
  attrs[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attrs[0].value.clusterDim.x = cluster[0];
  attrs[0].value.clusterDim.y = cluster[1];
  attrs[0].value.clusterDim.z = cluster[2];
  // Same policy as upstream: spread a cluster's blocks over the SMs.
  attrs[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
  attrs[1].value.clusterSchedulingPolicyPreference =
      CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
  CUlaunchConfig config;
  std::memset(&config, 0, sizeof(config));
  config.gridDimX = dims[0];
  config.gridDimY = dims[1];
  config.gridDimZ = dims[2];
  config.blockDimX = dims[3];
  config.blockDimY = dims[4];
  config.blockDimZ = dims[5];
  config.sharedMemBytes = static_cast<unsigned>(smem);
  config.hStream = handle<CUstream_st>(stream);
  config.attrs = attrs;
  config.numAttrs = 2;
  check(*driver, "cuLaunchKernelEx",
        driver->api.cuLaunchKernelEx(&config, fn, params, extra));
}

extern "C" void *mgpuStreamCreate(void) {
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  return driver->freshStreams ? createStream(*driver) : cachedStream(*driver);
}

extern "C" void mgpuStreamDestroy(void *stream) {
  if (!stream)
    return;
  const DriverLoad &load = driverLoad();
  if (!load.driver)
    return;
  // The cached streams live until their thread exits.
  if (!load.driver->freshStreams && isCachedStream(handle<CUstream_st>(stream)))
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuStreamDestroy",
        driver->api.cuStreamDestroy(handle<CUstream_st>(stream)));
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuStreamSynchronize",
        driver->api.cuStreamSynchronize(handle<CUstream_st>(stream)));
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  if (!event)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuStreamWaitEvent",
        driver->api.cuStreamWaitEvent(handle<CUstream_st>(stream),
                                      handle<CUevent_st>(event), 0));
}

extern "C" void *mgpuEventCreate(void) {
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  CUevent event = nullptr;
  if (!check(*driver, "cuEventCreate",
             driver->api.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING)))
    return nullptr;
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  if (!event)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuEventDestroy",
        driver->api.cuEventDestroy(handle<CUevent_st>(event)));
}

extern "C" void mgpuEventSynchronize(void *event) {
  if (!event)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuEventSynchronize",
        driver->api.cuEventSynchronize(handle<CUevent_st>(event)));
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  if (!event)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuEventRecord",
        driver->api.cuEventRecord(handle<CUevent_st>(event),
                                  handle<CUstream_st>(stream)));
}

//===----------------------------------------------------------------------===//
// Caching device allocator
//===----------------------------------------------------------------------===//

// cuMemAlloc costs tens of microseconds and cuMemFree synchronizes the whole
// device, and the host code upstream emits allocates every result and
// temporary on every call. Like PyTorch's allocator, freed blocks are kept
// and handed out again for the same (rounded) size; all work runs on the one
// cached stream, so stream order makes the reuse safe. Disabled with
// FERRIC_CUDA_CACHING_ALLOCATOR=0 or FERRIC_CUDA_FRESH_STREAMS=1.
namespace {
struct BlockCache {
  std::mutex mutex;
  std::unordered_multimap<uint64_t, CUdeviceptr> free;
  std::unordered_map<CUdeviceptr, uint64_t> live;
};
BlockCache &blockCache() {
  static BlockCache *cache = new BlockCache(); // outlives static destructors
  return *cache;
}
bool cachingAllocatorEnabled() {
  static const bool enabled = [] {
    const char *off = std::getenv("FERRIC_CUDA_CACHING_ALLOCATOR");
    const char *fresh = std::getenv("FERRIC_CUDA_FRESH_STREAMS");
    return !(off && std::string(off) == "0") &&
           !(fresh && std::string(fresh) == "1");
  }();
  return enabled;
}
uint64_t roundedSize(uint64_t bytes) { return (bytes + 511) & ~uint64_t(511); }

/// Returns every cached block to the driver (before retrying an allocation
/// that ran out of memory).
void releaseCachedBlocks(const Driver &driver) {
  BlockCache &cache = blockCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  for (auto &entry : cache.free)
    driver.api.cuMemFree(entry.second);
  cache.free.clear();
}
} // namespace

extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/,
                              bool isHostShared) {
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  // As upstream: nothing to allocate, and the driver rejects size 0.
  if (sizeBytes == 0)
    return nullptr;
  CUdeviceptr ptr = 0;
  if (isHostShared) {
    bool ok = check(
        *driver, "cuMemAllocManaged",
        driver->api.cuMemAllocManaged(&ptr, sizeBytes, CU_MEM_ATTACH_GLOBAL));
    return ok ? reinterpret_cast<void *>(static_cast<uintptr_t>(ptr)) : nullptr;
  }
  if (!cachingAllocatorEnabled()) {
    bool ok =
        check(*driver, "cuMemAlloc", driver->api.cuMemAlloc(&ptr, sizeBytes));
    return ok ? reinterpret_cast<void *>(static_cast<uintptr_t>(ptr)) : nullptr;
  }
  uint64_t size = roundedSize(sizeBytes);
  BlockCache &cache = blockCache();
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.free.find(size);
    if (it != cache.free.end()) {
      ptr = it->second;
      cache.free.erase(it);
      cache.live[ptr] = size;
      return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
    }
  }
  CUresult r = driver->api.cuMemAlloc(&ptr, size);
  if (r == CUDA_ERROR_OUT_OF_MEMORY) {
    releaseCachedBlocks(*driver);
    r = driver->api.cuMemAlloc(&ptr, size);
  }
  if (!check(*driver, "cuMemAlloc", r))
    return nullptr;
  std::lock_guard<std::mutex> lock(cache.mutex);
  cache.live[ptr] = size;
  return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
}

extern "C" void mgpuMemFree(void *ptr, void * /*stream*/) {
  // Null when the allocation failed (reported then) or was empty.
  if (!ptr)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  if (cachingAllocatorEnabled()) {
    BlockCache &cache = blockCache();
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.live.find(devicePtr(ptr));
    if (it != cache.live.end()) {
      cache.free.emplace(it->second, it->first);
      cache.live.erase(it);
      return;
    }
  }
  check(*driver, "cuMemFree", driver->api.cuMemFree(devicePtr(ptr)));
}

extern "C" void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                           void *stream) {
  // A null side comes from a failed or empty allocation: skip, so that one
  // failure produces one message.
  if (sizeBytes == 0 || !dst || !src)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuMemcpyAsync",
        driver->api.cuMemcpyAsync(devicePtr(dst), devicePtr(src), sizeBytes,
                                  handle<CUstream_st>(stream)));
}

extern "C" void mgpuMemset32(void *dst, unsigned int value, size_t count,
                             void *stream) {
  if (count == 0 || !dst)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuMemsetD32Async",
        driver->api.cuMemsetD32Async(devicePtr(dst), value, count,
                                     handle<CUstream_st>(stream)));
}

extern "C" void mgpuMemset16(void *dst, unsigned short value, size_t count,
                             void *stream) {
  if (count == 0 || !dst)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuMemsetD16Async",
        driver->api.cuMemsetD16Async(devicePtr(dst), value, count,
                                     handle<CUstream_st>(stream)));
}

extern "C" void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (!ptr || sizeBytes == 0)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  CUresult result = driver->api.cuMemHostRegister(ptr, sizeBytes, 0);
  // Registering twice is harmless for the caller's purpose.
  if (result != CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED)
    check(*driver, "cuMemHostRegister", result);
}

extern "C" void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                          int64_t elementSizeBytes) {
  if (!descriptor || rank < 0 || elementSizeBytes <= 0) {
    recordError("mgpuMemHostRegisterMemRef: invalid memref descriptor");
    return;
  }
  char *start = nullptr;
  uint64_t bytes = 0;
  if (memRefSpan(rank, descriptor, elementSizeBytes, start, bytes))
    mgpuMemHostRegister(start, bytes);
}

extern "C" void mgpuMemHostUnregister(void *ptr) {
  if (!ptr)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuMemHostUnregister", driver->api.cuMemHostUnregister(ptr));
}

extern "C" void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                            int64_t elementSizeBytes) {
  if (!descriptor || rank < 0 || elementSizeBytes <= 0) {
    recordError("mgpuMemHostUnregisterMemRef: invalid memref descriptor");
    return;
  }
  // The same start address as registration computed, which is what the
  // driver needs.
  char *start = nullptr;
  uint64_t bytes = 0;
  if (memRefSpan(rank, descriptor, elementSizeBytes, start, bytes))
    mgpuMemHostUnregister(start);
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  if (device < 0 || device >= kMaxDevices) {
    recordError("mgpuSetDefaultDevice: invalid CUDA device " +
                std::to_string(device));
    return;
  }
  defaultDevice = device;
}

extern "C" void
mgpuTensorMapEncodeTiled(void *tensorMap, int dataType, uint32_t rank,
                         void *globalAddress, const uint64_t *globalDim,
                         const uint64_t *globalStrides, const uint32_t *boxDim,
                         const uint32_t *elementStrides, int interleave,
                         int swizzle, int l2Promotion, int oobFill) {
  const Driver *driver = enter();
  if (!driver)
    return;
  if (!driver->api.cuTensorMapEncodeTiled) {
    recordError("mgpuTensorMapEncodeTiled: the CUDA driver lacks "
                "cuTensorMapEncodeTiled (CUDA 12.0 or newer is needed)");
    return;
  }
  check(*driver, "cuTensorMapEncodeTiled",
        driver->api.cuTensorMapEncodeTiled(
            static_cast<CUtensorMap *>(tensorMap), dataType, rank,
            globalAddress, globalDim, globalStrides, boxDim, elementStrides,
            interleave, swizzle, l2Promotion, oobFill));
}

extern "C" void *
mgpuTensorMapEncodeTiledMemref(int64_t rank, void *rankedDescriptor,
                               int64_t dataType, int64_t interleave,
                               int64_t swizzle, int64_t l2Promotion,
                               int64_t oobFill, int64_t *inputBoxDims) {
  // Bytes per element of CUtensorMapDataType 0 (UINT8) to 12 (TFLOAT32_FTZ).
  static constexpr int kElementBytes[] = {1, 2, 4, 4, 8, 8, 2,
                                          4, 8, 2, 4, 4, 4};
  constexpr int64_t kNumDataTypes =
      sizeof(kElementBytes) / sizeof(kElementBytes[0]);
  if (rank < 1 || rank > 5 || !rankedDescriptor || !inputBoxDims ||
      dataType < 0 || dataType >= kNumDataTypes) {
    recordError("mgpuTensorMapEncodeTiledMemref: unsupported rank " +
                std::to_string(rank) + " or data type " +
                std::to_string(dataType));
    return nullptr;
  }
  auto *header = static_cast<MemRefHeader *>(rankedDescriptor);
  auto *sizes = reinterpret_cast<int64_t *>(header + 1);
  int64_t *strides = sizes + rank;
  int elementBytes = kElementBytes[dataType];

  // The driver numbers dimensions innermost first; memrefs outermost first.
  uint64_t globalDim[5] = {1, 1, 1, 1, 1}, globalStrides[5] = {0};
  uint32_t boxDim[5] = {1, 1, 1, 1, 1}, elementStrides[5] = {1, 1, 1, 1, 1};
  for (int64_t r = 0; r < rank; ++r) {
    globalDim[r] = static_cast<uint64_t>(sizes[rank - 1 - r]);
    boxDim[r] = static_cast<uint32_t>(inputBoxDims[rank - 1 - r]);
  }
  for (int64_t r = 0; r + 1 < rank; ++r)
    globalStrides[r] =
        static_cast<uint64_t>(strides[rank - 2 - r] * elementBytes);
  // Unlike upstream, which uses the aligned pointer alone, the memref's
  // offset is honoured so that a subview maps its own first element.
  char *globalAddress = header->aligned + header->offset * elementBytes;

  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  CUtensorMap tensorMap;
  std::memset(&tensorMap, 0, sizeof(tensorMap));
  if (!driver->api.cuTensorMapEncodeTiled) {
    recordError("mgpuTensorMapEncodeTiledMemref: the CUDA driver lacks "
                "cuTensorMapEncodeTiled (CUDA 12.0 or newer is needed)");
    return nullptr;
  }
  if (!check(*driver, "cuTensorMapEncodeTiled",
             driver->api.cuTensorMapEncodeTiled(
                 &tensorMap, static_cast<int>(dataType),
                 static_cast<uint32_t>(rank), globalAddress, globalDim,
                 globalStrides, boxDim, elementStrides,
                 static_cast<int>(interleave), static_cast<int>(swizzle),
                 static_cast<int>(l2Promotion), static_cast<int>(oobFill))))
    return nullptr;
  // Kernels take the descriptor from device memory; like upstream, it lives
  // as long as the process.
  CUdeviceptr deviceMap = 0;
  if (!check(*driver, "cuMemAlloc",
             driver->api.cuMemAlloc(&deviceMap, sizeof(CUtensorMap))))
    return nullptr;
  if (!check(*driver, "cuMemcpyHtoD",
             driver->api.cuMemcpyHtoD(deviceMap, &tensorMap,
                                      sizeof(CUtensorMap)))) {
    driver->api.cuMemFree(deviceMap);
    return nullptr;
  }
  return reinterpret_cast<void *>(static_cast<uintptr_t>(deviceMap));
}

//===----------------------------------------------------------------------===//
// Ferric C API
//===----------------------------------------------------------------------===//

namespace {
void copyMessage(const std::string &text, char *msg, size_t len) {
  if (!msg || len == 0)
    return;
  size_t n = text.size() < len - 1 ? text.size() : len - 1;
  std::memcpy(msg, text.data(), n);
  msg[n] = '\0';
}
} // namespace

extern "C" int ferricCudaAvailable(char *msg, size_t len) {
  QuietScope quiet;
  copyMessage("", msg, len);
  if (enter())
    return 1;
  std::lock_guard<std::mutex> lock(errorState().mutex);
  copyMessage(errorState().last, msg, len);
  return 0;
}

extern "C" const char *ferricCudaLastError(void) {
  // A per-thread copy, so that the pointer stays valid while other threads
  // record errors.
  thread_local std::string copy;
  std::lock_guard<std::mutex> lock(errorState().mutex);
  copy = errorState().last;
  return copy.c_str();
}

extern "C" void ferricCudaClearError(void) {
  std::lock_guard<std::mutex> lock(errorState().mutex);
  errorState().last.clear();
}

extern "C" int ferricCudaDeviceInfo(int *smCount, int *ccMajor, int *ccMinor,
                                    char *name, size_t len) {
  QuietScope quiet;
  const Driver *driver = enter();
  if (!driver)
    return 0;
  const DriverApi &api = driver->api;
  CUdevice device = 0;
  if (!check(*driver, "cuDeviceGet", api.cuDeviceGet(&device, defaultDevice)))
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
    copyMessage(buffer, name, len);
  }
  return 1;
}

extern "C" void *ferricCudaEventCreateTimed(void) {
  QuietScope quiet;
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  CUevent event = nullptr;
  if (!check(*driver, "cuEventCreate",
             driver->api.cuEventCreate(&event, CU_EVENT_DEFAULT)))
    return nullptr;
  return event;
}

extern "C" float ferricCudaEventElapsedMs(void *start, void *end) {
  QuietScope quiet;
  if (!start || !end) {
    recordError("ferricCudaEventElapsedMs: null event");
    return -1.0f;
  }
  const Driver *driver = enter();
  if (!driver)
    return -1.0f;
  if (!driver->api.cuEventElapsedTime) {
    recordError("ferricCudaEventElapsedMs: the CUDA driver lacks "
                "cuEventElapsedTime");
    return -1.0f;
  }
  float ms = 0.0f;
  if (!check(*driver, "cuEventSynchronize",
             driver->api.cuEventSynchronize(handle<CUevent_st>(end))) ||
      !check(*driver, "cuEventElapsedTime",
             driver->api.cuEventElapsedTime(&ms, handle<CUevent_st>(start),
                                            handle<CUevent_st>(end))))
    return -1.0f;
  return ms;
}

extern "C" const FerricCudaSymbol *ferricCudaRuntimeSymbols(size_t *count) {
#define FERRIC_CUDA_SYMBOL(fn)                                                 \
  { #fn, reinterpret_cast < void *>(&fn) }
  static const FerricCudaSymbol symbols[] = {
      FERRIC_CUDA_SYMBOL(mgpuModuleLoad),
      FERRIC_CUDA_SYMBOL(mgpuModuleLoadJIT),
      FERRIC_CUDA_SYMBOL(mgpuModuleUnload),
      FERRIC_CUDA_SYMBOL(mgpuModuleGetFunction),
      FERRIC_CUDA_SYMBOL(mgpuLaunchKernel),
      FERRIC_CUDA_SYMBOL(mgpuLaunchClusterKernel),
      FERRIC_CUDA_SYMBOL(mgpuStreamCreate),
      FERRIC_CUDA_SYMBOL(mgpuStreamDestroy),
      FERRIC_CUDA_SYMBOL(mgpuStreamSynchronize),
      FERRIC_CUDA_SYMBOL(mgpuStreamWaitEvent),
      FERRIC_CUDA_SYMBOL(mgpuEventCreate),
      FERRIC_CUDA_SYMBOL(mgpuEventDestroy),
      FERRIC_CUDA_SYMBOL(mgpuEventSynchronize),
      FERRIC_CUDA_SYMBOL(mgpuEventRecord),
      FERRIC_CUDA_SYMBOL(mgpuMemAlloc),
      FERRIC_CUDA_SYMBOL(mgpuMemFree),
      FERRIC_CUDA_SYMBOL(mgpuMemcpy),
      FERRIC_CUDA_SYMBOL(mgpuMemset32),
      FERRIC_CUDA_SYMBOL(mgpuMemset16),
      FERRIC_CUDA_SYMBOL(mgpuMemHostRegister),
      FERRIC_CUDA_SYMBOL(mgpuMemHostRegisterMemRef),
      FERRIC_CUDA_SYMBOL(mgpuMemHostUnregister),
      FERRIC_CUDA_SYMBOL(mgpuMemHostUnregisterMemRef),
      FERRIC_CUDA_SYMBOL(mgpuSetDefaultDevice),
      FERRIC_CUDA_SYMBOL(mgpuTensorMapEncodeTiled),
      FERRIC_CUDA_SYMBOL(mgpuTensorMapEncodeTiledMemref),
      FERRIC_CUDA_SYMBOL(ferricCudaAvailable),
      FERRIC_CUDA_SYMBOL(ferricCudaLastError),
      FERRIC_CUDA_SYMBOL(ferricCudaClearError),
      FERRIC_CUDA_SYMBOL(ferricCudaDeviceInfo),
      FERRIC_CUDA_SYMBOL(ferricCudaEventCreateTimed),
      FERRIC_CUDA_SYMBOL(ferricCudaEventElapsedMs),
      FERRIC_CUDA_SYMBOL(ferricCudaRuntimeSymbols),
  };
#undef FERRIC_CUDA_SYMBOL
  if (count)
    *count = sizeof(symbols) / sizeof(symbols[0]);
  return symbols;
}
