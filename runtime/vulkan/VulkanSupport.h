//===- VulkanSupport.h - Error recording and small helpers ------*- C++ -*-===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// The generated host code cannot look at return values of the mgpu* calls
// (most return void), so every failure is recorded in the runtime's
// ErrorLog (runtime/common/ErrorLog.h, shared with the CUDA runtime) as
// "ferric vulkan runtime: <what failed>: <detail>", read back through
// ferricVulkanLastError(), and printed once per distinct message.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_VULKAN_VULKANSUPPORT_H
#define FERRIC_RUNTIME_VULKAN_VULKANSUPPORT_H

#include "ErrorLog.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <string>

namespace ferric {
namespace vulkan {

/// The runtime's log, prefix "ferric vulkan runtime: ". Never destroyed.
runtime::ErrorLog &errorLog();

/// Records `message` (without the prefix) as the last error. Always returns
/// false so callers can `return recordError(...)`.
bool recordError(const std::string &message);

/// Records "<call> failed: <VK_ERROR_NAME> (<value>)[: <detail>]".
bool recordVkError(const char *call, VkResult result,
                   const std::string &detail = "");

/// Prints a warning to stderr (unless FERRIC_VULKAN_QUIET is set); warnings
/// are not recorded as errors.
void warn(const std::string &message);

std::string lastError();
void clearError();

/// Symbolic name of a VkResult, e.g. "VK_ERROR_DEVICE_LOST".
const char *vkResultName(VkResult result);

using runtime::copyOut;

} // namespace vulkan
} // namespace ferric

/// Evaluates a Vulkan call and returns false from the enclosing function,
/// after recording the error, if it did not succeed.
#define FERRIC_VK_CHECK(call)                                                  \
  do {                                                                         \
    VkResult ferricVkResult = (call);                                          \
    if (ferricVkResult != VK_SUCCESS)                                          \
      return ::ferric::vulkan::recordVkError(#call, ferricVkResult);           \
  } while (false)

#endif // FERRIC_RUNTIME_VULKAN_VULKANSUPPORT_H
