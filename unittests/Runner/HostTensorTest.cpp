//===- HostTensorTest.cpp - Tests for the ferric-run host data pieces -----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir::ferric::runner;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The message of a failed Expected/Error (and "" on success).
template <typename T> std::string errorOf(llvm::Expected<T> v) {
  if (v)
    return "";
  return llvm::toString(v.takeError());
}
std::string errorOf(llvm::Error e) {
  if (!e)
    return "";
  return llvm::toString(std::move(e));
}

std::vector<uint8_t> bytesOf(llvm::StringRef s) {
  return std::vector<uint8_t>(s.bytes_begin(), s.bytes_end());
}

/// A .npy header exactly as numpy writes it: version 1.0, `dict` padded with
/// `spaces` spaces and '\n' to 118 bytes.
std::string numpyHeader(llvm::StringRef dict, size_t spaces) {
  std::string h("\x93NUMPY\x01\x00\x76\x00", 10);
  h += dict.str();
  h.append(spaces, ' ');
  h += '\n';
  return h;
}

/// A .npy file with an arbitrary header (version 1.0) and data.
std::vector<uint8_t> makeNpy(llvm::StringRef dict, llvm::StringRef data,
                             uint8_t major = 1) {
  std::string h("\x93NUMPY", 6);
  h += static_cast<char>(major);
  h += '\0';
  std::string body = dict.str() + "\n";
  size_t lenBytes = major == 1 ? 2 : 4;
  for (size_t i = 0; i < lenBytes; ++i)
    h += static_cast<char>((body.size() >> (8 * i)) & 0xFF);
  return bytesOf(h + body + data.str());
}

class TempDir : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("ferric-hosttensor", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  std::string path(llvm::StringRef name) const {
    llvm::SmallString<128> p(dir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }
  void writeFile(llvm::StringRef name, const std::vector<uint8_t> &bytes) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path(name), ec);
    ASSERT_FALSE(ec);
    os.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  }
  /// The names of the entries of the directory.
  std::vector<std::string> listDir() const {
    std::vector<std::string> names;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
         it.increment(ec))
      names.push_back(llvm::sys::path::filename(it->path()).str());
    std::sort(names.begin(), names.end());
    return names;
  }

  llvm::SmallString<128> dir;
};

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
// .npy
//===----------------------------------------------------------------------===//

TEST(NpyTest, MatchesNumpyBytes) {
  // np.save(f, np.arange(3, dtype='<f4')) with numpy 1.24.
  std::string expected = numpyHeader(
      "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", 60);
  ASSERT_EQ(expected.size(), 128u);
  expected +=
      std::string("\x00\x00\x00\x00\x00\x00\x80\x3f\x00\x00\x00\x40", 12);
  HostTensor t = HostTensor::fromValues(DType::F32, {3}, {0, 1, 2});
  EXPECT_EQ(serializeNpy(t), bytesOf(expected));

  // np.array(2.5): rank 0, no growth-axis padding.
  expected = numpyHeader(
      "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", 62);
  expected += std::string("\x00\x00\x00\x00\x00\x00\x04\x40", 8);
  EXPECT_EQ(serializeNpy(HostTensor::fromValues(DType::F64, {}, {2.5})),
            bytesOf(expected));

  // np.array([[True, False, True]]).
  expected = numpyHeader(
      "{'descr': '|b1', 'fortran_order': False, 'shape': (1, 3), }", 58);
  expected += std::string("\x01\x00\x01", 3);
  EXPECT_EQ(serializeNpy(HostTensor::fromValues(DType::I1, {1, 3}, {1, 0, 1})),
            bytesOf(expected));

  // np.array([1, -2], dtype='<f2').
  expected = numpyHeader(
      "{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }", 60);
  expected += std::string("\x00\x3c\x00\xc0", 4);
  EXPECT_EQ(serializeNpy(HostTensor::fromValues(DType::F16, {2}, {1, -2})),
            bytesOf(expected));

  // bf16 [1, -2] is stored as np.array([0x3f80, 0xc000], dtype='<u2').
  expected = numpyHeader(
      "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }", 60);
  expected += std::string("\x80\x3f\x00\xc0", 4);
  EXPECT_EQ(serializeNpy(HostTensor::fromValues(DType::BF16, {2}, {1, -2})),
            bytesOf(expected));

  // np.zeros((0,), dtype='<f4').
  expected = numpyHeader(
      "{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }", 60);
  EXPECT_EQ(serializeNpy(HostTensor::zeros(DType::F32, {0})),
            bytesOf(expected));
}

