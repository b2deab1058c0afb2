//===- VulkanSupport.h - Error recording and small helpers ------*- C++ -*-===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// The generated host code cannot look at return values of the mgpu* calls
// (most return void), so every failure is recorded in one process-wide slot
// that Ferric reads through ferricVulkanLastError(), and printed to stderr
// once per distinct message so that a failed run of a JIT'd program is not
// silent.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_VULKAN_VULKANSUPPORT_H
#define FERRIC_RUNTIME_VULKAN_VULKANSUPPORT_H

#include <vulkan/vulkan.h>

#include <cstdint>
#include <string>

namespace ferric {
namespace vulkan {

/// Records `message` as the last error. Adds the "ferric: " prefix if it is
/// missing. Always returns false so callers can `return recordError(...)`.
bool recordError(std::string message);

/// Records "ferric: <call> failed: <VK_ERROR_NAME> (<value>)[: <detail>]".
bool recordVkError(const char *call, VkResult result,
                   const std::string &detail = "");

/// Prints a warning to stderr (unless FERRIC_VULKAN_QUIET is set); warnings
/// are not recorded as errors.
void warn(const std::string &message);

std::string lastError();
void clearError();

/// Symbolic name of a VkResult, e.g. "VK_ERROR_DEVICE_LOST".
const char *vkResultName(VkResult result);

/// Reads an environment variable; returns `fallback` when it is unset.
std::string getEnv(const char *name, const std::string &fallback = "");

/// Reads a boolean environment variable ("0", "false", "off" are false).
bool getEnvFlag(const char *name, bool fallback);

/// Copies `text` into `buf` (truncating, always nul-terminated if len > 0).
void copyOut(const std::string &text, char *buf, size_t len);

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
