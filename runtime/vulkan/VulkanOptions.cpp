//===- VulkanOptions.cpp - The Vulkan runtime's environment, read once ----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "VulkanOptions.h"

#include <cstdlib>

using namespace ferric;
using namespace ferric::vulkan;

RuntimeOptions RuntimeOptions::parse(runtime::EnvLookup lookup) {
  RuntimeOptions o;
  o.device = runtime::envString(lookup, "FERRIC_VULKAN_DEVICE");
  const char *staging = lookup("FERRIC_VULKAN_STAGING");
  if (staging && *staging)
    o.staging = runtime::parseFlag(staging, false) ? 1 : 0;
  o.robust = runtime::envFlag(lookup, "FERRIC_VULKAN_ROBUST", true);
  o.validate = runtime::envFlag(lookup, "FERRIC_VULKAN_VALIDATE", true);
  std::string ms = runtime::envString(lookup, "FERRIC_VULKAN_TIMEOUT_MS");
  if (!ms.empty())
    o.timeoutNs = std::strtoull(ms.c_str(), nullptr, 10) * 1000000ull;
  o.quiet = runtime::envFlag(lookup, "FERRIC_VULKAN_QUIET", false);
  return o;
}

static const char *processEnv(const char *name) { return std::getenv(name); }

const RuntimeOptions &ferric::vulkan::options() {
  // Never destroyed: mgpuModuleUnload runs from global destructors.
  static const RuntimeOptions *o =
      new RuntimeOptions(RuntimeOptions::parse(processEnv));
  return *o;
}
