//===- driver_decls_check.cpp - CudaDriver.h against cuda.h ---------------===//
//
// Part of the Ferric project.
//
//===----------------------------------------------------------------------===//
//
// The runtime declares the CUDA driver API by hand (CudaDriver.h) so that it
// builds without the toolkit. This program, built only when
// FERRIC_CUDA_CHECK_DECLS_AGAINST names a directory holding cuda.h, checks at
// compile time that those declarations agree with NVIDIA's: constants, struct
// layouts, and for every entry point the arity and the size of the result and
// of each parameter.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"

#include <cuda.h>

// cuda.h maps public names onto versioned or per-thread symbols with macros,
// which would also rename the DriverApi members below.
#undef cuLaunchKernel
#undef cuLaunchKernelEx
#undef cuStreamDestroy
#undef cuStreamSynchronize
#undef cuStreamWaitEvent
#undef cuEventDestroy
#undef cuEventRecord
#undef cuEventElapsedTime
#undef cuMemAlloc
#undef cuMemFree
#undef cuMemcpyAsync
#undef cuMemcpyHtoD
#undef cuMemcpyHtoDAsync
#undef cuMemcpyDtoHAsync
#undef cuMemsetD32Async
#undef cuMemsetD16Async
#undef cuMemHostRegister

#include "SignatureCheck.h"

#include <cstddef>
#include <cstdio>

namespace ours = ferric::cuda;

