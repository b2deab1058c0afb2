//===- JitCall.cpp - Guarded calls into JIT'd code ------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// See JitCall.h. The state of the call in progress is thread-local: Python
// may run executables from several threads. Outside a guarded call (the
// module's global constructors) the wrappers behave like what they wrap.
//
//===----------------------------------------------------------------------===//

#include "JitCall.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <atomic>
#include <csetjmp>
#include <cstdlib>

using namespace mlir::ferric::runner;

namespace {
struct CallState {
  std::jmp_buf env;
  /// Host buffers the call allocated and has not freed.
  llvm::DenseSet<void *> live;
  /// Device buffers (CUDA) the call allocated and has not freed, with the
  /// target that allocated them.
  llvm::DenseMap<void *, int> liveOnDevice;
  uint64_t failedBytes = 0;
  bool failedOnDevice = false;
};
thread_local CallState *current = nullptr;

[[noreturn]] void fail(CallState &state, uint64_t bytes, bool onDevice) {
  state.failedBytes = bytes;
  state.failedOnDevice = onDevice;
  std::longjmp(state.env, 1);
}

/// Records host block `p` of `bytes` for the running call; a failed
/// allocation ends the call.
void *trackHost(void *p, size_t bytes) {
  if (CallState *state = current) {
    if (!p && bytes)
      fail(*state, bytes, /*onDevice=*/false);
    if (p)
      state->live.insert(p);
  }
  return p;
}

extern "C" void *ferricJitMalloc(size_t bytes) {
  return trackHost(std::malloc(bytes), bytes);
}

extern "C" void *ferricJitAlignedAlloc(size_t alignment, size_t bytes) {
  return trackHost(std::aligned_alloc(alignment, bytes), bytes);
}

extern "C" void ferricJitFree(void *p) {
  if (CallState *state = current)
    state->live.erase(p);
  std::free(p);
}

/// The runtime's mgpuMemAlloc and mgpuMemFree, per target (CUDA and
/// Vulkan may both be open in one process).
std::atomic<MemAllocFn> runtimeMemAlloc[4];
std::atomic<MemFreeFn> runtimeMemFree[4];

template <int TargetIndex>
void *guardedMemAlloc(uint64_t bytes, void *stream, bool hostShared) {
  MemAllocFn real = runtimeMemAlloc[TargetIndex].load();
  void *p = real ? real(bytes, stream, hostShared) : nullptr;
  // Both runtimes return null for 0 bytes; otherwise null is a failure the
  // runtime has recorded (the runner reports it after the call).
  if (CallState *state = current) {
    if (!p && bytes)
      fail(*state, bytes, /*onDevice=*/true);
    if (p)
      state->liveOnDevice[p] = TargetIndex;
  }
  return p;
}

template <int TargetIndex> void guardedMemFree(void *p, void *stream) {
  if (CallState *state = current)
    state->liveOnDevice.erase(p);
  if (MemFreeFn real = runtimeMemFree[TargetIndex].load())
    real(p, stream);
}

constexpr int kCUDA = static_cast<int>(Target::CUDA);
constexpr int kVulkan = static_cast<int>(Target::Vulkan);
constexpr int kWebGPU = static_cast<int>(Target::WebGPU);

void *memAllocWrapper(Target target) {
  if (target == Target::WebGPU)
    return reinterpret_cast<void *>(&guardedMemAlloc<kWebGPU>);
  return target == Target::CUDA
             ? reinterpret_cast<void *>(&guardedMemAlloc<kCUDA>)
             : reinterpret_cast<void *>(&guardedMemAlloc<kVulkan>);
}
void *memFreeWrapper(Target target) {
  if (target == Target::WebGPU)
    return reinterpret_cast<void *>(&guardedMemFree<kWebGPU>);
  return target == Target::CUDA
             ? reinterpret_cast<void *>(&guardedMemFree<kCUDA>)
             : reinterpret_cast<void *>(&guardedMemFree<kVulkan>);
}
} // namespace

std::vector<std::pair<std::string, void *>>
mlir::ferric::runner::guardedAllocators(Target target, MemAllocFn runtimeAlloc,
                                        MemFreeFn runtimeFree) {
  std::vector<std::pair<std::string, void *>> symbols = {
      {"malloc", reinterpret_cast<void *>(&ferricJitMalloc)},
      {"aligned_alloc", reinterpret_cast<void *>(&ferricJitAlignedAlloc)},
      {"free", reinterpret_cast<void *>(&ferricJitFree)},
  };
  if (target != Target::CPU && runtimeAlloc && runtimeFree) {
    runtimeMemAlloc[static_cast<int>(target)].store(runtimeAlloc);
    runtimeMemFree[static_cast<int>(target)].store(runtimeFree);
    symbols.emplace_back("mgpuMemAlloc", memAllocWrapper(target));
    symbols.emplace_back("mgpuMemFree", memFreeWrapper(target));
  }
  return symbols;
}

llvm::Error mlir::ferric::runner::callGuarded(void (*fn)(void **), void **args,
                                              llvm::StringRef entry) {
  CallState state;
  CallState *outer = current;
  current = &state;
  // Nothing this frame changes between setjmp and longjmp lives in a
  // register: `state` is reached through its address.
  if (setjmp(state.env) == 0) {
    fn(args);
    current = outer;
    return llvm::Error::success();
  }
  current = outer;
  for (void *p : state.live)
    std::free(p);
  for (auto [p, target] : state.liveOnDevice)
    if (MemFreeFn real = runtimeMemFree[target].load())
      real(p, nullptr);
  return llvm::createStringError(
      std::make_error_code(std::errc::not_enough_memory),
      "@" + entry.str() + " could not allocate " +
          std::to_string(state.failedBytes) + " bytes" +
          (state.failedOnDevice ? " on the device" : "") +
          " (out of memory, or a size computed at run time is negative or "
          "too large)");
}
