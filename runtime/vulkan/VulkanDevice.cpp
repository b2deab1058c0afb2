//===- VulkanDevice.cpp - Vulkan instance and device setup ----------------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//

#include "VulkanDevice.h"
#include "VulkanOptions.h"
#include "VulkanSupport.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cstring>

using namespace ferric::vulkan;

namespace {

constexpr const char *kNoDevice = "no Vulkan device found";

/// Set by an atexit handler registered once the driver is loaded. exit() runs
/// atexit handlers before any shared object's destructors, so this flips
/// before the driver tears itself down. Host code compiled ahead of time
/// unloads its modules from .fini_array, which runs after the driver (it was
/// dlopen'ed later) is finalized; touching Vulkan then crashes, so module
/// unloading skips the Vulkan objects once the process is exiting.
std::atomic<bool> processExiting{false};

void markProcessExiting() { processExiting = true; }

bool hasExtension(const std::vector<VkExtensionProperties> &exts,
                  const char *name) {
  return std::any_of(exts.begin(), exts.end(),
                     [&](const VkExtensionProperties &e) {
                       return std::strcmp(e.extensionName, name) == 0;
                     });
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return s;
}

} // namespace

Device &Device::get() {
  static Device *device = new Device();
  return *device;
}

bool Device::init() {
  if (state == State::Ready)
    return true;
  if (state != State::Uninitialized)
    return recordError(failure);
  if (!createInstance() || !selectPhysicalDevice() || !createLogicalDevice() ||
      !createCommandObjects()) {
    failure = lastError();
    destroyAll();
    state = State::Failed;
    return false;
  }
  state = State::Ready;
  std::atexit(markProcessExiting);
  return true;
}

bool Device::createInstance() {
  // vkEnumerateInstanceVersion only exists in 1.1+ loaders.
  auto enumerateVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
      vkGetInstanceProcAddr(VK_NULL_HANDLE, "vkEnumerateInstanceVersion"));
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  if (enumerateVersion && enumerateVersion(&loaderVersion) != VK_SUCCESS)
    loaderVersion = VK_API_VERSION_1_0;
  apiVersion = std::min<uint32_t>(loaderVersion, VK_API_VERSION_1_3);

  uint32_t extCount = 0;
  vkEnumerateInstanceExtensionProperties(nullptr, &extCount, nullptr);
  std::vector<VkExtensionProperties> exts(extCount);
  vkEnumerateInstanceExtensionProperties(nullptr, &extCount, exts.data());

  VkApplicationInfo app = {};
  app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  app.pApplicationName = "ferric";
  app.pEngineName = "ferric";
  app.apiVersion = apiVersion;

  VkInstanceCreateInfo info = {};
  info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  info.pApplicationInfo = &app;
  std::vector<const char *> enabled;
  // MoltenVK (macOS) only enumerates when portability drivers are asked for.
  if (hasExtension(exts, "VK_KHR_portability_enumeration")) {
    enabled.push_back("VK_KHR_portability_enumeration");
    info.flags |=
        0x00000001; // VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR
  }
  info.enabledExtensionCount = static_cast<uint32_t>(enabled.size());
  info.ppEnabledExtensionNames = enabled.data();

  VkResult result = vkCreateInstance(&info, nullptr, &instance);
  if (result == VK_ERROR_INCOMPATIBLE_DRIVER) {
    // The loader found no driver (ICD) at all.
    instance = VK_NULL_HANDLE;
    return recordError(kNoDevice);
  }
  if (result != VK_SUCCESS) {
    instance = VK_NULL_HANDLE;
    return recordVkError("vkCreateInstance", result);
  }
  return true;
}

