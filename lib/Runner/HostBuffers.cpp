//===- HostBuffers.cpp - Running on the caller's host buffers -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The policy behind the C API's ferric_run: on the CPU, host buffers are the
// target's buffers, so aligned inputs are used in place and results handed
// out as the compiled code allocated them (no copy either way). On CUDA each
// input is copied once, from the caller's buffer straight into device memory
// (the runtime's staged copy, as a Tensor's upload), and each result once,
// into host memory that nothing else writes: a numpy call costs its copies
// and its kernels (issue 40 measured 2.2x torch's time for a numpy SwiGLU
// when every input was first copied into a host vector and every result into
// a zero-filled one, three more passes over fresh memory per call).
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/Runner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

/// Host memory for a result copied back from the device, from malloc. A
/// large one is marked for transparent huge pages, as numpy marks its own
/// arrays (np.empty, which a Tensor's .numpy() copies into): its fresh pages
/// are then faulted in 2 MiB at a time, not 4 KiB (at 2^24 f32 elements,
/// 32 faults instead of 16384; on the build machine's VM a 4 KiB fault cost
/// about 18 us, ten times the copy of its bytes).
static uint8_t *allocateHostResult(size_t bytes) {
  void *p = std::malloc(bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr size_t kHugeFrom = size_t(1) << 22, kPage = 4096;
  if (p && bytes >= kHugeFrom) {
    uintptr_t begin =
        (reinterpret_cast<uintptr_t>(p) + kPage - 1) & ~(kPage - 1);
    uintptr_t end = reinterpret_cast<uintptr_t>(p) + bytes;
    if (end > begin)
      (void)madvise(reinterpret_cast<void *>(begin), end - begin,
                    MADV_HUGEPAGE); // a hint: a failure changes nothing
  }
#endif
  return static_cast<uint8_t *>(p);
}

/// runOnHostBuffers on a device (inputs whose signature checked out): each
/// tensor input copied once into a buffer on the target, the call there,
/// each result copied once into host memory from malloc.
static llvm::Expected<std::vector<HostResult>>
runThroughDevice(Executable &exe, llvm::ArrayRef<TargetTensor> inputs) {
  Target target = exe.getTarget();
  llvm::ArrayRef<ValueSpec> args = exe.getArguments();
  llvm::SmallVector<TargetTensor, 4> onTarget(inputs.size());
  llvm::SmallVector<void *, 4> buffers;
  llvm::scope_exit releaseInputs([&] {
    for (void *p : buffers)
      releaseOnTarget(target, p);
  });
  std::vector<uint8_t> bools;
  for (auto [i, in] : llvm::enumerate(inputs)) {
    TargetTensor &t = onTarget[i];
    t.dtype = in.dtype;
    t.shape = in.shape;
    if (i < args.size() && !args[i].isTensor) {
      t.data = in.data; // a scalar: read by value, from the host
      continue;
    }
    size_t bytes =
        static_cast<size_t>(numElements(in.shape)) * dtypeBytes(in.dtype);
    if (!bytes)
      continue;
    if (!in.data)
      return llvm::createStringError("input " + std::to_string(i) +
                                     " has no data");
    const void *src = in.data;
    if (in.dtype == DType::I1) {
      // Any nonzero byte is true; the compiled code reads 0 or 1.
      auto *p = static_cast<const uint8_t *>(in.data);
      if (!std::all_of(p, p + bytes, [](uint8_t b) { return b <= 1; })) {
        bools.assign(p, p + bytes);
        for (uint8_t &b : bools)
          b = b != 0;
        src = bools.data();
      }
    }
    auto buffer = allocateOnTarget(target, bytes);
    if (!buffer)
      return buffer.takeError();
    buffers.push_back(*buffer);
    if (llvm::Error e = copyHostOnTarget(target, *buffer, src, bytes,
                                         /*toTarget=*/true))
      return std::move(e);
    t.data = *buffer;
  }
  auto results = exe.runOnTarget(onTarget);
  if (!results)
    return results.takeError();
  // After every result is copied: a result may be in an input's buffer or
  // share an earlier result's.
  llvm::scope_exit releaseResults([&] {
    for (TargetTensor &r : *results)
      releaseOnTarget(target, r.allocation);
  });
  std::vector<HostResult> out;
  for (auto [i, r] : llvm::enumerate(*results)) {
    HostResult &h = out.emplace_back();
    h.dtype = r.dtype;
    h.shape.assign(r.shape.begin(), r.shape.end());
    size_t bytes =
        static_cast<size_t>(numElements(r.shape)) * dtypeBytes(r.dtype);
    if (!bytes)
      continue;
    h.fromTarget.reset(allocateHostResult(bytes));
    if (!h.fromTarget)
      return llvm::createStringError(
          std::make_error_code(std::errc::not_enough_memory),
          "cannot allocate " + std::to_string(bytes) +
              " bytes on the host for result " + std::to_string(i));
    if (llvm::Error e = copyHostOnTarget(target, h.fromTarget.get(), r.data,
                                         bytes, /*toTarget=*/false))
      return std::move(e);
  }
  return out;
}

llvm::Expected<std::vector<HostResult>>
Executable::runOnHostBuffers(llvm::ArrayRef<TargetTensor> inputs) {
  if (getTarget() == Target::CUDA) {
    // The signature first: a wrong input is reported as such, not as the
    // failed allocation or copy of its bytes. (runOnTarget checks it
    // again, with the ops' shape rules, which also read scalars.)
    bool needsShapeRules = false;
    if (llvm::Error e = checkSignatureOf(inputs, needsShapeRules))
      return std::move(e);
    return runThroughDevice(*this, inputs);
  }
  // The compiled CPU code assumes 16-byte aligned buffers, and bools of 0
  // or 1: it reads an i1 from the low bit of its byte, so a numpy bool of
  // byte 2 (`uint8.view(bool)`) was false. Such inputs take the copy below.
  bool inPlace = getTarget() == Target::CPU;
  for (const TargetTensor &t : inputs) {
    inPlace = inPlace && reinterpret_cast<uintptr_t>(t.data) % 16 == 0;
    if (inPlace && t.dtype == DType::I1) {
      auto *p = static_cast<const uint8_t *>(t.data);
      inPlace = std::all_of(p, p + numElements(t.shape),
                            [](uint8_t b) { return b <= 1; });
    }
  }

  std::vector<HostResult> out;
  if (inPlace) {
    auto results = runOnTarget(inputs);
    if (!results)
      return results.takeError();
    for (TargetTensor &t : *results) {
      HostResult &r = out.emplace_back();
      r.dtype = t.dtype;
      r.shape.assign(t.shape.begin(), t.shape.end());
      if (t.allocation) {
        r.allocation = t.allocation;
        r.targetData = t.data;
        continue;
      }
      // In an input's buffer (or an earlier result's, which may be an
      // input): copied, since the caller may change its inputs afterwards.
      r.copy.dtype = t.dtype;
      r.copy.shape.assign(t.shape.begin(), t.shape.end());
      auto *p = static_cast<const uint8_t *>(t.data);
      r.copy.data.assign(p, p + numElements(t.shape) * dtypeBytes(t.dtype));
    }
    return out;
  }

  std::vector<HostTensor> hostInputs(inputs.size());
  for (auto [t, host] : llvm::zip(inputs, hostInputs)) {
    host.dtype = t.dtype;
    host.shape.assign(t.shape.begin(), t.shape.end());
    auto *p = static_cast<const uint8_t *>(t.data);
    host.data.assign(p, p + numElements(t.shape) * dtypeBytes(t.dtype));
    // Any nonzero byte is true; the compiled code reads 0 or 1.
    if (host.dtype == DType::I1)
      for (uint8_t &b : host.data)
        b = b != 0;
  }
  auto results = run(hostInputs);
  if (!results)
    return results.takeError();
  for (HostTensor &t : *results) {
    HostResult &r = out.emplace_back();
    r.dtype = t.dtype;
    r.shape = t.shape;
    r.copy = std::move(t);
  }
  return out;
}
