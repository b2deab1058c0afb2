//===- Runner.h - Compile and execute Ferric modules ------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The engine behind ferric-run and the C API: lowers a module with one of
// Ferric's pipelines, JIT-compiles the host code with MLIR's
// ExecutionEngine, moves tensors to the target and calls the entry.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNNER_RUNNER_H
#define FERRIC_RUNNER_RUNNER_H

#include "FerricDialect/Runner/HostTensor.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
class Operation;
class MLIRContext;
namespace ferric {
namespace runner {

enum class Target { CPU, CUDA, Vulkan, WebGPU };
llvm::StringRef targetName(Target t);
/// Vulkan and WebGPU: kernels take static buffers only, and their runtimes'
/// "device" memory is host memory.
inline bool isShaderTarget(Target t) {
  return t == Target::Vulkan || t == Target::WebGPU;
}
std::optional<Target> parseTarget(llvm::StringRef name);

/// The front door a module goes through before lowering: `Auto` takes TOSA
/// through ferric-import-tosa when it has TOSA ops, and linalg through
/// ferric-import-linalg when it has linalg ops and no ferric ops.
enum class Import { Auto, Tosa, Linalg, None };
std::optional<Import> parseImport(llvm::StringRef name);

struct CompileOptions {
  Target target = Target::CPU;
  bool fuse = true;
  /// How the module enters Ferric. With `fuse` false the import only
  /// translates TOSA to linalg and nothing is raised (the unfused
  /// reference --check compares with is upstream's own linalg).
  Import import = Import::Auto;
  /// Extra options for the target pipeline, e.g. "block-size=128".
  std::string pipelineOptions;
  /// Write ferric-fuse's report here ("-" for stdout); empty for none.
  std::string fuseReport;
  /// Print the module after every run of the pass with this argument name.
  std::string dumpIRAfter;
  /// Compile every float as f64 (the numerical reference for --check).
  bool promoteToF64 = false;
  /// Reuse compiled modules from memory and $XDG_CACHE_HOME/ferric.
  bool useCache = true;
  /// Shapes to specialize the entry's tensor arguments to (one per
  /// argument, empty for a scalar): dynamic dims become these static sizes
  /// and the body sees them through tensor.cast, which canonicalization
  /// folds away. The SPIR-V path needs it; empty keeps the declared types.
  std::vector<std::vector<int64_t>> argShapes;
};

/// One entry argument or result as the ferric IR declares it.
struct ValueSpec {
  bool isTensor = true;
  DType dtype = DType::F32;
  std::vector<int64_t> shape; // -1 for a dynamic dim
  std::string str() const;
};

struct CompileStats {
  double seconds = 0; // pipeline + JIT (0 work on a cache hit)
  bool cacheHit = false;
  unsigned kernels = 0; // kernels in the module
  unsigned launchesPerCall = 0;
};

struct CacheStats {
  unsigned hits = 0, misses = 0;
};
/// Process-wide kernel cache statistics.
CacheStats getCacheStats();

struct BenchResult {
  unsigned iterations = 0;
  double medianWallUs = 0, minWallUs = 0; // host call + sync
  double medianDeviceUs = 0;              // GPU time per call (events)
  uint64_t bytesPerCall = 0;              // inputs read + outputs written
  /// Kernels (and library calls) the runtime launched per timed call, the
  /// median over the calls; -1 where the runtime does not count (the CPU).
  int64_t launchesPerCall = -1;
};

/// A tensor in the target's memory, for Executable::runOnTarget: row-major,
/// contiguous and 16-byte aligned.
struct TargetTensor {
  DType dtype = DType::F32;
  /// Inline up to rank 4: a small call on device data allocates no shapes.
  llvm::SmallVector<int64_t, 4> shape;
  /// The first element: device memory for CUDA, host memory for the CPU and
  /// Vulkan. For a scalar argument, a host pointer to the value.
  void *data = nullptr;
  /// Results only: the buffer to give to releaseOnTarget, or null when the
  /// result shares its buffer with an input or an earlier result.
  void *allocation = nullptr;
};

/// Frees memory from std::malloc (for std::unique_ptr).
struct MallocDeleter {
  void operator()(void *p) const { std::free(p); }
};

/// One result of Executable::runOnHostBuffers: copied to the host (`copy`,
/// or `fromTarget` for a result copied back from a device) or left in the
/// buffer the compiled code allocated.
struct HostResult {
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  /// The buffer to give to releaseOnTarget, or null when the result is in
  /// `copy` or `fromTarget`.
  void *allocation = nullptr;
  /// The first element, when `allocation` is set.
  void *targetData = nullptr;
  HostTensor copy;
  /// A result copied from the device into host memory from std::malloc,
  /// written once by the copy (HostTensor's vector would zero-fill it
  /// first: one more pass over the result's memory per call).
  std::unique_ptr<uint8_t, MallocDeleter> fromTarget;
  /// The first element (null for an empty result).
  const void *data() const {
    if (allocation)
      return targetData;
    if (fromTarget)
      return fromTarget.get();
    return copy.data.empty() ? nullptr : copy.data.data();
  }
};

/// A compiled module with one entry function, ready to run.
class Executable {
public:
  static llvm::Expected<std::unique_ptr<Executable>>
  compile(llvm::StringRef irText, llvm::StringRef entry,
          const CompileOptions &options, llvm::StringRef bufferName = "input");
  ~Executable();