bool Device::selectPhysicalDevice() {
  uint32_t count = 0;
  VkResult result = vkEnumeratePhysicalDevices(instance, &count, nullptr);
  if (result == VK_ERROR_INITIALIZATION_FAILED ||
      (result == VK_SUCCESS && count == 0))
    return recordError(kNoDevice);
  if (result != VK_SUCCESS)
    return recordVkError("vkEnumeratePhysicalDevices", result);
  std::vector<VkPhysicalDevice> devices(count);
  result = vkEnumeratePhysicalDevices(instance, &count, devices.data());
  if (result != VK_SUCCESS && result != VK_INCOMPLETE)
    return recordVkError("vkEnumeratePhysicalDevices", result);
  devices.resize(count);

  std::vector<VkPhysicalDeviceProperties> props(count);
  std::string available;
  for (uint32_t i = 0; i < count; ++i) {
    vkGetPhysicalDeviceProperties(devices[i], &props[i]);
    available +=
        (i ? ", " : "") + std::to_string(i) + ": " + props[i].deviceName;
  }

  // FERRIC_VULKAN_DEVICE is an index or a case-insensitive substring of the
  // device name, so that scripts can say "nvidia" or "llvmpipe".
  const std::string &want = options().device;
  int chosen = want.empty() ? 0 : -1;
  if (!want.empty() &&
      std::all_of(want.begin(), want.end(),
                  [](unsigned char c) { return std::isdigit(c); })) {
    unsigned long index = std::strtoul(want.c_str(), nullptr, 10);
    if (index < count)
      chosen = static_cast<int>(index);
  } else if (!want.empty()) {
    for (uint32_t i = 0; i < count && chosen < 0; ++i)
      if (lower(props[i].deviceName).find(lower(want)) != std::string::npos)
        chosen = static_cast<int>(i);
  }
  if (chosen < 0)
    return recordError("FERRIC_VULKAN_DEVICE='" + want +
                       "' matches no Vulkan device (available: " + available +
                       ")");

  physicalDevice = devices[chosen];
  properties = props[chosen];
  deviceName = properties.deviceName;
  apiVersion = std::min(apiVersion, properties.apiVersion);
  vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memoryProperties);

  // Prefer a compute-only queue family: on discrete GPUs it is the async
  // compute engine, which does not share time with graphics work.
  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount,
                                           nullptr);
  std::vector<VkQueueFamilyProperties> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount,
                                           families.data());
  int family = -1;
  for (int pass = 0; pass < 2 && family < 0; ++pass) {
    for (uint32_t i = 0; i < familyCount && family < 0; ++i) {
      VkQueueFlags flags = families[i].queueFlags;
      if ((flags & VK_QUEUE_COMPUTE_BIT) &&
          (pass == 1 || !(flags & VK_QUEUE_GRAPHICS_BIT)))
        family = static_cast<int>(i);
    }
  }
  if (family < 0)
    return recordError("Vulkan device '" + deviceName +
                       "' has no compute queue");
  queueFamily = static_cast<uint32_t>(family);
  timestampValidBits = families[queueFamily].timestampValidBits;

  // Staging pays off only where device-local memory is not what the host
  // maps anyway.
  bool unifiedMemory =
      properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ||
      properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;
  useStaging = options().staging < 0 ? !unifiedMemory : options().staging == 1;
  return true;
}

