//===- Ferric.cpp - C API of the Ferric compiler --------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// A thin layer over the runner (FerricDialect/Runner/Runner.h): C types in,
// C types out, errors as a status plus a thread-local message. This file:
// errors, dtypes and tensors, running executables; CompileAPI.cpp compiles
// and describes them, TargetAPI.cpp is memory, events and tools per target.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/CAPI/Ferric.h"

#include "CAPIInternal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;
using namespace mlir::ferric::capi;

//===----------------------------------------------------------------------===//
// Errors and strings
//===----------------------------------------------------------------------===//

thread_local std::string capi::lastError;

ferric_status capi::fail(ferric_status status, std::string message) {
  lastError = std::move(message);
  return status;
}

ferric_status capi::fail(ferric_status status, llvm::Error error) {
  return fail(status, llvm::toString(std::move(error)));
}

char *capi::copyString(llvm::StringRef s) {
  char *out = static_cast<char *>(std::malloc(s.size() + 1));
  if (!out)
    return nullptr;
  std::memcpy(out, s.data(), s.size());
  out[s.size()] = '\0';
  return out;
}

int ferric_capi_version(void) { return FERRIC_CAPI_VERSION; }

const char *ferric_last_error(void) { return lastError.c_str(); }

void ferric_string_free(char *s) { std::free(s); }

//===----------------------------------------------------------------------===//
// dtypes and tensors
//===----------------------------------------------------------------------===//

std::optional<DType> capi::toDType(int code) {
  switch (code) {
  case FERRIC_DTYPE_F16:
    return DType::F16;
  case FERRIC_DTYPE_BF16:
    return DType::BF16;
  case FERRIC_DTYPE_F32:
    return DType::F32;
  case FERRIC_DTYPE_F64:
    return DType::F64;
  case FERRIC_DTYPE_I1:
    return DType::I1;
  }
  return std::nullopt;
}

int capi::fromDType(DType type) {
  switch (type) {
  case DType::F16:
    return FERRIC_DTYPE_F16;
  case DType::BF16:
    return FERRIC_DTYPE_BF16;
  case DType::F32:
    return FERRIC_DTYPE_F32;
  case DType::F64:
    return FERRIC_DTYPE_F64;
  case DType::I1:
    return FERRIC_DTYPE_I1;
  }
  return -1;
}

/// Checks the dtype and shape of `t`, input `index`; on success `dtype` and
/// `bytes` describe it.
static ferric_status describeInput(const ferric_tensor &t, size_t index,
                                   DType &dtype, size_t &bytes) {
  // Built only for a message (this runs for every input of every call).
  auto what = [&] { return "input " + std::to_string(index); };
  auto type = toDType(t.dtype);
  if (!type)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                what() + " has an unknown dtype code " +
                    std::to_string(t.dtype));
  // A rank beyond any tensor's (numpy allows 64 dims) would also make
  // `t.shape + t.rank` wrap: rank 2^62 read as rank 0.
  if (t.rank < 0 || t.rank > FERRIC_MAX_RANK)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                what() + " has rank " + std::to_string(t.rank) +
                    "; the rank must be 0 to " +
                    std::to_string(FERRIC_MAX_RANK));
  if (t.rank > 0 && !t.shape)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, what() + " has rank " +
                                                   std::to_string(t.rank) +
                                                   " but no shape");
  dtype = *type;
  llvm::ArrayRef<int64_t> shape(t.shape, t.rank);
  // Checked: an element count or byte size that wraps passed every later
  // check (a [2^62] f32 input was 0 bytes with no data, then read).
  int64_t elements = 1, byteSize = 0;
  for (auto [k, d] : llvm::enumerate(shape)) {
    if (d < 0)
      return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                  what() + " dim " + std::to_string(k) + " is " +
                      std::to_string(d) + "; dims must be >= 0");
    if (llvm::MulOverflow(elements, d, elements))
      return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                  what() + " has too many elements: the product of its dims "
                           "overflows 64 bits");
  }
  if (llvm::MulOverflow(elements, static_cast<int64_t>(dtypeBytes(dtype)),
                        byteSize))
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                what() + " is too large: " + std::to_string(elements) +
                    " elements of " + dtypeName(dtype).str() +
                    " overflow a 64-bit byte size");
  bytes = static_cast<size_t>(byteSize);
  if (bytes && !t.data)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, what() + " has no data");
  return FERRIC_OK;
}

static ferric_status toHostTensors(const ferric_tensor *inputs, size_t n,
                                   std::vector<HostTensor> &out) {
  if (n && !inputs)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "inputs is NULL");
  out.resize(n);
  for (size_t i = 0; i < n; ++i) {
    size_t bytes;
    if (ferric_status s = describeInput(inputs[i], i, out[i].dtype, bytes))
      return s;
    out[i].shape.assign(inputs[i].shape, inputs[i].shape + inputs[i].rank);
    auto *p = static_cast<const uint8_t *>(inputs[i].data);
    out[i].data.assign(p, p + bytes);
    if (out[i].dtype == DType::I1)
      for (uint8_t &b : out[i].data)
        b = b != 0;
  }
  return FERRIC_OK;
}

