//===- HostTensorTest.cpp - Tests of HostTensor, dtypes, compare, print ---===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "TestUtils.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace mlir::ferric::runner;
using namespace ferric_test;

namespace {

//===----------------------------------------------------------------------===//
// Element types and rounding
//===----------------------------------------------------------------------===//

TEST(DTypeTest, NamesAndSizes) {
  for (DType t : {DType::F16, DType::BF16, DType::F32, DType::F64, DType::I1})
    EXPECT_EQ(parseDType(dtypeName(t)), t);
  EXPECT_EQ(dtypeName(DType::BF16), "bf16");
  EXPECT_EQ(dtypeName(DType::I1), "i1");
  EXPECT_FALSE(parseDType("f128"));
  EXPECT_FALSE(parseDType("F32"));
  EXPECT_EQ(dtypeBytes(DType::F16), 2u);
  EXPECT_EQ(dtypeBytes(DType::BF16), 2u);
  EXPECT_EQ(dtypeBytes(DType::F32), 4u);
  EXPECT_EQ(dtypeBytes(DType::F64), 8u);
  EXPECT_EQ(dtypeBytes(DType::I1), 1u);
}

TEST(RoundingTest, F16) {
  EXPECT_EQ(doubleToF16Bits(1.0), 0x3C00);
  EXPECT_EQ(doubleToF16Bits(-2.0), 0xC000);
  EXPECT_EQ(doubleToF16Bits(0.1), 0x2E66);
  EXPECT_EQ(doubleToF16Bits(-0.0), 0x8000);
  // Ties go to even.
  EXPECT_EQ(doubleToF16Bits(1.0 + std::ldexp(1.0, -11)), 0x3C00);
  EXPECT_EQ(doubleToF16Bits(1.0 + 3 * std::ldexp(1.0, -11)), 0x3C02);
  // Just above a tie rounds up; rounding directly from double avoids the
  // double rounding that going through f32 would cause.
  EXPECT_EQ(doubleToF16Bits(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)),
            0x3C01);
  // Overflow.
  EXPECT_EQ(doubleToF16Bits(65504.0), 0x7BFF);
  EXPECT_EQ(doubleToF16Bits(65519.0), 0x7BFF);
  EXPECT_EQ(doubleToF16Bits(65520.0), 0x7C00);
  EXPECT_EQ(doubleToF16Bits(-1e300), 0xFC00);
  EXPECT_EQ(doubleToF16Bits(kInf), 0x7C00);
  // Subnormals and underflow.
  EXPECT_EQ(doubleToF16Bits(std::ldexp(1.0, -14)), 0x0400);
  EXPECT_EQ(doubleToF16Bits(std::ldexp(1.0, -24)), 0x0001);
  EXPECT_EQ(doubleToF16Bits(std::ldexp(1.0, -25)), 0x0000);
  EXPECT_EQ(doubleToF16Bits(std::ldexp(1.0, -25) * 1.0001), 0x0001);
  EXPECT_EQ(doubleToF16Bits(3 * std::ldexp(1.0, -25)), 0x0002);
  EXPECT_EQ(doubleToF16Bits(std::ldexp(1.0, -14) - std::ldexp(1.0, -25)),
            0x0400);
  EXPECT_EQ(doubleToF16Bits(-1e-300), 0x8000);
  EXPECT_EQ(doubleToF16Bits(std::numeric_limits<double>::denorm_min()), 0);
  // NaN stays NaN.
  uint16_t nan = doubleToF16Bits(kNaN);
  EXPECT_EQ(nan & 0x7C00, 0x7C00);
  EXPECT_NE(nan & 0x03FF, 0);
  EXPECT_TRUE(std::isnan(f16BitsToDouble(nan)));