  llvm::ArrayRef<ValueSpec> getArguments() const { return args; }
  llvm::ArrayRef<ValueSpec> getResults() const { return results; }
  const CompileStats &getStats() const { return stats; }
  /// What the compilation remarked on ("FILE:LINE:COL: remark: ..." lines),
  /// e.g. matmuls left on the tiled kernel because cuBLASLt is missing.
  llvm::ArrayRef<std::string> getRemarks() const { return remarks; }
  llvm::StringRef getEntry() const { return entry; }
  Target getTarget() const { return options.target; }
  /// The lowered module (LLVM dialect with embedded kernels) as text.
  llvm::StringRef getLoweredIR() const { return loweredIR; }

  /// Checks `inputs` against the entry signature and the shapes the ops
  /// imply, runs the entry once and returns its results on the host.
  llvm::Expected<std::vector<HostTensor>>
  run(llvm::ArrayRef<HostTensor> inputs);
  /// Like run, but on buffers already on the target, without copies (the
  /// compiled code only reads its arguments). The call has finished on the
  /// target when this returns; the results stay there and the caller
  /// releases each non-null `allocation` with releaseOnTarget.
  ///
  /// With `stream` (CUDA only: a CUstream of the current context, null
  /// being the legacy default stream), the call is queued on that stream
  /// behind the caller's work instead and returns without waiting for it:
  /// the results are ready when the stream reaches them. Errors found
  /// when launching are reported; a fault inside a kernel surfaces at the
  /// caller's next synchronization.
  llvm::Expected<std::vector<TargetTensor>>
  runOnTarget(llvm::ArrayRef<TargetTensor> inputs,
              std::optional<void *> stream = std::nullopt);
  /// Runs on the caller's host buffers (`data` of each input is host
  /// memory, read only during the call). On the CPU, when every input is
  /// 16-byte aligned as the compiled code assumes, it runs on them in place
  /// and hands out the result buffers it allocated (a result in an input's
  /// buffer is copied: the caller may change its inputs afterwards). On
  /// CUDA each tensor input is copied once from the caller's buffer to the
  /// device (staged, as copyHostOnTarget copies), the call runs there
  /// (runOnTarget) and each result is copied once into host memory
  /// (`fromTarget`). Elsewhere, or unaligned on the CPU, it copies through
  /// run(). The caller releases each non-null `allocation` with
  /// releaseOnTarget.
  llvm::Expected<std::vector<HostResult>>
  runOnHostBuffers(llvm::ArrayRef<TargetTensor> inputs);
  /// Times `iterations` calls after `warmup` untimed ones. On a target with
  /// timed events and streams (CUDA) each call is queued on a lent stream
  /// (as runOnTarget with a stream does) between two events, so the device
  /// time runs from the call's start to the end of the work it queued, as
  /// torch's events around an operation measure it; with
  /// `synchronousDevice`, the call waits for its work itself and the second
  /// event follows that wait (the time the host sees, including its
  /// wake-up). The wall time is always the call and its completion.
  llvm::Expected<BenchResult> bench(llvm::ArrayRef<HostTensor> inputs,
                                    unsigned iterations, unsigned warmup = 5,
                                    bool synchronousDevice = false);

private:
  Executable() = default;
  llvm::Error validateInputs(llvm::ArrayRef<HostTensor> inputs);
  /// validateInputs' checks of input `i`'s `dtype` and `shape` against the
  /// signature, for every i < `n`; `needsShapeRules` tells whether the ops'
  /// shape rules must still run (dynamic dims, shapes not seen last).
  llvm::Error
  checkSignature(size_t n, llvm::function_ref<DType(size_t)> dtype,
                 llvm::function_ref<llvm::ArrayRef<int64_t>(size_t)> shape,
                 bool &needsShapeRules);
  /// checkSignature of `inputs`, tensors with `dtype` and `shape` members
  /// (HostTensor, TargetTensor).
  template <typename Tensor>
  llvm::Error checkSignatureOf(llvm::ArrayRef<Tensor> inputs,
                               bool &needsShapeRules) {
    return checkSignature(
        inputs.size(), [&](size_t i) { return inputs[i].dtype; },
        [&](size_t i) { return llvm::ArrayRef<int64_t>(inputs[i].shape); },
        needsShapeRules);
  }
  /// The ops' shape rules on `inputs` (whose signature checked out); on
  /// success, remembered as the last shapes accepted.
  llvm::Error checkShapeRules(llvm::ArrayRef<HostTensor> inputs);

