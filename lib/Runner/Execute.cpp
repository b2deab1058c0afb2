//===- Execute.cpp - Call a compiled entry function -----------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The host ABI (docs/HostABI.md): the entry is called through its C
// interface `_mlir_ciface_<entry>(results*, args...)`; tensors travel as
// memref descriptors {allocated, aligned, offset, sizes[r], strides[r]} of
// contiguous row-major buffers; results are allocated by the callee (device
// memory for CUDA) and handed to the caller.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/Diagnostics.h"
#include "FerricDialect/Runner/Runner.h"

#include "JitCall.h"
#include "RuntimeLibs.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

namespace {
/// Buffers on the target: host memory for the CPU and Vulkan (whose runtime
/// copies to the device per launch), device memory for CUDA.
class Memory {
public:
  explicit Memory(RuntimeLib *lib) : lib(lib) {
    if (lib)
      stream = lib->api->streamCreate();
  }
  ~Memory() {
    for (void *p : owned)
      release(p);
  }
  void *allocate(size_t bytes) {
    void *p;
    if (lib)
      p = bytes ? lib->api->memAlloc(bytes, stream, false) : nullptr;
    else
      p = std::aligned_alloc(64, std::max<size_t>(64, (bytes + 63) / 64 * 64));
    owned.push_back(p);
    return p;
  }
  void release(void *p) {
    if (!p)
      return;
    if (lib)
      lib->api->memFree(p, stream);
    else
      std::free(p);
  }
  void toTarget(void *dst, const void *src, size_t bytes) {
    copy(dst, src, bytes, /*toTarget=*/true);
  }
  void toHost(void *dst, const void *src, size_t bytes) {
    copy(dst, src, bytes, /*toTarget=*/false);
  }
  void copy(void *dst, const void *src, size_t bytes, bool toTarget) {
    if (!bytes)
      return;
    if (!lib) {
      std::memcpy(dst, src, bytes);
      return;
    }
    // The runtime's staged copy where it has one (it records its errors
    // as memcpy does).
    if (lib->api->copyHost) {
      lib->api->copyHost(dst, src, bytes, toTarget);
      return;
    }
    lib->api->memcpy(dst, const_cast<void *>(src), bytes, stream);
    lib->api->streamSynchronize(stream);
  }

  RuntimeLib *lib;
  void *stream = nullptr;
  std::vector<void *> owned;
};

/// Memory layout of one ranked memref descriptor, as int64 slots.
size_t descriptorSlots(size_t rank) { return 3 + 2 * rank; }

/// One argument of a call: its shape; for a tensor its buffer on the
/// target, for a scalar its value (`bytes` of it, at most 8).
struct FrameArg {
  ArrayRef<int64_t> shape;
  void *buffer = nullptr;
  const void *value = nullptr;
  size_t bytes = 0;
};

/// Everything one call needs, built once and reusable across calls. Sized
/// for small calls without a heap allocation.
struct CallFrame {
  /// Each argument's memref descriptor (a scalar: one slot holding its
  /// value), then the results' descriptors from `resultSlot` on. Sized
  /// before any pointer into it is taken.
  llvm::SmallVector<int64_t, 48> slots;
  size_t resultSlot = 0;
  llvm::SmallVector<void *, 8> argPointers; // what each packed slot points at
  void *resultPointer = nullptr;
  llvm::SmallVector<void *, 8> packed;
  llvm::SmallPtrSet<void *, 8> inputBuffers;
  int64_t *resultStorage() { return slots.data() + resultSlot; }
};
} // namespace

