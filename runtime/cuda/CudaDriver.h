//===- CudaDriver.h - Hand-written CUDA driver API declarations -*- C++ -*-===//
//
// Part of the Ferric project.
//
//===----------------------------------------------------------------------===//
//
// The few CUDA driver types, constants and entry points the Ferric CUDA
// runtime uses. They are declared here instead of taken from cuda.h because
// the runtime must build on machines without the CUDA toolkit and must not
// link against libcuda: the driver is opened with dlopen at run time, and
// every entry point is reached through the function pointers of
// `DriverApi`.
//
// All values below are part of the driver's stable ABI; they were checked
// against cuda.h of CUDA 13.0 (see test/driver_decls_check.cpp, which can be
// built with -DFERRIC_CUDA_CHECK_DECLS_AGAINST=<dir holding cuda.h>).
// Symbol names are the ones the driver exports, i.e. with the `_v2` suffix
// where cuda.h maps the public name onto a `_v2` symbol.
//
// This header is private to runtime/cuda; nothing here is installed.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_CUDA_CUDADRIVER_H
#define FERRIC_RUNTIME_CUDA_CUDADRIVER_H

#include <cstddef>
#include <cstdint>

namespace ferric {
namespace cuda {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// Enumerations of the driver API are plain C enums, i.e. `int` on every ABI
// the driver supports, so they are declared as int.
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;

struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;

/// CUlaunchAttributeValue: a union padded to 64 bytes. Only the members used
/// by the cluster launch are spelled out.
union CUlaunchAttributeValue {
  char pad[64];
  struct {
    unsigned x, y, z;
  } clusterDim;
  int clusterSchedulingPolicyPreference;
};

/// CUlaunchAttribute: an id padded to 8 bytes, then the value.
struct CUlaunchAttribute {
  int id;
  char pad[8 - sizeof(int)];
  CUlaunchAttributeValue value;
};

/// CUlaunchConfig, the argument of cuLaunchKernelEx (CUDA 12.0 and later).
struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

/// CUtensorMap: 16 opaque quad words. CUDA 13 raised the alignment from 64 to
/// 128 bytes; 128 satisfies both.
struct alignas(128) CUtensorMap {
  uint64_t opaque[16];
};

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

// CUresult values the runtime treats specially.
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_DEINITIALIZED = 4;
constexpr CUresult CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712;

// CUdevice_attribute.
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

// CUfunction_attribute.
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14;

// CUjit_option.
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr int CU_JIT_OPTIMIZATION_LEVEL = 7;

// Flags.
constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
constexpr unsigned CU_EVENT_DEFAULT = 0x0;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;
constexpr unsigned CU_MEM_ATTACH_GLOBAL = 0x1;
constexpr unsigned CU_MEMHOSTALLOC_PORTABLE = 0x1;

// CUlaunchAttributeID and CUclusterSchedulingPolicy.
constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;
constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5;
constexpr int CU_CLUSTER_SCHEDULING_POLICY_SPREAD = 1;

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

// X(member, exported symbol, return type, parameter list). The member name is
// the public API name; it is also the name used in error messages, so that
// users see `cuMemAlloc failed: ...` and not the versioned symbol.
#define FERRIC_CUDA_REQUIRED_ENTRY_POINTS(X)                                   \
  X(cuInit, "cuInit", CUresult, (unsigned flags))                              \
  X(cuGetErrorName, "cuGetErrorName", CUresult,                                \
    (CUresult error, const char **str))                                        \
  X(cuGetErrorString, "cuGetErrorString", CUresult,                            \
    (CUresult error, const char **str))                                        \
  X(cuDriverGetVersion, "cuDriverGetVersion", CUresult, (int *version))        \
  X(cuDeviceGetCount, "cuDeviceGetCount", CUresult, (int *count))              \
  X(cuDeviceGet, "cuDeviceGet", CUresult, (CUdevice * device, int ordinal))    \
  X(cuDeviceGetName, "cuDeviceGetName", CUresult,                              \
    (char *name, int len, CUdevice dev))                                       \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute", CUresult,                    \
    (int *value, int attrib, CUdevice dev))                                    \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", CUresult,            \
    (CUcontext * ctx, CUdevice dev))                                           \
  X(cuCtxGetCurrent, "cuCtxGetCurrent", CUresult, (CUcontext * ctx))           \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", CUresult, (CUcontext ctx))             \
  X(cuModuleLoadData, "cuModuleLoadData", CUresult,                            \
    (CUmodule * module, const void *image))                                    \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx", CUresult,                        \
    (CUmodule * module, const void *image, unsigned numOptions, int *options,  \
     void **optionValues))                                                     \
  X(cuModuleUnload, "cuModuleUnload", CUresult, (CUmodule module))             \
  X(cuModuleGetFunction, "cuModuleGetFunction", CUresult,                      \
    (CUfunction * function, CUmodule module, const char *name))                \
  X(cuFuncSetAttribute, "cuFuncSetAttribute", CUresult,                        \
    (CUfunction function, int attrib, int value))                              \
  X(cuLaunchKernel, "cuLaunchKernel", CUresult,                                \
    (CUfunction f, unsigned gridDimX, unsigned gridDimY, unsigned gridDimZ,    \
     unsigned blockDimX, unsigned blockDimY, unsigned blockDimZ,               \
     unsigned sharedMemBytes, CUstream stream, void **kernelParams,            \
     void **extra))                                                            \
  X(cuStreamCreate, "cuStreamCreate", CUresult,                                \
    (CUstream * stream, unsigned flags))                                       \
  X(cuStreamDestroy, "cuStreamDestroy_v2", CUresult, (CUstream stream))        \
  X(cuStreamSynchronize, "cuStreamSynchronize", CUresult, (CUstream stream))   \
  X(cuStreamWaitEvent, "cuStreamWaitEvent", CUresult,                          \
    (CUstream stream, CUevent event, unsigned flags))                          \
  X(cuEventCreate, "cuEventCreate", CUresult,                                  \
    (CUevent * event, unsigned flags))                                         \
  X(cuEventDestroy, "cuEventDestroy_v2", CUresult, (CUevent event))            \
  X(cuEventRecord, "cuEventRecord", CUresult,                                  \
    (CUevent event, CUstream stream))                                          \
  X(cuEventSynchronize, "cuEventSynchronize", CUresult, (CUevent event))       \
  X(cuMemAlloc, "cuMemAlloc_v2", CUresult, (CUdeviceptr * ptr, size_t bytes))  \
  X(cuMemAllocManaged, "cuMemAllocManaged", CUresult,                          \
    (CUdeviceptr * ptr, size_t bytes, unsigned flags))                         \
  X(cuMemFree, "cuMemFree_v2", CUresult, (CUdeviceptr ptr))                    \
  X(cuMemcpyAsync, "cuMemcpyAsync", CUresult,                                  \
    (CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream))         \
  X(cuMemcpyHtoD, "cuMemcpyHtoD_v2", CUresult,                                 \
    (CUdeviceptr dst, const void *src, size_t bytes))                          \
  X(cuMemsetD32Async, "cuMemsetD32Async", CUresult,                            \
    (CUdeviceptr dst, unsigned value, size_t count, CUstream stream))          \
  X(cuMemsetD16Async, "cuMemsetD16Async", CUresult,                            \
    (CUdeviceptr dst, unsigned short value, size_t count, CUstream stream))    \
  X(cuMemHostRegister, "cuMemHostRegister_v2", CUresult,                       \
    (void *ptr, size_t bytes, unsigned flags))                                 \
  X(cuMemHostUnregister, "cuMemHostUnregister", CUresult, (void *ptr))

