//===- FerricCAPITest.cpp - The C API as a C program uses it --------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Bad pipeline options reach a C caller as a status and a message (they
// used to abort the process); the fusion report and the CPU in-place policy
// the C API now takes from the runner behave as before.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/CAPI/Ferric.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

const char *kAddExp = R"mlir(
func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = ferric.add %a, %b : tensor<8xf32>
  %1 = ferric.exp %0 : tensor<8xf32>
  return %1, %a : tensor<8xf32>, tensor<8xf32>
}
)mlir";

TEST(FerricCAPI, BadPipelineOptionIsACompileError) {
  ferric_executable *exe = nullptr;
  EXPECT_EQ(ferric_compile(kAddExp, "f", "cpu",
                           "cache=0 pipeline=no-such-option=1", &exe),
            FERRIC_ERROR_COMPILE);
  EXPECT_EQ(exe, nullptr);
  EXPECT_NE(std::string(ferric_last_error())
                .find("for ferric-lower-to-cpu: <Pass-Options-Parser>: no "
                      "such option no-such-option"),
            std::string::npos)
      << ferric_last_error();
}

TEST(FerricCAPI, BadSPIRVOptionIsACompileError) {
  if (!ferric_target_available("vulkan", nullptr))
    GTEST_SKIP() << "no Vulkan device";
  ferric_executable *exe = nullptr;
  EXPECT_EQ(ferric_compile(kAddExp, "f", "vulkan",
                           "cache=0 pipeline=\"caps='Shader Float16'\"", &exe),
            FERRIC_ERROR_COMPILE);
  EXPECT_STREQ(ferric_last_error(), "ferric-lower-to-spirv: caps: 'Shader "
                                    "Float16' is not a SPIR-V capability");
}

TEST(FerricCAPI, FuseReportPathWithASpace) {
  char dir[] = "/tmp/ferric capi XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string path = std::string(dir) + "/fuse report.txt";
  std::string options = "cache=0 fuse-report='" + path + "'";
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kAddExp, "f", "cpu", options.c_str(), &exe),
            FERRIC_OK)
      << ferric_last_error();
  ferric_executable_free(exe);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("groups formed: 1"), std::string::npos)
      << text.str();
  std::remove(path.c_str());
  rmdir(dir);
}

TEST(FerricCAPI, FusionReport) {
  char *report = nullptr;
  ASSERT_EQ(ferric_fusion_report(kAddExp, &report), FERRIC_OK)
      << ferric_last_error();
  EXPECT_NE(std::string(report).find("ferric-fuse report for @f"),
            std::string::npos)
      << report;
  ferric_string_free(report);
  EXPECT_EQ(ferric_fusion_report("func.func @", &report), FERRIC_ERROR_COMPILE);
  EXPECT_NE(std::string(ferric_last_error()).find("cannot parse the module"),
            std::string::npos);
}

TEST(FerricCAPI, EmitWGSL) {
  // Needs no GPU, node or Dawn: the shader text and the manifest.
  char *text = nullptr;
  ASSERT_EQ(ferric_emit_wgsl(kAddExp, "f", nullptr, &text), FERRIC_OK)
      << ferric_last_error();
  std::string wgsl(text);
  ferric_string_free(text);
  EXPECT_NE(wgsl.find("// ----- f_kernel.wgsl"), std::string::npos) << wgsl;
  EXPECT_NE(wgsl.find("@compute @workgroup_size(64, 1, 1)"), std::string::npos)
      << wgsl;
  EXPECT_NE(wgsl.find("// ----- manifest.json"), std::string::npos) << wgsl;
  // Pipeline options reach ferric-lower-to-wgsl.
  ASSERT_EQ(ferric_emit_wgsl(kAddExp, nullptr, "block-size=128", &text),
            FERRIC_OK)
      << ferric_last_error();
  EXPECT_NE(std::string(text).find("@workgroup_size(128, 1, 1)"),
            std::string::npos);
  ferric_string_free(text);
  // Dynamic shapes: the error names the target and the argument.
  EXPECT_EQ(ferric_emit_wgsl("func.func @g(%a: tensor<?xf32>) -> "
                             "tensor<?xf32> {\n  return %a : tensor<?xf32>\n}",
                             "g", nullptr, &text),
            FERRIC_ERROR_COMPILE);
  EXPECT_EQ(text, nullptr);
  EXPECT_NE(std::string(ferric_last_error())
                .find("the webgpu target needs static shapes"),
            std::string::npos)
      << ferric_last_error();
  EXPECT_EQ(ferric_emit_wgsl(nullptr, "f", nullptr, &text),
            FERRIC_ERROR_INVALID_ARGUMENT);
}

