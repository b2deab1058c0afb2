//===- Generate.cpp - Generated inputs and scalars ------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The input generators of ferric-run (`rand:4096xf32`, ...: splitmix64
// streams, the same on every platform) and scalar parsing.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "ElementAccess.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace mlir::ferric::runner;
using llvm::StringRef;

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

template <typename Word> void storeBits(uint8_t *base, int64_t i, Word w) {
  std::memcpy(base + i * sizeof(Word), &w, sizeof(Word));
}

/// `bits`: element i holds the bit pattern i * stride plus random bits below
/// the stride, where stride is 2^width / n (at least 1): n = 2^width elements
/// (all 65536 f16 or bf16 values) are every pattern in order, fewer sample
/// every part of the encoding (both signs, subnormals, infinities, NaNs).
void fillBits(HostTensor &t, uint64_t seed) {
  int64_t n = t.numElements();
  unsigned width = t.dtype == DType::I1 ? 1 : 8 * dtypeBytes(t.dtype);
  unsigned logN = n <= 1 ? 0 : llvm::Log2_64_Ceil(uint64_t(n));
  unsigned strideBits = width > logN ? width - logN : 0;
  uint64_t lowMask = strideBits ? (uint64_t(1) << strideBits) - 1 : 0;
  uint64_t patternMask =
      width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  uint8_t *base = t.data.data();
  for (int64_t i = 0; i < n; ++i) {
    uint64_t pattern = (uint64_t(i) << strideBits) |
                       (splitmix64At(seed, uint64_t(i)) & lowMask);
    pattern &= patternMask;
    switch (width) {
    case 1:
      base[i] = uint8_t(pattern);
      break;
    case 16:
      storeBits(base, i, uint16_t(pattern));
      break;
    case 32:
      storeBits(base, i, uint32_t(pattern));
      break;
    default:
      storeBits(base, i, pattern);
      break;
    }
  }
}

llvm::Error specError(StringRef spec, const llvm::Twine &why) {
  return llvm::createStringError(
      std::make_error_code(std::errc::invalid_argument),
      "invalid tensor spec '" + spec + "': " + why +
          " (expected <kind>:<dims>x<dtype> such as rand:4x4xf32; kinds: "
          "rand, randn, zeros, ones, iota, bits, full=<value>; dtypes: f16, "
          "bf16, "
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
  if (!spec.contains(':'))
    return specError(spec, "not an existing file, and no ':' for a generator");
  if (typePart.trim().empty())
    return specError(spec, "nothing after ':' (the shape and dtype)");

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

  enum class Kind { Rand, Randn, Zeros, Ones, Iota, Bits, Full };
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
  } else if (kindPart == "bits") {
    kind = Kind::Bits;
  } else if (kindPart.consume_front("full=")) {
    std::optional<double> v = parseDouble(kindPart);
    if (!v)
      return specError(spec, "bad fill value '" + kindPart + "'");
    kind = Kind::Full;
    fullValue = *v;
  } else {
    return specError(spec, "unknown kind '" + kindPart + "'");
  }

  llvm::Expected<HostTensor> allocated =
      HostTensor::allocate(*dtype, shape, "'" + spec.str() + "'");
  if (!allocated)
    return allocated.takeError();
  HostTensor t = std::move(*allocated);
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
  case Kind::Bits:
    fillBits(t, seed);
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