// Entry points that older drivers lack. A missing one only disables the
// feature that needs it. cuEventElapsedTime is resolved by hand (see the
// implementation) because CUDA 12.8 added a `_v2` that older drivers lack.
#define FERRIC_CUDA_OPTIONAL_ENTRY_POINTS(X)                                   \
  X(cuLaunchKernelEx, "cuLaunchKernelEx", CUresult,                            \
    (const CUlaunchConfig *config, CUfunction f, void **kernelParams,          \
     void **extra))                                                            \
  X(cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled", CUresult,                \
    (CUtensorMap * tensorMap, int dataType, uint32_t rank,                     \
     void *globalAddress, const uint64_t *globalDim,                           \
     const uint64_t *globalStrides, const uint32_t *boxDim,                    \
     const uint32_t *elementStrides, int interleave, int swizzle,              \
     int l2Promotion, int oobFill))                                            \
  X(cuEventElapsedTime, "cuEventElapsedTime", CUresult,                        \
    (float *ms, CUevent start, CUevent end))                                   \
  X(cuMemHostAlloc, "cuMemHostAlloc", CUresult,                                \
    (void **ptr, size_t bytes, unsigned flags))                                \
  X(cuMemFreeHost, "cuMemFreeHost", CUresult, (void *ptr))                     \
  X(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", CUresult,                       \
    (CUdeviceptr dst, const void *src, size_t bytes, CUstream stream))         \
  X(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", CUresult,                       \
    (void *dst, CUdeviceptr src, size_t bytes, CUstream stream))

/// The resolved driver entry points. Optional ones may be null.
struct DriverApi {
#define FERRIC_CUDA_DECLARE_MEMBER(member, symbol, ret, params)                \
  ret(*member) params = nullptr;
  FERRIC_CUDA_REQUIRED_ENTRY_POINTS(FERRIC_CUDA_DECLARE_MEMBER)
  FERRIC_CUDA_OPTIONAL_ENTRY_POINTS(FERRIC_CUDA_DECLARE_MEMBER)
#undef FERRIC_CUDA_DECLARE_MEMBER
};

} // namespace cuda
} // namespace ferric

#endif // FERRIC_RUNTIME_CUDA_CUDADRIVER_H