/// Runs @f on `a` and `b` (8 floats each, wherever they are) and checks
/// both results; the second is the input `a` itself, which the caller gets
/// as a copy in either case.
void runAndCheck(ferric_executable *exe, float *a, float *b) {
  int64_t shape[] = {8};
  ferric_tensor inputs[] = {{FERRIC_DTYPE_F32, 1, shape, a},
                            {FERRIC_DTYPE_F32, 1, shape, b}};
  ferric_tensor *outputs = nullptr;
  size_t nout = 0;
  ASSERT_EQ(ferric_run(exe, inputs, 2, &outputs, &nout), FERRIC_OK)
      << ferric_last_error();
  ASSERT_EQ(nout, 2u);
  EXPECT_NE(outputs[1].data, a);
  auto *sum = static_cast<const float *>(outputs[0].data);
  auto *same = static_cast<const float *>(outputs[1].data);
  for (int i = 0; i < 8; ++i) {
    EXPECT_FLOAT_EQ(sum[i], std::exp(a[i] + b[i]));
    EXPECT_EQ(same[i], a[i]);
  }
  // The caller may change its inputs afterwards.
  float before = same[0];
  a[0] += 1;
  EXPECT_EQ(same[0], before);
  ferric_tensors_free(outputs, nout);
}

TEST(FerricCAPI, RunOnAlignedAndUnalignedHostBuffers) {
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kAddExp, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  alignas(16) float buffer[2 * 8 + 4];
  for (int i = 0; i < 2 * 8 + 4; ++i)
    buffer[i] = 0.125f * i - 1;
  runAndCheck(exe, buffer, buffer + 8);         // aligned: in place
  runAndCheck(exe, buffer + 1, buffer + 8 + 1); // unaligned: copied
  ferric_executable_free(exe);
}

