//===- FerricCAPIHardeningTest.cpp - Inputs the C API must survive --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Issue 42's C API cases: bool bytes that are not 0 or 1 (numpy's
// uint8.view(bool)) read as false for even bytes; ferric_bench with 0
// iterations reported zeros and with (unsigned)-1 ran four billion calls; IR
// nested thousands of levels deep overflowed the parser's stack; a result
// whose byte size does not fit in 64 bits wrapped to a tiny allocation.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/CAPI/Ferric.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <string>

namespace {

const char *kSelect = R"mlir(
func.func @f(%m: tensor<8xi1>, %a: tensor<8xf32>, %b: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<8xi1>) {
  %0 = ferric.select %m, %a, %b : tensor<8xi1>, tensor<8xf32>
  return %0, %m : tensor<8xf32>, tensor<8xi1>
}
)mlir";

/// Any nonzero byte is true, as numpy (and C) say, in place and copied.
TEST(CAPIHardening, BoolBytesAreTrueWhenNonzero) {
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kSelect, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  alignas(64) uint8_t mask[8] = {0, 1, 2, 3, 4, 128, 254, 255};
  alignas(64) float a[8], b[8];
  for (int i = 0; i < 8; ++i) {
    a[i] = 1.0f;
    b[i] = -1.0f;
  }
  int64_t shape[1] = {8};
  ferric_tensor in[3] = {{FERRIC_DTYPE_I1, 1, shape, mask},
                         {FERRIC_DTYPE_F32, 1, shape, a},
                         {FERRIC_DTYPE_F32, 1, shape, b}};
  ferric_tensor *out = nullptr;
  size_t nout = 0;
  ASSERT_EQ(ferric_run(exe, in, 3, &out, &nout), FERRIC_OK)
      << ferric_last_error();
  ASSERT_EQ(nout, 2u);
  const float *selected = static_cast<const float *>(out[0].data);
  const uint8_t *returned = static_cast<const uint8_t *>(out[1].data);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(selected[i], mask[i] ? 1.0f : -1.0f) << "byte " << int(mask[i]);
    EXPECT_EQ(returned[i], mask[i] ? 1 : 0) << "byte " << int(mask[i]);
  }
  ferric_tensors_free(out, nout);
  ferric_executable_free(exe);
}

TEST(CAPIHardening, BenchNeedsAtLeastOneCall) {
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kSelect, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  alignas(64) uint8_t mask[8] = {};
  alignas(64) float a[8] = {}, b[8] = {};
  int64_t shape[1] = {8};
  ferric_tensor in[3] = {{FERRIC_DTYPE_I1, 1, shape, mask},
                         {FERRIC_DTYPE_F32, 1, shape, a},
                         {FERRIC_DTYPE_F32, 1, shape, b}};
  double median = -1;
  for (unsigned iterations : {0u, unsigned(-1)}) {
    EXPECT_EQ(
        ferric_bench(exe, in, 3, iterations, 0, &median, nullptr, nullptr),
        FERRIC_ERROR_INVALID_ARGUMENT)
        << iterations;
    EXPECT_NE(std::strstr(ferric_last_error(),
                          "ferric_bench: iterations must be 1 to 2147483647"),
              nullptr)
        << ferric_last_error();
  }
  EXPECT_EQ(
      ferric_bench(exe, in, 3, 1, unsigned(-1), &median, nullptr, nullptr),
      FERRIC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(median, -1); // untouched
  EXPECT_EQ(ferric_bench(exe, in, 3, 2, 0, &median, nullptr, nullptr),
            FERRIC_OK)
      << ferric_last_error();
  EXPECT_GE(median, 0);
  ferric_executable_free(exe);
}

/// IR text from anyone: nested 5000 deep, refused before the recursive
/// parser runs out of stack (ferric_compile and ferric_fusion_report).
TEST(CAPIHardening, DeepNestingIsAnError) {
  std::string ir = "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n";
  for (int i = 0; i < 5000; ++i)
    ir += "scf.execute_region {\n";
  for (int i = 0; i < 5000; ++i)
    ir += "scf.yield\n}\n";
  ir += "return %a : tensor<f32>\n}\n";
  ferric_executable *exe = nullptr;
  EXPECT_EQ(ferric_compile(ir.c_str(), nullptr, "cpu", "cache=0", &exe),
            FERRIC_ERROR_COMPILE);
  EXPECT_EQ(exe, nullptr);
  EXPECT_NE(std::strstr(ferric_last_error(),
                        "brackets nested more than 256 levels deep"),
            nullptr)
      << ferric_last_error();
  char *report = nullptr;
  EXPECT_NE(ferric_fusion_report(ir.c_str(), &report), FERRIC_OK);
  EXPECT_NE(std::strstr(ferric_last_error(),
                        "brackets nested more than 256 levels deep"),
            nullptr)
      << ferric_last_error();
  ferric_string_free(report);
}

/// 2^62 f32 elements are 2^64 bytes: the byte size wrapped to 0, the
/// compiled code got a 64-byte buffer and wrote on (heap corruption).
/// Static and dynamic sizes are both refused before the call.
TEST(CAPIHardening, ResultBytesThatOverflowAreAnError) {
  const char *staticIR = R"mlir(
func.func @f(%a: tensor<f32>) -> tensor<4611686018427387904xf32> {
  %b = ferric.broadcast %a dims [0] : tensor<f32> -> tensor<4611686018427387904xf32>
  return %b : tensor<4611686018427387904xf32>
}
)mlir";
  ferric_executable *exe = nullptr;
  ferric_status s = ferric_compile(staticIR, "f", "cpu", "cache=0", &exe);
  if (s == FERRIC_OK) {
    alignas(64) float a = 1;
    ferric_tensor in = {FERRIC_DTYPE_F32, 0, nullptr, &a};
    ferric_tensor *out = nullptr;
    size_t nout = 0;
    s = ferric_run(exe, &in, 1, &out, &nout);
    ferric_executable_free(exe);
  }
  EXPECT_NE(s, FERRIC_OK);
  EXPECT_NE(std::strstr(ferric_last_error(), "does not fit in 64 bits"),
            nullptr)
      << ferric_last_error();

  const char *dynamicIR = R"mlir(
func.func @f(%a: tensor<f32>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %big = arith.constant 4611686018427387904 : index
  %m = arith.muli %n, %big : index
  %b = ferric.broadcast %a dims [0] sizes(%m) : tensor<f32> -> tensor<?xf32>
  return %b : tensor<?xf32>
}
)mlir";
  ASSERT_EQ(ferric_compile(dynamicIR, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  alignas(64) float a = 1, x[1] = {0};
  int64_t one[1] = {1};
  ferric_tensor in[2] = {{FERRIC_DTYPE_F32, 0, nullptr, &a},
                         {FERRIC_DTYPE_F32, 1, one, x}};
  ferric_tensor *out = nullptr;
  size_t nout = 0;
  EXPECT_EQ(ferric_run(exe, in, 2, &out, &nout), FERRIC_ERROR_RUN);
  EXPECT_NE(std::strstr(ferric_last_error(), "does not fit in 64 bits"),
            nullptr)
      << ferric_last_error();
  ferric_executable_free(exe);
}

} // namespace