namespace {
/// What ferric_run and ferric_run_device hand out: the views and the memory
/// behind them, kept until ferric_tensors_free / ferric_device_tensors_free.
struct OutputBlock {
  OutputBlock() = default;
  OutputBlock(const OutputBlock &) = delete;
  ~OutputBlock() {
    for (HostResult &r : host)
      releaseOnTarget(target, r.allocation);
    for (TargetTensor &t : onTarget)
      releaseOnTarget(target, t.allocation);
    if (readyIsLoanEvent)
      releaseLoanEvent(target, ready);
    else
      destroyTargetEvent(target, ready);
  }
  /// ferric_run's results: on the host, copied or in place (those with an
  /// allocation are freed on destruction).
  std::vector<HostResult> host;
  /// ferric_run_device's results, where the compiled code put them (freed
  /// on destruction).
  Target target = Target::CPU;
  std::vector<TargetTensor> onTarget;
  /// ferric_run_device_on_stream_event's event, destroyed with the results:
  /// the one the call's stream loan ended with (takeLoanEvent), else one
  /// recorded after the call.
  void *ready = nullptr;
  bool readyIsLoanEvent = false;
  /// One view more than there are results, so that the array is never
  /// empty and its address identifies the block.
  std::vector<ferric_tensor> views;
};
struct OutputRegistry {
  std::mutex mutex;
  llvm::DenseMap<ferric_tensor *, std::unique_ptr<OutputBlock>> blocks;
};
/// Separate registries, so that each free function only frees its own.
OutputRegistry &hostOutputs() {
  static OutputRegistry r;
  return r;
}
OutputRegistry &deviceOutputs() {
  static OutputRegistry r;
  return r;
}

void publish(OutputRegistry &registry, std::unique_ptr<OutputBlock> block,
             ferric_tensor **outputs, size_t *nout) {
  *outputs = block->views.data();
  *nout = block->views.size() - 1;
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.blocks[block->views.data()] = std::move(block);
}

std::unique_ptr<OutputBlock> take(OutputRegistry &registry,
                                  ferric_tensor *tensors) {
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.blocks.find(tensors);
  if (it == registry.blocks.end())
    return nullptr; // not ours, or freed already
  std::unique_ptr<OutputBlock> block = std::move(it->second);
  registry.blocks.erase(it);
  return block;
}
} // namespace

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

/// Describes `inputs` as buffers on the target (no copies) for
/// runOnTarget.
static ferric_status toTargetTensors(const ferric_tensor *inputs, size_t n,
                                     llvm::SmallVectorImpl<TargetTensor> &out) {
  if (n && !inputs)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "inputs is NULL");
  out.resize(n);
  for (size_t i = 0; i < n; ++i) {
    size_t bytes;
    if (ferric_status s = describeInput(inputs[i], i, out[i].dtype, bytes))
      return s;
    out[i].shape.assign(inputs[i].shape, inputs[i].shape + inputs[i].rank);
    out[i].data = inputs[i].data;
  }
  return FERRIC_OK;
}

ferric_status ferric_run(ferric_executable *exe, const ferric_tensor *inputs,
                         size_t n, ferric_tensor **outputs, size_t *nout) {
  lastError.clear();
  if (!exe || !outputs || !nout)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_run: executable, outputs and nout must not be NULL");
  *outputs = nullptr;
  *nout = 0;
  llvm::SmallVector<TargetTensor, 4> hostInputs;
  if (ferric_status status = toTargetTensors(inputs, n, hostInputs))
    return status;
  auto results = exe->exe->runOnHostBuffers(hostInputs);
  if (!results)
    return fail(FERRIC_ERROR_RUN, results.takeError());
  auto block = std::make_unique<OutputBlock>();
  block->target = exe->exe->getTarget();
  block->host = std::move(*results);
  block->views.resize(block->host.size() + 1);
  for (auto [r, v] : llvm::zip(block->host, block->views)) {
    v.dtype = fromDType(r.dtype);
    v.rank = static_cast<int64_t>(r.shape.size());
    v.shape = r.shape.data();
    v.data = const_cast<void *>(r.data());
  }
  publish(hostOutputs(), std::move(block), outputs, nout);
  return FERRIC_OK;
}

void ferric_tensors_free(ferric_tensor *tensors, size_t) {
  if (tensors)
    take(hostOutputs(), tensors); // the block frees everything
}

