//===- CudaProfile.cpp - Timing every driver call (FERRIC_CUDA_PROFILE) ---===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// With FERRIC_CUDA_PROFILE=1 every resolved driver entry point is replaced by
// a wrapper that counts its calls and the host time spent in it, and the
// process prints one line per entry point called, at exit, on stderr:
//
//   ferric cuda profile: cuLaunchKernel: 1000 calls, 2345.6 us, 2.35 us/call
//
// most expensive first. It answers "what does one call of a compiled
// function cost in the driver" against the real driver, where the fake
// driver (FERRIC_FAKE_CUDA_CALLS) can only count. The wrappers are generated
// from the entry-point lists of CudaDriver.h, so a new entry point is
// profiled without further code.
//
//===----------------------------------------------------------------------===//

#include "CudaRuntimeInternal.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace ferric;
using namespace ferric::cuda;

namespace {

enum EntryPoint : unsigned {
#define FERRIC_CUDA_ENTRY_INDEX(member, symbol, ret, params) k_##member,
  FERRIC_CUDA_REQUIRED_ENTRY_POINTS(FERRIC_CUDA_ENTRY_INDEX)
      FERRIC_CUDA_OPTIONAL_ENTRY_POINTS(FERRIC_CUDA_ENTRY_INDEX)
#undef FERRIC_CUDA_ENTRY_INDEX
          kNumEntryPoints
};

const char *const entryNames[kNumEntryPoints] = {
#define FERRIC_CUDA_ENTRY_NAME(member, symbol, ret, params) #member,
    FERRIC_CUDA_REQUIRED_ENTRY_POINTS(FERRIC_CUDA_ENTRY_NAME)
        FERRIC_CUDA_OPTIONAL_ENTRY_POINTS(FERRIC_CUDA_ENTRY_NAME)
#undef FERRIC_CUDA_ENTRY_NAME
};

struct Counter {
  std::atomic<unsigned long long> calls{0}, nanoseconds{0};
};
Counter counters[kNumEntryPoints];

/// The wrapper of entry point `Index`, whose type is `Fn`: calls the real
/// entry point and adds the call and its duration to the counter.
template <unsigned Index, typename Fn> struct Timed;
template <unsigned Index, typename Ret, typename... Args>
struct Timed<Index, Ret (*)(Args...)> {
  static inline Ret (*real)(Args...) = nullptr;
  static Ret call(Args... args) {
    auto start = std::chrono::steady_clock::now();
    Ret result = real(args...);
    auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    counters[Index].calls.fetch_add(1, std::memory_order_relaxed);
    counters[Index].nanoseconds.fetch_add(ns, std::memory_order_relaxed);
    return result;
  }
};

void printProfile() {
  std::vector<unsigned> called;
  for (unsigned i = 0; i < kNumEntryPoints; ++i)
    if (counters[i].calls.load())
      called.push_back(i);
  std::stable_sort(called.begin(), called.end(), [](unsigned a, unsigned b) {
    return counters[a].nanoseconds.load() > counters[b].nanoseconds.load();
  });
  for (unsigned i : called) {
    double calls = static_cast<double>(counters[i].calls.load());
    double us = counters[i].nanoseconds.load() / 1000.0;
    std::fprintf(stderr,
                 "ferric cuda profile: %s: %.0f calls, %.1f us, %.2f us/call\n",
                 entryNames[i], calls, us, us / calls);
  }
}

} // namespace

void ferric::cuda::profileDriverCalls(DriverApi &api) {
#define FERRIC_CUDA_WRAP(member, symbol, ret, params)                          \
  if (api.member) {                                                            \
    using Wrapper = Timed<k_##member, decltype(api.member)>;                   \
    Wrapper::real = api.member;                                                \
    api.member = &Wrapper::call;                                               \
  }
  FERRIC_CUDA_REQUIRED_ENTRY_POINTS(FERRIC_CUDA_WRAP)
  FERRIC_CUDA_OPTIONAL_ENTRY_POINTS(FERRIC_CUDA_WRAP)
#undef FERRIC_CUDA_WRAP
  std::atexit(printProfile);
}
