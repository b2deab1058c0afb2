//===- VulkanOptions.h - The Vulkan runtime's environment -------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every FERRIC_VULKAN_* variable the runtime reads, in one struct filled
// once at first use; no other file calls getenv. README.md documents each
// one.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_VULKAN_VULKANOPTIONS_H
#define FERRIC_RUNTIME_VULKAN_VULKANOPTIONS_H

#include "Environment.h"

#include <cstdint>
#include <string>

namespace ferric {
namespace vulkan {

struct RuntimeOptions {
  /// FERRIC_VULKAN_DEVICE: an index, or a case-insensitive substring of the
  /// device name; "" takes the first device.
  std::string device;
  /// FERRIC_VULKAN_STAGING: 1 forces device-local buffers filled through
  /// staging buffers, 0 forbids them; -1 (unset) decides by device type.
  int staging = -1;
  /// FERRIC_VULKAN_ROBUST: robust buffer access, where the device has it.
  bool robust = true;
  /// FERRIC_VULKAN_VALIDATE: validate SPIR-V before handing it to the driver.
  bool validate = true;
  /// FERRIC_VULKAN_TIMEOUT_MS, in nanoseconds: how long to wait for a
  /// kernel; UINT64_MAX (unset) waits as long as it takes.
  uint64_t timeoutNs = UINT64_MAX;
  /// FERRIC_VULKAN_QUIET: record errors without printing them.
  bool quiet = false;

  /// The options `lookup` describes (std::getenv for the process).
  static RuntimeOptions parse(runtime::EnvLookup lookup);
};

/// The process' options, parsed from its environment on the first call.
const RuntimeOptions &options();

} // namespace vulkan
} // namespace ferric

#endif // FERRIC_RUNTIME_VULKAN_VULKANOPTIONS_H
