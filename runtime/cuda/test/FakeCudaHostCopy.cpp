//===- FakeCudaHostCopy.cpp - Pinned memory and queued async copies -------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// cuMemHostAlloc/cuMemFreeHost and cuMemcpyHtoDAsync/cuMemcpyDtoHAsync of
// the fake CUDA driver (see FakeCudaQueue.h for why copies with pinned host
// memory are queued). A copy whose host side is pageable runs at once, as
// the real driver's does (it stages the bytes before returning). Freeing
// pinned memory that a queued copy still uses is CUDA_ERROR_INVALID_VALUE
// (the real driver would let the copy read freed memory).
//
//===----------------------------------------------------------------------===//

#include "FakeCudaQueue.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

using namespace ferric::cuda;

namespace {

constexpr CUresult kInvalidValue = 1;
constexpr CUresult kInvalidHandle = 400;

struct Copy {
  void *dst;
  const void *src;
  size_t bytes;
  uintptr_t pinned; // the pinned side, to refuse freeing it early
};

struct StreamQueue {
  std::vector<Copy> copies; // not run yet, in order
  unsigned long long done = 0, queued = 0;
};

struct Queues {
  std::mutex mutex;
  std::map<uintptr_t, size_t> pinned; // cuMemHostAlloc: address -> bytes
  std::map<CUstream, StreamQueue> streams;
  std::map<CUevent, std::pair<CUstream, unsigned long long>> events;
};

Queues &queues() {
  static Queues *q = new Queues(); // the runtime frees at exit too
  return *q;
}

/// Runs the copies of `q` up to number `upTo`. Queues locked.
void run(StreamQueue &q, unsigned long long upTo) {
  size_t n = 0;
  while (q.done < upTo && n < q.copies.size()) {
    const Copy &c = q.copies[n++];
    std::memcpy(c.dst, c.src, c.bytes);
    ++q.done;
  }
  q.copies.erase(q.copies.begin(), q.copies.begin() + n);
}

/// The pinned allocation [p, p + bytes) lies in, or 0. Queues locked.
uintptr_t pinnedBase(Queues &q, uintptr_t p, size_t bytes) {
  auto it = q.pinned.upper_bound(p);
  if (it == q.pinned.begin())
    return 0;
  --it;
  return p + bytes <= it->first + it->second ? it->first : 0;
}

/// `name`: the exported symbol (traced); `api`: the public name, which
/// FERRIC_FAKE_CUDA_FAIL names.
CUresult asyncCopy(const char *name, const char *api, void *dst,
                   const void *src, size_t bytes, uintptr_t device,
                   uintptr_t host, CUstream stream) {
  fake::traceCopy(name, stream, dst, src, bytes);
  if (CUresult r = fake::injected(api))
    return r;
  if (!fake::validStream(stream))
    return kInvalidHandle;
  if (!fake::deviceRange(device, bytes) || !host)
    return kInvalidValue;
  fake::countCopy();
  Queues &q = queues();
  std::lock_guard<std::mutex> lock(q.mutex);
  uintptr_t pinned = pinnedBase(q, host, bytes);
  StreamQueue &sq = q.streams[stream];
  if (!pinned) {
    run(sq, sq.queued); // after what the stream holds already
    std::memcpy(dst, src, bytes);
    return CUDA_SUCCESS;
  }
  sq.copies.push_back({dst, src, bytes, pinned});
  ++sq.queued;
  return CUDA_SUCCESS;
}

} // namespace

void ferric::cuda::fake::drain(CUstream stream) {
  Queues &q = queues();
  std::lock_guard<std::mutex> lock(q.mutex);
  auto it = q.streams.find(stream);
  if (it != q.streams.end())
    run(it->second, it->second.queued);
}

void ferric::cuda::fake::drainAll() {
  Queues &q = queues();
  std::lock_guard<std::mutex> lock(q.mutex);
  for (auto &[stream, sq] : q.streams)
    run(sq, sq.queued);
}

void ferric::cuda::fake::recordEvent(CUevent event, CUstream stream) {
  Queues &q = queues();
  std::lock_guard<std::mutex> lock(q.mutex);
  q.events[event] = {stream, q.streams[stream].queued};
}

void ferric::cuda::fake::drainEvent(CUevent event) {
  Queues &q = queues();
  std::lock_guard<std::mutex> lock(q.mutex);
  auto it = q.events.find(event);
  if (it != q.events.end())
    run(q.streams[it->second.first], it->second.second);
}

void ferric::cuda::fake::forgetEvent(CUevent event) {
  Queues &q = queues();
  std::lock_guard<std::mutex> lock(q.mutex);
  q.events.erase(event);
}

#define FAKE_ENTRY extern "C" __attribute__((visibility("default"))) CUresult

FAKE_ENTRY cuMemHostAlloc(void **ptr, size_t bytes, unsigned) {
  fake::trace("cuMemHostAlloc", nullptr);
  if (CUresult r = fake::injected("cuMemHostAlloc"))
    return r;
  if (!ptr || !bytes)
    return kInvalidValue;
  void *p = std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
  if (!p)
    return CUDA_ERROR_OUT_OF_MEMORY;
  Queues &q = queues();
  std::lock_guard<std::mutex> lock(q.mutex);
  q.pinned[reinterpret_cast<uintptr_t>(p)] = bytes;
  *ptr = p;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuMemFreeHost(void *ptr) {
  fake::trace("cuMemFreeHost", nullptr);
  Queues &q = queues();
  std::lock_guard<std::mutex> lock(q.mutex);
  auto it = q.pinned.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == q.pinned.end())
    return kInvalidValue;
  for (auto &[stream, sq] : q.streams)
    for (const Copy &c : sq.copies)
      if (c.pinned == it->first)
        return kInvalidValue;
  q.pinned.erase(it);
  std::free(ptr);
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes,
                                CUstream stream) {
  return asyncCopy("cuMemcpyHtoDAsync_v2", "cuMemcpyHtoDAsync",
                   reinterpret_cast<void *>(dst), src, bytes, dst,
                   reinterpret_cast<uintptr_t>(src), stream);
}

FAKE_ENTRY cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes,
                                CUstream stream) {
  return asyncCopy("cuMemcpyDtoHAsync_v2", "cuMemcpyDtoHAsync", dst,
                   reinterpret_cast<void *>(src), bytes, src,
                   reinterpret_cast<uintptr_t>(dst), stream);
}
