//===- JitBuiltins.cpp - Runtime helpers the JIT'd code may call ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "JitBuiltins.h"

#include <cmath>
#include <cstring>

using namespace mlir::ferric::runner;

uint16_t mlir::ferric::runner::truncF32ToBF16Bits(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, 4);
  if (std::isnan(x))
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7FFF + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}

uint16_t mlir::ferric::runner::truncF64ToBF16Bits(double x) {
  if (std::isnan(x)) {
    uint64_t bits;
    std::memcpy(&bits, &x, 8);
    return static_cast<uint16_t>(((bits >> 48) & 0x8000) | 0x7FC0);
  }
  // Round to f32 toward zero, then make an inexact result odd: f32 keeps 16
  // more significand bits than bf16 (also among subnormals), so rounding
  // this to nearest even gives what rounding x directly would.
  float f = static_cast<float>(x);
  if (std::isinf(f) && !std::isinf(x))
    f = std::copysign(3.40282347e+38f, f);
  else if (std::fabs(static_cast<double>(f)) > std::fabs(x))
    f = std::nextafter(f, 0.0f);
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if (static_cast<double>(f) != x)
    bits |= 1;
  std::memcpy(&f, &bits, 4);
  return truncF32ToBF16Bits(f);
}

namespace {
// The x86-64 psABI passes and returns bf16 in an SSE register, as it does
// _Float16: return the bits in one.
_Float16 asHalfRegister(uint16_t bits) {
  _Float16 r;
  std::memcpy(&r, &bits, 2);
  return r;
}
extern "C" _Float16 ferricTruncDFBF2(double x) {
  return asHalfRegister(truncF64ToBF16Bits(x));
}
extern "C" _Float16 ferricTruncSFBF2(float x) {
  return asHalfRegister(truncF32ToBF16Bits(x));
}
const JitBuiltin builtins[] = {
    {"__truncdfbf2", reinterpret_cast<void *>(&ferricTruncDFBF2)},
    {"__truncsfbf2", reinterpret_cast<void *>(&ferricTruncSFBF2)},
};
} // namespace

const JitBuiltin *mlir::ferric::runner::getJitBuiltins(unsigned &count) {
  count = sizeof(builtins) / sizeof(builtins[0]);
  return builtins;
}
