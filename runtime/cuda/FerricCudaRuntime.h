/*===- FerricCudaRuntime.h - Ferric's CUDA runtime library --------*- C -*-===*\
|*                                                                            *|
|* Part of the Ferric project.                                                *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Public interface of libferric_cuda_runtime. It has two parts:              *|
|*                                                                            *|
|*  1. The `mgpu*` functions that MLIR's GPU lowering (`gpu-to-llvm`, the     *|
|*     LLVM IR translation of `gpu.binary`/`gpu.launch_func`, and             *|
|*     `convert-nvgpu-to-nvvm`) calls from JIT-compiled or AOT-compiled host  *|
|*     code. Their signatures are an ABI fixed by LLVM 22 and must not        *|
|*     change. They have no error return: on failure they record the error    *|
|*     (see ferricCudaLastError), print it once to stderr and return a null   *|
|*     handle or do nothing. They never abort or exit.                        *|
|*     FERRIC_RUNTIME_ENTRY_POINT (FerricDialect/Runtime/RuntimeInterface.h)  *|
|*     returns the FerricRuntimeV1 table through which Ferric's runner binds  *|
|*     all of them.                                                           *|
|*                                                                            *|
|*  2. The `ferricCuda*` functions, Ferric's own C API for asking whether     *|
|*     CUDA is usable, reading the last error and timing with events, for     *|
|*     programs linked against the library. They never print; they report     *|
|*     through their return values and ferricCudaLastError. The runner        *|
|*     reaches them only through the FerricRuntimeV1 table.                   *|
|*                                                                            *|
|* The CUDA driver (libcuda.so.1) is opened with dlopen on first use, so the  *|
|* library loads and runs on machines without a GPU. Handles (modules,        *|
|* functions, streams, events) are the driver's CUmodule, CUfunction,         *|
|* CUstream and CUevent, passed as `void *` so that this header needs no CUDA *|
|* header. Device pointers are CUdeviceptr values passed as `void *`.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FERRIC_RUNTIME_CUDA_FERRICCUDARUNTIME_H
#define FERRIC_RUNTIME_CUDA_FERRICCUDARUNTIME_H

#ifndef __cplusplus
#include <stdbool.h>
#endif
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define FERRIC_CUDA_EXPORT __declspec(dllexport)
#else
#define FERRIC_CUDA_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===*\
|* MLIR GPU runtime ABI (LLVM 22)                                             *|
\*===----------------------------------------------------------------------===*/

/* Modules. `mgpuModuleLoad` takes a cubin, fatbin or NUL-terminated PTX image
 * of `gpuBlobSize` bytes; `mgpuModuleLoadJIT` takes NUL-terminated PTX and a
 * ptxas optimization level (0-4). Both return null on failure. */
FERRIC_CUDA_EXPORT void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
FERRIC_CUDA_EXPORT void *mgpuModuleLoadJIT(void *data, int optLevel);
FERRIC_CUDA_EXPORT void mgpuModuleUnload(void *module);
FERRIC_CUDA_EXPORT void *mgpuModuleGetFunction(void *module, const char *name);

/* Kernel launches. Dimensions are MLIR `index` values; a launch with an empty
 * grid or block does nothing. `paramsCount` is unused by CUDA. */
FERRIC_CUDA_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                         intptr_t gridY, intptr_t gridZ,
                                         intptr_t blockX, intptr_t blockY,
                                         intptr_t blockZ, int32_t smem,
                                         void *stream, void **params,
                                         void **extra, size_t paramsCount);
FERRIC_CUDA_EXPORT void
mgpuLaunchClusterKernel(void *function, intptr_t clusterX, intptr_t clusterY,
                        intptr_t clusterZ, intptr_t gridX, intptr_t gridY,
                        intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                        intptr_t blockZ, int32_t smem, void *stream,
                        void **params, void **extra);

/* Streams. Unless FERRIC_CUDA_FRESH_STREAMS is on (README.md),
 * mgpuStreamCreate returns one cached stream per thread and device, and
 * mgpuStreamDestroy of that stream does nothing. */
FERRIC_CUDA_EXPORT void *mgpuStreamCreate(void);
FERRIC_CUDA_EXPORT void mgpuStreamDestroy(void *stream);
FERRIC_CUDA_EXPORT void mgpuStreamSynchronize(void *stream);
FERRIC_CUDA_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);

/* Events, created without timing (see ferricCudaEventCreateTimed). */
FERRIC_CUDA_EXPORT void *mgpuEventCreate(void);
FERRIC_CUDA_EXPORT void mgpuEventDestroy(void *event);
FERRIC_CUDA_EXPORT void mgpuEventSynchronize(void *event);
FERRIC_CUDA_EXPORT void mgpuEventRecord(void *event, void *stream);

