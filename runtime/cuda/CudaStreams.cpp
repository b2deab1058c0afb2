//===- CudaStreams.cpp - Streams and events of the CUDA runtime -----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// mgpuStreamCreate hands out a cached stream per thread and device, because
// the host code that `gpu-to-llvm` emits creates, synchronizes and destroys
// a stream around every launch, which was measured at 14-18 us per launch
// against 9-10 us with a reused stream. FERRIC_CUDA_FRESH_STREAMS restores
// upstream's stream per call (and turns the caching allocator off).
//
// A caller may lend its own stream for the duration of a run
// (ferricCudaUseStream): mgpuStreamCreate, and everything else that works on
// the cached stream, then uses that stream, and mgpuStreamSynchronize and
// mgpuStreamDestroy leave it alone, so the run is queued asynchronously
// behind the caller's work and the caller decides when to wait.
//
//===----------------------------------------------------------------------===//

#include "CudaOptions.h"
#include "CudaRuntimeInternal.h"
#include "FerricCudaRuntime.h"

#include <mutex>
#include <pthread.h>
#include <vector>

using namespace ferric;
using namespace ferric::cuda;

namespace {

/// The calling thread's cached streams, one per device. Trivially
/// destructible on purpose: it must stay usable from static destructors run
/// at exit, after the destructors of non-trivial thread_locals.
struct ThreadStreams {
  CUstream streams[kMaxDevices];
  bool cleanupRegistered;
  /// The stream lent by ferricCudaUseStream (null is the legacy default
  /// stream, hence the flag).
  CUstream lent;
  bool hasLent;
};
thread_local ThreadStreams threadStreams = {};

/// Every thread's cached streams, so that mgpuStreamDestroy on another
/// thread's cached stream does not destroy it under that thread.
std::mutex cachedStreamsMutex;
std::vector<CUstream> &cachedStreams() {
  static auto *streams = new std::vector<CUstream>;
  return *streams;
}

/// Destroys a thread's cached streams when it exits. pthread key destructors
/// do not run for the thread that calls exit(), which is what we want: at
/// exit the driver releases everything anyway and may already be gone.
void destroyThreadStreams(void *value) {
  const Driver *driver = loadedDriver();
  auto *streams = static_cast<ThreadStreams *>(value);
  if (!driver || !streams)
    return;
  std::lock_guard<std::mutex> lock(cachedStreamsMutex);
  std::vector<CUstream> &all = cachedStreams();
  for (CUstream &stream : streams->streams) {
    if (!stream)
      continue;
    for (size_t i = 0; i < all.size(); ++i) {
      if (all[i] == stream) {
        all[i] = all.back();
        all.pop_back();
        break;
      }
    }
    // Errors are ignored: there is nobody left on this thread to tell.
    driver->api.cuStreamDestroy(stream);
    stream = nullptr;
  }
}

pthread_key_t threadStreamsKey() {
  static pthread_key_t key = [] {
    pthread_key_t newKey;
    pthread_key_create(&newKey, destroyThreadStreams);
    return newKey;
  }();
  return key;
}

} // namespace

bool ferric::cuda::lentStream(CUstream &stream) {
  stream = threadStreams.lent;
  return threadStreams.hasLent;
}

bool ferric::cuda::isCachedStream(CUstream stream) {
  if (threadStreams.hasLent && stream == threadStreams.lent)
    return true;
  for (CUstream cached : threadStreams.streams)
    if (cached == stream)
      return true;
  std::lock_guard<std::mutex> lock(cachedStreamsMutex);
  for (CUstream cached : cachedStreams())
    if (cached == stream)
      return true;
  return false;
}

CUstream ferric::cuda::createStream(const Driver &driver) {
  CUstream stream = nullptr;
  // Non-blocking, as upstream: the stream does not synchronize with the
  // legacy default stream that other code in the process may use.
  if (!check(driver, "cuStreamCreate",
             driver.api.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING)))
    return nullptr;
  return stream;
}

CUstream ferric::cuda::cachedStream(const Driver &driver) {
  if (threadStreams.hasLent)
    return threadStreams.lent;
  CUstream &stream = threadStreams.streams[defaultDevice()];
  if (stream)
    return stream;
  stream = createStream(driver);
  if (!stream)
    return nullptr;
  {
    std::lock_guard<std::mutex> lock(cachedStreamsMutex);
    cachedStreams().push_back(stream);
  }
  if (!threadStreams.cleanupRegistered) {
    pthread_setspecific(threadStreamsKey(), &threadStreams);
    threadStreams.cleanupRegistered = true;
  }
  return stream;
}