TEST(NpyTest, HeaderIsAligned) {
  for (int64_t d0 : {int64_t(1), int64_t(12345678901), int64_t(0)}) {
    for (size_t rank = 0; rank < 9; ++rank) {
      std::vector<int64_t> shape(rank, 1);
      if (rank)
        shape[0] = d0;
      if (d0 > 1000)
        shape.push_back(0); // Keep it small.
      std::vector<uint8_t> bytes =
          serializeNpy(HostTensor::zeros(DType::F32, shape));
      size_t headerEnd = 10 + (bytes[8] | bytes[9] << 8);
      EXPECT_EQ(headerEnd % 64, 0u);
      EXPECT_EQ(bytes[headerEnd - 1], '\n');
    }
  }
}

TEST_F(TempDir, RoundTripEveryDType) {
  std::vector<std::vector<int64_t>> shapes = {{},     {0},       {3},
                                              {2, 3}, {2, 0, 4}, {1, 2, 1, 3}};
  uint64_t seed = 1;
  for (DType type :
       {DType::F16, DType::BF16, DType::F32, DType::F64, DType::I1}) {
    for (const auto &shape : shapes) {
      std::string spec = "randn:";
      for (int64_t d : shape)
        spec += std::to_string(d) + "x";
      spec += dtypeName(type).str();
      llvm::Expected<HostTensor> t = generateTensor(spec, seed++);
      ASSERT_TRUE(!!t) << llvm::toString(t.takeError());
      std::string p = path("t.npy");
      ASSERT_EQ(errorOf(writeNpy(p, *t)), "");
      llvm::Expected<HostTensor> back = readNpy(p);
      ASSERT_TRUE(!!back) << llvm::toString(back.takeError());
      EXPECT_EQ(back->dtype, type) << spec;
      EXPECT_EQ(back->shape, t->shape) << spec;
      EXPECT_EQ(back->data, t->data) << spec;
    }
  }
  // Special values survive.
  HostTensor special = HostTensor::fromValues(DType::BF16, {5},
                                              {kInf, -kInf, kNaN, -0.0, 1e-40});
  ASSERT_EQ(errorOf(writeNpy(path("s.npy"), special)), "");
  llvm::Expected<HostTensor> back = readNpy(path("s.npy"));
  ASSERT_TRUE(!!back);
  EXPECT_EQ(back->data, special.data);
  EXPECT_TRUE(std::isnan(back->get(2)));
  EXPECT_TRUE(std::signbit(back->get(3)));
  // Only the file is left, no temporaries.
  EXPECT_EQ(listDir(), (std::vector<std::string>{"s.npy", "t.npy"}));
}

