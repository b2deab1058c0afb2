//===- FakeCudaMemory.cpp - The fake CUDA driver's memory entry points ----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Device memory of the fake driver (FakeCudaDriver.cpp says what it is):
// zero-filled host memory within FERRIC_FAKE_CUDA_MEMORY, with copies and
// fills checked against the allocations.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaState.h"

using namespace ferric::cuda;
using namespace ferric::cuda::fake;

FAKE_ENTRY cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  trace("cuMemAlloc_v2", nullptr);
  FAKE_CHECK("cuMemAlloc");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (bytes == 0)
    return kInvalidValue;
  if (bytes > s.capacity - s.allocated)
    return CUDA_ERROR_OUT_OF_MEMORY;
  size_t rounded = (bytes + 255) / 256 * 256;
  void *p = std::aligned_alloc(256, rounded);
  if (!p)
    return CUDA_ERROR_OUT_OF_MEMORY;
  std::memset(p, 0, rounded);
  s.allocations[reinterpret_cast<uintptr_t>(p)] = bytes;
  s.allocated += bytes;
  ++s.allocs;
  *ptr = reinterpret_cast<CUdeviceptr>(p);
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuMemAllocManaged(CUdeviceptr *ptr, size_t bytes, unsigned) {
  called("cuMemAllocManaged");
  return cuMemAlloc_v2(ptr, bytes);
}

FAKE_ENTRY cuMemFree_v2(CUdeviceptr ptr) {
  trace("cuMemFree_v2", nullptr);
  fake::drainAll(); // cuMemFree waits for the device
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.allocations.find(static_cast<uintptr_t>(ptr));
  if (it == s.allocations.end())
    return kInvalidValue;
  s.allocated -= it->second;
  s.allocations.erase(it);
  ++s.frees;
  std::free(reinterpret_cast<void *>(ptr));
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                         CUstream stream) {
  traceCopy("cuMemcpyAsync", stream, reinterpret_cast<void *>(dst),
            reinterpret_cast<void *>(src), bytes);
  FAKE_CHECK("cuMemcpyAsync");
  fake::drain(stream);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!validStream(s, stream) || !validEndpoint(s, dst, bytes) ||
      !validEndpoint(s, src, bytes))
    return kInvalidValue;
  if (bytes)
    std::memmove(reinterpret_cast<void *>(dst),
                 reinterpret_cast<const void *>(src), bytes);
  ++s.copies;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
  called("cuMemcpyHtoD_v2");
  FAKE_CHECK("cuMemcpyHtoD");
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!inAllocation(s, dst, bytes))
    return kInvalidValue;
  if (bytes)
    std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
  ++s.copies;
  return CUDA_SUCCESS;
}

template <typename T>
static CUresult fill(CUdeviceptr dst, T value, size_t count, CUstream stream) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!validStream(s, stream) || !inAllocation(s, dst, count * sizeof(T)))
    return kInvalidValue;
  T *p = reinterpret_cast<T *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
  ++s.fills;
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count,
                            CUstream stream) {
  trace("cuMemsetD32Async", stream);
  FAKE_CHECK("cuMemsetD32Async");
  fake::drain(stream);
  return fill<unsigned>(dst, value, count, stream);
}

FAKE_ENTRY cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                            CUstream stream) {
  trace("cuMemsetD16Async", stream);
  FAKE_CHECK("cuMemsetD16Async");
  fake::drain(stream);
  return fill<unsigned short>(dst, value, count, stream);
}

FAKE_ENTRY cuMemHostRegister_v2(void *, size_t, unsigned) {
  called("cuMemHostRegister_v2");
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuMemHostUnregister(void *) {
  called("cuMemHostUnregister");
  return CUDA_SUCCESS;
}

FAKE_ENTRY cuTensorMapEncodeTiled(CUtensorMap *map, int, uint32_t, void *,
                                  const uint64_t *, const uint64_t *,
                                  const uint32_t *, const uint32_t *, int, int,
                                  int, int) {
  called("cuTensorMapEncodeTiled");
  std::memset(map, 0, sizeof(*map));
  return CUDA_SUCCESS;
}
