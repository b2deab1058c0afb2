//===- CudaOptions.cpp - The CUDA runtime's environment, read once --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CudaOptions.h"

#include <cstdlib>

using namespace ferric;
using namespace ferric::cuda;

RuntimeOptions RuntimeOptions::parse(runtime::EnvLookup lookup) {
  RuntimeOptions o;
  std::string driver = runtime::envString(lookup, "FERRIC_CUDA_DRIVER");
  if (!driver.empty())
    o.driverPath = driver;
  std::string cublasLt = runtime::envString(lookup, "FERRIC_CUBLASLT");
  std::string cudaHome = runtime::envString(lookup, "CUDA_HOME");
  if (!cublasLt.empty())
    o.cublasLtPaths = {cublasLt};
  else if (!cudaHome.empty())
    o.cublasLtPaths.insert(o.cublasLtPaths.begin() + 1,
                           cudaHome + "/lib64/libcublasLt.so.13");
  o.freshStreams = runtime::envFlag(lookup, "FERRIC_CUDA_FRESH_STREAMS", false);
  o.cachingAllocator =
      runtime::envFlag(lookup, "FERRIC_CUDA_CACHING_ALLOCATOR", true) &&
      !o.freshStreams;
  o.spinWait = runtime::envString(lookup, "FERRIC_CUDA_SCHED") != "auto";
  o.quiet = runtime::envFlag(lookup, "FERRIC_CUDA_QUIET", false);
  o.profile = runtime::envFlag(lookup, "FERRIC_CUDA_PROFILE", false);
  o.cublasLtAutotune =
      runtime::envFlag(lookup, "FERRIC_CUBLASLT_AUTOTUNE", true);
  std::string candidates =
      runtime::envString(lookup, "FERRIC_CUBLASLT_CANDIDATES");
  char *end = nullptr;
  long count = std::strtol(candidates.c_str(), &end, 10);
  if (!candidates.empty() && *end == 0 && count >= 1 && count <= 32)
    o.cublasLtCandidates = static_cast<int>(count);
  // Sizes in bytes; anything but a plain number keeps the default.
  auto size = [&](const char *name, size_t &out, bool zeroOk) {
    std::string text = runtime::envString(lookup, name);
    char *rest = nullptr;
    unsigned long long value = std::strtoull(text.c_str(), &rest, 10);
    if (!text.empty() && *rest == 0 && text[0] != '-' && (value || zeroOk))
      out = static_cast<size_t>(value);
  };
  size("FERRIC_CUDA_STAGING_CHUNK", o.stagingChunk, false);
  size("FERRIC_CUDA_STAGING_MIN", o.stagingMin, true);
  return o;
}

static const char *processEnv(const char *name) { return std::getenv(name); }

const RuntimeOptions &ferric::cuda::options() {
  // Never destroyed: static destructors (the JIT'd module's GPU module
  // unload) still consult it.
  static const RuntimeOptions *o =
      new RuntimeOptions(RuntimeOptions::parse(processEnv));
  return *o;
}
