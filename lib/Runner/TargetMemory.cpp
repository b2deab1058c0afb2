//===- TargetMemory.cpp - Buffers, copies and events on a target ---------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// What callers do with a target's memory outside a call (the C API and
// Python's Tensor): allocate, free and copy buffers, synchronize a stream,
// record and wait on events (CUDA's). Each goes through the target's
// runtime library, or plain host memory for the CPU.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/Runner.h"

#include "RuntimeLibs.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

void mlir::ferric::runner::releaseOnTarget(Target target, void *allocation) {
  if (!allocation)
    return;
  auto lib = RuntimeLib::get(target);
  if (!lib) {
    llvm::consumeError(lib.takeError());
    return;
  }
  if (*lib)
    (*lib)->api->memFree(allocation, nullptr);
  else
    std::free(allocation);
}

llvm::Expected<void *> mlir::ferric::runner::allocateOnTarget(Target target,
                                                              size_t bytes) {
  auto lib = RuntimeLib::get(target);
  if (!lib)
    return lib.takeError();
  // Never null on success, even for 0 bytes, so that a pointer identifies
  // the buffer; 64-byte aligned on the host (the code assumes 16). Rounding
  // a size within 63 bytes of SIZE_MAX up would wrap to 0 (a 64-byte buffer
  // returned for ~2^64 bytes): no allocator can give half the address space.
  if (bytes > std::numeric_limits<size_t>::max() / 2)
    return llvm::createStringError("cannot allocate " + std::to_string(bytes) +
                                   " bytes on the target: more than half the "
                                   "address space");
  size_t size = std::max<size_t>(64, (bytes + 63) / 64 * 64);
  void *p = *lib ? (*lib)->api->memAlloc(size, nullptr, false)
                 : std::aligned_alloc(64, size);
  if (!p) {
    std::string why = *lib ? (*lib)->takeError() : std::string();
    return llvm::createStringError("cannot allocate " + std::to_string(bytes) +
                                   " bytes on the target" +
                                   (why.empty() ? std::string() : ": " + why));
  }
  return p;
}

llvm::Error mlir::ferric::runner::copyOnTarget(Target target, void *dst,
                                               const void *src, size_t bytes) {
  if (!bytes)
    return llvm::Error::success();
  auto lib = RuntimeLib::get(target);
  if (!lib)
    return lib.takeError();
  if (!*lib) {
    std::memcpy(dst, src, bytes);
    return llvm::Error::success();
  }
  // Unified addressing: the runtime's memcpy copies in any direction. (An
  // earlier call's error is dropped first so that it is not reported here.)
  (void)(*lib)->takeError();
  (*lib)->api->memcpy(dst, const_cast<void *>(src), bytes, nullptr);
  (*lib)->api->streamSynchronize(nullptr);
  std::string why = (*lib)->takeError();
  if (!why.empty())
    return llvm::createStringError("copy on the target failed: " + why);
  return llvm::Error::success();
}

llvm::Error mlir::ferric::runner::copyHostOnTarget(Target target, void *dst,
                                                   const void *src,
                                                   size_t bytes,
                                                   bool toTarget) {
  if (!bytes)
    return llvm::Error::success();
  auto lib = RuntimeLib::get(target);
  if (!lib)
    return lib.takeError();
  if (!*lib || !(*lib)->api->copyHost)
    return copyOnTarget(target, dst, src, bytes);
  (void)(*lib)->takeError();
  (*lib)->api->copyHost(dst, src, bytes, toTarget);
  std::string why = (*lib)->takeError();
  if (!why.empty())
    return llvm::createStringError("copy on the target failed: " + why);
  return llvm::Error::success();
}

/// Runs `call` on the runtime; the error it records, prefixed by `what`.
static llvm::Error runtimeCall(const RuntimeLib &lib, llvm::StringRef what,
                               llvm::function_ref<void()> call) {
  (void)lib.takeError();
  call();
  std::string why = lib.takeError();
  if (!why.empty())
    return llvm::createStringError(what + ": " + why);
  return llvm::Error::success();
}