/// Builds the call's descriptors over the buffers of `in`.
static void buildFrame(ArrayRef<ValueSpec> args, ArrayRef<ValueSpec> results,
                       ArrayRef<FrameArg> in, CallFrame &frame) {
  size_t total = 0;
  for (auto [spec, a] : llvm::zip(args, in))
    total += spec.isTensor ? descriptorSlots(a.shape.size()) : 1;
  frame.resultSlot = total;
  for (const ValueSpec &r : results)
    total += descriptorSlots(r.shape.size());
  frame.slots.assign(std::max<size_t>(total, 1), 0);
  frame.argPointers.assign(args.size(), nullptr);
  frame.packed.clear();
  frame.inputBuffers.clear();
  frame.resultPointer = frame.resultStorage();
  if (!results.empty())
    frame.packed.push_back(&frame.resultPointer);
  size_t at = 0;
  for (auto [i, spec, a] : llvm::enumerate(args, in)) {
    int64_t *d = frame.slots.data() + at;
    if (!spec.isTensor) {
      std::memcpy(d, a.value, std::min<size_t>(a.bytes, sizeof(int64_t)));
      frame.packed.push_back(d);
      ++at;
      continue;
    }
    frame.inputBuffers.insert(a.buffer);
    size_t rank = a.shape.size();
    d[0] = d[1] = reinterpret_cast<int64_t>(a.buffer);
    int64_t stride = 1;
    for (size_t k = rank; k-- > 0;) {
      d[3 + k] = a.shape[k];
      d[3 + rank + k] = stride;
      stride *= std::max<int64_t>(a.shape[k], 1);
    }
    frame.argPointers[i] = d;
    frame.packed.push_back(&frame.argPointers[i]);
    at += descriptorSlots(rank);
  }
}

/// Copies host `inputs` to new target buffers (scalars stay on the host)
/// and describes them for buildFrame.
static llvm::Error uploadInputs(ArrayRef<ValueSpec> args,
                                ArrayRef<HostTensor> inputs, Memory &memory,
                                SmallVectorImpl<FrameArg> &out) {
  out.assign(inputs.size(), FrameArg());
  for (auto [i, spec, in] : llvm::enumerate(args, inputs)) {
    out[i].shape = in.shape;
    if (!spec.isTensor) {
      out[i].value = in.data.data();
      out[i].bytes = in.data.size();
      continue;
    }
    void *buf = memory.allocate(in.byteSize());
    if (in.byteSize() && !buf)
      return llvm::createStringError(
          "cannot allocate " + std::to_string(in.byteSize()) +
          " bytes on the target for input " + std::to_string(i) +
          (memory.lib ? ": " + memory.lib->takeError() : std::string()));
    memory.toTarget(buf, in.data.data(), in.byteSize());
    out[i].buffer = buf;
  }
  return llvm::Error::success();
}

/// A result shape must have sizes >= 0 whose byte size fits in int64.
static llvm::Error checkResultShape(ArrayRef<int64_t> shape, DType dtype,
                                    size_t index) {
  auto what = [&] { return "result " + std::to_string(index); };
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) {
      std::string s;
      for (int64_t e : shape)
        s += std::to_string(e) + "x";
      return llvm::createStringError(what() + " has shape " + s +
                                     dtypeName(dtype).str() +
                                     ": a size computed at run time is "
                                     "negative");
    }
    if (llvm::MulOverflow(n, d, n))
      return llvm::createStringError(what() + " is too large: its element "
                                              "count overflows");
  }
  if (llvm::MulOverflow(n, int64_t(dtypeBytes(dtype)), n))
    return llvm::createStringError(what() + " is too large: its byte size "
                                            "overflows");
  return llvm::Error::success();
}

