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
#include <vector>

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
//
// Streams lent by a caller (ferricCudaUseStream) are the exception: work on
// them is not ordered with the cached stream. A block allocated while a
// stream is lent, or marked with ferricCudaMemRecordStream, remembers those
// streams, each with an event after its last use there; whoever gets the
// block next on another stream waits for the events first (on the device
// when the allocation names a stream, on the host otherwise), as PyTorch's
// record_stream does. The event is recorded when the loan ends (one event
// for every block the loan used), not when the block is freed: by then the
// caller may have destroyed its stream (a CuPy stream dies before the
// results made on it). Only a block freed while its stream is lent, or
// marked outside a loan, records at its free.
namespace {
/// A lent stream that used a block, and an event recorded there after the
/// last use (null until the loan that used it ends).
struct StreamUse {
  CUstream stream;
  CUevent event = nullptr;
};
struct LiveBlock {
  uint64_t size;
  std::vector<StreamUse> uses;
};
struct FreeBlock {
  CUdeviceptr ptr;
  std::vector<StreamUse> uses; // each with its recorded event
};
struct BlockCache {
  std::mutex mutex;
  std::unordered_multimap<uint64_t, FreeBlock> free;
  std::unordered_map<CUdeviceptr, LiveBlock> live;
  /// Events of finished waits, reused (cuEventCreate is not free).
  std::vector<CUevent> spareEvents;
  /// How many uses hold each recorded event (one loan's event is shared by
  /// the blocks it used); back to spareEvents at zero.
  std::unordered_map<CUevent, unsigned> eventUsers;
};
/// The blocks the calling thread's current loan used (endLoan stamps them).
thread_local std::vector<CUdeviceptr> loanBlocks;
/// The event the calling thread's last loan ended with, held (one of its
/// eventUsers) until ferricCudaTakeLoanEvent hands the hold over or the
/// next loan ends.
thread_local CUevent heldLoanEvent = nullptr;
BlockCache &blockCache() {
  static BlockCache *cache = new BlockCache(); // outlives static destructors
  return *cache;
}
bool cachingAllocatorEnabled() { return options().cachingAllocator; }

/// Drops one use's hold on `event` (null: none). Cache locked.
void releaseEvent(BlockCache &cache, CUevent event) {
  if (!event)
    return;
  auto it = cache.eventUsers.find(event);
  if (it != cache.eventUsers.end() && --it->second > 0)
    return;
  if (it != cache.eventUsers.end())
    cache.eventUsers.erase(it);
  cache.spareEvents.push_back(event);
}

/// A spare or new event, or null after recording why not. Cache locked.
CUevent takeEvent(const Driver &driver, BlockCache &cache) {
  CUevent event = nullptr;
  if (!cache.spareEvents.empty()) {
    event = cache.spareEvents.back();
    cache.spareEvents.pop_back();
  } else if (!check(
                 driver, "cuEventCreate",
                 driver.api.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING))) {
    return nullptr;
  }
  cache.eventUsers[event] = 1;
  return event;
}
uint64_t roundedSize(uint64_t bytes) { return (bytes + 511) & ~uint64_t(511); }

/// Returns every cached block to the driver (before retrying an allocation
/// that ran out of memory). cuMemFree waits for the device, so pending
/// events need no wait.
void releaseCachedBlocks(const Driver &driver) {
  BlockCache &cache = blockCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  for (auto &entry : cache.free) {
    driver.api.cuMemFree(entry.second.ptr);
    for (StreamUse &use : entry.second.uses)
      releaseEvent(cache, use.event);
  }
  cache.free.clear();
}

/// Notes that the block at `ptr` is used on `stream`; during a loan of that
/// stream, endLoan stamps it. Cache locked.
void addUse(CUdeviceptr ptr, std::vector<StreamUse> &uses, CUstream stream) {
  CUstream lent = nullptr;
  if (lentStream(lent) && lent == stream)
    loanBlocks.push_back(ptr);
  for (const StreamUse &use : uses)
    if (use.stream == stream)
      return;
  uses.push_back({stream});
}

/// Makes `stream` (none: the host) wait for the frees of `block` recorded on
/// other streams; gives the events back. Called with the cache locked.
void waitForUses(const Driver &driver, BlockCache &cache, FreeBlock &block,
                 bool hasStream, CUstream stream) {
  for (StreamUse &use : block.uses) {
    if (!hasStream || use.stream != stream) {
      if (hasStream)
        check(driver, "cuStreamWaitEvent",
              driver.api.cuStreamWaitEvent(stream, use.event, 0));
      else
        check(driver, "cuEventSynchronize",
              driver.api.cuEventSynchronize(use.event));
    }
    releaseEvent(cache, use.event);
  }
  block.uses.clear();
}
} // namespace

