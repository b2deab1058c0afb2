//===- VulkanSupport.cpp - Error recording and small helpers --------------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//

#include "VulkanSupport.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

using namespace ferric::vulkan;

namespace {

struct ErrorState {
  std::mutex mutex;
  std::string last;
  /// Messages already printed; a failing launch in a loop prints once.
  std::set<std::string> printed;
};

ErrorState &errorState() {
  // Never destroyed: mgpuModuleUnload runs from global destructors of the
  // host program and may still need to record an error.
  static ErrorState *state = new ErrorState();
  return *state;
}

void printOnce(ErrorState &state, const std::string &line) {
  if (getEnvFlag("FERRIC_VULKAN_QUIET", false))
    return;
  if (state.printed.size() > 256 || !state.printed.insert(line).second)
    return;
  std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

} // namespace

bool ferric::vulkan::recordError(std::string message) {
  if (message.rfind("ferric: ", 0) != 0)
    message = "ferric: " + message;
  // One line per error: the message is also shown in Ferric diagnostics.
  std::replace(message.begin(), message.end(), '\n', ' ');
  ErrorState &state = errorState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.last = message;
  printOnce(state, message);
  return false;
}

bool ferric::vulkan::recordVkError(const char *call, VkResult result,
                                   const std::string &detail) {
  // Keep only the function name of a FERRIC_VK_CHECK expression.
  std::string name(call);
  size_t paren = name.find('(');
  if (paren != std::string::npos)
    name.resize(paren);
  std::string message = "ferric: " + name + " failed: " + vkResultName(result) +
                        " (" + std::to_string(static_cast<int>(result)) + ")";
  if (!detail.empty())
    message += ": " + detail;
  return recordError(message);
}

void ferric::vulkan::warn(const std::string &message) {
  ErrorState &state = errorState();
  std::lock_guard<std::mutex> lock(state.mutex);
  printOnce(state, "ferric: warning: " + message);
}

std::string ferric::vulkan::lastError() {
  ErrorState &state = errorState();
  std::lock_guard<std::mutex> lock(state.mutex);
  return state.last;
}

void ferric::vulkan::clearError() {
  ErrorState &state = errorState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.last.clear();
}

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

std::string ferric::vulkan::getEnv(const char *name,
                                   const std::string &fallback) {
  const char *value = std::getenv(name);
  return value ? std::string(value) : fallback;
}

bool ferric::vulkan::getEnvFlag(const char *name, bool fallback) {
  const char *value = std::getenv(name);
  if (!value || !*value)
    return fallback;
  std::string v(value);
  std::transform(v.begin(), v.end(), v.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return !(v == "0" || v == "false" || v == "off" || v == "no");
}

void ferric::vulkan::copyOut(const std::string &text, char *buf, size_t len) {
  if (!buf || len == 0)
    return;
  size_t n = std::min(text.size(), len - 1);
  std::memcpy(buf, text.data(), n);
  buf[n] = '\0';
}