/// Copies the results of the last call to the host and frees the buffers
/// the callee allocated (unless they alias an input). Several results may
/// share one buffer (a function that returns a value twice), so buffers are
/// freed only after every result has been copied.
static llvm::Expected<std::vector<HostTensor>>
collectResults(ArrayRef<ValueSpec> results, CallFrame &frame, Memory &memory,
               bool copy) {
  std::vector<HostTensor> out;
  llvm::SetVector<void *> toFree;
  llvm::scope_exit releaseAll([&] {
    for (void *p : toFree)
      memory.release(p);
  });
  size_t slot = 0;
  for (const ValueSpec &spec : results) {
    size_t rank = spec.shape.size();
    int64_t *d = frame.resultStorage() + slot;
    slot += descriptorSlots(rank);
    std::vector<int64_t> shape(d + 3, d + 3 + rank);
    void *allocated = reinterpret_cast<void *>(d[0]);
    if (!frame.inputBuffers.count(allocated))
      toFree.insert(allocated);
    // Sizes the validation could not compute (and that went negative or
    // overflow) end here, not in a copy of 2^64 bytes.
    if (llvm::Error e = checkResultShape(shape, spec.dtype, out.size()))
      return std::move(e);
    HostTensor t;
    if (copy) {
      auto allocatedOnHost = HostTensor::allocate(
          spec.dtype, shape, "result " + std::to_string(out.size()));
      if (!allocatedOnHost)
        return allocatedOnHost.takeError();
      t = std::move(*allocatedOnHost);
    } else {
      t.dtype = spec.dtype; // shape only: the caller wants sizes
      t.shape = shape;
    }
    // An empty result has no layout to check: MLIR gives a 5x0 memref
    // strides [0, 1].
    bool empty = llvm::is_contained(shape, int64_t(0));
    int64_t expected = 1;
    for (size_t k = rank; k-- > 0;) {
      if (!empty && shape[k] > 1 && d[3 + rank + k] != expected)
        return llvm::createStringError("a result is not contiguous");
      expected *= std::max<int64_t>(shape[k], 1);
    }
    char *aligned = reinterpret_cast<char *>(d[1]);
    if (copy)
      memory.toHost(t.data.data(), aligned + d[2] * dtypeBytes(spec.dtype),
                    t.byteSize());
    out.push_back(std::move(t));
  }
  return out;
}

llvm::Expected<void (*)(void **)> Executable::entryFunction() {
  // A JIT lookup per call (what ExecutionEngine::invokePacked does) costs
  // microseconds; the address does not change.
  std::call_once(packedOnce, [&] {
    auto fn = engine->lookupPacked("_mlir_ciface_" + symbol);
    if (fn)
      packedEntry = *fn;
    else
      packedError = "cannot link @" + withSourceNames(symbol) + ": " +
                    withSourceNames(llvm::toString(fn.takeError()));
  });
  if (!packedEntry)
    return llvm::createStringError(packedError);
  return packedEntry;
}

