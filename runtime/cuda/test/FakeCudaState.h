//===- FakeCudaState.h - The fake driver's state ----------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the fake CUDA driver's entry points share (FakeCudaDriver.cpp: init,
// devices, contexts, modules, launches, streams and events;
// FakeCudaMemory.cpp: device memory, copies and fills): its error codes, its
// state (allocations, live handles, counters, the environment's settings)
// and the checks on their arguments.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_CUDA_TEST_FAKECUDASTATE_H
#define FERRIC_RUNTIME_CUDA_TEST_FAKECUDASTATE_H

#include "FakeCudaQueue.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>

namespace ferric {
namespace cuda {
namespace fake {

constexpr CUresult kInvalidValue = 1;
constexpr CUresult kNotInitialized = 3;
constexpr CUresult kInvalidImage = 200;
constexpr CUresult kInvalidHandle = 400;
constexpr CUresult kNotFound = 500;
constexpr CUresult kLaunchOutOfResources = 701;
constexpr CUresult kUnknown = 999;

struct Function {
  std::string name;
  bool nonPortableClusters = false;
};

struct State {
  std::mutex mutex;
  bool initialized = false;
  size_t capacity = size_t(1) << 30;
  std::string failing;
  // Allocations (address -> bytes), streams, events, modules, functions.
  std::map<uintptr_t, size_t> allocations;
  size_t allocated = 0;
  std::set<void *> streams, events, modules;
  std::map<void *, Function *> functions;
  // Counters for FERRIC_FAKE_CUDA_STATS.
  unsigned long launches = 0, allocs = 0, frees = 0, copies = 0, fills = 0,
                moduleLoads = 0, streamsCreated = 0, eventsRecorded = 0,
                syncs = 0;
  // Calls per entry point, for FERRIC_FAKE_CUDA_CALLS.
  std::map<std::string, unsigned long> calls;
  bool stats = false, trace = false, countCalls = false;

  State() {
    if (const char *m = std::getenv("FERRIC_FAKE_CUDA_MEMORY"))
      capacity = std::strtoull(m, nullptr, 10);
    if (const char *f = std::getenv("FERRIC_FAKE_CUDA_FAIL"))
      failing = f;
    const char *s = std::getenv("FERRIC_FAKE_CUDA_STATS");
    stats = s && *s && std::strcmp(s, "0") != 0;
    const char *t = std::getenv("FERRIC_FAKE_CUDA_TRACE");
    trace = t && *t && std::strcmp(t, "0") != 0;
    const char *c = std::getenv("FERRIC_FAKE_CUDA_CALLS");
    countCalls = c && *c && std::strcmp(c, "0") != 0;
  }
  void print() {
    std::lock_guard<std::mutex> lock(mutex);
    std::fprintf(stderr,
                 "fake-cuda: %lu launches, %lu allocations, %lu frees, %lu "
                 "copies, %lu fills, %lu module loads, %lu streams created, "
                 "%lu events recorded, %lu synchronizations, %zu bytes still "
                 "allocated\n",
                 launches, allocs, frees, copies, fills, moduleLoads,
                 streamsCreated, eventsRecorded, syncs, allocated);
  }
  void printCalls() {
    std::lock_guard<std::mutex> lock(mutex);
    std::string line = "fake-cuda: calls:";
    for (auto &[name, n] : calls)
      line += " " + name + " " + std::to_string(n) + ",";
    line.back() = '\n';
    std::fputs(line.c_str(), stderr);
  }
};

/// The driver's one state, made on first use from the environment.
State &state();
/// Counts a call of entry point `name` (FERRIC_FAKE_CUDA_CALLS).
void called(const char *name);
/// Is [p, p + bytes) inside one allocation? (Caller holds the mutex.)
bool inAllocation(State &s, uintptr_t p, size_t bytes);
/// A stream argument: 0 (the legacy default stream), 2 (the per-thread
/// default stream) or one created and not destroyed.
bool validStream(State &s, CUstream stream);
/// A copy endpoint: device memory must lie in an allocation; other
/// addresses are host memory (unified addressing).
bool validEndpoint(State &s, uintptr_t p, size_t bytes);

} // namespace fake
} // namespace cuda
} // namespace ferric

#define FAKE_ENTRY extern "C" __attribute__((visibility("default"))) CUresult
#define FAKE_CHECK(name)                                                       \
  if (CUresult r = injected(name))                                             \
  return r

#endif // FERRIC_RUNTIME_CUDA_TEST_FAKECUDASTATE_H