  CompileOptions options;
  std::string entry;
  /// The entry's name in the compiled module: `entry` with a prefix, so that
  /// no function of the module shadows a C library function.
  std::string symbol;
  std::vector<ValueSpec> args, results;
  CompileStats stats;
  std::vector<std::string> remarks;
  std::string loweredIR;
  /// The entry's module as given (ferric IR), for shape checks.
  Operation *sourceModule = nullptr;
  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<ExecutionEngine> engine;

  // Per-call work done once (a small call's host time is mostly these):
  /// The entry's packed wrapper, looked up in the JIT on the first call
  /// (or why it could not be).
  llvm::Expected<void (*)(void **)> entryFunction();
  void (*packedEntry)(void **) = nullptr;
  std::once_flag packedOnce;
  std::string packedError;
  /// The last input shapes validateInputs accepted (shape checks of the
  /// ops run only for new shapes).
  std::mutex validatedMutex;
  std::vector<std::vector<int64_t>> validatedShapes;
  bool hasValidated = false;
};

/// Frees a result buffer that Executable::runOnTarget returned for an
/// executable of `target` (which may be gone by now): cuMemFree on CUDA,
/// free elsewhere.
void releaseOnTarget(Target target, void *allocation);

/// A buffer of `bytes` on `target` (device memory for CUDA, 64-byte aligned
/// host memory elsewhere), never null on success; free it with
/// releaseOnTarget.
llvm::Expected<void *> allocateOnTarget(Target target, size_t bytes);

/// Copies `bytes` between buffers of `target` or the host (any direction on
/// CUDA, through unified addressing) and waits for the copy.
llvm::Error copyOnTarget(Target target, void *dst, const void *src,
                         size_t bytes);

/// Copies `bytes` between host memory and a buffer of `target` (toTarget:
/// host `src` to target `dst`, else target `src` to host `dst`) and waits
/// for the copy. The host side may be pageable: the CUDA runtime stages
/// large copies through pinned buffers with overlapped chunks.
llvm::Error copyHostOnTarget(Target target, void *dst, const void *src,
                             size_t bytes, bool toTarget);

/// Waits for the work queued on `stream` (a CUstream on CUDA, null for the
/// legacy default stream); nothing to wait for on the CPU.
llvm::Error synchronizeTarget(Target target, void *stream);

/// An event recorded on `stream` (CUDA only): it marks the work queued
/// there so far, and stays valid when the stream is destroyed. Events come
/// from a pool that destroyTargetEvent gives them back to (no timing).
llvm::Expected<void *> recordTargetEvent(Target target, void *stream);
/// Waits on the host for the work `event` marks.
llvm::Error synchronizeTargetEvent(Target target, void *event);
/// Gives back an event of recordTargetEvent (null: nothing); the caller
/// must not use it any more.
void destroyTargetEvent(Target target, void *event);
/// The event the calling thread's last call on a caller's stream
/// (runOnTarget with a stream) left recorded there after its work, held
/// until releaseLoanEvent: an event recordTargetEvent would record at the
/// same point, without another record. Null if that call recorded none or
/// the runtime does not keep one (then use recordTargetEvent).
void *takeLoanEvent(Target target);
/// Gives back an event of takeLoanEvent (null: nothing).
void releaseLoanEvent(Target target, void *event);

/// ferric-fuse's report on every function of `irText` (what
/// `ferric-opt --ferric-fuse=report=-` prints), without lowering anything; a
/// TOSA or linalg module is imported first (the runner's front door) and the
/// raise's report comes first, as in `ferric-run --fuse-report`.
llvm::Expected<std::string> fusionReport(llvm::StringRef irText,
                                         llvm::StringRef bufferName = "input");

/// Whether `target` can run here; if not, `why` says why in one line.
bool isTargetAvailable(Target target, std::string &why);

/// The WGSL of every kernel of `entryName` in `irText` and the JSON launch
/// manifest (ferric-translate --mlir-to-wgsl's output), for shipping to a
/// WebGPU runtime: ferric-lower-to-wgsl{kernels-only} with
/// `options.pipelineOptions` (storage-buffer-limit=8, what every WebGPU
/// adapter has, unless they say otherwise), `options.argShapes` giving
/// static shapes. Needs no GPU, node or Dawn.
llvm::Expected<std::string> emitWGSL(llvm::StringRef irText,
                                     llvm::StringRef entryName,
                                     const CompileOptions &options);

} // namespace runner
} // namespace ferric
} // namespace mlir

#endif // FERRIC_RUNNER_RUNNER_H
