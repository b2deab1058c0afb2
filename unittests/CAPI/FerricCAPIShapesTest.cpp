//===- FerricCAPIShapesTest.cpp - Input shapes the C API refuses ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Every shape a caller can put in a ferric_tensor is checked before it is
// used: ranks beyond FERRIC_MAX_RANK (rank 2^62 used to be read as rank 0,
// the pointer arithmetic wrapping), negative dims, and element counts or
// byte sizes that overflow 64 bits (a [2^62] f32 input wrapped to 0 bytes,
// passed the data check and segfaulted). Each is one status and message,
// for ferric_run, ferric_bench and ferric_run_device.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/CAPI/Ferric.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <string>

namespace {

const char *kDynamicExp = R"mlir(
func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ferric.exp %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}
)mlir";

class CAPIShapes : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(ferric_compile(kDynamicExp, "f", "cpu", "cache=0", &exe),
              FERRIC_OK)
        << ferric_last_error();
  }
  void TearDown() override { ferric_executable_free(exe); }

  /// Runs `t` through every entry point that takes host tensors and checks
  /// each reports `message` as an invalid argument.
  void expectRejected(const ferric_tensor &t, const std::string &message) {
    ferric_tensor *out = nullptr;
    size_t nout = 0;
    EXPECT_EQ(ferric_run(exe, &t, 1, &out, &nout),
              FERRIC_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(ferric_last_error(), message);
    EXPECT_EQ(out, nullptr);
    EXPECT_EQ(ferric_bench(exe, &t, 1, 1, 0, nullptr, nullptr, nullptr),
              FERRIC_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(ferric_last_error(), message);
    EXPECT_EQ(ferric_run_device(exe, &t, 1, &out, &nout),
              FERRIC_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(ferric_last_error(), message);
  }

  ferric_executable *exe = nullptr;
  alignas(64) float data[16] = {};
};

TEST_F(CAPIShapes, HugeRankIsNotRankZero) {
  int64_t shape[1] = {4};
  ferric_tensor t = {FERRIC_DTYPE_F32, int64_t(1) << 62, shape, data};
  expectRejected(t, "input 0 has rank 4611686018427387904; the rank must be "
                    "0 to 64");
}

TEST_F(CAPIShapes, RankAboveTheLimit) {
  int64_t shape[FERRIC_MAX_RANK + 1];
  for (int64_t &d : shape)
    d = 1;
  ferric_tensor t = {FERRIC_DTYPE_F32, FERRIC_MAX_RANK + 1, shape, data};
  expectRejected(t, "input 0 has rank 65; the rank must be 0 to 64");
  // At the limit, the shape is checked against the signature instead.
  t.rank = FERRIC_MAX_RANK;
  ferric_tensor *out = nullptr;
  size_t nout = 0;
  EXPECT_EQ(ferric_run(exe, &t, 1, &out, &nout), FERRIC_ERROR_RUN);
  EXPECT_EQ(std::string(ferric_last_error()),
            "input 0 has rank 64 but @f expects tensor<?xf32>");
}

TEST_F(CAPIShapes, NegativeRankAndMissingShape) {
  int64_t shape[1] = {4};
  ferric_tensor t = {FERRIC_DTYPE_F32, -1, shape, data};
  expectRejected(t, "input 0 has rank -1; the rank must be 0 to 64");
  t = {FERRIC_DTYPE_F32, 1, nullptr, data};
  expectRejected(t, "input 0 has rank 1 but no shape");
}

TEST_F(CAPIShapes, NegativeDim) {
  int64_t shape[1] = {-4};
  ferric_tensor t = {FERRIC_DTYPE_F32, 1, shape, data};
  expectRejected(t, "input 0 dim 0 is -4; dims must be >= 0");
}

TEST_F(CAPIShapes, ByteSizeOverflow) {
  // 2^62 elements fit in int64, their 2^64 bytes do not (they wrapped to 0,
  // so no data was needed).
  int64_t shape[1] = {int64_t(1) << 62};
  ferric_tensor t = {FERRIC_DTYPE_F32, 1, shape, nullptr};
  expectRejected(t, "input 0 is too large: 4611686018427387904 elements of "
                    "f32 overflow a 64-bit byte size");
}

TEST_F(CAPIShapes, ElementCountOverflow) {
  // 2^32 * 2^32 wraps to 0 elements.
  int64_t shape[2] = {int64_t(1) << 32, int64_t(1) << 32};
  ferric_tensor t = {FERRIC_DTYPE_F32, 2, shape, nullptr};
  expectRejected(t, "input 0 has too many elements: the product of its dims "
                    "overflows 64 bits");
}

TEST_F(CAPIShapes, ValidShapeStillRuns) {
  int64_t shape[1] = {16};
  ferric_tensor t = {FERRIC_DTYPE_F32, 1, shape, data};
  ferric_tensor *out = nullptr;
  size_t nout = 0;
  ASSERT_EQ(ferric_run(exe, &t, 1, &out, &nout), FERRIC_OK)
      << ferric_last_error();
  ASSERT_EQ(nout, 1u);
  EXPECT_EQ(out[0].rank, 1);
  EXPECT_EQ(out[0].shape[0], 16);
  EXPECT_EQ(static_cast<const float *>(out[0].data)[0], 1.0f);
  ferric_tensors_free(out, nout);
}

} // namespace
