//===- Ferric.cpp - C API of the Ferric compiler --------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// A thin layer over the runner (FerricDialect/Runner/Runner.h): C types in,
// C types out, errors as a status plus a thread-local message.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/CAPI/Ferric.h"

#include "FerricDialect/Runner/Runner.h"

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

struct ferric_executable {
  std::unique_ptr<Executable> exe;
  std::string target;
};

//===----------------------------------------------------------------------===//
// Errors and strings
//===----------------------------------------------------------------------===//

static thread_local std::string lastError;

static ferric_status fail(ferric_status status, std::string message) {
  lastError = std::move(message);
  return status;
}

static ferric_status fail(ferric_status status, llvm::Error error) {
  return fail(status, llvm::toString(std::move(error)));
}

static char *copyString(llvm::StringRef s) {
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

static std::optional<DType> toDType(int code) {
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

static int fromDType(DType type) {
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
// Compiling
//===----------------------------------------------------------------------===//

/// Parses ferric_compile's option string into `options`.
static ferric_status parseOptions(llvm::StringRef text, CompileOptions &options,
                                  std::string &bufferName) {
  auto bad = [&](const std::string &why) {
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "bad option string '" + text.str() + "': " + why);
  };
  auto parseBool = [](llvm::StringRef v, bool &out) {
    if (v == "1" || v == "true" || v == "on") {
      out = true;
      return true;
    }
    if (v == "0" || v == "false" || v == "off") {
      out = false;
      return true;
    }
    return false;
  };
  std::vector<std::string> pipeline;
  llvm::StringRef rest = text;
  while (true) {
    rest = rest.ltrim();
    if (rest.empty())
      break;
    size_t eq = rest.find('=');
    size_t space = rest.find_first_of(" \t\n");
    if (eq == llvm::StringRef::npos || eq > space)
      return bad("expected KEY=VALUE, got '" + rest.substr(0, space).str() +
                 "'");
    llvm::StringRef key = rest.substr(0, eq);
    rest = rest.substr(eq + 1);
    llvm::StringRef value;
    if (!rest.empty() && (rest.front() == '\'' || rest.front() == '"')) {
      size_t close = rest.find(rest.front(), 1);
      if (close == llvm::StringRef::npos)
        return bad("unterminated quote after '" + key.str() + "='");
      value = rest.substr(1, close - 1);
      rest = rest.substr(close + 1);
    } else {
      size_t end = rest.find_first_of(" \t\n");
      value = rest.substr(0, end);
      rest = end == llvm::StringRef::npos ? "" : rest.substr(end);
    }
    bool flag;
    if (key == "fuse" && parseBool(value, flag))
      options.fuse = flag;
    else if (key == "cache" && parseBool(value, flag))
      options.useCache = flag;
    else if (key == "promote-f64" && parseBool(value, flag))
      options.promoteToF64 = flag;
    else if (key == "pipeline")
      pipeline.push_back(value.str());
    else if (key == "fuse-report")
      options.fuseReport = value.str();
    else if (key == "name")
      bufferName = value.str();
    else if (key == "import" && parseImport(value))
      options.import = *parseImport(value);
    else if (key == "import")
      return bad("'import' takes auto, tosa, linalg or none, got '" +
                 value.str() + "'");
    else if (key == "fuse" || key == "cache" || key == "promote-f64")
      return bad("'" + key.str() + "' takes 0 or 1, got '" + value.str() + "'");
    else
      return bad("unknown key '" + key.str() +
                 "' (expected fuse, cache, pipeline, fuse-report, "
                 "promote-f64, import or name)");
  }
  options.pipelineOptions = llvm::join(pipeline, " ");
  return FERRIC_OK;
}

ferric_status ferric_compile(const char *ir, const char *entry,
                             const char *target, const char *options,
                             ferric_executable **out) {
  lastError.clear();
  if (!ir || !out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_compile: ir and out must not be NULL");
  *out = nullptr;
  llvm::StringRef targetName = target ? target : "cpu";
  auto parsed = parseTarget(targetName);
  if (!parsed)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "unknown target '" + targetName.str() +
                    "' (expected cpu, cuda, vulkan or webgpu)");
  CompileOptions compileOptions;
  compileOptions.target = *parsed;
  std::string bufferName = "input";
  if (options)
    if (ferric_status s = parseOptions(options, compileOptions, bufferName))
      return s;
  // As ferric-run: say why a GPU target cannot run before compiling for it.
  if (*parsed != Target::CPU) {
    std::string why;
    if (!isTargetAvailable(*parsed, why))
      return fail(FERRIC_ERROR_UNAVAILABLE, why);
  }
  auto exe =
      Executable::compile(ir, entry ? entry : "", compileOptions, bufferName);
  if (!exe)
    return fail(FERRIC_ERROR_COMPILE, exe.takeError());
  auto handle = std::make_unique<ferric_executable>();
  handle->exe = std::move(*exe);
  handle->target = targetName.str();
  *out = handle.release();
  return FERRIC_OK;
}

void ferric_executable_free(ferric_executable *exe) { delete exe; }

const char *ferric_executable_entry(const ferric_executable *exe) {
  return exe ? exe->exe->getEntry().data() : "";
}

const char *ferric_executable_target(const ferric_executable *exe) {
  return exe ? exe->target.c_str() : "";
}

size_t ferric_executable_num_args(const ferric_executable *exe) {
  return exe ? exe->exe->getArguments().size() : 0;
}

size_t ferric_executable_num_results(const ferric_executable *exe) {
  return exe ? exe->exe->getResults().size() : 0;
}

static ferric_status valueInfo(llvm::ArrayRef<ValueSpec> specs, size_t index,
                               const char *what, ferric_value_info *out) {
  if (!out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "out is NULL");
  if (index >= specs.size())
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                std::string(what) + " " + std::to_string(index) +
                    " does not exist (there are " +
                    std::to_string(specs.size()) + ")");
  const ValueSpec &spec = specs[index];
  out->dtype = fromDType(spec.dtype);
  out->is_tensor = spec.isTensor;
  out->rank = static_cast<int64_t>(spec.shape.size());
  out->shape = spec.shape.data();
  return FERRIC_OK;
}

ferric_status ferric_executable_arg_info(const ferric_executable *exe,
                                         size_t index, ferric_value_info *out) {
  lastError.clear();
  if (!exe)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "executable is NULL");
  return valueInfo(exe->exe->getArguments(), index, "argument", out);
}

