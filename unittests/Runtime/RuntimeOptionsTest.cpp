//===- RuntimeOptionsTest.cpp - The runtimes' variables and error idiom ---===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Compiles the runtimes' option parsers (runtime/cuda/CudaOptions.cpp,
// runtime/vulkan/VulkanOptions.cpp) and their shared ErrorLog into the test,
// and feeds them environments from a table.
//
//===----------------------------------------------------------------------===//

#include "CudaOptions.h"
#include "ErrorLog.h"
#include "VulkanOptions.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <map>
#include <string>

namespace {

std::map<std::string, std::string> env;

const char *lookup(const char *name) {
  auto it = env.find(name);
  return it == env.end() ? nullptr : it->second.c_str();
}

ferric::cuda::RuntimeOptions cuda(std::map<std::string, std::string> vars) {
  env = std::move(vars);
  return ferric::cuda::RuntimeOptions::parse(lookup);
}

ferric::vulkan::RuntimeOptions vulkan(std::map<std::string, std::string> vars) {
  env = std::move(vars);
  return ferric::vulkan::RuntimeOptions::parse(lookup);
}

TEST(RuntimeOptionsTest, FlagsHaveOneMeaning) {
  using ferric::runtime::parseFlag;
  EXPECT_TRUE(parseFlag(nullptr, true));
  EXPECT_FALSE(parseFlag("", false));
  for (const char *off : {"0", "false", "OFF", "No"})
    EXPECT_FALSE(parseFlag(off, true)) << off;
  for (const char *on : {"1", "2", "true", "on", "yes"})
    EXPECT_TRUE(parseFlag(on, false)) << on;
}

TEST(RuntimeOptionsTest, CudaDefaults) {
  ferric::cuda::RuntimeOptions o = cuda({});
  EXPECT_EQ(o.driverPath, "libcuda.so.1");
  EXPECT_FALSE(o.freshStreams);
  EXPECT_TRUE(o.cachingAllocator);
  EXPECT_TRUE(o.spinWait);
  EXPECT_FALSE(o.quiet);
  EXPECT_FALSE(o.profile);
  EXPECT_EQ(cuda({{"FERRIC_CUDA_DRIVER", ""}}).driverPath, "libcuda.so.1");
  EXPECT_EQ(cuda({{"FERRIC_CUDA_DRIVER", "/x/libcuda.so"}}).driverPath,
            "/x/libcuda.so");
}

// The matmul's autotuning: on with 8 candidates by default, off with any
// "off" flag value, and a count outside 1..32 (or not a number) keeps 8.
TEST(RuntimeOptionsTest, CudaCublasLtAutotune) {
  ferric::cuda::RuntimeOptions o = cuda({});
  EXPECT_TRUE(o.cublasLtAutotune);
  EXPECT_EQ(o.cublasLtCandidates, 8);
  for (const char *value : {"0", "off", "false"})
    EXPECT_FALSE(cuda({{"FERRIC_CUBLASLT_AUTOTUNE", value}}).cublasLtAutotune)
        << value;
  EXPECT_TRUE(cuda({{"FERRIC_CUBLASLT_AUTOTUNE", "1"}}).cublasLtAutotune);
  EXPECT_EQ(cuda({{"FERRIC_CUBLASLT_CANDIDATES", "3"}}).cublasLtCandidates, 3);
  EXPECT_EQ(cuda({{"FERRIC_CUBLASLT_CANDIDATES", "32"}}).cublasLtCandidates,
            32);
  for (const char *bad : {"0", "33", "-2", "4x", "", "many"})
    EXPECT_EQ(cuda({{"FERRIC_CUBLASLT_CANDIDATES", bad}}).cublasLtCandidates, 8)
        << bad;
}

// Fresh streams put work on several streams, where reusing a freed block is
// unsafe: every value that turns them on turns the caching allocator off
// (before, "2" gave fresh streams with the allocator still on).
TEST(RuntimeOptionsTest, CudaFreshStreamsTurnTheCachingAllocatorOff) {
  for (const char *value : {"1", "2", "yes", "on"}) {
    ferric::cuda::RuntimeOptions o =
        cuda({{"FERRIC_CUDA_FRESH_STREAMS", value}});
    EXPECT_TRUE(o.freshStreams) << value;
    EXPECT_FALSE(o.cachingAllocator) << value;
  }
  for (const char *value : {"0", "", "off"}) {
    ferric::cuda::RuntimeOptions o =
        cuda({{"FERRIC_CUDA_FRESH_STREAMS", value}});
    EXPECT_FALSE(o.freshStreams) << value;
    EXPECT_TRUE(o.cachingAllocator) << value;
  }
  EXPECT_FALSE(cuda({{"FERRIC_CUDA_FRESH_STREAMS", "1"},
                     {"FERRIC_CUDA_CACHING_ALLOCATOR", "1"}})
                   .cachingAllocator);
  EXPECT_FALSE(cuda({{"FERRIC_CUDA_CACHING_ALLOCATOR", "0"}}).cachingAllocator);
}

TEST(RuntimeOptionsTest, CudaSchedAndQuiet) {
  EXPECT_FALSE(cuda({{"FERRIC_CUDA_SCHED", "auto"}}).spinWait);
  EXPECT_TRUE(cuda({{"FERRIC_CUDA_SCHED", "spin"}}).spinWait);
  EXPECT_TRUE(cuda({{"FERRIC_CUDA_QUIET", "1"}}).quiet);
  EXPECT_TRUE(cuda({{"FERRIC_CUDA_PROFILE", "1"}}).profile);
  EXPECT_FALSE(cuda({{"FERRIC_CUDA_PROFILE", "off"}}).profile);
}

TEST(RuntimeOptionsTest, Vulkan) {
  ferric::vulkan::RuntimeOptions o = vulkan({});
  EXPECT_EQ(o.device, "");
  EXPECT_EQ(o.staging, -1);
  EXPECT_TRUE(o.robust);
  EXPECT_TRUE(o.validate);
  EXPECT_EQ(o.timeoutNs, UINT64_MAX);
  EXPECT_FALSE(o.quiet);
  o = vulkan({{"FERRIC_VULKAN_DEVICE", "llvmpipe"},
              {"FERRIC_VULKAN_STAGING", "1"},
              {"FERRIC_VULKAN_ROBUST", "0"},
              {"FERRIC_VULKAN_VALIDATE", "off"},
              {"FERRIC_VULKAN_TIMEOUT_MS", "250"},
              {"FERRIC_VULKAN_QUIET", "1"}});
  EXPECT_EQ(o.device, "llvmpipe");
  EXPECT_EQ(o.staging, 1);
  EXPECT_FALSE(o.robust);
  EXPECT_FALSE(o.validate);
  EXPECT_EQ(o.timeoutNs, 250000000u);
  EXPECT_TRUE(o.quiet);
  EXPECT_EQ(vulkan({{"FERRIC_VULKAN_STAGING", "0"}}).staging, 0);
  EXPECT_EQ(vulkan({{"FERRIC_VULKAN_STAGING", ""}}).staging, -1);
}

//===----------------------------------------------------------------------===//
// ErrorLog
//===----------------------------------------------------------------------===//

TEST(ErrorLogTest, OneLinePrefixedAndPrintedOnce) {
  ferric::runtime::ErrorLog log("vulkan", /*quiet=*/false);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(log.record("vkFoo failed: VK_ERROR_DEVICE_LOST (-4)\nmore"));
  log.record("vkFoo failed: VK_ERROR_DEVICE_LOST (-4)\nmore");
  std::string printed = testing::internal::GetCapturedStderr();
  std::string line =
      "ferric vulkan runtime: vkFoo failed: VK_ERROR_DEVICE_LOST (-4) more";
  EXPECT_EQ(log.last(), line);
  EXPECT_EQ(printed, line + "\n");
  // Recording a recorded line again does not double the prefix.
  log.record(log.last());
  EXPECT_EQ(log.last(), line);
  EXPECT_EQ(log.withoutPrefix(line),
            "vkFoo failed: VK_ERROR_DEVICE_LOST (-4) more");
  log.clear();
  EXPECT_EQ(log.last(), "");
  EXPECT_STREQ(log.lastCString(), "");
}

TEST(ErrorLogTest, QuietScopeAndQuietVariableOnlyRecord) {
  ferric::runtime::ErrorLog log("cuda", /*quiet=*/false);
  testing::internal::CaptureStderr();
  {
    ferric::runtime::QuietScope quiet;
    log.record("no CUDA driver found (x: y)");
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(log.last(), "ferric cuda runtime: no CUDA driver found (x: y)");
  // Recorded quietly, so the next mgpu* failure with the same text prints.
  testing::internal::CaptureStderr();
  log.record("no CUDA driver found (x: y)");
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "ferric cuda runtime: no CUDA driver found (x: y)\n");

  ferric::runtime::ErrorLog silent("cuda", /*quiet=*/true);
  testing::internal::CaptureStderr();
  silent.record("a");
  silent.warn("b");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(silent.last(), "ferric cuda runtime: a");
}

TEST(ErrorLogTest, PrintsAtMost32DistinctLines) {
  ferric::runtime::ErrorLog log("cuda", /*quiet=*/false);
  testing::internal::CaptureStderr();
  for (int i = 0; i < 40; ++i)
    log.record("error " + std::to_string(i));
  std::string printed = testing::internal::GetCapturedStderr();
  size_t lines = 0;
  for (char c : printed)
    lines += c == '\n';
  EXPECT_EQ(lines, ferric::runtime::ErrorLog::kMaxPrinted + 1);
  EXPECT_NE(printed.find("ferric cuda runtime: too many distinct errors; "
                         "further ones are only recorded\n"),
            std::string::npos);
  EXPECT_EQ(log.last(), "ferric cuda runtime: error 39");
}

} // namespace