static llvm::Error callOnce(void (*entry)(void **), StringRef entryName,
                            CallFrame &frame, RuntimeLib *lib) {
  if (llvm::Error e = callGuarded(entry, frame.packed.data(), entryName)) {
    // The runtime's own record of the failure says no more than this.
    if (lib)
      (void)lib->takeError();
    return e;
  }
  if (lib) {
    std::string err = lib->takeError();
    if (!err.empty())
      return llvm::createStringError("the call failed on the device: " + err);
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<HostTensor>>
Executable::run(llvm::ArrayRef<HostTensor> inputs) {
  if (llvm::Error e = validateInputs(inputs))
    return std::move(e);
  auto lib = RuntimeLib::get(options.target);
  if (!lib)
    return lib.takeError();
  auto entry = entryFunction();
  if (!entry)
    return entry.takeError();
  Memory memory(*lib);
  llvm::SmallVector<FrameArg, 8> frameArgs;
  if (llvm::Error e = uploadInputs(args, inputs, memory, frameArgs))
    return std::move(e);
  CallFrame frame;
  buildFrame(args, results, frameArgs, frame);
  if (llvm::Error e = callOnce(*entry, this->entry, frame, *lib))
    return std::move(e);
  return collectResults(results, frame, memory, /*copy=*/true);
}

llvm::Expected<std::vector<TargetTensor>>
Executable::runOnTarget(llvm::ArrayRef<TargetTensor> inputs,
                        std::optional<void *> stream) {
  // The checks only need dtypes and shapes; scalars are read by value.
  llvm::SmallVector<FrameArg, 8> frameArgs(inputs.size());
  for (auto [i, in] : llvm::enumerate(inputs)) {
    frameArgs[i].shape = in.shape;
    if (i < args.size() && !args[i].isTensor) {
      if (!in.data)
        return llvm::createStringError("input " + std::to_string(i) +
                                       " (a scalar) has no value");
      frameArgs[i].value = in.data;
      frameArgs[i].bytes = dtypeBytes(in.dtype);
      continue;
    }
    if (numElements(in.shape) > 0 &&
        (!in.data || reinterpret_cast<uintptr_t>(in.data) % 16))
      return llvm::createStringError(
          "input " + std::to_string(i) +
          " must be a 16-byte aligned buffer on the target");
    frameArgs[i].buffer = in.data;
  }
  bool needsShapeRules = false;
  if (llvm::Error e = checkSignatureOf(inputs, needsShapeRules))
    return std::move(e);
  if (needsShapeRules) {
    // New shapes for dynamic dims: the ops' rules read scalars' values too.
    std::vector<HostTensor> described(inputs.size());
    for (auto [i, in] : llvm::enumerate(inputs)) {
      described[i].dtype = in.dtype;
      described[i].shape.assign(in.shape.begin(), in.shape.end());
      if (frameArgs[i].value) {
        auto *p = static_cast<const uint8_t *>(frameArgs[i].value);
        described[i].data.assign(p, p + frameArgs[i].bytes);
      }
    }
    if (llvm::Error e = checkShapeRules(described))
      return std::move(e);
  }
  auto lib = RuntimeLib::get(options.target);
  if (!lib)
    return lib.takeError();
  auto entry = entryFunction();
  if (!entry)
    return entry.takeError();
  if (stream &&
      (!*lib || !(*lib)->api->useStream || !(*lib)->api->memRecordStream))
    return llvm::createStringError(
        "running on a caller's stream needs the cuda target (this "
        "executable is for " +
        targetName(options.target).str() + ")");
  // The loan covers everything below that creates a stream (Memory too),
  // and ends on every path out.
  if (stream) {
    (*lib)->api->useStream(1, *stream);
    for (const FrameArg &a : frameArgs)
      if (a.buffer)
        (*lib)->api->memRecordStream(a.buffer, *stream);
  }
  llvm::scope_exit endLoan([&] {
    if (stream)
      (*lib)->api->useStream(0, nullptr);
  });
  Memory memory(*lib);
  CallFrame frame;
  buildFrame(args, results, frameArgs, frame);
  if (llvm::Error e = callOnce(*entry, this->entry, frame, *lib))
    return std::move(e);
  if (*lib && !stream)
    (*lib)->api->streamSynchronize(memory.stream);

  std::vector<TargetTensor> out;
  llvm::SmallPtrSet<void *, 8> seen;
  bool contiguous = true;
  size_t slot = 0;
  for (const ValueSpec &spec : results) {
    size_t rank = spec.shape.size();
    int64_t *d = frame.resultStorage() + slot;
    slot += descriptorSlots(rank);
    TargetTensor t;
    t.dtype = spec.dtype;
    t.shape.assign(d + 3, d + 3 + rank);
    bool empty = llvm::is_contained(t.shape, int64_t(0)); // any strides
    int64_t expected = 1;
    for (size_t k = rank; k-- > 0;) {
      if (!empty && t.shape[k] > 1 && d[3 + rank + k] != expected)
        contiguous = false;
      expected *= std::max<int64_t>(t.shape[k], 1);
    }
    t.data = reinterpret_cast<char *>(d[1]) + d[2] * dtypeBytes(spec.dtype);
    void *allocated = reinterpret_cast<void *>(d[0]);
    if (!frame.inputBuffers.count(allocated) && seen.insert(allocated).second)
      t.allocation = allocated;
    out.push_back(std::move(t));
  }
  llvm::Error bad = llvm::Error::success();
  for (auto [i, t] : llvm::enumerate(out))
    if (!bad)
      bad = checkResultShape(t.shape, t.dtype, i);
  if (!bad && !contiguous)
    bad = llvm::createStringError("a result is not contiguous");
  if (bad) {
    for (TargetTensor &t : out)
      memory.release(t.allocation);
    return std::move(bad);
  }
  return out;
}

static double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

llvm::Expected<BenchResult> Executable::bench(llvm::ArrayRef<HostTensor> inputs,
                                              unsigned iterations,
                                              unsigned warmup,
                                              bool synchronousDevice) {
  if (llvm::Error e = validateInputs(inputs))
    return std::move(e);
  auto lib = RuntimeLib::get(options.target);
  if (!lib)
    return lib.takeError();
  auto entry = entryFunction();
  if (!entry)
    return entry.takeError();
  Memory memory(*lib);
  llvm::SmallVector<FrameArg, 8> frameArgs;
  if (llvm::Error e = uploadInputs(args, inputs, memory, frameArgs))
    return std::move(e);
  CallFrame frame;
  buildFrame(args, results, frameArgs, frame);
  RuntimeLib *rt = *lib;
  // The interface sets all five event entries or none.
  bool events = rt && rt->api->eventCreateTimed && rt->api->eventRecord &&
                rt->api->eventSynchronize && rt->api->eventDestroy &&
                rt->api->eventElapsedMs;
  void *start = events ? rt->api->eventCreateTimed() : nullptr;
  void *stop = events ? rt->api->eventCreateTimed() : nullptr;
  // The call queued on its own stream, lent to it, so that the stop event
  // directly follows its work (the call's own wait would otherwise come
  // first, and its wake-up with it: 3-8 us per call on an H100).
  bool lend = events && !synchronousDevice && rt->api->useStream;
  bool counts = rt && rt->api->launchCount;
  BenchResult result;
  std::vector<double> wall, device;
  std::vector<int64_t> launches;
  // 64-bit: warmup + iterations must not wrap (a wrapped bound measured
  // nothing and reported 0 us).
  for (uint64_t i = 0, n = uint64_t(warmup) + iterations; i < n; ++i) {
    if (events)
      rt->api->eventRecord(start, memory.stream);
    auto t0 = std::chrono::steady_clock::now();
    if (lend)
      rt->api->useStream(1, memory.stream);
    uint64_t launchesBefore = counts ? rt->api->launchCount() : 0;
    llvm::Error called = callOnce(*entry, this->entry, frame, rt);
    uint64_t launchesAfter = counts ? rt->api->launchCount() : 0;
    if (lend)
      rt->api->useStream(0, nullptr);
    if (called)
      return std::move(called);
    if (lend)
      rt->api->eventRecord(stop, memory.stream);
    if (rt)
      rt->api->streamSynchronize(memory.stream);
    auto t1 = std::chrono::steady_clock::now();
    if (events) {
      if (!lend)
        rt->api->eventRecord(stop, memory.stream);
      rt->api->eventSynchronize(stop);
    }
    if (i >= warmup) {
      if (counts)
        launches.push_back(int64_t(launchesAfter - launchesBefore));
      wall.push_back(
          std::chrono::duration<double, std::micro>(t1 - t0).count());
      if (events)
        device.push_back(1000.0 * rt->api->eventElapsedMs(start, stop));
      else if (rt && rt->api->lastKernelMs)
        device.push_back(1000.0 * rt->api->lastKernelMs());
    }
    auto outs = collectResults(results, frame, memory, /*copy=*/false);
    if (!outs)
      return outs.takeError();
  }
  if (events) {
    rt->api->eventDestroy(start);
    rt->api->eventDestroy(stop);
  }
  result.iterations = iterations;
  result.medianWallUs = median(wall);
  result.minWallUs =
      wall.empty() ? 0 : *std::min_element(wall.begin(), wall.end());
  result.medianDeviceUs = median(device);
  if (!launches.empty()) {
    std::nth_element(launches.begin(), launches.begin() + launches.size() / 2,
                     launches.end());
    result.launchesPerCall = launches[launches.size() / 2];
  }
  for (const HostTensor &in : inputs)
    result.bytesPerCall += in.shape.empty() ? 0 : in.byteSize();
  // Output sizes: run once more to learn them (shapes may be dynamic).
  if (llvm::Error e = callOnce(*entry, this->entry, frame, rt))
    return std::move(e);
  auto outs = collectResults(results, frame, memory, /*copy=*/false);
  if (!outs)
    return outs.takeError();
  for (const HostTensor &o : *outs)
    result.bytesPerCall += o.numElements() * dtypeBytes(o.dtype);
  return result;
}