llvm::Error mlir::ferric::runner::synchronizeTarget(Target target,
                                                    void *stream) {
  auto lib = RuntimeLib::get(target);
  if (!lib)
    return lib.takeError();
  if (!*lib)
    return llvm::Error::success(); // the CPU runs synchronously
  return runtimeCall(**lib, "stream synchronization failed",
                     [&] { (*lib)->api->streamSynchronize(stream); });
}

/// The runtime of `target` if it has events (CUDA), else an error.
static llvm::Expected<const RuntimeLib *> eventRuntime(Target target) {
  auto lib = RuntimeLib::get(target);
  if (!lib)
    return lib.takeError();
  if (!*lib || !(*lib)->api->eventCreateTimed || !(*lib)->api->eventRecord ||
      !(*lib)->api->eventSynchronize || !(*lib)->api->eventDestroy)
    return llvm::createStringError("events are CUDA's (this target is " +
                                   targetName(target).str() + ")");
  return *lib;
}

/// eventRuntime for the calls that give something back and cannot fail:
/// null (the error dropped) where there is none.
static const RuntimeLib *eventRuntimeOrNull(Target target) {
  auto lib = eventRuntime(target);
  if (!lib) {
    llvm::consumeError(lib.takeError());
    return nullptr;
  }
  return *lib;
}

namespace {
/// Events handed out by recordTargetEvent and given back to
/// destroyTargetEvent, kept for the next record: a stream= call from Python
/// records one for its results, and creating and destroying one per call
/// were two driver calls of its host cost. Untimed (cheaper to record)
/// where the runtime exports mgpuEventCreate.
struct EventPool {
  std::mutex mutex;
  std::vector<void *> free;
  static constexpr size_t kMaxFree = 64;

  void *take(const RuntimeLib &lib) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!free.empty()) {
        void *event = free.back();
        free.pop_back();
        return event;
      }
    }
    for (const auto &[name, address] : lib.exports)
      if (name == "mgpuEventCreate")
        return reinterpret_cast<void *(*)()>(address)();
    return lib.api->eventCreateTimed();
  }
  void give(const RuntimeLib &lib, void *event) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (free.size() < kMaxFree) {
        free.push_back(event);
        return;
      }
    }
    lib.api->eventDestroy(event);
  }
};

EventPool &eventPool() {
  static EventPool *pool = new EventPool; // used until exit
  return *pool;
}
} // namespace

llvm::Expected<void *> mlir::ferric::runner::recordTargetEvent(Target target,
                                                               void *stream) {
  auto lib = eventRuntime(target);
  if (!lib)
    return lib.takeError();
  (void)(*lib)->takeError();
  void *event = eventPool().take(**lib);
  if (event)
    (*lib)->api->eventRecord(event, stream);
  std::string why = (*lib)->takeError();
  if (!event || !why.empty()) {
    if (event)
      (*lib)->api->eventDestroy(event);
    return llvm::createStringError("cannot record an event: " + why);
  }
  return event;
}

llvm::Error mlir::ferric::runner::synchronizeTargetEvent(Target target,
                                                         void *event) {
  auto lib = eventRuntime(target);
  if (!lib)
    return lib.takeError();
  if (!event)
    return llvm::createStringError("the event is null");
  return runtimeCall(**lib, "event synchronization failed",
                     [&] { (*lib)->api->eventSynchronize(event); });
}

void *mlir::ferric::runner::takeLoanEvent(Target target) {
  const RuntimeLib *lib = eventRuntimeOrNull(target);
  return lib && lib->api->takeLoanEvent ? lib->api->takeLoanEvent() : nullptr;
}

void mlir::ferric::runner::releaseLoanEvent(Target target, void *event) {
  const RuntimeLib *lib = eventRuntimeOrNull(target);
  if (lib && event && lib->api->releaseEvent)
    lib->api->releaseEvent(event);
}

void mlir::ferric::runner::destroyTargetEvent(Target target, void *event) {
  const RuntimeLib *lib = eventRuntimeOrNull(target);
  if (lib && event)
    eventPool().give(*lib, event);
}
