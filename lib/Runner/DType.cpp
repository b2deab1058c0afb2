//===- DType.cpp - Element types of host tensors --------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Names and sizes of the element types, and the exact double <-> f16/bf16
// conversions (round-to-nearest-even on the bits).
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "ElementAccess.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cmath>
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

double mlir::ferric::runner::roundToDType(double v, DType type) {
  uint8_t buf[8];
  storeElement(buf, type, 0, v);
  return loadElement(buf, type, 0);
}
