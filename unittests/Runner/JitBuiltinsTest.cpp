//===- JitBuiltinsTest.cpp - The runner's compiler-runtime helpers --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "JitBuiltins.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

using namespace mlir::ferric::runner;

namespace {
uint16_t bf16(double x) { return truncF64ToBF16Bits(x); }

TEST(JitBuiltins, F64ToBF16RoundsOnce) {
  // Rounding through f32 to nearest would give 0xc0a4 (-5.125) and 1.0.
  EXPECT_EQ(bf16(-5.140625236), 0xc0a5); // -5.15625
  EXPECT_EQ(bf16(1 + std::ldexp(1, -8) + std::ldexp(1, -30)), 0x3f81);
  // An exact tie goes to even.
  EXPECT_EQ(bf16(1 + std::ldexp(1, -8)), 0x3f80);
  EXPECT_EQ(bf16(1 + 3 * std::ldexp(1, -8)), 0x3f82);
}

TEST(JitBuiltins, F64ToBF16KeepsSubnormalsAndSpecials) {
  EXPECT_EQ(bf16(std::ldexp(1, -133)), 0x0001);   // smallest subnormal
  EXPECT_EQ(bf16(std::ldexp(1.5, -133)), 0x0002); // tie to even
  EXPECT_EQ(bf16(std::ldexp(1, -135)), 0x0000);   // below half of it
  EXPECT_EQ(bf16(-0.0), 0x8000);
  EXPECT_EQ(bf16(std::numeric_limits<double>::infinity()), 0x7f80);
  EXPECT_EQ(bf16(-std::numeric_limits<double>::infinity()), 0xff80);
  EXPECT_EQ(bf16(1e39), 0x7f80);      // beyond f32: inf
  EXPECT_EQ(bf16(3.3961e38), 0x7f7f); // just below the overflow midpoint
  EXPECT_EQ(bf16(3.4e38), 0x7f80);    // just above it
  EXPECT_EQ(bf16(std::nan("")) & 0x7fc0, 0x7fc0);
  EXPECT_EQ(bf16(-std::nan("")) & 0x8000, 0x8000);
}

TEST(JitBuiltins, F32ToBF16) {
  EXPECT_EQ(truncF32ToBF16Bits(1.0f), 0x3f80);
  EXPECT_EQ(truncF32ToBF16Bits(std::ldexp(1.0f, -133)), 0x0001);
  float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(truncF32ToBF16Bits(nan) & 0x7fc0, 0x7fc0);
}

TEST(JitBuiltins, NamesTheCompilerRuntimeSymbols) {
  unsigned count = 0;
  const JitBuiltin *b = getJitBuiltins(count);
  ASSERT_EQ(count, 2u);
  EXPECT_EQ(std::string(b[0].name), "__truncdfbf2");
  EXPECT_EQ(std::string(b[1].name), "__truncsfbf2");
  // Called through the ABI the JIT'd code uses (bf16 in an SSE register).
  auto truncdf = reinterpret_cast<_Float16 (*)(double)>(b[0].address);
  _Float16 r = truncdf(-5.140625236);
  uint16_t bits;
  std::memcpy(&bits, &r, 2);
  EXPECT_EQ(bits, 0xc0a5);
}
} // namespace
