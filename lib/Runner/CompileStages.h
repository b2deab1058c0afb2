//===- CompileStages.h - The stages of Executable::compile ------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Executable::compile (Compile.cpp) runs these in order:
//
//   parse -> choose the entry -> specialize its arguments -> read its
//   signature -> (vulkan) check its arguments -> keep only the entry and
//   what it calls -> prefix the symbols -> (--check) promote to f64 ->
//   build the pipeline -> look up the kernel cache -> lower (and store) ->
//   JIT, bind the runtime, initialize.
//
// PrepareModule.cpp holds the module rewrites, CompilePipeline.cpp the
// pipeline, CompileCache.cpp the cache.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_RUNNER_COMPILESTAGES_H
#define FERRIC_LIB_RUNNER_COMPILESTAGES_H

#include "FerricDialect/Runner/Runner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class PassManager;
namespace ferric {
namespace runner {
namespace stages {

//===----------------------------------------------------------------------===//
// PrepareModule.cpp: from the module as given to the module to lower
//===----------------------------------------------------------------------===//

/// The most dimensions of a tensor the runner compiles (the C API's
/// FERRIC_MAX_RANK, numpy's limit): LLVM's time grows with the rank of the
/// memref descriptors (rank 1001 took 72 s in the JIT).
constexpr int64_t kMaxRank = 64;

/// An error naming the first value of a shaped type of more than kMaxRank
/// dimensions in `module` (its op's line), or of a static shape whose size
/// in bytes does not fit in 64 bits (the lowered code's size computation
/// would wrap), if any: run on the module to lower (the entry and what it
/// calls).
llvm::Error checkTypeLimits(ModuleOp module);

/// The size in bytes of `shape` elements of `type`'s element type (an i1 is
/// a byte), or nullopt when a dim is negative or the size overflows int64.
std::optional<int64_t> byteSize(ArrayRef<int64_t> shape, ShapedType type);

/// Runs the front door `options.import` asks for (ferric-import-tosa or
/// ferric-import-linalg, raising only when `options.fuse`) on `module`;
/// `Auto` chooses from the ops it holds. An error names the failure.
llvm::Error importModule(ModuleOp module, const CompileOptions &options);

/// The function to run: `name`, or the only public function with a body.
llvm::Expected<func::FuncOp> chooseEntry(ModuleOp module, StringRef name);

/// Gives the entry's dynamic tensor arguments the shapes of the inputs, so
/// the pipeline sees static shapes (the SPIR-V path needs them). Arguments
/// that do not fit are left for validateInputs to report.
void specializeArguments(func::FuncOp entry,
                         llvm::ArrayRef<std::vector<int64_t>> shapes);

/// The entry's arguments and results as the runner passes them; an error
/// for a type it cannot pass or return.
/// Propagates `argShapes` (those given at compile time, for specialization)
/// through the entry's ferric ops as the run-time validation does, so that
/// a size that is negative for these shapes is reported before lowering
/// folds it away; with `elementLimit` (non-zero), also a tensor with more
/// elements. Does nothing unless every tensor argument's shape fits its
/// type (validateInputs reports those at run time).
llvm::Error checkArgumentShapes(func::FuncOp entry,
                                ArrayRef<std::vector<int64_t>> argShapes,
                                int64_t elementLimit = 0);

/// Rewrites the lowered module's bf16 (and bf16 vector) loads and stores
/// as 16-bit integer ones with bitcasts, so that the x86 back end never
/// narrows a copied bf16 through VCVTNEPS2BF16, which flushes subnormals
/// (BF16Memory.cpp).
void bf16MemoryAsBits(ModuleOp module);

llvm::Error readSignature(func::FuncOp entry, std::vector<ValueSpec> &args,
                          std::vector<ValueSpec> &results);

/// The Vulkan kernel ABI passes buffers only (docs/HostABI.md): says so in
/// terms of the entry's signature, before the pipeline's
/// ferric-require-static-args would say it in terms of the IR.
llvm::Error checkVulkanArguments(StringRef entry,
                                 llvm::ArrayRef<ValueSpec> args,
                                 StringRef target = "vulkan");

/// A call from the (specialized) entry that passes or returns a dynamic
/// shape would reach the SPIR-V lowering as an illegal memref.dim: an error
/// naming the callee instead.
llvm::Error checkVulkanCallees(func::FuncOp entry, StringRef target = "vulkan");

/// Other functions would get lowered and JIT-compiled for nothing, and one
/// the target cannot lower would fail every entry of the module: makes
/// every other function private and erases those nothing calls.
void keepOnlyEntry(ModuleOp module, func::FuncOp entry);

/// The JIT'd module and the C library share one symbol namespace (an entry
/// named `exp` would be what the lowered math's `llvm.call @exp` resolves
/// to): prefixes every function with a body; declarations keep their
/// names. Returns the entry's new name.
llvm::Expected<std::string> prefixSymbols(ModuleOp module, func::FuncOp entry);

/// Rewrites every f16/bf16/f32 in `module` to f64, and the specs with it:
/// the reference the runner's --check compares against.
void promoteToF64(ModuleOp module, std::vector<ValueSpec> &args,
                  std::vector<ValueSpec> &results);

//===----------------------------------------------------------------------===//
// CompilePipeline.cpp: the target's typed pipeline
//===----------------------------------------------------------------------===//

/// The name of the pipeline that lowers for `target`.
llvm::StringRef pipelineName(Target target);

/// Builds `options.target`'s pipeline into `pm`: the options CompileOptions
/// names, then those of the free-form `pipelineOptions` text (which may
/// override them). A bad option is an error naming it, never an abort.
/// Where the CUDA runtime cannot open cuBLASLt and the options do not choose,
/// matmuls take the tiled kernel and each ferric.matmul of `module` gets a
/// remark saying why.
llvm::Error buildPipeline(PassManager &pm, const CompileOptions &options,
                          ModuleOp module);

/// Whether `pipeline`, as printAsTextualPipeline writes it, runs a pass
/// named `name`.
bool pipelineHasPass(llvm::StringRef pipeline, llvm::StringRef name);

//===----------------------------------------------------------------------===//
// CompileCache.cpp: lowered modules by what was asked for
//===----------------------------------------------------------------------===//

/// What was asked for, exactly: the module to lower, the pipeline with all
/// its options (as the pass manager prints it) and the compiler build.
std::string cacheKey(ModuleOp module, StringRef pipeline);

/// The lowered module cached under `key`, in memory or on disk.
std::optional<std::string> lookUpCache(StringRef key);

/// Counts one use of the cache, a hit or a miss (getCacheStats).
void countCacheUse(bool hit);

/// Keeps `lowered` under `key` in memory and, where there is a cache
/// directory, on disk (written to a temporary file and renamed, so a
/// concurrent reader never sees half of it).
void storeInCache(StringRef key, StringRef lowered);

} // namespace stages
} // namespace runner
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_RUNNER_COMPILESTAGES_H