ferric_status ferric_executable_result_info(const ferric_executable *exe,
                                            size_t index,
                                            ferric_value_info *out) {
  lastError.clear();
  if (!exe)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "executable is NULL");
  return valueInfo(exe->exe->getResults(), index, "result", out);
}

void ferric_executable_stats(const ferric_executable *exe,
                             double *compile_seconds, int *cache_hit,
                             unsigned *kernels, unsigned *launches_per_call) {
  CompileStats stats;
  if (exe)
    stats = exe->exe->getStats();
  if (compile_seconds)
    *compile_seconds = stats.seconds;
  if (cache_hit)
    *cache_hit = stats.cacheHit;
  if (kernels)
    *kernels = stats.kernels;
  if (launches_per_call)
    *launches_per_call = stats.launchesPerCall;
}

/// `*out` = a copy of `text(exe)`, for the executable's text getters.
static ferric_status
executableText(const ferric_executable *exe, char **out,
               llvm::function_ref<std::string(const Executable &)> text) {
  lastError.clear();
  if (!exe || !out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "executable and out must not be NULL");
  *out = copyString(text(*exe->exe));
  return FERRIC_OK;
}

ferric_status ferric_executable_lowered_ir(const ferric_executable *exe,
                                           char **out) {
  return executableText(exe, out, [](const Executable &e) {
    return std::string(e.getLoweredIR());
  });
}

ferric_status ferric_executable_remarks(const ferric_executable *exe,
                                        char **out) {
  return executableText(exe, out, [](const Executable &e) {
    std::string text;
    for (const std::string &remark : e.getRemarks())
      text += remark + "\n";
    return text;
  });
}

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

static ferric_status targetOf(const char *target, Target &out) {
  llvm::StringRef name = target ? target : "cpu";
  auto parsed = parseTarget(name);
  if (!parsed)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "unknown target '" + name.str() +
                    "' (expected cpu, cuda, vulkan or webgpu)");
  out = *parsed;
  return FERRIC_OK;
}