//===----------------------------------------------------------------------===//
// MLIR GPU runtime ABI
//===----------------------------------------------------------------------===//

extern "C" void *mgpuStreamCreate(void) {
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  if (threadStreams.hasLent)
    return threadStreams.lent;
  return options().freshStreams ? createStream(*driver) : cachedStream(*driver);
}

extern "C" void mgpuStreamDestroy(void *stream) {
  if (!stream)
    return;
  if (!loadedDriver())
    return;
  // The cached streams live until their thread exits.
  CUstream s = handle<CUstream_st>(stream);
  if (threadStreams.hasLent && s == threadStreams.lent)
    return;
  if (!options().freshStreams && isCachedStream(s))
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuStreamDestroy",
        driver->api.cuStreamDestroy(handle<CUstream_st>(stream)));
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  // The lender waits when it wants to: that is the point of lending.
  if (threadStreams.hasLent &&
      handle<CUstream_st>(stream) == threadStreams.lent)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuStreamSynchronize",
        driver->api.cuStreamSynchronize(handle<CUstream_st>(stream)));
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  if (!event)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuStreamWaitEvent",
        driver->api.cuStreamWaitEvent(handle<CUstream_st>(stream),
                                      handle<CUevent_st>(event), 0));
}

extern "C" void *mgpuEventCreate(void) {
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  CUevent event = nullptr;
  if (!check(*driver, "cuEventCreate",
             driver->api.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING)))
    return nullptr;
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  if (!event)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuEventDestroy",
        driver->api.cuEventDestroy(handle<CUevent_st>(event)));
}

extern "C" void mgpuEventSynchronize(void *event) {
  if (!event)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuEventSynchronize",
        driver->api.cuEventSynchronize(handle<CUevent_st>(event)));
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  if (!event)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  check(*driver, "cuEventRecord",
        driver->api.cuEventRecord(handle<CUevent_st>(event),
                                  handle<CUstream_st>(stream)));
}

extern "C" void ferricCudaUseStream(int active, void *stream) {
  if (threadStreams.hasLent && !active)
    if (const Driver *driver = loadedDriver())
      endLoan(*driver, threadStreams.lent);
  // The context is checked (and made current) once for the whole loan, if
  // there is a driver (lending needs none and records nothing without).
  loanContext() = nullptr;
  if (active && loadedDriver()) {
    runtime::QuietScope quiet;
    loanContext() = enterContext();
  }
  threadStreams.hasLent = active != 0;
  // Null (the legacy default stream) is lent as CU_STREAM_LEGACY: some
  // users of the cached stream take null for "no stream".
  CUstream s = stream ? handle<CUstream_st>(stream) : legacyStream();
  threadStreams.lent = active ? s : nullptr;
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

extern "C" void *ferricCudaEventCreateTimed(void) {
  runtime::QuietScope quiet;
  const Driver *driver = enter();
  if (!driver)
    return nullptr;
  CUevent event = nullptr;
  if (!check(*driver, "cuEventCreate",
             driver->api.cuEventCreate(&event, CU_EVENT_DEFAULT)))
    return nullptr;
  return event;
}

extern "C" float ferricCudaEventElapsedMs(void *start, void *end) {
  runtime::QuietScope quiet;
  if (!start || !end) {
    recordError("ferricCudaEventElapsedMs: null event");
    return -1.0f;
  }
  const Driver *driver = enter();
  if (!driver)
    return -1.0f;
  if (!driver->api.cuEventElapsedTime) {
    recordError("ferricCudaEventElapsedMs: the CUDA driver lacks "
                "cuEventElapsedTime");
    return -1.0f;
  }
  float ms = 0.0f;
  if (!check(*driver, "cuEventSynchronize",
             driver->api.cuEventSynchronize(handle<CUevent_st>(end))) ||
      !check(*driver, "cuEventElapsedTime",
             driver->api.cuEventElapsedTime(&ms, handle<CUevent_st>(start),
                                            handle<CUevent_st>(end))))
    return -1.0f;
  return ms;
}
