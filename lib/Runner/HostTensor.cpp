//===- HostTensor.cpp - Host-side tensors for ferric-run ------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// HostTensor's storage (creation, element access, conversion) and the
// numpy-like printing of values and tensors.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "ElementAccess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace mlir::ferric::runner;

//===----------------------------------------------------------------------===//
// HostTensor
//===----------------------------------------------------------------------===//

HostTensor HostTensor::zeros(DType dtype, llvm::ArrayRef<int64_t> shape) {
  std::optional<int64_t> n = checkedNumElements(shape, dtype);
  assert(n && "invalid shape");
  HostTensor t;
  t.dtype = dtype;
  t.shape.assign(shape.begin(), shape.end());
  t.data.assign(static_cast<size_t>(*n) * dtypeBytes(dtype), 0);
  return t;
}

llvm::Expected<HostTensor> HostTensor::allocate(DType dtype,
                                                llvm::ArrayRef<int64_t> shape,
                                                llvm::StringRef what) {
  HostTensor t;
  t.dtype = dtype;
  t.shape.assign(shape.begin(), shape.end());
  std::optional<int64_t> n = checkedNumElements(shape, dtype);
  if (!n) {
    bool negative = llvm::any_of(shape, [](int64_t d) { return d < 0; });
    return llvm::createStringError(
        what + " has shape " + t.typeString() +
        (negative ? ": a size is negative" : ": its byte size overflows"));
  }
  size_t bytes = static_cast<size_t>(*n) * dtypeBytes(dtype);
  // Ask malloc first: a failed std::vector allocation cannot be caught here.
  void *probe = bytes ? std::malloc(bytes) : nullptr;
  if (bytes && !probe)
    return llvm::createStringError(
        std::make_error_code(std::errc::not_enough_memory),
        "cannot allocate " + std::to_string(bytes) + " bytes for " + what +
            " (" + t.typeString() + ")");
  std::free(probe);
  t.data.assign(bytes, 0);
  return t;
}

HostTensor HostTensor::fromValues(DType dtype, llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<double> values) {
  HostTensor t = zeros(dtype, shape);
  assert(static_cast<int64_t>(values.size()) == t.numElements() &&
         "value count does not match the shape");
  for (auto [i, v] : llvm::enumerate(values))
    storeElement(t.data.data(), dtype, static_cast<int64_t>(i), v);
  return t;
}

int64_t mlir::ferric::runner::numElements(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t HostTensor::numElements() const { return runner::numElements(shape); }

double HostTensor::get(int64_t i) const {
  assert(i >= 0 && static_cast<size_t>(i) * dtypeBytes(dtype) < data.size() &&
         "element index out of range");
  return loadElement(data.data(), dtype, i);
}

void HostTensor::set(int64_t i, double v) {
  assert(i >= 0 && static_cast<size_t>(i) * dtypeBytes(dtype) < data.size() &&
         "element index out of range");
  storeElement(data.data(), dtype, i, v);
}

HostTensor HostTensor::convertTo(DType type) const {
  if (type == dtype)
    return *this;
  HostTensor out = zeros(type, shape);
  int64_t n = numElements();
  const uint8_t *src = data.data();
  uint8_t *dst = out.data.data();
  for (int64_t i = 0; i < n; ++i)
    storeElement(dst, type, i, loadElement(src, dtype, i));
  return out;
}

std::string HostTensor::typeString() const {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  s += dtypeName(dtype).str();
  return s;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

std::string mlir::ferric::runner::formatValue(double v, DType type) {
  if (type == DType::I1)
    return v != 0 ? "true" : "false";
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  // The fewest significant digits that read back as the same value...
  v = roundToDType(v, type);
  char buf[64];
  int precision = 1;
  for (; precision < 17; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*e", precision - 1, v);
    if (roundToDType(std::strtod(buf, nullptr), type) == roundToDType(v, type))
      break;
  }
  std::snprintf(buf, sizeof(buf), "%.*e", precision - 1, v);
  // ...printed like Python's repr: positional unless the decimal exponent is
  // below -4 or at least 16.
  int exp10 = std::atoi(std::strchr(buf, 'e') + 1);
  if (exp10 >= -4 && exp10 < 16)
    std::snprintf(buf, sizeof(buf), "%.*f", std::max(0, precision - 1 - exp10),
                  v);
  return buf;
}

namespace {
struct TensorPrinter {
  const HostTensor &t;
  bool summarize;
  static constexpr int64_t kEdgeItems = 3;
  llvm::raw_string_ostream &os;

  /// Prints the sub-array of dimension `dim` starting at flat element `base`.
  void print(size_t dim, int64_t base) {
    if (dim == t.shape.size()) {
      os << formatValue(t.get(base), t.dtype);
      return;
    }
    int64_t size = t.shape[dim];
    int64_t stride = 1;
    for (size_t d = dim + 1; d < t.shape.size(); ++d)
      stride *= t.shape[d];
    os << '[';
    bool elide = summarize && size > 2 * kEdgeItems;
    for (int64_t i = 0; i < size; ++i) {
      if (elide && i == kEdgeItems) {
        os << "..., ";
        i = size - kEdgeItems;
      }
      print(dim + 1, base + i * stride);
      if (i + 1 < size)
        os << ", ";
    }
    os << ']';
  }
};
} // namespace

std::string mlir::ferric::runner::formatTensor(const HostTensor &t,
                                               int64_t maxElements) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "array(";
  bool summarize = maxElements >= 0 && t.numElements() > maxElements;
  TensorPrinter{t, summarize, os}.print(0, 0);
  os << ", shape=(";
  llvm::interleaveComma(t.shape, os);
  if (t.shape.size() == 1)
    os << ',';
  os << "), dtype=" << dtypeName(t.dtype) << ')';
  return s;
}

std::string mlir::ferric::runner::formatIndex(llvm::ArrayRef<int64_t> shape,
                                              int64_t index) {
  llvm::SmallVector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] > 0) {
      idx[d] = index % shape[d];
      index /= shape[d];
    }
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '[';
  llvm::interleaveComma(idx, os);
  os << ']';
  return s;
}