/// The pointer `make` returns for the target named `target`, in `*out`
/// (null on failure); `fn` and `outName` name the entry point and the
/// out-parameter for the message.
static ferric_status
targetPointer(const char *fn, const char *outName, const char *target,
              void **out,
              llvm::function_ref<llvm::Expected<void *>(Target)> make) {
  lastError.clear();
  if (!out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                std::string(fn) + ": " + outName + " must not be NULL");
  *out = nullptr;
  Target t;
  if (ferric_status s = targetOf(target, t))
    return s;
  auto p = make(t);
  if (!p)
    return fail(FERRIC_ERROR_RUN, p.takeError());
  *out = *p;
  return FERRIC_OK;
}

/// `call` for the target named `target`: its error is FERRIC_ERROR_RUN.
static ferric_status targetCall(const char *target,
                                llvm::function_ref<llvm::Error(Target)> call) {
  lastError.clear();
  Target t;
  if (ferric_status s = targetOf(target, t))
    return s;
  if (llvm::Error e = call(t))
    return fail(FERRIC_ERROR_RUN, std::move(e));
  return FERRIC_OK;
}

ferric_status ferric_target_alloc(const char *target, size_t bytes,
                                  void **out) {
  return targetPointer("ferric_target_alloc", "out", target, out,
                       [&](Target t) { return allocateOnTarget(t, bytes); });
}

void ferric_target_free(const char *target, void *data) {
  Target t;
  if (data && targetOf(target, t) == FERRIC_OK)
    releaseOnTarget(t, data);
  lastError.clear();
}

ferric_status ferric_target_copy(const char *target, void *dst, const void *src,
                                 size_t bytes) {
  lastError.clear();
  if (bytes && (!dst || !src))
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_target_copy: dst and src must not be NULL");
  return targetCall(target,
                    [&](Target t) { return copyOnTarget(t, dst, src, bytes); });
}

ferric_status ferric_target_copy_host(const char *target, void *dst,
                                      const void *src, size_t bytes,
                                      int to_target) {
  lastError.clear();
  if (bytes && (!dst || !src))
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_target_copy_host: dst and src must not be NULL");
  return targetCall(target, [&](Target t) {
    return copyHostOnTarget(t, dst, src, bytes, to_target != 0);
  });
}

ferric_status ferric_target_synchronize(const char *target, void *stream) {
  return targetCall(target,
                    [&](Target t) { return synchronizeTarget(t, stream); });
}

ferric_status ferric_target_event_record(const char *target, void *stream,
                                         void **event) {
  return targetPointer("ferric_target_event_record", "event", target, event,
                       [&](Target t) { return recordTargetEvent(t, stream); });
}

ferric_status ferric_target_event_synchronize(const char *target, void *event) {
  return targetCall(target,
                    [&](Target t) { return synchronizeTargetEvent(t, event); });
}

void ferric_target_event_destroy(const char *target, void *event) {
  Target t;
  if (event && targetOf(target, t) == FERRIC_OK)
    destroyTargetEvent(t, event);
}

//===----------------------------------------------------------------------===//
// Tools
//===----------------------------------------------------------------------===//

ferric_status ferric_fusion_report(const char *ir, char **out) {
  lastError.clear();
  if (!ir || !out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_fusion_report: ir and out must not be NULL");
  *out = nullptr;
  auto report = fusionReport(ir);
  if (!report)
    return fail(FERRIC_ERROR_COMPILE, report.takeError());
  *out = copyString(*report);
  return FERRIC_OK;
}

ferric_status ferric_emit_wgsl(const char *ir, const char *entry,
                               const char *pipeline, char **out) {
  lastError.clear();
  if (!ir || !out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_emit_wgsl: ir and out must not be NULL");
  *out = nullptr;
  CompileOptions options;
  options.pipelineOptions = pipeline ? pipeline : "";
  auto text = emitWGSL(ir, entry ? entry : "", options);
  if (!text)
    return fail(FERRIC_ERROR_COMPILE, text.takeError());
  *out = copyString(*text);
  return FERRIC_OK;
}

void ferric_cache_stats(unsigned *hits, unsigned *misses) {
  CacheStats stats = getCacheStats();
  if (hits)
    *hits = stats.hits;
  if (misses)
    *misses = stats.misses;
}

int ferric_target_available(const char *target, char **why) {
  if (why)
    *why = nullptr;
  llvm::StringRef name = target ? target : "cpu";
  std::string reason;
  bool available = false;
  if (auto parsed = parseTarget(name))
    available = isTargetAvailable(*parsed, reason);
  else
    reason = "unknown target '" + name.str() +
             "' (expected cpu, cuda, vulkan or webgpu)";
  if (!available && why)
    *why = copyString(reason);
  return available;
}
