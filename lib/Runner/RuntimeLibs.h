//===- RuntimeLibs.h - Finding and opening Ferric's GPU runtimes *- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_RUNNER_RUNTIMELIBS_H
#define FERRIC_LIB_RUNNER_RUNTIMELIBS_H

#include "FerricDialect/Runner/Runner.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace ferric {
namespace runner {

/// The GPU runtime a target's host code calls, opened once per process with
/// RTLD_GLOBAL so the JIT'd code and the runner share one instance (one
/// context, one cached stream).
struct RuntimeLib {
  void *handle = nullptr;
  std::string path;
  void *(*memAlloc)(uint64_t, void *, bool) = nullptr;
  void (*memFree)(void *, void *) = nullptr;
  void (*memcpy)(void *, void *, size_t, void *) = nullptr;
  void *(*streamCreate)() = nullptr;
  void (*streamSynchronize)(void *) = nullptr;
  // CUDA only.
  void *(*eventCreateTimed)() = nullptr;
  void (*eventRecord)(void *, void *) = nullptr;
  void (*eventSynchronize)(void *) = nullptr;
  void (*eventDestroy)(void *) = nullptr;
  float (*eventElapsedMs)(void *, void *) = nullptr;
  const char *(*lastError)() = nullptr;
  void (*clearError)() = nullptr;
  // Vulkan only.
  double (*lastKernelMs)() = nullptr;
  /// Every function the library exports, with its address. The JIT binds
  /// these explicitly: the CUDA and Vulkan runtimes define the same mgpu*
  /// names, and a process-wide lookup would find the first one loaded.
  std::vector<std::pair<std::string, void *>> exports;

  /// The runtime library of `target` (null for the CPU), or an error.
  static llvm::Expected<RuntimeLib *> get(Target target);
  /// The last error the runtime recorded, or "".
  std::string takeError() const;
};

/// Shared libraries the JIT'd code of `target` needs.
llvm::Expected<std::vector<std::string>> jitLibraries(Target target);

} // namespace runner
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_RUNNER_RUNTIMELIBS_H
