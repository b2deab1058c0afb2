//===- HostTensor.cpp - Host-side tensors for ferric-run ------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Element types and conversions, HostTensor, the input generators, scalar
// parsing and printing.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace mlir::ferric::runner;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

StringRef mlir::ferric::runner::dtypeName(DType type) {
  switch (type) {
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  case DType::I1:
    return "i1";
  }
  llvm_unreachable("unknown DType");
}

std::optional<DType> mlir::ferric::runner::parseDType(StringRef name) {
  for (DType t : {DType::F16, DType::BF16, DType::F32, DType::F64, DType::I1})
    if (name == dtypeName(t))
      return t;
  return std::nullopt;
}

size_t mlir::ferric::runner::dtypeBytes(DType type) {
  switch (type) {
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::F32:
    return 4;
  case DType::F64:
    return 8;
  case DType::I1:
    return 1;
  }
  llvm_unreachable("unknown DType");
}

bool mlir::ferric::runner::isFloatDType(DType type) {
  return type != DType::I1;
}

/// Rounds a double to a binary format with `ExpBits` exponent bits and
/// `MantBits` stored significand bits (round-to-nearest-even, overflow to
/// infinity, gradual underflow), working on the bits so that there is no
/// double rounding and no dependence on the floating-point environment.
template <int ExpBits, int MantBits>
static uint16_t roundDoubleToSmallFloat(double v) {
  constexpr uint32_t expMax = (1u << ExpBits) - 1;
  constexpr int bias = (1 << (ExpBits - 1)) - 1;
  constexpr int minNormalExp = 1 - bias;
  uint64_t bits = llvm::bit_cast<uint64_t>(v);
  uint32_t sign = static_cast<uint32_t>(bits >> 63) << (ExpBits + MantBits);
  int exp = static_cast<int>((bits >> 52) & 0x7FF);
  uint64_t mant = bits & ((uint64_t(1) << 52) - 1);
  if (exp == 0x7FF) {
    if (mant == 0) // Infinity.
      return static_cast<uint16_t>(sign | (expMax << MantBits));
    // NaN: quiet it and keep the top payload bits.
    uint32_t payload = static_cast<uint32_t>(mant >> (52 - MantBits));
    return static_cast<uint16_t>(sign | (expMax << MantBits) |
                                 (1u << (MantBits - 1)) | payload);
  }
  // Zero, or a double subnormal: far below half the smallest subnormal of the
  // target, so it rounds to zero.
  if (exp == 0)
    return static_cast<uint16_t>(sign);
  // v = sig * 2^e2 with a 53-bit sig; the target quantum at v is 2^q.
  uint64_t sig = mant | (uint64_t(1) << 52);
  int unbiased = exp - 1023;
  int e2 = unbiased - 52;
  int q = std::max(unbiased, minNormalExp) - MantBits;
  int shift = q - e2; // >= 52 - MantBits > 0.
  if (shift >= 54)    // v < 2^(q-1): below half a quantum.
    return static_cast<uint16_t>(sign);
  uint64_t n = sig >> shift;
  uint64_t rem = sig & ((uint64_t(1) << shift) - 1);
  uint64_t half = uint64_t(1) << (shift - 1);
  if (rem > half || (rem == half && (n & 1)))
    ++n;
  if (n >> (MantBits + 1)) { // Rounding carried into the next binade.
    n >>= 1;
    ++q;
  }
  if (n < (uint64_t(1) << MantBits)) // Subnormal (or zero).
    return static_cast<uint16_t>(sign | n);
  int outExp = q + MantBits;
  if (outExp > bias)
    return static_cast<uint16_t>(sign | (expMax << MantBits));
  return static_cast<uint16_t>(
      sign | (static_cast<uint32_t>(outExp + bias) << MantBits) |
      (n & ((uint64_t(1) << MantBits) - 1)));
}

/// The exact value of a small binary float bit pattern.
template <int ExpBits, int MantBits>
static double smallFloatToDouble(uint16_t bits) {
  constexpr uint32_t expMax = (1u << ExpBits) - 1;
  constexpr int bias = (1 << (ExpBits - 1)) - 1;
  constexpr int minNormalExp = 1 - bias;
  uint64_t sign = static_cast<uint64_t>(bits >> (ExpBits + MantBits)) << 63;
  uint32_t exp = (bits >> MantBits) & expMax;
  uint64_t mant = bits & ((1u << MantBits) - 1);
  if (exp == expMax) // Infinity or NaN (a non-zero payload stays non-zero).
    return llvm::bit_cast<double>(sign | (uint64_t(0x7FF) << 52) |
                                  (mant << (52 - MantBits)));
  if (exp == 0) {
    double m = std::ldexp(static_cast<double>(mant), minNormalExp - MantBits);
    return sign ? -m : m;
  }
  return llvm::bit_cast<double>(
      sign |
      (static_cast<uint64_t>(static_cast<int>(exp) - bias + 1023) << 52) |
      (mant << (52 - MantBits)));
}

