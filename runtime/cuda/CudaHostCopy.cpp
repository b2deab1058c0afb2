//===- CudaHostCopy.cpp - Staged copies between host and device -----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ferricCudaCopyHost: copies between pageable host memory (numpy arrays) and
// device memory at the speed of pinned memory. A DMA from pageable memory
// makes the driver stage it through its own pinned buffers, one piece after
// another, which runs at about half the bus speed (issue 40 measured 2.3x
// torch's time for a numpy round trip). Here two pinned buffers of one chunk
// each take turns: while the DMA of one chunk runs, the host copies the next
// chunk into (or the previous one out of) the other buffer. An event per
// buffer says when its DMA is done; the buffers live as long as the process,
// as torch's pinned-memory cache does.
//
//===----------------------------------------------------------------------===//

#include "CudaOptions.h"
#include "CudaRuntimeInternal.h"
#include "FerricCudaRuntime.h"

#include <algorithm>
#include <cstring>
#include <mutex>

using namespace ferric;
using namespace ferric::cuda;

namespace {
struct Staging {
  std::mutex mutex;
  /// Two pinned buffers of options().stagingChunk bytes (portable: every
  /// context may use them), null until the first staged copy.
  char *buffers[2] = {nullptr, nullptr};
  /// Per device: an event per buffer, recorded after its last DMA.
  CUevent done[kMaxDevices][2] = {};
};

Staging &staging() {
  static Staging *s = new Staging(); // outlives static destructors
  return *s;
}

/// Whether the driver has what staging needs.
bool canStage(const Driver &driver) {
  const DriverApi &api = driver.api;
  return api.cuMemHostAlloc && api.cuMemFreeHost && api.cuMemcpyHtoDAsync &&
         api.cuMemcpyDtoHAsync;
}

/// The buffers and the device's events, made on first use; false after
/// recording why not. Staging locked.
bool prepare(const Driver &driver, Staging &s, int device, size_t chunk) {
  for (char *&buffer : s.buffers) {
    if (buffer)
      continue;
    void *p = nullptr;
    if (!check(driver, "cuMemHostAlloc",
               driver.api.cuMemHostAlloc(&p, chunk, CU_MEMHOSTALLOC_PORTABLE)))
      return false;
    buffer = static_cast<char *>(p);
  }
  for (CUevent &event : s.done[device])
    if (!event &&
        !check(driver, "cuEventCreate",
               driver.api.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING)))
      return false;
  return true;
}

/// Host to device: chunk i is copied into buffer i % 2 once that buffer's
/// DMA of chunk i - 2 is done, then its own DMA is queued.
bool stageToDevice(const Driver &driver, CUevent done[2], char *buffers[2],
                   size_t chunk, CUdeviceptr dst, const char *src, size_t bytes,
                   CUstream stream) {
  const DriverApi &api = driver.api;
  for (size_t off = 0, i = 0; off < bytes; off += chunk, ++i) {
    size_t n = std::min(chunk, bytes - off);
    int b = static_cast<int>(i % 2);
    if (i >= 2 &&
        !check(driver, "cuEventSynchronize", api.cuEventSynchronize(done[b])))
      return false;
    std::memcpy(buffers[b], src + off, n);
    if (!check(driver, "cuMemcpyHtoDAsync",
               api.cuMemcpyHtoDAsync(dst + off, buffers[b], n, stream)) ||
        !check(driver, "cuEventRecord", api.cuEventRecord(done[b], stream)))
      return false;
  }
  return true;
}

/// Device to host: the DMA of chunk i + 1 is queued (into the buffer that
/// chunk i - 1 left) before the host copies chunk i out.
bool stageToHost(const Driver &driver, CUevent done[2], char *buffers[2],
                 size_t chunk, char *dst, CUdeviceptr src, size_t bytes,
                 CUstream stream) {
  const DriverApi &api = driver.api;
  auto queue = [&](size_t off, int b) {
    size_t n = std::min(chunk, bytes - off);
    return check(driver, "cuMemcpyDtoHAsync",
                 api.cuMemcpyDtoHAsync(buffers[b], src + off, n, stream)) &&
           check(driver, "cuEventRecord", api.cuEventRecord(done[b], stream));
  };
  if (!queue(0, 0))
    return false;
  for (size_t off = 0, i = 0; off < bytes; off += chunk, ++i) {
    int b = static_cast<int>(i % 2);
    if (off + chunk < bytes && !queue(off + chunk, 1 - b))
      return false;
    if (!check(driver, "cuEventSynchronize", api.cuEventSynchronize(done[b])))
      return false;
    std::memcpy(dst + off, buffers[b], std::min(chunk, bytes - off));
  }
  return true;
}
} // namespace

extern "C" int ferricCudaCopyHost(void *dst, const void *src, size_t bytes,
                                  int toDevice) {
  if (bytes == 0)
    return 1;
  if (!dst || !src)
    return recordError("ferricCudaCopyHost: null buffer"), 0;
  const Driver *driver = enter();
  if (!driver)
    return 0;
  // The thread's stream: ordered after the runtime's own work there.
  CUstream stream = cachedStream(*driver);
  if (!stream)
    return 0;
  const RuntimeOptions &o = options();
  if (!o.stagingMin || bytes < o.stagingMin || !canStage(*driver)) {
    return check(*driver, "cuMemcpyAsync",
                 driver->api.cuMemcpyAsync(devicePtr(dst), devicePtr(src),
                                           bytes, stream)) &&
           check(*driver, "cuStreamSynchronize",
                 driver->api.cuStreamSynchronize(stream));
  }
  Staging &s = staging();
  std::lock_guard<std::mutex> lock(s.mutex);
  int device = defaultDevice();
  if (!prepare(*driver, s, device, o.stagingChunk))
    return 0;
  bool ok = toDevice
                ? stageToDevice(*driver, s.done[device], s.buffers,
                                o.stagingChunk, devicePtr(dst),
                                static_cast<const char *>(src), bytes, stream)
                : stageToHost(*driver, s.done[device], s.buffers,
                              o.stagingChunk, static_cast<char *>(dst),
                              devicePtr(src), bytes, stream);
  // Also after a failure: no DMA may still use the buffers or the caller's
  // memory when this returns.
  bool synced = check(*driver, "cuStreamSynchronize",
                      driver->api.cuStreamSynchronize(stream));
  return ok && synced;
}