/* Memory. `isHostShared` asks for managed memory. Copies and sets are
 * asynchronous on `stream`. */
FERRIC_CUDA_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                      bool isHostShared);
FERRIC_CUDA_EXPORT void mgpuMemFree(void *ptr, void *stream);
FERRIC_CUDA_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                   void *stream);
FERRIC_CUDA_EXPORT void mgpuMemset32(void *dst, unsigned int value,
                                     size_t count, void *stream);
FERRIC_CUDA_EXPORT void mgpuMemset16(void *dst, unsigned short value,
                                     size_t count, void *stream);

/* Page-locking host memory. `descriptor` points to a ranked memref descriptor
 * (StridedMemRefType) of rank `rank`. */
FERRIC_CUDA_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
FERRIC_CUDA_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank,
                                                  void *descriptor,
                                                  int64_t elementSizeBytes);
FERRIC_CUDA_EXPORT void mgpuMemHostUnregister(void *ptr);
FERRIC_CUDA_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                    void *descriptor,
                                                    int64_t elementSizeBytes);

/* Selects the device (ordinal) used by later calls on the calling thread. */
FERRIC_CUDA_EXPORT void mgpuSetDefaultDevice(int32_t device);

/* Hopper tensor maps (TMA descriptors). The enum arguments take the values of
 * the driver's CUtensorMap* enumerations. mgpuTensorMapEncodeTiledMemref
 * returns a device pointer to a CUtensorMap, or null on failure. */
FERRIC_CUDA_EXPORT void
mgpuTensorMapEncodeTiled(void *tensorMap, int dataType, uint32_t rank,
                         void *globalAddress, const uint64_t *globalDim,
                         const uint64_t *globalStrides, const uint32_t *boxDim,
                         const uint32_t *elementStrides, int interleave,
                         int swizzle, int l2Promotion, int oobFill);
FERRIC_CUDA_EXPORT void *
mgpuTensorMapEncodeTiledMemref(int64_t rank, void *rankedDescriptor,
                               int64_t dataType, int64_t interleave,
                               int64_t swizzle, int64_t l2Promotion,
                               int64_t oobFill, int64_t *inputBoxDims);

/*===----------------------------------------------------------------------===*\
|* Ferric C API                                                               *|
\*===----------------------------------------------------------------------===*/

/* Returns 1 if the driver loads, initializes and the calling thread's default
 * device can be used; otherwise returns 0 and, if `msg` is not null, writes
 * the reason (NUL-terminated, truncated to `len` bytes). */
FERRIC_CUDA_EXPORT int ferricCudaAvailable(char *msg, size_t len);

/* The last error recorded by any thread ("" if none), e.g. "ferric cuda
 * runtime: cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY: out of memory". The
 * string stays valid until the calling thread calls this function again. */
FERRIC_CUDA_EXPORT const char *ferricCudaLastError(void);
FERRIC_CUDA_EXPORT void ferricCudaClearError(void);

/* Describes the calling thread's default device. Null outputs are skipped.
 * Returns 1 on success, 0 on failure (see ferricCudaLastError). */
FERRIC_CUDA_EXPORT int ferricCudaDeviceInfo(int *smCount, int *ccMajor,
                                            int *ccMinor, char *name,
                                            size_t len);

/* Timing. mgpuEventCreate makes events without timing because they are
 * cheaper; ferricCudaEventCreateTimed makes one that can be timed. Record
 * events with mgpuEventRecord and release them with mgpuEventDestroy.
 * ferricCudaEventElapsedMs waits for `end` and returns the milliseconds
 * between the two events, or a negative value on failure. */
FERRIC_CUDA_EXPORT void *ferricCudaEventCreateTimed(void);
FERRIC_CUDA_EXPORT float ferricCudaEventElapsedMs(void *start, void *end);

/* Running on a caller's stream. While the calling thread is lent `stream`
 * (ferricCudaUseStream(1, stream); a CUstream of the current context, null
 * being the legacy default stream, which is lent as CU_STREAM_LEGACY),
 * mgpuStreamCreate returns it, every launch, copy and cuBLASLt call that
 * would use the thread's cached stream uses it, and mgpuStreamSynchronize
 * and mgpuStreamDestroy of it do nothing: the work is queued behind the
 * caller's and the caller waits when it wants to. ferricCudaUseStream(0,
 * NULL) ends the loan. Blocks the caching allocator hands out during a loan
 * remember the stream; ferricCudaMemRecordStream(ptr, stream) marks a block
 * allocated elsewhere that `stream` reads (like torch's record_stream).
 * Freeing a marked block records an event on each such stream, and the
 * block is reused on another stream (or by the host) only after those
 * events. */