TEST(NpyTest, ReadsVariants) {
  // Version 2.0 and 3.0 headers, double quotes, Python 2 longs, key order,
  // no trailing comma, extra whitespace, trailing data (ignored).
  std::string data("\x00\x00\x80\x3f\x00\x00\x00\x40", 8);
  for (uint8_t major : {1, 2, 3}) {
    llvm::Expected<HostTensor> t =
        parseNpy(makeNpy("{ \"shape\" : (1L, 2L) , 'fortran_order': False, "
                         "'descr': '<f4' }  ",
                         data + "junk", major),
                 "x.npy");
    ASSERT_TRUE(!!t) << llvm::toString(t.takeError());
    EXPECT_EQ(t->dtype, DType::F32);
    EXPECT_EQ(t->shape, (std::vector<int64_t>{1, 2}));
    EXPECT_EQ(t->get(0), 1.0);
    EXPECT_EQ(t->get(1), 2.0);
  }
  // '<u2' reads as bf16; bools are normalized to 0/1.
  llvm::Expected<HostTensor> bf =
      parseNpy(makeNpy("{'descr': '<u2', 'fortran_order': False, "
                       "'shape': (1,), }",
                       std::string("\xc0\x3f", 2)),
               "x.npy");
  ASSERT_TRUE(!!bf);
  EXPECT_EQ(bf->dtype, DType::BF16);
  EXPECT_EQ(bf->get(0), 1.5);
  llvm::Expected<HostTensor> b =
      parseNpy(makeNpy("{'descr': '|b1', 'fortran_order': False, "
                       "'shape': (2,), }",
                       std::string("\x00\x07", 2)),
               "x.npy");
  ASSERT_TRUE(!!b);
  EXPECT_EQ(b->data, (std::vector<uint8_t>{0, 1}));
  // Fortran order of a 1-D array is still refused (numpy writes False).
}

TEST_F(TempDir, WritesVersion2ForHugeHeaders) {
  // 25000 dimensions of size 1 need a header longer than 64 KiB.
  HostTensor t = HostTensor::zeros(DType::F32, std::vector<int64_t>(25000, 1));
  t.set(0, 42);
  std::vector<uint8_t> bytes = serializeNpy(t);
  EXPECT_EQ(bytes[6], 2);
  uint32_t hlen = bytes[8] | bytes[9] << 8 | bytes[10] << 16 | bytes[11] << 24;
  EXPECT_GT(hlen, 0xFFFFu);
  EXPECT_EQ((12 + hlen) % 64, 0u);
  ASSERT_EQ(errorOf(writeNpy(path("big.npy"), t)), "");
  llvm::Expected<HostTensor> back = readNpy(path("big.npy"));
  ASSERT_TRUE(!!back) << llvm::toString(back.takeError());
  EXPECT_EQ(back->shape.size(), 25000u);
  EXPECT_EQ(back->get(0), 42.0);
}