// Target memory as ferric_run_device's inputs: allocate, fill, run, read
// back, free; bad arguments are a status and a message.
TEST(FerricCAPI, TargetMemoryFeedsRunDevice) {
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kAddExp, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  void *a = nullptr, *b = nullptr;
  ASSERT_EQ(ferric_target_alloc("cpu", 8 * sizeof(float), &a), FERRIC_OK);
  ASSERT_EQ(ferric_target_alloc("cpu", 8 * sizeof(float), &b), FERRIC_OK);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 16, 0u);
  float host[8], ones[8];
  for (int i = 0; i < 8; ++i) {
    host[i] = 0.25f * i;
    ones[i] = 1;
  }
  ASSERT_EQ(ferric_target_copy("cpu", a, host, sizeof(host)), FERRIC_OK);
  ASSERT_EQ(ferric_target_copy("cpu", b, ones, sizeof(ones)), FERRIC_OK);
  int64_t shape[1] = {8};
  ferric_tensor ins[2] = {{FERRIC_DTYPE_F32, 1, shape, a},
                          {FERRIC_DTYPE_F32, 1, shape, b}};
  ferric_tensor *outs = nullptr;
  size_t nout = 0;
  ASSERT_EQ(ferric_run_device(exe, ins, 2, &outs, &nout), FERRIC_OK)
      << ferric_last_error();
  ASSERT_EQ(nout, 2u);
  float got[8];
  ASSERT_EQ(ferric_target_copy("cpu", got, outs[0].data, sizeof(got)),
            FERRIC_OK);
  for (int i = 0; i < 8; ++i)
    EXPECT_FLOAT_EQ(got[i], std::exp(host[i] + 1));
  ASSERT_EQ(ferric_target_copy("cpu", got, outs[1].data, sizeof(got)),
            FERRIC_OK);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(got[i], host[i]); // the returned argument
  ferric_device_tensors_free(outs, nout);
  ferric_target_free("cpu", a);
  ferric_target_free("cpu", b);
  ferric_target_free("cpu", nullptr);
  ferric_executable_free(exe);

  void *p = &got;
  EXPECT_EQ(ferric_target_alloc("tpu", 4, &p), FERRIC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(p, nullptr);
  EXPECT_NE(std::strstr(ferric_last_error(), "unknown target 'tpu'"), nullptr);
  EXPECT_EQ(ferric_target_copy("cpu", nullptr, host, 4),
            FERRIC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ferric_target_alloc("cpu", 4, nullptr),
            FERRIC_ERROR_INVALID_ARGUMENT);
  // Sizes near SIZE_MAX once rounded up to a 64-byte buffer (issue 42).
  for (size_t bytes : {SIZE_MAX, SIZE_MAX - 63, SIZE_MAX / 2 + 1}) {
    p = &got;
    EXPECT_NE(ferric_target_alloc("cpu", bytes, &p), FERRIC_OK) << bytes;
    EXPECT_EQ(p, nullptr) << bytes;
    EXPECT_NE(std::strstr(ferric_last_error(), "cannot allocate"), nullptr)
        << ferric_last_error();
  }
  EXPECT_EQ(ferric_target_synchronize("cpu", nullptr), FERRIC_OK);
  EXPECT_EQ(ferric_target_synchronize("tpu", nullptr),
            FERRIC_ERROR_INVALID_ARGUMENT);
}

// Events are CUDA's: other targets, unknown ones and a null out-pointer are
// a status and a message, nothing is handed out, and destroying nothing is
// harmless.
TEST(FerricCAPI, EventsAreCudas) {
  void *event = reinterpret_cast<void *>(0x1);
  EXPECT_EQ(ferric_target_event_record("cpu", nullptr, &event),
            FERRIC_ERROR_RUN);
  EXPECT_EQ(event, nullptr);
  EXPECT_NE(std::string(ferric_last_error()).find("events are CUDA's"),
            std::string::npos)
      << ferric_last_error();
  EXPECT_EQ(ferric_target_event_record("cpu", nullptr, nullptr),
            FERRIC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ferric_target_event_record("tpu", nullptr, &event),
            FERRIC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ferric_target_event_synchronize("cpu", nullptr), FERRIC_ERROR_RUN);
  ferric_target_event_destroy("cpu", nullptr);
  ferric_target_event_destroy("tpu", reinterpret_cast<void *>(0x1));
}

// ferric_executable_remarks: "" for a program that compiled without any;
// NULL arguments are an error.
TEST(FerricCAPI, ExecutableRemarks) {
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kAddExp, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  char *text = nullptr;
  ASSERT_EQ(ferric_executable_remarks(exe, &text), FERRIC_OK);
  ASSERT_NE(text, nullptr);
  EXPECT_STREQ(text, "");
  ferric_string_free(text);
  EXPECT_EQ(ferric_executable_remarks(exe, nullptr),
            FERRIC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ferric_executable_remarks(nullptr, &text),
            FERRIC_ERROR_INVALID_ARGUMENT);
  ferric_executable_free(exe);
}