bool Device::createLogicalDevice() {
  // Turn on the optional features MLIR's SPIR-V lowering may require
  // (64-bit and 16-bit integers, 8/16-bit storage), when the device has them.
  VkPhysicalDeviceFeatures supported = {};
  vkGetPhysicalDeviceFeatures(physicalDevice, &supported);
  VkPhysicalDeviceFeatures features = {};
  features.shaderInt64 = supported.shaderInt64;
  features.shaderInt16 = supported.shaderInt16;
  features.shaderFloat64 = supported.shaderFloat64;
  // Robust access keeps an out-of-bounds index from touching host memory on
  // CPU devices; FERRIC_VULKAN_ROBUST=0 turns it off for benchmarking.
  features.robustBufferAccess =
      options().robust ? supported.robustBufferAccess : VK_FALSE;

  VkPhysicalDeviceVulkan11Features f11 = {};
  f11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  VkPhysicalDeviceVulkan12Features f12 = {};
  f12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  bool haveFeatures12 = apiVersion >= VK_API_VERSION_1_2;
  if (haveFeatures12) {
    VkPhysicalDeviceVulkan11Features s11 = f11;
    VkPhysicalDeviceVulkan12Features s12 = f12;
    s11.pNext = &s12;
    VkPhysicalDeviceFeatures2 query = {};
    query.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    query.pNext = &s11;
    vkGetPhysicalDeviceFeatures2(physicalDevice, &query);
    f11.storageBuffer16BitAccess = s11.storageBuffer16BitAccess;
    f11.uniformAndStorageBuffer16BitAccess =
        s11.uniformAndStorageBuffer16BitAccess;
    f11.variablePointersStorageBuffer = s11.variablePointersStorageBuffer;
    f11.variablePointers = s11.variablePointers;
    f12.storageBuffer8BitAccess = s12.storageBuffer8BitAccess;
    f12.uniformAndStorageBuffer8BitAccess =
        s12.uniformAndStorageBuffer8BitAccess;
    f12.shaderInt8 = s12.shaderInt8;
    f12.shaderFloat16 = s12.shaderFloat16;
    f12.shaderBufferInt64Atomics = s12.shaderBufferInt64Atomics;
    f12.vulkanMemoryModel = s12.vulkanMemoryModel;
    f12.vulkanMemoryModelDeviceScope = s12.vulkanMemoryModelDeviceScope;
    f11.pNext = &f12;
  }

  uint32_t extCount = 0;
  vkEnumerateDeviceExtensionProperties(physicalDevice, nullptr, &extCount,
                                       nullptr);
  std::vector<VkExtensionProperties> exts(extCount);
  vkEnumerateDeviceExtensionProperties(physicalDevice, nullptr, &extCount,
                                       exts.data());
  std::vector<const char *> enabled;
  // Core since 1.1; MLIR's default SPIR-V target env asks for it.
  if (apiVersion < VK_API_VERSION_1_1 &&
      hasExtension(exts, "VK_KHR_storage_buffer_storage_class"))
    enabled.push_back("VK_KHR_storage_buffer_storage_class");
  // The spec requires enabling it whenever a device advertises it.
  if (hasExtension(exts, "VK_KHR_portability_subset"))
    enabled.push_back("VK_KHR_portability_subset");

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo = {};
  queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
  queueInfo.queueFamilyIndex = queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;

  VkDeviceCreateInfo info = {};
  info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  info.pNext = haveFeatures12 ? &f11 : nullptr;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  info.enabledExtensionCount = static_cast<uint32_t>(enabled.size());
  info.ppEnabledExtensionNames = enabled.data();
  info.pEnabledFeatures = &features;
  FERRIC_VK_CHECK(vkCreateDevice(physicalDevice, &info, nullptr, &device));
  vkGetDeviceQueue(device, queueFamily, 0, &queue);
  return true;
}

bool Device::createCommandObjects() {
  VkPipelineCacheCreateInfo cacheInfo = {};
  cacheInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO;
  FERRIC_VK_CHECK(
      vkCreatePipelineCache(device, &cacheInfo, nullptr, &pipelineCache));

  VkCommandPoolCreateInfo poolInfo = {};
  poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = queueFamily;
  FERRIC_VK_CHECK(
      vkCreateCommandPool(device, &poolInfo, nullptr, &commandPool));

  VkCommandBufferAllocateInfo allocInfo = {};
  allocInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
  allocInfo.commandPool = commandPool;
  allocInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocInfo.commandBufferCount = 1;
  FERRIC_VK_CHECK(vkAllocateCommandBuffers(device, &allocInfo, &commandBuffer));

  VkFenceCreateInfo fenceInfo = {};
  fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
  FERRIC_VK_CHECK(vkCreateFence(device, &fenceInfo, nullptr, &fence));

  // Without timestamp support kernel times are reported as -1.
  if (timestampValidBits != 0 && properties.limits.timestampPeriod > 0) {
    VkQueryPoolCreateInfo queryInfo = {};
    queryInfo.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
    queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
    queryInfo.queryCount = 2;
    FERRIC_VK_CHECK(vkCreateQueryPool(device, &queryInfo, nullptr, &queryPool));
  }
  return true;
}

void Device::destroyAll() {
  if (device) {
    vkDeviceWaitIdle(device);
    for (Slot &slot : slots) {
      release(slot.host);
      release(slot.device);
    }
    slots.clear();
    if (descriptorPool)
      vkDestroyDescriptorPool(device, descriptorPool, nullptr);
    if (queryPool)
      vkDestroyQueryPool(device, queryPool, nullptr);
    if (fence)
      vkDestroyFence(device, fence, nullptr);
    if (commandPool)
      vkDestroyCommandPool(device, commandPool, nullptr);
    if (pipelineCache)
      vkDestroyPipelineCache(device, pipelineCache, nullptr);
    vkDestroyDevice(device, nullptr);
  }
  if (instance)
    vkDestroyInstance(instance, nullptr);
  descriptorPool = VK_NULL_HANDLE;
  descriptorPoolCapacity = 0;
  queryPool = VK_NULL_HANDLE;
  fence = VK_NULL_HANDLE;
  commandPool = VK_NULL_HANDLE;
  commandBuffer = VK_NULL_HANDLE;
  pipelineCache = VK_NULL_HANDLE;
  device = VK_NULL_HANDLE;
  instance = VK_NULL_HANDLE;
}

