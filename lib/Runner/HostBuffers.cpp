//===- HostBuffers.cpp - Running on the caller's host buffers -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The policy behind the C API's ferric_run: on the CPU, host buffers are the
// target's buffers, so aligned inputs are used in place and results handed
// out as the compiled code allocated them (no copy either way).
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/Runner.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

llvm::Expected<std::vector<HostResult>>
Executable::runOnHostBuffers(llvm::ArrayRef<TargetTensor> inputs) {
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