  // Widening is exact.
  EXPECT_EQ(f16BitsToDouble(0x3C01), 1.0 + std::ldexp(1.0, -10));
  EXPECT_EQ(f16BitsToDouble(0x0001), std::ldexp(1.0, -24));
  EXPECT_EQ(f16BitsToDouble(0x7BFF), 65504.0);
  EXPECT_EQ(f16BitsToDouble(0xFC00), -kInf);
  EXPECT_TRUE(std::signbit(f16BitsToDouble(0x8000)));
  // Every f16 value survives a round trip.
  for (uint32_t b = 0; b < 0x10000; ++b) {
    double v = f16BitsToDouble(static_cast<uint16_t>(b));
    if (!std::isnan(v)) {
      ASSERT_EQ(doubleToF16Bits(v), b) << b;
    }
  }
}

TEST(RoundingTest, BF16) {
  EXPECT_EQ(doubleToBF16Bits(1.0), 0x3F80);
  EXPECT_EQ(doubleToBF16Bits(-2.0), 0xC000);
  EXPECT_EQ(doubleToBF16Bits(1.0 + std::ldexp(1.0, -8)), 0x3F80);
  EXPECT_EQ(doubleToBF16Bits(1.0 + 3 * std::ldexp(1.0, -8)), 0x3F82);
  EXPECT_EQ(doubleToBF16Bits(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -30)),
            0x3F81);
  EXPECT_EQ(doubleToBF16Bits(1e39), 0x7F80);
  EXPECT_EQ(doubleToBF16Bits(-kInf), 0xFF80);
  EXPECT_EQ(doubleToBF16Bits(std::ldexp(1.0, -133)), 0x0001);
  EXPECT_EQ(doubleToBF16Bits(kNaN) & 0x7FC0, 0x7FC0);
  EXPECT_EQ(bf16BitsToDouble(0x3F81), 1.0 + std::ldexp(1.0, -7));
  for (uint32_t b = 0; b < 0x10000; ++b) {
    double v = bf16BitsToDouble(static_cast<uint16_t>(b));
    if (!std::isnan(v)) {
      ASSERT_EQ(doubleToBF16Bits(v), b) << b;
    }
  }
  // bf16 is the upper half of f32 for exactly representable values.
  float f = 3.140625f;
  uint32_t fb;
  std::memcpy(&fb, &f, 4);
  EXPECT_EQ(doubleToBF16Bits(f), fb >> 16);
}

//===----------------------------------------------------------------------===//
// HostTensor
//===----------------------------------------------------------------------===//

TEST(HostTensorTest, ZerosAndSizes) {
  HostTensor t = HostTensor::zeros(DType::F32, {2, 3});
  EXPECT_EQ(t.numElements(), 6);
  EXPECT_EQ(t.byteSize(), 24u);
  EXPECT_EQ(t.typeString(), "2x3xf32");
  HostTensor s = HostTensor::zeros(DType::BF16, {});
  EXPECT_EQ(s.numElements(), 1);
  EXPECT_EQ(s.byteSize(), 2u);
  EXPECT_EQ(s.typeString(), "bf16");
  HostTensor e = HostTensor::zeros(DType::F64, {4, 0});
  EXPECT_EQ(e.numElements(), 0);
  EXPECT_EQ(e.byteSize(), 0u);
  HostTensor b = HostTensor::zeros(DType::I1, {5});
  EXPECT_EQ(b.byteSize(), 5u);
}

TEST(HostTensorTest, GetSet) {
  HostTensor t = HostTensor::zeros(DType::F16, {3});
  t.set(0, 1.0 + std::ldexp(1.0, -11)); // Tie to even.
  t.set(1, 1e6);                        // Overflow.
  t.set(2, -0.5);
  EXPECT_EQ(t.get(0), 1.0);
  EXPECT_EQ(t.get(1), kInf);
  EXPECT_EQ(t.get(2), -0.5);
  uint16_t bits;
  std::memcpy(&bits, t.data.data() + 4, 2);
  EXPECT_EQ(bits, 0xB800);

  HostTensor b = HostTensor::zeros(DType::I1, {4});
  b.set(0, 0.0);
  b.set(1, 0.25);
  b.set(2, -3);
  b.set(3, kNaN);
  EXPECT_EQ(b.data, (std::vector<uint8_t>{0, 1, 1, 1}));
  EXPECT_EQ(b.get(2), 1.0);

  HostTensor f = HostTensor::zeros(DType::F32, {1});
  f.set(0, 0.1);
  EXPECT_EQ(f.get(0), static_cast<double>(0.1f));
  HostTensor d = HostTensor::zeros(DType::F64, {1});
  d.set(0, 0.1);
  EXPECT_EQ(d.get(0), 0.1);
}