int Device::findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                           VkMemoryPropertyFlags preferred) const {
  int fallback = -1;
  for (uint32_t i = 0; i < memoryProperties.memoryTypeCount; ++i) {
    VkMemoryPropertyFlags flags = memoryProperties.memoryTypes[i].propertyFlags;
    if (!(typeBits & (1u << i)) || (flags & required) != required)
      continue;
    if ((flags & preferred) == preferred)
      return static_cast<int>(i);
    if (fallback < 0)
      fallback = static_cast<int>(i);
  }
  return fallback;
}

bool Device::allocate(Allocation &a, VkDeviceSize size, bool hostVisible) {
  VkBufferCreateInfo bufferInfo = {};
  bufferInfo.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  bufferInfo.size = size;
  bufferInfo.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                     VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                     VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  bufferInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  FERRIC_VK_CHECK(vkCreateBuffer(device, &bufferInfo, nullptr, &a.buffer));

  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device, a.buffer, &req);
  // Host-visible buffers want cached memory for the copy back (and device
  // memory where that is the same thing, as on lavapipe).
  VkMemoryPropertyFlags required =
      hostVisible ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                  : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  VkMemoryPropertyFlags preferred =
      hostVisible ? (useStaging ? VK_MEMORY_PROPERTY_HOST_CACHED_BIT
                                : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)
                  : 0;
  int type = findMemoryType(req.memoryTypeBits, required, preferred);
  if (type < 0) {
    release(a);
    return recordError(
        std::string("no Vulkan memory type is ") +
        (hostVisible ? "host-visible and coherent" : "device-local") +
        " for a buffer of " + std::to_string(size) + " bytes");
  }
  VkMemoryAllocateInfo allocInfo = {};
  allocInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
  allocInfo.allocationSize = req.size;
  allocInfo.memoryTypeIndex = static_cast<uint32_t>(type);
  VkResult result = vkAllocateMemory(device, &allocInfo, nullptr, &a.memory);
  if (result == VK_SUCCESS)
    result = vkBindBufferMemory(device, a.buffer, a.memory, 0);
  if (result == VK_SUCCESS && hostVisible)
    result = vkMapMemory(device, a.memory, 0, VK_WHOLE_SIZE, 0, &a.mapped);
  if (result != VK_SUCCESS) {
    release(a);
    return recordVkError("vkAllocateMemory/vkBindBufferMemory/vkMapMemory",
                         result,
                         "buffer of " + std::to_string(size) + " bytes");
  }
  a.capacity = size;
  return true;
}

void Device::release(Allocation &a) {
  if (a.mapped)
    vkUnmapMemory(device, a.memory);
  if (a.buffer)
    vkDestroyBuffer(device, a.buffer, nullptr);
  if (a.memory)
    vkFreeMemory(device, a.memory, nullptr);
  a = Allocation();
}

void Device::releaseKernel(Kernel &k) {
  if (device) {
    if (k.pipeline)
      vkDestroyPipeline(device, k.pipeline, nullptr);
    if (k.pipelineLayout)
      vkDestroyPipelineLayout(device, k.pipelineLayout, nullptr);
    if (k.setLayout)
      vkDestroyDescriptorSetLayout(device, k.setLayout, nullptr);
  }
  k.pipeline = VK_NULL_HANDLE;
  k.pipelineLayout = VK_NULL_HANDLE;
  k.setLayout = VK_NULL_HANDLE;
  k.numBindings = ~0u;
}

void Device::releaseModule(Module &module) {
  // At exit the driver may already be finalized; the OS reclaims everything.
  if (!device || processExiting)
    return;
  for (auto &entry : module.kernels)
    releaseKernel(*entry.second);
  if (module.shader)
    vkDestroyShaderModule(device, module.shader, nullptr);
  module.shader = VK_NULL_HANDLE;
}
