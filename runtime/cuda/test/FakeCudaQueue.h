//===- FakeCudaQueue.h - The fake driver's queued copies --------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The fake CUDA driver (FakeCudaDriver.cpp) runs everything at once, except
// asynchronous copies from and to pinned host memory (cuMemHostAlloc), which
// a real GPU runs later: FakeCudaHostCopy.cpp queues them per stream and runs
// them when the host waits for them (stream or event synchronization) or
// when later work on their stream needs them done. So a runtime that reuses
// a pinned buffer before the copy out of it has finished reads the wrong
// bytes here too, and its tests fail.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_CUDA_TEST_FAKECUDAQUEUE_H
#define FERRIC_RUNTIME_CUDA_TEST_FAKECUDAQUEUE_H

#include "../CudaDriver.h"

#include <cstddef>
#include <cstdint>

namespace ferric {
namespace cuda {
namespace fake {

// From FakeCudaDriver.cpp (each takes the driver's lock itself).
void trace(const char *name, const void *handle);
/// trace for a copy: the line also has its destination, source and size
/// (tests check that a call copies straight from and to the caller's
/// buffers).
void traceCopy(const char *name, const void *stream, const void *dst,
               const void *src, size_t bytes);
CUresult injected(const char *name);
/// Whether [p, p + bytes) lies inside one device allocation.
bool deviceRange(uintptr_t p, size_t bytes);
bool validStream(CUstream stream);
void countCopy();

// From FakeCudaHostCopy.cpp.
/// Runs every copy queued on `stream`.
void drain(CUstream stream);
/// Runs every queued copy (cuMemFree waits for the whole device).
void drainAll();
/// `event` marks the copies queued on `stream` so far.
void recordEvent(CUevent event, CUstream stream);
/// Runs the copies `event` marks.
void drainEvent(CUevent event);
void forgetEvent(CUevent event);

} // namespace fake
} // namespace cuda
} // namespace ferric

#endif // FERRIC_RUNTIME_CUDA_TEST_FAKECUDAQUEUE_H