// ferric_run_device_on_stream is CUDA's: other targets and missing
// arguments are a status and a message, and nothing is handed out.
TEST(FerricCAPI, RunDeviceOnStreamRefusesOtherTargets) {
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kAddExp, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  alignas(16) float a[8] = {0}, b[8] = {0};
  int64_t shape[1] = {8};
  ferric_tensor ins[2] = {{FERRIC_DTYPE_F32, 1, shape, a},
                          {FERRIC_DTYPE_F32, 1, shape, b}};
  int dummy = 0;
  ferric_tensor *outs = reinterpret_cast<ferric_tensor *>(&dummy);
  size_t nout = 7;
  EXPECT_EQ(ferric_run_device_on_stream(exe, ins, 2, nullptr, &outs, &nout),
            FERRIC_ERROR_UNSUPPORTED);
  EXPECT_EQ(outs, nullptr);
  EXPECT_EQ(nout, 0u);
  EXPECT_NE(std::strstr(ferric_last_error(), "streams are CUDA's; this "
                                             "executable is for cpu"),
            nullptr)
      << ferric_last_error();
  EXPECT_EQ(ferric_run_device_on_stream(nullptr, ins, 2, nullptr, &outs, &nout),
            FERRIC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::strstr(ferric_last_error(), "ferric_run_device_on_stream: "
                                             "executable, outputs and nout"),
            nullptr)
      << ferric_last_error();
  EXPECT_EQ(ferric_run_device_on_stream(exe, ins, 2, nullptr, nullptr, &nout),
            FERRIC_ERROR_INVALID_ARGUMENT);
  // ferric_run_device_on_stream_event: the same refusals, and no event.
  void *ready = reinterpret_cast<void *>(0x1);
  EXPECT_EQ(ferric_run_device_on_stream_event(exe, ins, 2, nullptr, &outs,
                                              &nout, &ready),
            FERRIC_ERROR_UNSUPPORTED);
  EXPECT_EQ(ready, nullptr);
  EXPECT_EQ(outs, nullptr);
  EXPECT_NE(std::strstr(ferric_last_error(),
                        "ferric_run_device_on_stream_event: streams are "
                        "CUDA's"),
            nullptr)
      << ferric_last_error();
  EXPECT_EQ(ferric_run_device_on_stream_event(exe, ins, 2, nullptr, &outs,
                                              &nout, nullptr),
            FERRIC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::strstr(ferric_last_error(), "ready must not be NULL"), nullptr)
      << ferric_last_error();
  // The stream-less entry still runs the same executable.
  ASSERT_EQ(ferric_run_device(exe, ins, 2, &outs, &nout), FERRIC_OK)
      << ferric_last_error();
  EXPECT_EQ(nout, 2u);
  ferric_device_tensors_free(outs, nout);
  ferric_executable_free(exe);
}

// Shapes accepted once are not re-checked on the next call with the same
// shapes; any other shapes are checked again, so a mismatch after a good
// call is still an error.
TEST(FerricCAPI, ShapeChecksAfterAcceptedShapes) {
  const char *kDynamicAdd = R"mlir(
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ferric.add %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}
)mlir";
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kDynamicAdd, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  alignas(16) float a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  alignas(16) float b[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  auto run = [&](int64_t na, int64_t nb) {
    int64_t sa[1] = {na}, sb[1] = {nb};
    ferric_tensor ins[2] = {{FERRIC_DTYPE_F32, 1, sa, a},
                            {FERRIC_DTYPE_F32, 1, sb, b}};
    ferric_tensor *outs = nullptr;
    size_t nout = 0;
    ferric_status s = ferric_run_device(exe, ins, 2, &outs, &nout);
    if (s == FERRIC_OK) {
      EXPECT_EQ(outs[0].shape[0], na);
      EXPECT_EQ(static_cast<float *>(outs[0].data)[na - 1], a[na - 1] + 1);
      ferric_device_tensors_free(outs, nout);
    }
    return s;
  };
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(run(8, 8), FERRIC_OK) << ferric_last_error();
    EXPECT_EQ(run(8, 8), FERRIC_OK) << ferric_last_error();
    EXPECT_EQ(run(8, 4), FERRIC_ERROR_RUN);
    EXPECT_NE(std::strstr(ferric_last_error(), "input shapes disagree"),
              nullptr)
        << ferric_last_error();
    EXPECT_EQ(run(4, 4), FERRIC_OK) << ferric_last_error();
    EXPECT_EQ(run(4, 8), FERRIC_ERROR_RUN);
  }
  ferric_executable_free(exe);
}