void ferric::cuda::endLoan(const Driver &driver, CUstream stream) {
  BlockCache &cache = blockCache();
  if (heldLoanEvent) {
    std::lock_guard<std::mutex> lock(cache.mutex);
    releaseEvent(cache, heldLoanEvent);
    heldLoanEvent = nullptr;
  }
  if (loanBlocks.empty() || !cachingAllocatorEnabled())
    return loanBlocks.clear();
  std::lock_guard<std::mutex> lock(cache.mutex);
  CUevent event = takeEvent(driver, cache);
  if (event && !check(driver, "cuEventRecord",
                      driver.api.cuEventRecord(event, stream))) {
    releaseEvent(cache, event);
    event = nullptr;
  }
  // Without an event the uses stay unstamped: their free records one (the
  // caller's stream must then still exist), as before.
  if (event) {
    // One user: the hold for ferricCudaTakeLoanEvent.
    cache.eventUsers[event] = 1;
    heldLoanEvent = event;
    for (CUdeviceptr ptr : loanBlocks) {
      auto it = cache.live.find(ptr);
      if (it == cache.live.end())
        continue;
      for (StreamUse &use : it->second.uses)
        if (use.stream == stream && use.event != event) {
          releaseEvent(cache, use.event);
          use.event = event;
          ++cache.eventUsers[event];
        }
    }
  }
  loanBlocks.clear();
}

extern "C" void *ferricCudaTakeLoanEvent(void) {
  CUevent event = heldLoanEvent;
  heldLoanEvent = nullptr;
  return event;
}

extern "C" void ferricCudaReleaseEvent(void *event) {
  if (!event)
    return;
  BlockCache &cache = blockCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  releaseEvent(cache, handle<CUevent_st>(event));
}

extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
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
  // The stream the block will be used on: the lent one, else the one the
  // host code names (null from the runner's own allocations: the host).
  CUstream lent = nullptr;
  bool isLent = lentStream(lent);
  CUstream user = isLent ? lent : handle<CUstream_st>(stream);
  bool hasUser = isLent || stream;
  uint64_t size = roundedSize(sizeBytes);
  BlockCache &cache = blockCache();
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto range = cache.free.equal_range(size);
    // Prefer a block no other stream has to wait for.
    auto pick = range.first;
    for (auto it = range.first; it != range.second; ++it) {
      bool clear = true;
      for (const StreamUse &use : it->second.uses)
        clear = clear && hasUser && use.stream == user;
      if (clear) {
        pick = it;
        break;
      }
    }
    if (pick != range.second) {
      ptr = pick->second.ptr;
      waitForUses(*driver, cache, pick->second, hasUser, user);
      cache.free.erase(pick);
      LiveBlock &live = cache.live[ptr];
      live = {size, {}};
      if (isLent)
        addUse(ptr, live.uses, lent);
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
  LiveBlock &live = cache.live[ptr];
  live = {size, {}};
  if (isLent)
    addUse(ptr, live.uses, lent);
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
      FreeBlock block{it->first, std::move(it->second.uses)};
      uint64_t size = it->second.size;
      cache.live.erase(it);
      // Stamped uses keep their loan's event; a use on the stream lent now
      // (a temporary of the running call) or one marked outside a loan
      // records an event here, on a stream that is alive.
      CUstream lent = nullptr;
      bool isLent = lentStream(lent);
      bool recorded = true;
      for (StreamUse &use : block.uses) {
        if (use.event && !(isLent && use.stream == lent))
          continue;
        releaseEvent(cache, use.event);
        use.event = takeEvent(*driver, cache);
        recorded = use.event && driver->api.cuEventRecord(
                                    use.event, use.stream) == CUDA_SUCCESS;
        if (!recorded)
          break;
      }
      if (recorded) {
        cache.free.emplace(size, std::move(block));
        return;
      }
      // Without an event to wait for, the block cannot be handed out again
      // safely: cuMemFree waits for the device instead.
      for (StreamUse &use : block.uses)
        releaseEvent(cache, use.event);
    }
  }
  check(*driver, "cuMemFree", driver->api.cuMemFree(devicePtr(ptr)));
}

extern "C" void ferricCudaMemRecordStream(void *ptr, void *stream) {
  if (!ptr || !cachingAllocatorEnabled())
    return;
  BlockCache &cache = blockCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto it = cache.live.find(devicePtr(ptr));
  if (it != cache.live.end())
    addUse(it->first, it->second.uses,
           stream ? handle<CUstream_st>(stream) : legacyStream());
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
