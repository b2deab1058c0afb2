//===- FerricVulkanRuntime.h - Ferric Vulkan runtime C API ------*- C++ -*-===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// Public C interface of libferric_vulkan_runtime. It has two halves:
//
//  * The `mgpu*` entry points that MLIR's `gpu-to-llvm` conversion makes host
//    code call. The signatures follow the LLVM IR that LLVM 22 emits for a
//    SPIR-V `gpu.binary` (see ABI.md), so a JIT'd or AOT-compiled module can
//    be linked against this library unchanged.
//  * `ferricVulkan*` functions that probe the device, read errors and read
//    kernel timings, for programs linked against the library (tests, AOT
//    host code). The `mgpu*` functions return void or a handle, so errors
//    cannot travel back through the generated code; they are recorded here
//    instead (and printed once to stderr).
//
// Ferric's runner uses neither by name: it takes the FerricRuntimeV1 table
// of ferricRuntimeGetInterface (FerricDialect/Runtime/RuntimeInterface.h),
// which points at these same functions.
//
// No function in this library aborts, exits or throws.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_VULKAN_FERRICVULKANRUNTIME_H
#define FERRIC_RUNTIME_VULKAN_FERRICVULKANRUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifndef __cplusplus
#include <stdbool.h>
#endif

#if defined(_WIN32)
#define FERRIC_VULKAN_EXPORT __declspec(dllexport)
#else
#define FERRIC_VULKAN_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Ferric-side API.
//===----------------------------------------------------------------------===//

/// Initializes the Vulkan instance and device if needed. Returns 1 when a
/// device is usable, 0 otherwise. `msg` (may be null) receives a one-line
/// description: the device name on success, the reason on failure (e.g.
/// "ferric vulkan runtime: no Vulkan device found").
FERRIC_VULKAN_EXPORT int ferricVulkanAvailable(char *msg, size_t len);

/// The most recent error message, or "" if none was recorded since the last
/// ferricVulkanClearError(). The pointer stays valid until the next call of
/// this function on the same thread.
FERRIC_VULKAN_EXPORT const char *ferricVulkanLastError(void);

/// Forgets the recorded error.
FERRIC_VULKAN_EXPORT void ferricVulkanClearError(void);

/// Copies the selected device's name into `buf`. Returns 1 on success, 0 if
/// no device is available (then `buf` receives "").
FERRIC_VULKAN_EXPORT int ferricVulkanDeviceName(char *buf, size_t len);

/// Device time in milliseconds of the last successful kernel dispatch,
/// measured with timestamp queries. Returns -1.0 if no kernel ran yet or the
/// queue does not support timestamps.
FERRIC_VULKAN_EXPORT double ferricVulkanLastKernelMs(void);

/// Maximum number of storage buffers a compute kernel may bind (that is, the
/// maximum number of memref arguments of a kernel). Returns 0 if no device is
/// available.
FERRIC_VULKAN_EXPORT int ferricVulkanMaxStorageBuffers(void);

//===----------------------------------------------------------------------===//
// MLIR GPU runtime entry points (see ABI.md for the calling convention).
//===----------------------------------------------------------------------===//

FERRIC_VULKAN_EXPORT void *mgpuModuleLoad(const void *data, size_t sizeBytes);
FERRIC_VULKAN_EXPORT void mgpuModuleUnload(void *module);
FERRIC_VULKAN_EXPORT void *mgpuModuleGetFunction(void *module,
                                                 const char *name);

/// `params` holds, for each memref kernel argument, two entries: a pointer to
/// the buffer's aligned base pointer and a pointer to its size in bytes
/// (`gpu-to-llvm{use-bare-pointers-for-kernels
/// intersperse-sizes-for-kernels}`). Argument i is bound to descriptor set 0,
/// binding i. The block sizes are only checked against the kernel's LocalSize;
/// the workgroup size is baked into the SPIR-V.
FERRIC_VULKAN_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                           intptr_t gridY, intptr_t gridZ,
                                           intptr_t blockX, intptr_t blockY,
                                           intptr_t blockZ, int32_t smem,
                                           void *stream, void **params,
                                           void **extra, size_t paramsCount);

/// Streams and events are tokens: every launch completes before
/// mgpuLaunchKernel returns, so there is nothing to wait for.
FERRIC_VULKAN_EXPORT void *mgpuStreamCreate(void);
FERRIC_VULKAN_EXPORT void mgpuStreamDestroy(void *stream);
FERRIC_VULKAN_EXPORT void mgpuStreamSynchronize(void *stream);
FERRIC_VULKAN_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);
FERRIC_VULKAN_EXPORT void *mgpuEventCreate(void);
FERRIC_VULKAN_EXPORT void mgpuEventDestroy(void *event);
FERRIC_VULKAN_EXPORT void mgpuEventSynchronize(void *event);
FERRIC_VULKAN_EXPORT void mgpuEventRecord(void *event, void *stream);

/// "Device" allocations are plain host memory: buffers are copied into Vulkan
/// memory at each launch anyway, so gpu.alloc/gpu.memcpy/gpu.memset only need
/// to move host bytes.
FERRIC_VULKAN_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                        bool isHostShared);
FERRIC_VULKAN_EXPORT void mgpuMemFree(void *ptr, void *stream);
FERRIC_VULKAN_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                     void *stream);
FERRIC_VULKAN_EXPORT void mgpuMemset32(void *dst, uint32_t value, size_t count,
                                       void *stream);
FERRIC_VULKAN_EXPORT void mgpuMemset16(void *dst, uint16_t value, size_t count,
                                       void *stream);
FERRIC_VULKAN_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *desc,
                                                    int64_t elementSizeBytes);
FERRIC_VULKAN_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, void *desc,
                                                      int64_t elementSizeBytes);
FERRIC_VULKAN_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
FERRIC_VULKAN_EXPORT void mgpuMemHostUnregister(void *ptr);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // FERRIC_RUNTIME_VULKAN_FERRICVULKANRUNTIME_H
