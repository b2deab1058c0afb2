//===- VulkanSupport.cpp - Error recording and small helpers --------------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//

#include "VulkanSupport.h"
#include "VulkanOptions.h"

using namespace ferric;
using namespace ferric::vulkan;

runtime::ErrorLog &ferric::vulkan::errorLog() {
  // Never destroyed: mgpuModuleUnload runs from global destructors of the
  // host program and may still need to record an error.
  static runtime::ErrorLog *log =
      new runtime::ErrorLog("vulkan", options().quiet);
  return *log;
}

bool ferric::vulkan::recordError(const std::string &message) {
  return errorLog().record(message);
}

bool ferric::vulkan::recordVkError(const char *call, VkResult result,
                                   const std::string &detail) {
  // Keep only the function name of a FERRIC_VK_CHECK expression.
  std::string name(call);
  size_t paren = name.find('(');
  if (paren != std::string::npos)
    name.resize(paren);
  std::string message = name + " failed: " + vkResultName(result) + " (" +
                        std::to_string(static_cast<int>(result)) + ")";
  if (!detail.empty())
    message += ": " + detail;
  return recordError(message);
}

void ferric::vulkan::warn(const std::string &message) {
  errorLog().warn(message);
}

std::string ferric::vulkan::lastError() { return errorLog().last(); }

void ferric::vulkan::clearError() { errorLog().clear(); }

const char *ferric::vulkan::vkResultName(VkResult result) {
  switch (result) {
#define CASE(x)                                                                \
  case x:                                                                      \
    return #x;
    CASE(VK_SUCCESS)
    CASE(VK_NOT_READY)
    CASE(VK_TIMEOUT)
    CASE(VK_EVENT_SET)
    CASE(VK_EVENT_RESET)
    CASE(VK_INCOMPLETE)
    CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    CASE(VK_ERROR_INITIALIZATION_FAILED)
    CASE(VK_ERROR_DEVICE_LOST)
    CASE(VK_ERROR_MEMORY_MAP_FAILED)
    CASE(VK_ERROR_LAYER_NOT_PRESENT)
    CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    CASE(VK_ERROR_TOO_MANY_OBJECTS)
    CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
    CASE(VK_ERROR_FRAGMENTED_POOL)
    CASE(VK_ERROR_UNKNOWN)
    CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
    CASE(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    CASE(VK_ERROR_FRAGMENTATION)
    CASE(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    CASE(VK_ERROR_INVALID_SHADER_NV)
#undef CASE
  default:
    return "VK_ERROR_<unrecognized>";
  }
}