ferric_status ferric_bench(ferric_executable *exe, const ferric_tensor *inputs,
                           size_t n, unsigned iterations, unsigned warmup,
                           double *median_wall_us, double *min_wall_us,
                           double *median_device_us) {
  lastError.clear();
  if (!exe)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "executable is NULL");
  // 0 timed calls reported all zeros; a -1 cast to unsigned asked for four
  // billion calls.
  constexpr unsigned kMaxCalls = std::numeric_limits<int32_t>::max();
  if (iterations == 0 || iterations > kMaxCalls || warmup > kMaxCalls)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_bench: iterations must be 1 to " +
                    std::to_string(kMaxCalls) + " and warmup 0 to " +
                    std::to_string(kMaxCalls) + " (got " +
                    std::to_string(iterations) + " and " +
                    std::to_string(warmup) + ")");
  std::vector<HostTensor> hostInputs;
  if (ferric_status s = toHostTensors(inputs, n, hostInputs))
    return s;
  auto result = exe->exe->bench(hostInputs, iterations, warmup);
  if (!result)
    return fail(FERRIC_ERROR_RUN, result.takeError());
  if (median_wall_us)
    *median_wall_us = result->medianWallUs;
  if (min_wall_us)
    *min_wall_us = result->minWallUs;
  if (median_device_us)
    *median_device_us = result->medianDeviceUs;
  return FERRIC_OK;
}

/// ferric_run_device and ferric_run_device_on_stream[_event] (`stream`
/// set; `ready`, when not null, gets an event recorded after the call).
static ferric_status runDevice(const char *fn, ferric_executable *exe,
                               const ferric_tensor *inputs, size_t n,
                               std::optional<void *> stream,
                               ferric_tensor **outputs, size_t *nout,
                               void **ready = nullptr) {
  lastError.clear();
  if (!exe || !outputs || !nout)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                std::string(fn) +
                    ": executable, outputs and nout must not be NULL");
  *outputs = nullptr;
  *nout = 0;
  if (ready)
    *ready = nullptr;
  if (stream && exe->exe->getTarget() != Target::CUDA)
    return fail(FERRIC_ERROR_UNSUPPORTED,
                std::string(fn) +
                    ": streams are CUDA's; this executable is "
                    "for " +
                    exe->target + " (use ferric_run_device)");
  llvm::SmallVector<TargetTensor, 4> targetInputs;
  if (ferric_status s = toTargetTensors(inputs, n, targetInputs))
    return s;
  auto results = exe->exe->runOnTarget(targetInputs, stream);
  if (!results)
    return fail(FERRIC_ERROR_RUN, results.takeError());
  auto block = std::make_unique<OutputBlock>();
  block->target = exe->exe->getTarget();
  block->onTarget = std::move(*results);
  block->views.resize(block->onTarget.size() + 1);
  for (auto [t, v] : llvm::zip(block->onTarget, block->views)) {
    v.dtype = fromDType(t.dtype);
    v.rank = static_cast<int64_t>(t.shape.size());
    v.shape = t.shape.data();
    v.data = t.data;
  }
  if (ready) {
    // The allocator's event after the call's work, when its loan recorded
    // one: one cuEventRecord per call instead of two.
    if (void *loanEvent = takeLoanEvent(Target::CUDA)) {
      block->readyIsLoanEvent = true;
      *ready = block->ready = loanEvent;
    } else {
      // Without the event the call fails and the block frees the results
      // (stream-ordered, like any result freed while the stream runs).
      auto event = recordTargetEvent(Target::CUDA, *stream);
      if (!event)
        return fail(FERRIC_ERROR_RUN, event.takeError());
      *ready = block->ready = *event;
    }
  }
  publish(deviceOutputs(), std::move(block), outputs, nout);
  return FERRIC_OK;
}

ferric_status ferric_run_device(ferric_executable *exe,
                                const ferric_tensor *inputs, size_t n,
                                ferric_tensor **outputs, size_t *nout) {
  return runDevice("ferric_run_device", exe, inputs, n, std::nullopt, outputs,
                   nout);
}

ferric_status ferric_run_device_on_stream(ferric_executable *exe,
                                          const ferric_tensor *inputs, size_t n,
                                          void *stream, ferric_tensor **outputs,
                                          size_t *nout) {
  return runDevice("ferric_run_device_on_stream", exe, inputs, n, stream,
                   outputs, nout);
}

ferric_status ferric_run_device_on_stream_event(ferric_executable *exe,
                                                const ferric_tensor *inputs,
                                                size_t n, void *stream,
                                                ferric_tensor **outputs,
                                                size_t *nout, void **ready) {
  if (!ready) {
    lastError.clear();
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_run_device_on_stream_event: ready must not be NULL");
  }
  return runDevice("ferric_run_device_on_stream_event", exe, inputs, n, stream,
                   outputs, nout, ready);
}

void ferric_device_tensors_free(ferric_tensor *tensors, size_t) {
  if (tensors)
    take(deviceOutputs(), tensors); // the block frees the target buffers
}
