//===- GenerateTest.cpp - Tests of the input generators and scalars -------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "TestUtils.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cmath>
#include <cstring>

using namespace mlir::ferric::runner;
using namespace ferric_test;

namespace {

//===----------------------------------------------------------------------===//
// Generators and scalars
//===----------------------------------------------------------------------===//

TEST(GenerateTest, Kinds) {
  HostTensor z = gen("zeros:0xf32");
  EXPECT_EQ(z.shape, (std::vector<int64_t>{0}));
  EXPECT_TRUE(z.data.empty());

  HostTensor s = gen("rand:f32");
  EXPECT_TRUE(s.shape.empty());
  EXPECT_EQ(s.numElements(), 1);

  HostTensor ones = gen("ones:1023xbf16");
  EXPECT_EQ(ones.dtype, DType::BF16);
  for (int64_t i = 0; i < ones.numElements(); ++i)
    ASSERT_EQ(ones.get(i), 1.0);

  HostTensor iota = gen("iota:16xf64");
  for (int64_t i = 0; i < 16; ++i)
    EXPECT_EQ(iota.get(i), static_cast<double>(i));
  HostTensor iotaH = gen("iota:3000xf16");
  EXPECT_EQ(iotaH.get(2049), 2048.0); // Rounded to f16 (ties to even).

  HostTensor full = gen("full=2.5:4x4xf32");
  EXPECT_EQ(full.shape, (std::vector<int64_t>{4, 4}));
  for (int64_t i = 0; i < 16; ++i)
    EXPECT_EQ(full.get(i), 2.5);
  EXPECT_EQ(gen("full=-inf:2xf16").get(1), -kInf);
  EXPECT_TRUE(std::isnan(gen("full=nan:2xbf16").get(0)));
  EXPECT_EQ(gen("full=0.1:1xbf16").get(0),
            bf16BitsToDouble(doubleToBF16Bits(0.1)));
  EXPECT_EQ(gen("full=1:3xi1").data, (std::vector<uint8_t>{1, 1, 1}));
  EXPECT_EQ(gen("iota:3xi1").data, (std::vector<uint8_t>{0, 1, 1}));
}

TEST(GenerateTest, RandomIsDeterministicAndInRange) {
  for (llvm::StringRef spec :
       {"rand:1000xf16", "rand:1000xbf16", "rand:1000xf32", "rand:1000xf64",
        "randn:1001xf32", "randn:1000xf16", "rand:1000xi1"}) {
    HostTensor a = gen(spec, 42), b = gen(spec, 42), c = gen(spec, 43);
    EXPECT_EQ(a.data, b.data) << spec.str();
    EXPECT_NE(a.data, c.data) << spec.str();
  }
  // Uniform in [-1, 1), covering the range.
  for (llvm::StringRef spec : {"rand:100000xf16", "rand:100000xbf16",
                               "rand:100000xf32", "rand:100000xf64"}) {
    HostTensor t = gen(spec, 7);
    double lo = 2, hi = -2, sum = 0;
    for (int64_t i = 0; i < t.numElements(); ++i) {
      double v = t.get(i);
      ASSERT_GE(v, -1.0);
      ASSERT_LT(v, 1.0);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      sum += v;
    }
    EXPECT_LT(lo, -0.99) << spec.str();
    EXPECT_GT(hi, 0.99) << spec.str();
    EXPECT_NEAR(sum / t.numElements(), 0.0, 0.02) << spec.str();
  }
  // Standard normal.
  HostTensor n = gen("randn:100001xf64", 3);
  double sum = 0, sumSq = 0;
  for (int64_t i = 0; i < n.numElements(); ++i) {
    sum += n.get(i);
    sumSq += n.get(i) * n.get(i);
  }
  double mean = sum / n.numElements();
  EXPECT_NEAR(mean, 0.0, 0.02);
  EXPECT_NEAR(sumSq / n.numElements() - mean * mean, 1.0, 0.03);
  // Random bits.
  HostTensor bits = gen("randn:10000xi1", 5);
  int64_t ones = 0;
  for (uint8_t v : bits.data) {
    ASSERT_LE(v, 1);
    ones += v;
  }
  EXPECT_NEAR(ones, 5000, 300);
  // Element i does not depend on the tensor's size or shape.
  HostTensor small = gen("rand:10xf32", 9), big = gen("rand:5x400xf32", 9);
  for (int64_t i = 0; i < 10; ++i)
    EXPECT_EQ(small.get(i), big.get(i));
}

TEST(GenerateTest, PinnedValues) {
  // splitmix64 seeded with 0 starts with 0xe220a8397b1dcdaf: element 0 of
  // rand:f64 is (0xe220a8397b1dcdaf >> 11) * 2^-52 - 1.
  double expected =
      static_cast<double>(0xe220a8397b1dcdafull >> 11) * std::ldexp(1.0, -52) -
      1.0;
  EXPECT_EQ(gen("rand:f64", 0).get(0), expected);
}

TEST(GenerateTest, LargeIsFast) {
  auto start = std::chrono::steady_clock::now();
  HostTensor t = gen("rand:4096x4096xf32", 1);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  EXPECT_EQ(t.byteSize(), 4096u * 4096u * 4u);
  EXPECT_LT(seconds, 5.0);
  start = std::chrono::steady_clock::now();
  HostTensor h = gen("randn:4096x4096xf16", 1);
  seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  EXPECT_LT(seconds, 10.0);
}

TEST(GenerateTest, Errors) {
  for (llvm::StringRef spec :
       {"", "rand", "rand4xf32", "bogus:4xf32", "rand:4xf33", "rand:4x-1xf32",
        "rand:4xxf32", "rand:x4", "full=abc:2xf32", "full:2xf32",
        "rand:4294967296x4294967296xf32"}) {
    llvm::Expected<HostTensor> t = generateTensor(spec, 0);
    ASSERT_FALSE(!!t) << spec.str();
    std::string msg = llvm::toString(t.takeError());
    EXPECT_NE(msg.find("invalid tensor spec '" + spec.str() + "'"),
              std::string::npos)
        << msg;
  }
  EXPECT_NE(errorOf(generateTensor("bogus:4xf32", 0)).find("unknown kind"),
            std::string::npos);
  EXPECT_NE(errorOf(generateTensor("rand:4xf33", 0)).find("'f33'"),
            std::string::npos);
  // "rand:" has its ':' (it was told "missing ':'", issue 42).
  EXPECT_NE(errorOf(generateTensor("rand:", 0))
                .find("nothing after ':' (the shape and dtype)"),
            std::string::npos);
  EXPECT_NE(errorOf(generateTensor("nofile", 0))
                .find("not an existing file, and no ':' for a generator"),
            std::string::npos);
}

TEST(ScalarTest, Parse) {
  llvm::Expected<HostTensor> s = parseScalar("1.5", DType::F32);
  ASSERT_TRUE(!!s);
  EXPECT_TRUE(s->shape.empty());
  EXPECT_EQ(s->dtype, DType::F32);
  EXPECT_EQ(s->get(0), 1.5);
  EXPECT_EQ(parseScalar(" -2 ", DType::F64)->get(0), -2.0);
  EXPECT_EQ(parseScalar("0x1p-3", DType::F64)->get(0), 0.125);
  EXPECT_EQ(parseScalar("1e10", DType::F16)->get(0), kInf);
  EXPECT_EQ(parseScalar("0.1", DType::BF16)->get(0),
            bf16BitsToDouble(doubleToBF16Bits(0.1)));
  EXPECT_EQ(parseScalar("-inf", DType::F32)->get(0), -kInf);
  EXPECT_TRUE(std::isnan(parseScalar("nan", DType::F16)->get(0)));
  EXPECT_EQ(parseScalar("true", DType::I1)->data, (std::vector<uint8_t>{1}));
  EXPECT_EQ(parseScalar("False", DType::I1)->data, (std::vector<uint8_t>{0}));
  EXPECT_EQ(parseScalar("3", DType::I1)->data, (std::vector<uint8_t>{1}));
  EXPECT_EQ(errorOf(parseScalar("abc", DType::F32)),
            "invalid f32 scalar 'abc'");
  EXPECT_EQ(errorOf(parseScalar("", DType::BF16)), "invalid bf16 scalar ''");
  EXPECT_EQ(errorOf(parseScalar("true", DType::F32)),
            "invalid f32 scalar 'true'");
}

} // namespace
