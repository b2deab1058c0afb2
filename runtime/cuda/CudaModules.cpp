//===- CudaModules.cpp - Modules and kernel launches of the CUDA runtime --===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// mgpuModuleLoad/LoadJIT/Unload/GetFunction, mgpuLaunchKernel and
// mgpuLaunchClusterKernel, and the Hopper tensor maps. Load failures carry
// the driver's JIT log; launches with an empty grid do nothing; dynamic
// shared memory above 48 KiB is opted into once per function.
//
//===----------------------------------------------------------------------===//

#include "CudaRuntimeInternal.h"
#include "FerricCudaRuntime.h"

#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>
#include <unordered_map>
#include <vector>

using namespace ferric;
using namespace ferric::cuda;

namespace {

/// The functions this thread looked up, by module and name pointer (the
/// generated host code asks for its kernel before every launch with the
/// same constant string): a cuModuleGetFunction per launch was 0.2 us of a
/// small call's host time (H100, FERRIC_CUDA_PROFILE). Every unload starts
/// a new generation, which empties each thread's cache at its next lookup,
/// so that a module or name loaded later at a reused address is looked up
/// again.
std::atomic<unsigned long long> moduleGeneration{0};
struct CachedFunction {
  void *module;
  const char *name;
  CUfunction function;
};
struct FunctionCache {
  unsigned long long generation = 0;
  std::vector<CachedFunction> entries;
};
thread_local FunctionCache functionCache;
constexpr size_t kFunctionCacheEntries = 64;

/// Largest dynamic shared memory a block may opt into, per device; 0 until
/// queried.
std::atomic<int> maxSharedMemoryOptin[kMaxDevices];

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
  int device = defaultDevice();
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
  moduleGeneration.fetch_add(1, std::memory_order_acq_rel);
  check(*driver, "cuModuleUnload",
        driver->api.cuModuleUnload(handle<CUmod_st>(module)));
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  if (!module)
    return nullptr;
  FunctionCache &cache = functionCache;
  unsigned long long generation =
      moduleGeneration.load(std::memory_order_acquire);
  if (cache.generation != generation) {
    cache.entries.clear();
    cache.generation = generation;
  }
  for (const CachedFunction &f : cache.entries)
    if (f.module == module && f.name == name)
      return f.function;
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
  if (cache.entries.size() < kFunctionCacheEntries)
    cache.entries.push_back({module, name, function});
  return function;
}

namespace {
thread_local uint64_t launchesOnThread = 0;
} // namespace

void ferric::cuda::countLaunch() { ++launchesOnThread; }
extern "C" uint64_t ferricCudaLaunchCount(void) { return launchesOnThread; }

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
  if (check(*driver, "cuLaunchKernel",
            driver->api.cuLaunchKernel(
                fn, dims[0], dims[1], dims[2], dims[3], dims[4], dims[5], smem,
                handle<CUstream_st>(stream), params, extra)))
    countLaunch();
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
  // Clusters of more than 8 blocks (sm_90 allows 16) need the kernel's
  // consent.
  if (cluster[0] * cluster[1] * cluster[2] > 8 &&
      !check(*driver, "cuFuncSetAttribute",
             driver->api.cuFuncSetAttribute(
                 fn, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1)))
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
  if (check(*driver, "cuLaunchKernelEx",
            driver->api.cuLaunchKernelEx(&config, fn, params, extra)))
    countLaunch();
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
  return hostPtr(deviceMap);
}
