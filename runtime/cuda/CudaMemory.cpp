//===- CudaMemory.cpp - Device memory of the CUDA runtime -----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// mgpuMemAlloc/Free/Memcpy/Memset and host registration, with a caching
// allocator in front of cuMemAlloc.
//
//===----------------------------------------------------------------------===//

#include "CudaOptions.h"
#include "CudaRuntimeInternal.h"
#include "FerricCudaRuntime.h"

#include <mutex>
#include <unordered_map>

using namespace ferric;
using namespace ferric::cuda;

bool ferric::cuda::memRefSpan(int64_t rank, void *descriptor,
                              int64_t elementSizeBytes, char *&start,
                              uint64_t &bytes) {
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

// cuMemAlloc costs tens of microseconds and cuMemFree synchronizes the whole
// device, and the host code upstream emits allocates every result and
// temporary on every call. Like PyTorch's allocator, freed blocks are kept
// and handed out again for the same (rounded) size; all work runs on the one
// cached stream, so stream order makes the reuse safe. Disabled with
// FERRIC_CUDA_CACHING_ALLOCATOR=0, and off whenever FERRIC_CUDA_FRESH_STREAMS
// is on: then work runs on several streams and a block freed on one could
// be handed to another while the first still uses it.
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
bool cachingAllocatorEnabled() { return options().cachingAllocator; }
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
    return ok ? hostPtr(ptr) : nullptr;
  }
  if (!cachingAllocatorEnabled()) {
    bool ok =
        check(*driver, "cuMemAlloc", driver->api.cuMemAlloc(&ptr, sizeBytes));
    return ok ? hostPtr(ptr) : nullptr;
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
      return hostPtr(ptr);
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
  return hostPtr(ptr);
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