TEST(HostTensorTest, ConvertTo) {
  HostTensor t =
      HostTensor::fromValues(DType::F64, {2, 2}, {0.1, -1.5, 1e10, kNaN});
  HostTensor bf = t.convertTo(DType::BF16);
  EXPECT_EQ(bf.shape, t.shape);
  EXPECT_EQ(bf.dtype, DType::BF16);
  EXPECT_EQ(bf.get(0), bf16BitsToDouble(doubleToBF16Bits(0.1)));
  EXPECT_EQ(bf.get(1), -1.5);
  EXPECT_TRUE(std::isnan(bf.get(3)));
  HostTensor h = t.convertTo(DType::F16);
  EXPECT_EQ(h.get(2), kInf);
  HostTensor b = t.convertTo(DType::I1);
  EXPECT_EQ(b.data, (std::vector<uint8_t>{1, 1, 1, 1}));
  HostTensor same = t.convertTo(DType::F64);
  EXPECT_EQ(same.data, t.data);
  HostTensor back = b.convertTo(DType::F32);
  EXPECT_EQ(back.get(0), 1.0);
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

TEST(CompareTest, ExactAndTolerance) {
  HostTensor ref = HostTensor::fromValues(DType::F64, {4}, {1, 2, 3, 4});
  Comparison c = compare(ref.convertTo(DType::F32), ref, 0, 0);
  EXPECT_TRUE(c.passed());
  EXPECT_EQ(c.maxAbs, 0.0);
  EXPECT_EQ(c.maxUlp, 0.0);
  EXPECT_EQ(c.worstIndex, -1);

  HostTensor got = HostTensor::fromValues(DType::F32, {4}, {1, 2.01, 3, 3.9});
  c = compare(got, ref, 1e-3, 0);
  EXPECT_FALSE(c.passed());
  EXPECT_EQ(c.mismatches, 2);
  EXPECT_EQ(c.nanMismatches, 0);
  EXPECT_EQ(c.worstIndex, 3);
  EXPECT_NEAR(c.maxAbs, 0.1, 1e-6);
  EXPECT_NEAR(c.maxRel, 0.025, 1e-6);
  // rtol: 0.1 <= 0.03 * 4 passes, 0.01 <= 0.03 * 2 passes.
  c = compare(got, ref, 0, 0.03);
  EXPECT_TRUE(c.passed());
  EXPECT_EQ(c.worstIndex, 3); // 0.1/0.12 of its tolerance beats 0.01/0.06.
  // The boundary is inclusive.
  HostTensor half = HostTensor::fromValues(DType::F64, {1}, {1.5});
  HostTensor one = HostTensor::fromValues(DType::F64, {1}, {1.0});
  EXPECT_TRUE(compare(half, one, 0.25, 0.25).passed());
  EXPECT_FALSE(compare(half, one, 0.25, 0.2).passed());

  // Relative error against zero is infinite.
  c = compare(HostTensor::fromValues(DType::F32, {1}, {1e-9}),
              HostTensor::fromValues(DType::F64, {1}, {0}), 1e-6, 0);
  EXPECT_TRUE(c.passed());
  EXPECT_EQ(c.maxRel, kInf);
}

TEST(CompareTest, NaNAndInf) {
  HostTensor ref = HostTensor::fromValues(DType::F64, {6},
                                          {kNaN, kInf, -kInf, kInf, 1.0, kNaN});
  HostTensor got = HostTensor::fromValues(
      DType::F16, {6}, {kNaN, kInf, -kInf, -kInf, kNaN, 1.0});
  Comparison c = compare(got, ref, 1e300, 1e300);
  EXPECT_FALSE(c.passed());
  EXPECT_EQ(c.mismatches, 3);
  EXPECT_EQ(c.nanMismatches, 2);
  EXPECT_EQ(c.maxAbs, kInf);
  EXPECT_EQ(c.worstIndex, 3); // inf vs -inf comes first.

  // Matching NaNs and infinities pass; inf never matches a finite value.
  c = compare(got, got.convertTo(DType::F64), 0, 0);
  EXPECT_TRUE(c.passed());
  c = compare(HostTensor::fromValues(DType::F32, {1}, {1e38}),
              HostTensor::fromValues(DType::F64, {1}, {kInf}), 1e300, 1);
  EXPECT_FALSE(c.passed());
  c = compare(HostTensor::fromValues(DType::F32, {1}, {kInf}),
              HostTensor::fromValues(DType::F64, {1}, {1e38}), 1e300, 1);
  EXPECT_FALSE(c.passed());
  // Only NaN mismatches: the first one is the worst.
  c = compare(HostTensor::fromValues(DType::F32, {3}, {1, kNaN, kNaN}),
              HostTensor::fromValues(DType::F64, {3}, {1, 2, 3}), 0, 0);
  EXPECT_EQ(c.worstIndex, 1);
  EXPECT_EQ(c.nanMismatches, 2);
}

// A reference the result's type rounds to infinity makes an infinite
// result of the same sign right (issue 42: --check failed f32 3e38 * 2);
// the other sign, or a reference just below the rounding threshold, does
// not.
TEST(CompareTest, OverflowToInfinity) {
  auto f32 = [](double v) {
    return HostTensor::fromValues(DType::F32, {1}, {v});
  };
  auto f64 = [](double v) {
    return HostTensor::fromValues(DType::F64, {1}, {v});
  };
  // FLT_MAX + half an ULP (2^103) is the first value that rounds to inf.
  double threshold = std::ldexp(2.0 - std::ldexp(1.0, -24), 127);
  EXPECT_TRUE(compare(f32(kInf), f64(6e38), 0, 0).passed());
  EXPECT_TRUE(compare(f32(-kInf), f64(-6e38), 0, 0).passed());
  EXPECT_TRUE(compare(f32(kInf), f64(threshold), 0, 0).passed());
  EXPECT_EQ(compare(f32(kInf), f64(6e38), 0, 0).maxAbs, 0.0);
  EXPECT_FALSE(compare(f32(-kInf), f64(6e38), 0, 0).passed());
  EXPECT_FALSE(compare(f32(kInf), f64(-6e38), 1e300, 1).passed());
  EXPECT_FALSE(
      compare(f32(kInf), f64(std::nextafter(threshold, 0.0)), 0, 0).passed());
  // f16 overflows past 65520, bf16 like f32's exponent with 8 bits.
  auto f16 = HostTensor::fromValues(DType::F16, {1}, {kInf});
  EXPECT_TRUE(compare(f16, f64(65520), 0, 0).passed());
  EXPECT_FALSE(compare(f16, f64(65519), 0, 0).passed());
  auto bf16 = HostTensor::fromValues(DType::BF16, {1}, {kInf});
  EXPECT_TRUE(
      compare(bf16, f64(std::ldexp(2.0 - std::ldexp(1.0, -8), 127)), 0, 0)
          .passed());
  EXPECT_FALSE(compare(bf16, f64(3e38), 0, 0).passed());
  // An f64 result has no finite reference beyond its range.
  EXPECT_FALSE(compare(HostTensor::fromValues(DType::F64, {1}, {kInf}),
                       f64(1.7e308), 0, 0)
                   .passed());
}

TEST(CompareTest, Ulp) {
  double eps32 = std::ldexp(1.0, -23);
  // One f32 ULP above 1.
  Comparison c = compare(HostTensor::fromValues(DType::F32, {1}, {1 + eps32}),
                         HostTensor::fromValues(DType::F64, {1}, {1}), 0, 0);
  EXPECT_EQ(c.maxUlp, 1.0);
  // A correctly rounded result is within half an ULP.
  c = compare(HostTensor::fromValues(DType::F32, {1}, {1}),
              HostTensor::fromValues(DType::F64, {1}, {1 + eps32 / 2}), 0, 0);
  EXPECT_EQ(c.maxUlp, 0.5);
  // Just below a power of two the spacing is halved.
  c = compare(HostTensor::fromValues(DType::F32, {1}, {1}),
              HostTensor::fromValues(DType::F64, {1}, {1 - eps32 / 4}), 0, 0);
  EXPECT_EQ(c.maxUlp, 0.5);
  // f16 and bf16 ULPs at 1 and at 1024.
  c = compare(HostTensor::fromValues(DType::F16, {2}, {1, 1024}),
              HostTensor::fromValues(DType::F64, {2}, {1 + 1.0 / 1024, 1025}),
              0, 0);
  EXPECT_EQ(c.maxUlp, 1.0);
  c = compare(HostTensor::fromValues(DType::BF16, {1}, {2}),
              HostTensor::fromValues(DType::F64, {1}, {2.03125}), 0, 0);
  EXPECT_EQ(c.maxUlp, 2.0);
  // Subnormal spacing near zero.
  c = compare(HostTensor::fromValues(DType::F16, {1}, {std::ldexp(1.0, -24)}),
              HostTensor::fromValues(DType::F64, {1}, {0}), 0, 0);
  EXPECT_EQ(c.maxUlp, 1.0);
  // f64 results are measured in f64 ULPs.
  c = compare(HostTensor::fromValues(DType::F64, {1}, {1 + eps32}),
              HostTensor::fromValues(DType::F64, {1}, {1}), 0, 0);
  EXPECT_EQ(c.maxUlp, std::ldexp(1.0, 29));
}

TEST(CompareTest, ShapeMismatch) {
  Comparison c = compare(HostTensor::zeros(DType::F32, {2, 3}),
                         HostTensor::zeros(DType::F64, {3, 2}), 1, 1);
  EXPECT_TRUE(c.shapeMismatch);
  EXPECT_FALSE(c.passed());
  EXPECT_EQ(formatComparison(c, HostTensor::zeros(DType::F32, {2, 3}),
                             HostTensor::zeros(DType::F64, {3, 2})),
            "shape mismatch: got 2x3xf32, expected 3x2xf64");
  // Rank 0 vs rank 1 differ too.
  EXPECT_TRUE(compare(HostTensor::zeros(DType::F32, {}),
                      HostTensor::zeros(DType::F32, {1}), 1, 1)
                  .shapeMismatch);
  // Empty tensors match.
  c = compare(HostTensor::zeros(DType::F32, {0, 3}),
              HostTensor::zeros(DType::F64, {0, 3}), 0, 0);
  EXPECT_TRUE(c.passed());
  EXPECT_EQ(c.worstIndex, -1);
}

TEST(CompareTest, FormatComparison) {
  HostTensor ref = HostTensor::fromValues(DType::F64, {2, 2}, {1, 2, 3, 4});
  HostTensor got = HostTensor::fromValues(DType::F32, {2, 2}, {1, 2, 3.5, 4});
  Comparison c = compare(got, ref, 0.1, 0);
  EXPECT_EQ(formatComparison(c, got, ref),
            "1 of 4 elements differ; worst at [1, 0]: got 3.5, expected 3; "
            "max abs 0.5, max rel 0.167, max ulp 2.1e+06");
  c = compare(ref, ref, 0, 0);
  EXPECT_EQ(formatComparison(c, ref, ref),
            "all 4 elements match; max abs 0, max rel 0, max ulp 0");
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

TEST(FormatTest, Values) {
  EXPECT_EQ(formatValue(0.1, DType::F64), "0.1");
  EXPECT_EQ(formatValue(static_cast<float>(0.1), DType::F32), "0.1");
  EXPECT_EQ(formatValue(static_cast<float>(0.1), DType::F64),
            "0.10000000149011612");
  EXPECT_EQ(formatValue(bf16BitsToDouble(doubleToBF16Bits(0.1)), DType::BF16),
            "0.1");
  EXPECT_EQ(formatValue(f16BitsToDouble(doubleToF16Bits(0.1)), DType::F16),
            "0.1");
  EXPECT_EQ(formatValue(65504, DType::F16), "65504");
  EXPECT_EQ(formatValue(10, DType::F32), "10");
  EXPECT_EQ(formatValue(1e16, DType::F64), "1e+16");
  EXPECT_EQ(formatValue(123456789012345678.0, DType::F64),
            "1.2345678901234568e+17");
  EXPECT_EQ(formatValue(1.5e-5, DType::F32), "1.5e-05");
  EXPECT_EQ(formatValue(0.00015, DType::F64), "0.00015");
  EXPECT_EQ(formatValue(-1234.5, DType::BF16), "-1232");
  EXPECT_EQ(formatValue(std::ldexp(1.0, -24), DType::F16), "6e-08");
  EXPECT_EQ(formatValue(1.5, DType::F32), "1.5");
  EXPECT_EQ(formatValue(-0.0, DType::F32), "-0");
  EXPECT_EQ(formatValue(kInf, DType::F16), "inf");
  EXPECT_EQ(formatValue(-kInf, DType::F16), "-inf");
  EXPECT_EQ(formatValue(kNaN, DType::BF16), "nan");
  EXPECT_EQ(formatValue(1, DType::I1), "true");
  EXPECT_EQ(formatValue(0, DType::I1), "false");
}

TEST(FormatTest, Tensors) {
  EXPECT_EQ(formatTensor(HostTensor::fromValues(DType::F32, {}, {2.5})),
            "array(2.5, shape=(), dtype=f32)");
  EXPECT_EQ(formatTensor(HostTensor::fromValues(DType::F32, {3}, {1, 2, 3})),
            "array([1, 2, 3], shape=(3,), dtype=f32)");
  EXPECT_EQ(formatTensor(
                HostTensor::fromValues(DType::F16, {2, 2}, {1, 2, -0.5, kNaN})),
            "array([[1, 2], [-0.5, nan]], shape=(2, 2), dtype=f16)");
  EXPECT_EQ(formatTensor(HostTensor::zeros(DType::F64, {0})),
            "array([], shape=(0,), dtype=f64)");
  EXPECT_EQ(formatTensor(HostTensor::zeros(DType::BF16, {2, 0})),
            "array([[], []], shape=(2, 0), dtype=bf16)");
  EXPECT_EQ(formatTensor(HostTensor::fromValues(DType::I1, {2}, {1, 0})),
            "array([true, false], shape=(2,), dtype=i1)");
  EXPECT_EQ(formatTensor(gen("iota:100xf32")),
            "array([0, 1, 2, ..., 97, 98, 99], shape=(100,), dtype=f32)");
  EXPECT_EQ(formatTensor(gen("iota:4x8xf64")),
            "array([[0, 1, 2, ..., 5, 6, 7], [8, 9, 10, ..., 13, 14, 15], "
            "[16, 17, 18, ..., 21, 22, 23], [24, 25, 26, ..., 29, 30, 31]], "
            "shape=(4, 8), dtype=f64)");
  EXPECT_EQ(formatTensor(gen("iota:8xf64"), 8),
            "array([0, 1, 2, 3, 4, 5, 6, 7], shape=(8,), dtype=f64)");
  EXPECT_EQ(formatTensor(gen("iota:8xf64"), 7),
            "array([0, 1, 2, ..., 5, 6, 7], shape=(8,), dtype=f64)");
  EXPECT_EQ(formatTensor(gen("iota:100xf64"), -1).find("..."),
            std::string::npos);
  EXPECT_EQ(formatIndex({2, 3, 4}, 23), "[1, 2, 3]");
  EXPECT_EQ(formatIndex({}, 0), "[]");
}

} // namespace