TEST_F(TempDir, ReadErrors) {
  EXPECT_NE(errorOf(readNpy(path("missing.npy"))).find("cannot open '"),
            std::string::npos);
  EXPECT_NE(errorOf(readNpy(path("missing.npy"))).find("missing.npy"),
            std::string::npos);

  writeFile("magic.npy", bytesOf("PK\x03\x04 this is a zip"));
  EXPECT_EQ(errorOf(readNpy(path("magic.npy"))),
            "'" + path("magic.npy") + "': not an .npy file (bad magic)");
  writeFile("empty.npy", {});
  EXPECT_NE(errorOf(readNpy(path("empty.npy"))).find("bad magic"),
            std::string::npos);

  auto parseError = [](const std::vector<uint8_t> &bytes) {
    return errorOf(parseNpy(bytes, "x.npy"));
  };
  const char *f4x3 = "{'descr': '<f4', 'fortran_order': False, "
                     "'shape': (3,), }";
  EXPECT_EQ(parseError(makeNpy(f4x3, std::string(8, '\0'))),
            "'x.npy': truncated data: expected 12 bytes for shape (3,) of "
            "f32, found 8");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<i4', 'fortran_order': False, "
                               "'shape': (3,), }",
                               std::string(12, '\0'))),
            "'x.npy': unsupported dtype '<i4' (supported: '<f2', '<f4', "
            "'<f8', '|b1', and '<u2' holding bf16 bit patterns)");
  EXPECT_NE(parseError(makeNpy("{'descr': [('a', '<f4')], 'fortran_order': "
                               "False, 'shape': (3,), }",
                               std::string(12, '\0')))
                .find("unsupported dtype [('a', '<f4')]"),
            std::string::npos);
  EXPECT_EQ(parseError(makeNpy("{'descr': '>f4', 'fortran_order': False, "
                               "'shape': (3,), }",
                               std::string(12, '\0'))),
            "'x.npy': big-endian arrays are not supported ('>f4')");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<f4', 'fortran_order': True, "
                               "'shape': (3, 2), }",
                               std::string(24, '\0'))),
            "'x.npy': fortran-order arrays are not supported");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<f4', 'shape': (3,), }", "")),
            "'x.npy': bad .npy header: missing one of the keys 'descr', "
            "'fortran_order', 'shape'");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (3,), 'x': 1}",
                               "")),
            "'x.npy': bad .npy header: unexpected key 'x'");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (-3,), }",
                               "")),
            "'x.npy': bad .npy header: bad shape entry");
  EXPECT_EQ(parseError(makeNpy("not a dict", "")),
            "'x.npy': bad .npy header: expected '{'");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (3,), } trailing",
                               "")),
            "'x.npy': bad .npy header: unexpected text after '}'");
  EXPECT_EQ(parseError(makeNpy("{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (4294967296, 4294967296, 4), }",
                               "")),
            "'x.npy': bad .npy header: shape (4294967296, 4294967296, 4) is "
            "too large");
  // A header length pointing past the end of the file.
  std::vector<uint8_t> truncatedHeader = makeNpy(f4x3, "");
  truncatedHeader.resize(30);
  EXPECT_NE(parseError(truncatedHeader).find("bad .npy header: truncated"),
            std::string::npos);
  std::vector<uint8_t> v9 = makeNpy(f4x3, std::string(12, '\0'));
  v9[6] = 9;
  EXPECT_EQ(parseError(v9), "'x.npy': unsupported .npy version 9.0");
}

TEST_F(TempDir, WriteLeavesNoPartialFile) {
  HostTensor t = HostTensor::fromValues(DType::F32, {2}, {1, 2});
  std::string bad = path("no/such/dir/out.npy");
  std::string err = errorOf(writeNpy(bad, t));
  EXPECT_NE(err.find("cannot write '" + bad + "'"), std::string::npos) << err;
  EXPECT_TRUE(listDir().empty());

  // A directory in the way of the rename: the temporary is removed.
  ASSERT_FALSE(llvm::sys::fs::create_directory(path("isdir.npy")));
  ASSERT_FALSE(llvm::sys::fs::create_directory(path("isdir.npy/x")));
  err = errorOf(writeNpy(path("isdir.npy"), t));
  EXPECT_NE(err, "");
  EXPECT_EQ(listDir(), (std::vector<std::string>{"isdir.npy"}));

  // Overwriting replaces the file.
  ASSERT_EQ(errorOf(writeNpy(path("a.npy"), t)), "");
  t.set(0, 7);
  ASSERT_EQ(errorOf(writeNpy(path("a.npy"), t)), "");
  llvm::Expected<HostTensor> back = readNpy(path("a.npy"));
  ASSERT_TRUE(!!back);
  EXPECT_EQ(back->get(0), 7.0);
  EXPECT_EQ(listDir(), (std::vector<std::string>{"a.npy", "isdir.npy"}));

  // An inconsistent tensor is refused before anything is written.
  HostTensor broken = t;
  broken.data.pop_back();
  EXPECT_NE(errorOf(writeNpy(path("b.npy"), broken)), "");
  EXPECT_EQ(listDir(), (std::vector<std::string>{"a.npy", "isdir.npy"}));
}

//===----------------------------------------------------------------------===//
// Generators and scalars
//===----------------------------------------------------------------------===//

HostTensor gen(llvm::StringRef spec, uint64_t seed = 0) {
  llvm::Expected<HostTensor> t = generateTensor(spec, seed);
  if (!t) {
    ADD_FAILURE() << llvm::toString(t.takeError());
    return HostTensor();
  }
  return std::move(*t);
}

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