namespace {

using ferric::cuda::test::compatible;

#define FERRIC_CUDA_CHECK_ENTRY(member, symbol, ret, params)                   \
  static_assert(compatible<decltype(ours::DriverApi::member),                  \
                           decltype(&::FERRIC_CUDA_EXPORTED_##member)>(),      \
                #member " differs from cuda.h");

// The exported name of each entry point, as a C++ identifier.
#define FERRIC_CUDA_EXPORTED_cuInit cuInit
#define FERRIC_CUDA_EXPORTED_cuGetErrorName cuGetErrorName
#define FERRIC_CUDA_EXPORTED_cuGetErrorString cuGetErrorString
#define FERRIC_CUDA_EXPORTED_cuDriverGetVersion cuDriverGetVersion
#define FERRIC_CUDA_EXPORTED_cuDeviceGetCount cuDeviceGetCount
#define FERRIC_CUDA_EXPORTED_cuDeviceGet cuDeviceGet
#define FERRIC_CUDA_EXPORTED_cuDeviceGetName cuDeviceGetName
#define FERRIC_CUDA_EXPORTED_cuDeviceGetAttribute cuDeviceGetAttribute
#define FERRIC_CUDA_EXPORTED_cuDevicePrimaryCtxRetain cuDevicePrimaryCtxRetain
#define FERRIC_CUDA_EXPORTED_cuCtxGetCurrent cuCtxGetCurrent
#define FERRIC_CUDA_EXPORTED_cuCtxSetCurrent cuCtxSetCurrent
#define FERRIC_CUDA_EXPORTED_cuModuleLoadData cuModuleLoadData
#define FERRIC_CUDA_EXPORTED_cuModuleLoadDataEx cuModuleLoadDataEx
#define FERRIC_CUDA_EXPORTED_cuModuleUnload cuModuleUnload
#define FERRIC_CUDA_EXPORTED_cuModuleGetFunction cuModuleGetFunction
#define FERRIC_CUDA_EXPORTED_cuFuncSetAttribute cuFuncSetAttribute
#define FERRIC_CUDA_EXPORTED_cuLaunchKernel cuLaunchKernel
#define FERRIC_CUDA_EXPORTED_cuStreamCreate cuStreamCreate
#define FERRIC_CUDA_EXPORTED_cuStreamDestroy cuStreamDestroy_v2
#define FERRIC_CUDA_EXPORTED_cuStreamSynchronize cuStreamSynchronize
#define FERRIC_CUDA_EXPORTED_cuStreamWaitEvent cuStreamWaitEvent
#define FERRIC_CUDA_EXPORTED_cuEventCreate cuEventCreate
#define FERRIC_CUDA_EXPORTED_cuEventDestroy cuEventDestroy_v2
#define FERRIC_CUDA_EXPORTED_cuEventRecord cuEventRecord
#define FERRIC_CUDA_EXPORTED_cuEventSynchronize cuEventSynchronize
#define FERRIC_CUDA_EXPORTED_cuMemAlloc cuMemAlloc_v2
#define FERRIC_CUDA_EXPORTED_cuMemAllocManaged cuMemAllocManaged
#define FERRIC_CUDA_EXPORTED_cuMemFree cuMemFree_v2
#define FERRIC_CUDA_EXPORTED_cuMemcpyAsync cuMemcpyAsync
#define FERRIC_CUDA_EXPORTED_cuMemcpyHtoD cuMemcpyHtoD_v2
#define FERRIC_CUDA_EXPORTED_cuMemsetD32Async cuMemsetD32Async
#define FERRIC_CUDA_EXPORTED_cuMemsetD16Async cuMemsetD16Async
#define FERRIC_CUDA_EXPORTED_cuMemHostRegister cuMemHostRegister_v2
#define FERRIC_CUDA_EXPORTED_cuMemHostUnregister cuMemHostUnregister
#define FERRIC_CUDA_EXPORTED_cuLaunchKernelEx cuLaunchKernelEx
#define FERRIC_CUDA_EXPORTED_cuTensorMapEncodeTiled cuTensorMapEncodeTiled
#define FERRIC_CUDA_EXPORTED_cuMemHostAlloc cuMemHostAlloc
#define FERRIC_CUDA_EXPORTED_cuMemFreeHost cuMemFreeHost
#define FERRIC_CUDA_EXPORTED_cuMemcpyHtoDAsync cuMemcpyHtoDAsync_v2
#define FERRIC_CUDA_EXPORTED_cuMemcpyDtoHAsync cuMemcpyDtoHAsync_v2
// The runtime prefers the _v2 symbol, which has the same signature.
#define FERRIC_CUDA_EXPORTED_cuEventElapsedTime cuEventElapsedTime_v2

FERRIC_CUDA_REQUIRED_ENTRY_POINTS(FERRIC_CUDA_CHECK_ENTRY)
FERRIC_CUDA_OPTIONAL_ENTRY_POINTS(FERRIC_CUDA_CHECK_ENTRY)

#define FERRIC_CUDA_CHECK_VALUE(name)                                          \
  static_assert(static_cast<long long>(ours::name) ==                          \
                    static_cast<long long>(::name),                            \
                #name " differs from cuda.h");
FERRIC_CUDA_CHECK_VALUE(CUDA_SUCCESS)
FERRIC_CUDA_CHECK_VALUE(CUDA_ERROR_DEINITIALIZED)
FERRIC_CUDA_CHECK_VALUE(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED)
FERRIC_CUDA_CHECK_VALUE(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
FERRIC_CUDA_CHECK_VALUE(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
FERRIC_CUDA_CHECK_VALUE(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
FERRIC_CUDA_CHECK_VALUE(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
FERRIC_CUDA_CHECK_VALUE(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
FERRIC_CUDA_CHECK_VALUE(CU_JIT_ERROR_LOG_BUFFER)
FERRIC_CUDA_CHECK_VALUE(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
FERRIC_CUDA_CHECK_VALUE(CU_JIT_OPTIMIZATION_LEVEL)
FERRIC_CUDA_CHECK_VALUE(CU_STREAM_NON_BLOCKING)
FERRIC_CUDA_CHECK_VALUE(CU_EVENT_DEFAULT)
FERRIC_CUDA_CHECK_VALUE(CU_EVENT_DISABLE_TIMING)
FERRIC_CUDA_CHECK_VALUE(CU_MEM_ATTACH_GLOBAL)
FERRIC_CUDA_CHECK_VALUE(CU_MEMHOSTALLOC_PORTABLE)
FERRIC_CUDA_CHECK_VALUE(CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
FERRIC_CUDA_CHECK_VALUE(
    CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE)
FERRIC_CUDA_CHECK_VALUE(CU_CLUSTER_SCHEDULING_POLICY_SPREAD)

static_assert(sizeof(ours::CUresult) == sizeof(::CUresult), "CUresult");
static_assert(sizeof(ours::CUdevice) == sizeof(::CUdevice), "CUdevice");
static_assert(sizeof(ours::CUdeviceptr) == sizeof(::CUdeviceptr),
              "CUdeviceptr");
static_assert(sizeof(ours::CUtensorMap) == sizeof(::CUtensorMap),
              "CUtensorMap size");
static_assert(alignof(ours::CUtensorMap) >= alignof(::CUtensorMap),
              "CUtensorMap alignment");
static_assert(sizeof(ours::CUlaunchAttributeValue) ==
                  sizeof(::CUlaunchAttributeValue),
              "CUlaunchAttributeValue");
static_assert(sizeof(ours::CUlaunchAttribute) == sizeof(::CUlaunchAttribute),
              "CUlaunchAttribute size");
static_assert(offsetof(ours::CUlaunchAttribute, value) ==
                  offsetof(::CUlaunchAttribute, value),
              "CUlaunchAttribute::value");

#define FERRIC_CUDA_CHECK_FIELD(type, field)                                   \
  static_assert(offsetof(ours::type, field) == offsetof(::type, field) &&      \
                    sizeof(ours::type::field) == sizeof(::type::field),        \
                #type "::" #field " differs from cuda.h");
static_assert(sizeof(ours::CUlaunchConfig) == sizeof(::CUlaunchConfig),
              "CUlaunchConfig size");
FERRIC_CUDA_CHECK_FIELD(CUlaunchConfig, gridDimX)
FERRIC_CUDA_CHECK_FIELD(CUlaunchConfig, blockDimZ)
FERRIC_CUDA_CHECK_FIELD(CUlaunchConfig, sharedMemBytes)
FERRIC_CUDA_CHECK_FIELD(CUlaunchConfig, hStream)
FERRIC_CUDA_CHECK_FIELD(CUlaunchConfig, attrs)
FERRIC_CUDA_CHECK_FIELD(CUlaunchConfig, numAttrs)

constexpr bool clusterDimMatches() {
  return sizeof(ours::CUlaunchAttributeValue::clusterDim) ==
             sizeof(::CUlaunchAttributeValue::clusterDim) &&
         offsetof(ours::CUlaunchAttributeValue, clusterDim) ==
             offsetof(::CUlaunchAttributeValue, clusterDim);
}
static_assert(clusterDimMatches(), "CUlaunchAttributeValue::clusterDim");

} // namespace

int main() {
  std::printf("CudaDriver.h agrees with cuda.h %d\n", CUDA_VERSION);
  return 0;
}