// ferric_run_device checks inputs against the signature on every call (the
// runner builds its messages only for a failing input) and passes scalar
// arguments by value, the same after the first call.
TEST(FerricCAPI, RunDeviceChecksInputsAndPassesScalars) {
  const char *kScale = R"mlir(
func.func @f(%a: tensor<?xf32>, %s: f32) -> tensor<?xf32> {
  %0 = ferric.mul %a, %s : tensor<?xf32>, f32
  return %0 : tensor<?xf32>
}
)mlir";
  ferric_executable *exe = nullptr;
  ASSERT_EQ(ferric_compile(kScale, "f", "cpu", "cache=0", &exe), FERRIC_OK)
      << ferric_last_error();
  alignas(16) float a[4] = {1, 2, 3, 4};
  int64_t shape[1] = {4}, shape2[2] = {2, 2};
  auto run = [&](ferric_tensor *ins, size_t n, float *got) {
    ferric_tensor *outs = nullptr;
    size_t nout = 0;
    ferric_status s = ferric_run_device(exe, ins, n, &outs, &nout);
    if (s == FERRIC_OK) {
      EXPECT_EQ(nout, 1u);
      EXPECT_EQ(outs[0].rank, 1);
      std::memcpy(got, outs[0].data, sizeof(a));
      ferric_device_tensors_free(outs, nout);
    }
    return s;
  };
  for (float scale : {2.0f, -0.5f}) {
    ferric_tensor ins[2] = {{FERRIC_DTYPE_F32, 1, shape, a},
                            {FERRIC_DTYPE_F32, 0, nullptr, &scale}};
    float got[4];
    ASSERT_EQ(run(ins, 2, got), FERRIC_OK) << ferric_last_error();
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(got[i], a[i] * scale);
  }
  float scale = 2;
  auto expectError = [&](ferric_tensor *ins, size_t n, const char *message) {
    float got[4];
    EXPECT_NE(run(ins, n, got), FERRIC_OK);
    EXPECT_NE(std::strstr(ferric_last_error(), message), nullptr)
        << ferric_last_error();
  };
  {
    ferric_tensor ins[1] = {{FERRIC_DTYPE_F32, 1, shape, a}};
    expectError(ins, 1, "@f takes 2 arguments, got 1 inputs");
  }
  {
    ferric_tensor ins[2] = {{FERRIC_DTYPE_F16, 1, shape, a},
                            {FERRIC_DTYPE_F32, 0, nullptr, &scale}};
    expectError(ins, 2, "input 0 has dtype f16 but @f expects");
  }
  {
    ferric_tensor ins[2] = {{FERRIC_DTYPE_F32, 2, shape2, a},
                            {FERRIC_DTYPE_F32, 0, nullptr, &scale}};
    expectError(ins, 2, "input 0 has rank 2 but @f expects");
  }
  {
    ferric_tensor ins[2] = {{FERRIC_DTYPE_F32, 1, shape, a},
                            {FERRIC_DTYPE_F32, 1, shape, a}};
    expectError(ins, 2, "input 1 must be a scalar for @f");
  }
  {
    ferric_tensor ins[2] = {{FERRIC_DTYPE_F32, 1, shape, a},
                            {FERRIC_DTYPE_F32, 0, nullptr, nullptr}};
    expectError(ins, 2, "input 1 has no data");
  }
  ferric_executable_free(exe);
}

} // namespace