uint16_t mlir::ferric::runner::doubleToF16Bits(double v) {
  return roundDoubleToSmallFloat<5, 10>(v);
}
uint16_t mlir::ferric::runner::doubleToBF16Bits(double v) {
  return roundDoubleToSmallFloat<8, 7>(v);
}
double mlir::ferric::runner::f16BitsToDouble(uint16_t bits) {
  return smallFloatToDouble<5, 10>(bits);
}
double mlir::ferric::runner::bf16BitsToDouble(uint16_t bits) {
  return smallFloatToDouble<8, 7>(bits);
}

static inline void storeElement(uint8_t *base, DType type, int64_t i,
                                double v) {
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

static inline double loadElement(const uint8_t *base, DType type, int64_t i) {
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

double mlir::ferric::runner::roundToDType(double v, DType type) {
  uint8_t buf[8];
  storeElement(buf, type, 0, v);
  return loadElement(buf, type, 0);
}

//===----------------------------------------------------------------------===//
// HostTensor
//===----------------------------------------------------------------------===//

/// The product of `shape`, or std::nullopt when a dimension is negative or
/// the byte size of such a tensor would not fit in int64_t.
static std::optional<int64_t> checkedNumElements(llvm::ArrayRef<int64_t> shape,
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

HostTensor HostTensor::zeros(DType dtype, llvm::ArrayRef<int64_t> shape) {
  std::optional<int64_t> n = checkedNumElements(shape, dtype);
  assert(n && "invalid shape");
  HostTensor t;
  t.dtype = dtype;
  t.shape.assign(shape.begin(), shape.end());
  t.data.assign(static_cast<size_t>(*n) * dtypeBytes(dtype), 0);
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

int64_t HostTensor::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

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
// Generators
//===----------------------------------------------------------------------===//

namespace {
constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;

/// The splitmix64 output mixer.
inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// Output `k` (0-based) of the splitmix64 stream seeded with `seed`; random
/// access so that any element can be generated independently.
inline uint64_t splitmix64At(uint64_t seed, uint64_t k) {
  return mix64(seed + (k + 1) * kGolden);
}

/// Significand bits (including the implicit one) of a float dtype.
int significandBits(DType type) {
  switch (type) {
  case DType::F16:
    return 11;
  case DType::BF16:
    return 8;
  case DType::F32:
    return 24;
  case DType::F64:
    return 53;
  case DType::I1:
    return 1;
  }
  llvm_unreachable("unknown DType");
}

constexpr int64_t kBlock = 1024; // Even, so that Box-Muller pairs align.

/// Fills `t` block by block: `gen(begin, count, out)` writes `count` values
/// for elements [begin, begin + count) into `out`.
template <typename Gen> void fillBlocks(HostTensor &t, Gen gen) {
  std::array<double, kBlock> buf;
  int64_t n = t.numElements();
  uint8_t *base = t.data.data();
  for (int64_t begin = 0; begin < n; begin += kBlock) {
    int64_t count = std::min(kBlock, n - begin);
    gen(begin, count, buf.data());
    switch (t.dtype) {
    case DType::F16:
      for (int64_t j = 0; j < count; ++j)
        storeElement(base, DType::F16, begin + j, buf[j]);
      break;
    case DType::BF16:
      for (int64_t j = 0; j < count; ++j)
        storeElement(base, DType::BF16, begin + j, buf[j]);
      break;
    case DType::F32:
      for (int64_t j = 0; j < count; ++j)
        storeElement(base, DType::F32, begin + j, buf[j]);
      break;
    case DType::F64:
      for (int64_t j = 0; j < count; ++j)
        storeElement(base, DType::F64, begin + j, buf[j]);
      break;
    case DType::I1:
      for (int64_t j = 0; j < count; ++j)
        storeElement(base, DType::I1, begin + j, buf[j]);
      break;
    }
  }
}

llvm::Error specError(StringRef spec, const llvm::Twine &why) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument),
      "invalid tensor spec '" + spec + "': " + why +
          " (expected <kind>:<dims>x<dtype> such as rand:4x4xf32; kinds: "
          "rand, randn, zeros, ones, iota, full=<value>; dtypes: f16, bf16, "
          "f32, f64, i1)");
}

std::optional<double> parseDouble(StringRef text) {
  text = text.trim();
  if (text.empty())
    return std::nullopt;
  // APFloat's parser accepts "+x", hex floats, "inf", "nan", ...
  double v;
  if (text.getAsDouble(v, /*AllowInexact=*/true))
    return std::nullopt;
  return v;
}
} // namespace

llvm::Expected<HostTensor> mlir::ferric::runner::generateTensor(StringRef spec,
                                                                uint64_t seed) {
  auto [kindPart, typePart] = spec.trim().split(':');
  if (typePart.empty())
    return specError(spec, "missing ':'");

  // The element type is the last 'x'-separated component; the others are the
  // dimensions.
  llvm::SmallVector<StringRef> parts;
  typePart.split(parts, 'x');
  std::optional<DType> dtype = parseDType(parts.back());
  if (!dtype)
    return specError(spec, "unknown element type '" + parts.back() + "'");
  llvm::SmallVector<int64_t> shape;
  for (StringRef dim : llvm::ArrayRef(parts).drop_back()) {
    uint64_t d;
    if (dim.getAsInteger(10, d) || d > uint64_t(INT64_MAX))
      return specError(spec, "bad dimension '" + dim + "'");
    shape.push_back(static_cast<int64_t>(d));
  }
  if (!checkedNumElements(shape, *dtype))
    return specError(spec, "tensor too large");

  enum class Kind { Rand, Randn, Zeros, Ones, Iota, Full };
  Kind kind;
  double fullValue = 0;
  if (kindPart == "rand") {
    kind = Kind::Rand;
  } else if (kindPart == "randn") {
    kind = Kind::Randn;
  } else if (kindPart == "zeros") {
    kind = Kind::Zeros;
  } else if (kindPart == "ones") {
    kind = Kind::Ones;
  } else if (kindPart == "iota") {
    kind = Kind::Iota;
  } else if (kindPart.consume_front("full=")) {
    std::optional<double> v = parseDouble(kindPart);
    if (!v)
      return specError(spec, "bad fill value '" + kindPart + "'");
    kind = Kind::Full;
    fullValue = *v;
  } else {
    return specError(spec, "unknown kind '" + kindPart + "'");
  }

  HostTensor t = HostTensor::zeros(*dtype, shape);
  const bool isBool = *dtype == DType::I1;
  switch (kind) {
  case Kind::Zeros:
    break;
  case Kind::Ones:
  case Kind::Full: {
    double v = kind == Kind::Ones ? 1.0 : fullValue;
    size_t width = dtypeBytes(*dtype);
    uint8_t elt[8];
    storeElement(elt, *dtype, 0, v);
    for (size_t off = 0; off < t.data.size(); off += width)
      std::memcpy(t.data.data() + off, elt, width);
    break;
  }
  case Kind::Iota:
    fillBlocks(t, [](int64_t begin, int64_t count, double *out) {
      for (int64_t j = 0; j < count; ++j)
        out[j] = static_cast<double>(begin + j);
    });
    break;
  case Kind::Rand:
  case Kind::Randn:
    if (isBool) {
      fillBlocks(t, [seed](int64_t begin, int64_t count, double *out) {
        for (int64_t j = 0; j < count; ++j)
          out[j] = static_cast<double>(splitmix64At(seed, begin + j) >> 63);
      });
    } else if (kind == Kind::Rand) {
      // Uniform on the grid k * 2^(1-p) - 1, k in [0, 2^p): every value is
      // exactly representable in the element type and lies in [-1, 1).
      int p = significandBits(*dtype);
      double scale = std::ldexp(1.0, 1 - p);
      int64_t offset = int64_t(1) << (p - 1);
      fillBlocks(t, [=](int64_t begin, int64_t count, double *out) {
        for (int64_t j = 0; j < count; ++j) {
          uint64_t x = splitmix64At(seed, begin + j) >> (64 - p);
          out[j] =
              static_cast<double>(static_cast<int64_t>(x) - offset) * scale;
        }
      });
    } else {
      // Box-Muller: elements 2k and 2k+1 come from outputs 2k and 2k+1.
      fillBlocks(t, [seed](int64_t begin, int64_t count, double *out) {
        constexpr double twoPi = 6.283185307179586476925286766559;
        constexpr double inv53 = 1.0 / 9007199254740992.0; // 2^-53
        for (int64_t j = 0; j < count; j += 2) {
          uint64_t k = static_cast<uint64_t>(begin + j);
          double u1 =
              static_cast<double>((splitmix64At(seed, k) >> 11) + 1) * inv53;
          double u2 =
              static_cast<double>(splitmix64At(seed, k + 1) >> 11) * inv53;
          double r = std::sqrt(-2.0 * std::log(u1));
          out[j] = r * std::cos(twoPi * u2);
          if (j + 1 < count)
            out[j + 1] = r * std::sin(twoPi * u2);
        }
      });
    }
    break;
  }
  return t;
}

llvm::Expected<HostTensor> mlir::ferric::runner::parseScalar(StringRef text,
                                                             DType type) {
  StringRef trimmed = text.trim();
  std::optional<double> v;
  if (type == DType::I1 && trimmed.equals_insensitive("true"))
    v = 1.0;
  else if (type == DType::I1 && trimmed.equals_insensitive("false"))
    v = 0.0;
  else
    v = parseDouble(trimmed);
  if (!v)
    return llvm::createStringError(
        std::errc::invalid_argument, "invalid %s scalar '%s'",
        dtypeName(type).str().c_str(), text.str().c_str());
  HostTensor t = HostTensor::zeros(type, {});
  t.set(0, *v);
  return t;
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
