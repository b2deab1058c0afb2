//===- RuntimeLibs.h - Finding and opening Ferric's GPU runtimes *- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_RUNNER_RUNTIMELIBS_H
#define FERRIC_LIB_RUNNER_RUNTIMELIBS_H

#include "FerricDialect/Runner/Runner.h"
#include "FerricDialect/Runtime/RuntimeInterface.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace ferric {
namespace runner {

/// The GPU runtime a target's host code calls, opened once per process with
/// RTLD_GLOBAL so the JIT'd code and the runner share one instance (one
/// context, one cached stream). The runner reaches it only through the
/// FerricRuntimeV1 table its one entry point returns.
struct RuntimeLib {
  void *handle = nullptr;
  std::string path;
  /// The runtime's table; version and size checked, required entries set.
  const FerricRuntimeV1 *api = nullptr;
  /// The table's symbols, by name. The JIT binds these explicitly: the CUDA
  /// and Vulkan runtimes define the same mgpu* names, and a process-wide
  /// lookup would find the first one loaded.
  std::vector<std::pair<std::string, void *>> exports;

  /// The runtime library of `target` (null for the CPU), or an error.
  static llvm::Expected<RuntimeLib *> get(Target target);
  /// The last error the runtime recorded, or "", and clears it.
  std::string takeError() const;
};

/// Checks the table `getInterface` returns for `expectedName` ("cuda",
/// "vulkan"): the ABI version, the size, the name and the entries that may
/// not be null. `path` names the library in the error.
llvm::Expected<const FerricRuntimeV1 *>
checkRuntimeInterface(FerricRuntimeGetInterfaceFn getInterface,
                      llvm::StringRef expectedName, llvm::StringRef path);

/// Shared libraries the JIT'd code of `target` needs.
llvm::Expected<std::vector<std::string>> jitLibraries(Target target);

} // namespace runner
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_RUNNER_RUNTIMELIBS_H