FERRIC_CUDA_EXPORT void ferricCudaUseStream(int active, void *stream);
FERRIC_CUDA_EXPORT void ferricCudaMemRecordStream(void *ptr, void *stream);

/* The kernels the calling thread has launched so far (mgpuLaunchKernel,
 * mgpuLaunchClusterKernel, and each mgpuCublasLtMatmul that reached
 * cublasLtMatmul, as one): the table's launchCount. */
FERRIC_CUDA_EXPORT uint64_t ferricCudaLaunchCount(void);

/* The event the calling thread's last loan (ferricCudaUseStream) recorded on
 * its stream when it ended, held for the caller until
 * ferricCudaReleaseEvent; null if it recorded none (the loan used no block
 * of the caching allocator, or the allocator is off): the table's
 * takeLoanEvent and releaseEvent. */
FERRIC_CUDA_EXPORT void *ferricCudaTakeLoanEvent(void);
FERRIC_CUDA_EXPORT void ferricCudaReleaseEvent(void *event);

/* Copies `bytes` between pageable host memory and device memory
 * (toDevice: host `src` to device `dst`, else device `src` to host `dst`)
 * and waits for the copy: the table's copyHost. Large copies go through
 * two pinned staging buffers (cuMemHostAlloc), chunk by chunk on the
 * runtime's copy stream, so that the host's memcpy of one chunk overlaps
 * the DMA of the other; small ones, and drivers without the pinned entry
 * points, take one cuMemcpyAsync (FERRIC_CUDA_STAGING_CHUNK and
 * FERRIC_CUDA_STAGING_MIN set the chunk size and the smallest staged copy
 * in bytes; 0 turns staging off). Returns 1 on success, 0 after recording
 * the error. */
FERRIC_CUDA_EXPORT int ferricCudaCopyHost(void *dst, const void *src,
                                          size_t bytes, int toDevice);

/*===----------------------------------------------------------------------===*\
|* Matmul through cuBLASLt                                                    *|
\*===----------------------------------------------------------------------===*/

/* Not part of LLVM's ABI: Ferric's own entry point, which the host code that
 * ferric-matmul-to-cublaslt emits calls. It has the mgpu prefix of the
 * functions JIT'd code calls, which the runtime table binds (and the Vulkan
 * runtime does not define: a CUDA-only pipeline emits it).
 * Element types (dtype) and epilogue bits: */
#define FERRIC_CUBLASLT_F32 0
#define FERRIC_CUBLASLT_F16 1
#define FERRIC_CUBLASLT_BF16 2
#define FERRIC_CUBLASLT_EPILOGUE_BIAS 1
#define FERRIC_CUBLASLT_EPILOGUE_RELU 2
#define FERRIC_CUBLASLT_EPILOGUE_GELU 4 /* the tanh approximation */
/* flags: f32 may round its inputs to TF32 (off: f32 stays IEEE); A is
 * stored transposed (k x m), B is stored transposed (n x k). */
#define FERRIC_CUBLASLT_ALLOW_TF32 1
#define FERRIC_CUBLASLT_TRANSPOSE_A 2
#define FERRIC_CUBLASLT_TRANSPOSE_B 4

/* D[b] = act(alpha * A[b] x B[b] + bias) for b < batch, with A[b] m x k,
 * B[b] k x n (stored k x m and n x k with FERRIC_CUBLASLT_TRANSPOSE_A and
 * _B), D[b] m x n, all dense row-major device buffers of `dtype`
 * (A, B and D of one batch follow each other), and bias (used only with
 * FERRIC_CUBLASLT_EPILOGUE_BIAS) n values added to every row. act is relu
 * or GELU (tanh) when the epilogue says so. Accumulates in f32. Enqueued
 * on the calling thread's cached stream (mgpuStreamCreate's), so it is
 * ordered with the kernels around it. libcublasLt.so.13 (FERRIC_CUBLASLT)
 * is opened on the first call. On failure (no library, an unsupported
 * combination, no algorithm, workspace out of memory, any status other
 * than success) it records the error like the mgpu* functions. */
FERRIC_CUDA_EXPORT void
mgpuCublasLtMatmul(void *d, const void *a, const void *b, const void *bias,
                   int64_t batch, int64_t m, int64_t n, int64_t k,
                   int32_t dtype, int32_t epilogue, float alpha, int32_t flags);

/* Like ferricCudaAvailable, and cuBLASLt loads and creates its handle. */
FERRIC_CUDA_EXPORT int ferricCudaCublasLtAvailable(char *msg, size_t len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FERRIC_RUNTIME_CUDA_FERRICCUDARUNTIME_H */
