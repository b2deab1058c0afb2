//===- JitCall.h - Guarded calls into JIT'd code ----------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The lowered host code allocates its buffers itself (`malloc` for memrefs
// on the host, `mgpuMemAlloc` for CUDA device memory) and never checks the
// pointer it gets: a result of 1e9x64 f32 under a memory limit, or a size
// that went negative at run time, made it write through a null pointer. The
// runner binds these names in the JIT to wrappers that, inside a guarded
// call, turn a failed allocation into an error: the wrapper jumps back to
// the call site (longjmp; the frames skipped are JIT'd code, which has no
// destructors), and every buffer the call had allocated is freed there.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_RUNNER_JITCALL_H
#define FERRIC_LIB_RUNNER_JITCALL_H

#include "FerricDialect/Runner/Runner.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir::ferric::runner {

/// The signatures of `mgpuMemAlloc` and `mgpuMemFree` in both GPU runtimes.
using MemAllocFn = void *(*)(uint64_t bytes, void *stream, bool hostShared);
using MemFreeFn = void (*)(void *ptr, void *stream);

/// The allocation functions to bind in the JIT for `target`: `malloc`,
/// `free` and `aligned_alloc` for every target, and for a GPU target
/// wrappers of the runtime's `mgpuMemAlloc` and `mgpuMemFree` (not bound
/// when either is null).
std::vector<std::pair<std::string, void *>>
guardedAllocators(Target target, MemAllocFn runtimeMemAlloc,
                  MemFreeFn runtimeMemFree);

/// Calls the packed JIT'd function `fn` with `args`. If an allocation made
/// by the JIT'd code fails, the call is abandoned, the buffers it had
/// allocated (host and device) are freed and the error names the size;
/// `entry`
/// names the function in the message.
llvm::Error callGuarded(void (*fn)(void **), void **args,
                        llvm::StringRef entry);

} // namespace mlir::ferric::runner

#endif // FERRIC_LIB_RUNNER_JITCALL_H
