//===- NpyTest.cpp - Tests of .npy reading and writing --------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "TestUtils.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sys/stat.h>

using namespace mlir::ferric::runner;
using namespace ferric_test;

namespace {

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

// Only regular files are read, and never past their size: /dev/zero and
// /dev/urandom never end (they were read until memory ran out), a fifo
// blocks until a writer comes, and a symlink named *.npy hides either
// (issue 42). Each is one error, at once.
TEST_F(TempDir, ReadsOnlyRegularFiles) {
  ASSERT_EQ(::mkfifo(path("fifo.npy").c_str(), 0600), 0);
  ASSERT_FALSE(llvm::sys::fs::create_link("/dev/zero", path("zero.npy")));
  ASSERT_FALSE(llvm::sys::fs::create_link("/dev/urandom", path("urandom.npy")));
  ASSERT_FALSE(llvm::sys::fs::create_link(path("fifo.npy"), path("to-fifo")));
  ASSERT_FALSE(llvm::sys::fs::create_directory(path("dir.npy")));
  for (const char *name : {"fifo.npy", "zero.npy", "urandom.npy", "to-fifo"})
    EXPECT_NE(errorOf(readNpy(path(name)))
                  .find("not a regular file (a device, fifo or socket)"),
              std::string::npos)
        << name;
  EXPECT_NE(errorOf(readNpy("/dev/zero")).find("cannot open '/dev/zero'"),
            std::string::npos);
  EXPECT_NE(errorOf(readNpy(path("dir.npy"))).find("it is a directory"),
            std::string::npos);
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

} // namespace
