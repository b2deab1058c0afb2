//===- VulkanDevice.h - Vulkan device, modules and launches -----*- C++ -*-===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// The process-wide Vulkan state behind the mgpu* entry points.
//
// Memory model: kernel arguments arrive as host pointers (MLIR memrefs in
// ordinary host memory). Each launch copies every argument into a Vulkan
// buffer, dispatches, waits, and copies every buffer back. On devices whose
// memory the host can map cheaply (CPU devices like lavapipe, integrated
// GPUs) the buffers are host-visible coherent memory the shader reads
// directly; on discrete GPUs they are device-local and filled through
// host-visible staging buffers inside the same command buffer, so that the
// timestamped dispatch reads VRAM rather than PCIe. Importing the user's
// pointer (VK_EXT_external_memory_host) would avoid the copies but needs
// page-aligned allocations, which memref.alloc does not give.
//
// All launches are synchronous, which is what makes streams and events
// no-ops and plain host memory a valid "device" allocation.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_VULKAN_VULKANDEVICE_H
#define FERRIC_RUNTIME_VULKAN_VULKANDEVICE_H

#include "SpirvReflection.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ferric {
namespace vulkan {

class Module;

/// What mgpuModuleGetFunction returns: one entry point of a module, with the
/// compute pipeline built for it on first launch.
struct Kernel {
  Module *module = nullptr;
  std::string name;
  const SpirvEntryPoint *entry = nullptr;
  /// Binding count the pipeline below was built for (~0u: none built yet).
  uint32_t numBindings = ~0u;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  bool warnedBlockSize = false;
};

/// What mgpuModuleLoad returns: an aligned copy of the SPIR-V and its
/// reflection; the VkShaderModule is created on first use so that loading a
/// module (from a global constructor of the host program) never needs a
/// device.
class Module {
public:
  std::vector<uint32_t> words;
  SpirvModuleInfo info;
  VkShaderModule shader = VK_NULL_HANDLE;
  std::map<std::string, std::unique_ptr<Kernel>> kernels;
};

/// One kernel argument: a host buffer (aligned base pointer, size in bytes).
struct HostBuffer {
  void *ptr = nullptr;
  uint64_t size = 0;
};

/// A Vulkan buffer with its memory; `mapped` is null for device-local memory.
struct Allocation {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void *mapped = nullptr;
  VkDeviceSize capacity = 0;
};

class Device {
public:
  /// The process-wide device. Never destroyed: host programs unload modules
  /// from global destructors, after which tearing down the device would race
  /// with the ICD's own teardown.
  static Device &get();

  /// Creates instance and device on first call; later calls return the
  /// first call's outcome (re-recording its error on failure).
  bool init();
  bool available() const { return state == State::Ready; }

  /// Validates and runs one dispatch, blocking until it finished and all
  /// buffers were copied back. Returns false with an error recorded.
  bool launch(Kernel &kernel, const int64_t grid[3], const int64_t block[3],
              const std::vector<HostBuffer> &buffers);

  /// Destroys the module's Vulkan objects (if any were created).
  void releaseModule(Module &module);
  /// Destroys the pipeline objects of one kernel.
  void releaseKernel(Kernel &kernel);

  const std::string &name() const { return deviceName; }
  const VkPhysicalDeviceLimits &limits() const { return properties.limits; }
  double lastKernelMs() const { return lastKernelTimeMs; }

private:
  enum class State { Uninitialized, Ready, Failed, Lost };

  // Initialization (VulkanDevice.cpp).
  bool createInstance();
  bool selectPhysicalDevice();
  bool createLogicalDevice();
  bool createCommandObjects();
  void destroyAll();
  int findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                     VkMemoryPropertyFlags preferred) const;
  bool allocate(Allocation &a, VkDeviceSize size, bool hostVisible);
  void release(Allocation &a);

  // Launch path (VulkanLaunch.cpp).
  bool checkLaunch(Kernel &kernel, const int64_t grid[3],
                   const int64_t block[3],
                   const std::vector<HostBuffer> &buffers);
  bool preparePipeline(Kernel &kernel, uint32_t numBindings);
  bool prepareSlots(const std::vector<HostBuffer> &buffers,
                    std::vector<uint32_t> &slotOfBuffer);
  bool recordAndSubmit(Kernel &kernel, const int64_t grid[3],
                       const std::vector<HostBuffer> &buffers,
                       const std::vector<uint32_t> &slotOfBuffer);

  State state = State::Uninitialized;
  std::string failure;

  VkInstance instance = VK_NULL_HANDLE;
  uint32_t apiVersion = VK_API_VERSION_1_0;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties = {};
  VkPhysicalDeviceMemoryProperties memoryProperties = {};
  std::string deviceName;
  uint32_t queueFamily = 0;
  uint32_t timestampValidBits = 0;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  bool useStaging = false;

  VkPipelineCache pipelineCache = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  VkQueryPool queryPool = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  uint32_t descriptorPoolCapacity = 0;

  /// Buffers reused across launches, one per distinct host buffer of a
  /// launch; `device` is only used with staging.
  struct Slot {
    Allocation host;
    Allocation device;
    HostBuffer source;
  };
  std::vector<Slot> slots;

  double lastKernelTimeMs = -1.0;
};

} // namespace vulkan
} // namespace ferric

#endif // FERRIC_RUNTIME_VULKAN_VULKANDEVICE_H
