//===- ElementAccess.h - Typed element loads and stores ---------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Loads and stores of one element of a DType buffer as a double, and the
// overflow-checked element count of a shape: shared by the HostTensor,
// dtype and generator files of the runner, private to lib/Runner.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_RUNNER_ELEMENTACCESS_H
#define FERRIC_LIB_RUNNER_ELEMENTACCESS_H

#include "FerricDialect/Runner/HostTensor.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <cstring>
#include <optional>

namespace mlir::ferric::runner {

inline void storeElement(uint8_t *base, DType type, int64_t i, double v) {
  switch (type) {
  case DType::F16: {
    uint16_t b = doubleToF16Bits(v);
    std::memcpy(base + 2 * i, &b, 2);
    return;
  }
  case DType::BF16: {
    uint16_t b = doubleToBF16Bits(v);
    std::memcpy(base + 2 * i, &b, 2);
    return;
  }
  case DType::F32: {
    float f = static_cast<float>(v);
    std::memcpy(base + 4 * i, &f, 4);
    return;
  }
  case DType::F64:
    std::memcpy(base + 8 * i, &v, 8);
    return;
  case DType::I1:
    base[i] = v != 0 ? 1 : 0;
    return;
  }
  llvm_unreachable("unknown DType");
}

inline double loadElement(const uint8_t *base, DType type, int64_t i) {
  switch (type) {
  case DType::F16: {
    uint16_t b;
    std::memcpy(&b, base + 2 * i, 2);
    return f16BitsToDouble(b);
  }
  case DType::BF16: {
    uint16_t b;
    std::memcpy(&b, base + 2 * i, 2);
    return bf16BitsToDouble(b);
  }
  case DType::F32: {
    float f;
    std::memcpy(&f, base + 4 * i, 4);
    return f;
  }
  case DType::F64: {
    double d;
    std::memcpy(&d, base + 8 * i, 8);
    return d;
  }
  case DType::I1:
    return base[i] != 0 ? 1.0 : 0.0;
  }
  llvm_unreachable("unknown DType");
}

/// The product of `shape`, or std::nullopt when a dimension is negative or
/// the byte size of such a tensor would not fit in int64_t.
inline std::optional<int64_t> checkedNumElements(llvm::ArrayRef<int64_t> shape,
                                                 DType type) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0 || llvm::MulOverflow(n, d, n))
      return std::nullopt;
  }
  int64_t bytes;
  if (llvm::MulOverflow(n, static_cast<int64_t>(dtypeBytes(type)), bytes))
    return std::nullopt;
  return n;
}

} // namespace mlir::ferric::runner

#endif // FERRIC_LIB_RUNNER_ELEMENTACCESS_H
