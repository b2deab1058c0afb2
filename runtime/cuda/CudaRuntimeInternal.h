//===- CudaRuntimeInternal.h - The CUDA runtime's internals -----*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The runtime is split by concept: CudaDriverLoad.cpp (the driver table,
// contexts), CudaErrors.cpp (recording errors, Ferric's query functions),
// CudaStreams.cpp (streams and events), CudaMemory.cpp (the caching
// allocator and copies), CudaModules.cpp (modules and launches),
// CudaOptions.cpp (the environment), CudaInterface.cpp (the
// FerricRuntimeV1 table) and CublasLt*.cpp (matmul through cuBLASLt, see
// CublasLtApi.h). Nothing here is exported from the library.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_CUDA_CUDARUNTIMEINTERNAL_H
#define FERRIC_RUNTIME_CUDA_CUDARUNTIMEINTERNAL_H

#include "CudaDriver.h"
#include "ErrorLog.h"

#include <cstdint>
#include <string>

namespace ferric {
namespace cuda {

/// Devices per process the runtime keeps contexts and streams for.
constexpr int kMaxDevices = 64;

struct Driver {
  DriverApi api;
  int deviceCount = 0;
  /// cuDevicePrimaryCtxSetFlags_v2, if the driver has it.
  CUresult (*setPrimaryCtxFlags)(CUdevice, unsigned) = nullptr;
};

//===----------------------------------------------------------------------===//
// Errors (CudaErrors.cpp)
//===----------------------------------------------------------------------===//

/// The runtime's log, prefix "ferric cuda runtime: ". Never destroyed.
runtime::ErrorLog &errorLog();
inline bool recordError(const std::string &message) {
  return errorLog().record(message);
}
/// "<call> failed: CUDA_ERROR_NAME: description".
std::string errorText(const DriverApi &api, const char *call, CUresult result);
/// Records a failed driver call; true on success. CUDA_ERROR_DEINITIALIZED
/// only happens while the process exits (the JIT'd module unloads its GPU
/// modules from a global destructor, possibly after the driver shut down):
/// by then every resource is gone anyway and there is nothing to report.
bool check(const Driver &driver, const char *call, CUresult result);

//===----------------------------------------------------------------------===//
// Driver and contexts (CudaDriverLoad.cpp)
//===----------------------------------------------------------------------===//

/// The loaded driver, or null (without recording anything) when it cannot
/// be used.
const Driver *loadedDriver();
/// Returns the driver with the primary context of the calling thread's
/// device current, or null after recording why not. Every entry point calls
/// this first.
const Driver *enter();
/// enter(), returning the context it made current (null on failure).
CUcontext enterContext();
/// The device the calling thread works on (mgpuSetDefaultDevice).
int32_t &defaultDevice();
/// The context enter() found current when a stream loan began
/// (ferricCudaUseStream), null outside loans: within one loan (one call of
/// a compiled function on a caller's stream) nothing else runs on the
/// thread to change the current context, so enter() trusts it for that
/// device instead of asking the driver on every runtime call (six
/// cuCtxGetCurrent per small call, 0.3 us on the H100 host).
CUcontext &loanContext();
/// Replaces every resolved entry point of `api` by a wrapper that counts its
/// calls and host time, printed at exit (FERRIC_CUDA_PROFILE;
/// CudaProfile.cpp).
void profileDriverCalls(DriverApi &api);

//===----------------------------------------------------------------------===//
// Streams (CudaStreams.cpp)
//===----------------------------------------------------------------------===//

/// A new non-blocking stream, or null after recording why not.
CUstream createStream(const Driver &driver);
/// The calling thread's cached stream on its device, or the stream it was
/// lent (ferricCudaUseStream).
CUstream cachedStream(const Driver &driver);
/// Whether the calling thread was lent a stream; `stream` receives it.
bool lentStream(CUstream &stream);
/// Whether `stream` is some thread's cached stream, or the lent one.
bool isCachedStream(CUstream stream);

//===----------------------------------------------------------------------===//
// Memory (CudaMemory.cpp)
//===----------------------------------------------------------------------===//

/// Ends the calling thread's loan of `stream`: records one event there and
/// gives it to every block the loan used, so that freeing a block later
/// never touches the stream (its owner may have destroyed it by then).
void endLoan(const Driver &driver, CUstream stream);

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

/// CU_STREAM_LEGACY: the legacy default stream as a non-null handle, which
/// the driver accepts wherever a stream goes (code that takes a null stream
/// for a failed creation then still works on it).
inline CUstream legacyStream() {
  return reinterpret_cast<CUstream>(static_cast<uintptr_t>(1));
}

inline CUdeviceptr devicePtr(const void *ptr) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(ptr));
}

inline void *hostPtr(CUdeviceptr ptr) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
}

template <typename T> T *handle(void *opaque) {
  return static_cast<T *>(opaque);
}

/// The leading fields of MLIR's StridedMemRefType<T, N>; sizes[N] and
/// strides[N] (int64_t each) follow.
struct MemRefHeader {
  char *allocated;
  char *aligned;
  int64_t offset;
};

/// Counts a kernel launch (or library call) of the calling thread, for
/// ferricCudaLaunchCount (CudaModules.cpp).
void countLaunch();

/// The host bytes a ranked memref spans, from its lowest to its highest
/// element; strides need not be dense. Returns false for an empty memref.
bool memRefSpan(int64_t rank, void *descriptor, int64_t elementSizeBytes,
                char *&start, uint64_t &bytes);

} // namespace cuda
} // namespace ferric

#endif // FERRIC_RUNTIME_CUDA_CUDARUNTIMEINTERNAL_H
