//===- VulkanLaunch.cpp - Pipelines, buffers and dispatch -----------------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//

#include "VulkanDevice.h"
#include "VulkanOptions.h"
#include "VulkanSupport.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace ferric::vulkan;

namespace {

std::string triple(const int64_t v[3]) {
  return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " +
         std::to_string(v[2]) + ")";
}

void memoryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags srcStage,
                   VkAccessFlags srcAccess, VkPipelineStageFlags dstStage,
                   VkAccessFlags dstAccess) {
  VkMemoryBarrier barrier = {};
  barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  barrier.srcAccessMask = srcAccess;
  barrier.dstAccessMask = dstAccess;
  vkCmdPipelineBarrier(cmd, srcStage, dstStage, 0, 1, &barrier, 0, nullptr, 0,
                       nullptr);
}

/// Vulkan buffers cannot be empty; a zero-byte memref still gets a binding.
VkDeviceSize bufferBytes(uint64_t size) {
  return std::max<VkDeviceSize>(size, 4);
}

} // namespace

bool Device::launch(Kernel &kernel, const int64_t grid[3],
                    const int64_t block[3],
                    const std::vector<HostBuffer> &buffers) {
  if (state == State::Lost)
    return recordError("the Vulkan device was lost in an earlier "
                       "launch; no further kernels can run in this process");
  if (!init())
    return false;
  if (!checkLaunch(kernel, grid, block, buffers))
    return false;
  // An empty grid is a valid launch that does nothing.
  if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0) {
    lastKernelTimeMs = 0.0;
    return true;
  }
  std::vector<uint32_t> slotOfBuffer;
  if (!preparePipeline(kernel, static_cast<uint32_t>(buffers.size())) ||
      !prepareSlots(buffers, slotOfBuffer))
    return false;
  return recordAndSubmit(kernel, grid, buffers, slotOfBuffer);
}

bool Device::checkLaunch(Kernel &kernel, const int64_t grid[3],
                         const int64_t block[3],
                         const std::vector<HostBuffer> &buffers) {
  const std::string what = "kernel '" + kernel.name + "'";
  const VkPhysicalDeviceLimits &lim = properties.limits;
  if (buffers.size() > lim.maxPerStageDescriptorStorageBuffers)
    return recordError(what + " has " + std::to_string(buffers.size()) +
                       " buffer arguments but the device binds at most " +
                       std::to_string(lim.maxPerStageDescriptorStorageBuffers));
  for (int d = 0; d < 3; ++d) {
    if (grid[d] < 0 || uint64_t(grid[d]) > lim.maxComputeWorkGroupCount[d])
      return recordError(
          what + " launched with grid " + triple(grid) +
          "; the device allows at most (" +
          std::to_string(lim.maxComputeWorkGroupCount[0]) + ", " +
          std::to_string(lim.maxComputeWorkGroupCount[1]) + ", " +
          std::to_string(lim.maxComputeWorkGroupCount[2]) + ")");
  }

  for (size_t i = 0; i < buffers.size(); ++i) {
    const HostBuffer &b = buffers[i];
    std::string arg = what + " argument " + std::to_string(i);
    if (!b.ptr && b.size)
      return recordError(arg + " is a null pointer");
    if (b.size > lim.maxStorageBufferRange)
      return recordError(arg + " has " + std::to_string(b.size) +
                         " bytes; the device's maxStorageBufferRange is " +
                         std::to_string(lim.maxStorageBufferRange));
    // Each distinct pointer gets its own copy, so partially overlapping
    // arguments would lose each other's writes on the copy back.
    for (size_t j = 0; j < i; ++j) {
      const HostBuffer &o = buffers[j];
      auto lo = static_cast<char *>(b.ptr), olo = static_cast<char *>(o.ptr);
      if (b.ptr != o.ptr && lo < olo + o.size && olo < lo + b.size)
        return recordError(arg + " overlaps argument " + std::to_string(j) +
                           " in host memory without starting at the same "
                           "address; Vulkan buffers cannot alias that way");
    }
  }

  if (!kernel.entry)
    return true;
  const SpirvEntryPoint &ep = *kernel.entry;
  for (const SpirvBinding &binding : ep.bindings) {
    std::string where = "descriptor set " + std::to_string(binding.set) +
                        " binding " + std::to_string(binding.binding);
    if (binding.set != 0)
      return recordError(what + " uses " + where +
                         "; arguments are bound in set 0 only");
    if (binding.binding >= buffers.size())
      return recordError(what + " uses " + where +
                         " but the launch passed only " +
                         std::to_string(buffers.size()) + " buffers");
    uint64_t have = buffers[binding.binding].size;
    if (binding.minBytes != kUnknownSize && have < binding.minBytes)
      return recordError(
          what + " argument " + std::to_string(binding.binding) + " (" + where +
          ") needs at least " + std::to_string(binding.minBytes) +
          " bytes but the host buffer has " + std::to_string(have) +
          " (memrefs with a non-zero offset are not supported)");
  }
  if (ep.hasLocalSize && !kernel.warnedBlockSize &&
      (uint64_t(block[0]) != ep.localSize[0] ||
       uint64_t(block[1]) != ep.localSize[1] ||
       uint64_t(block[2]) != ep.localSize[2])) {
    kernel.warnedBlockSize = true;
    int64_t local[3] = {ep.localSize[0], ep.localSize[1], ep.localSize[2]};
    warn(what + " launched with block size " + triple(block) +
         " but its SPIR-V LocalSize is " + triple(local) +
         "; Vulkan runs the LocalSize");
  }
  return true;
}

bool Device::preparePipeline(Kernel &kernel, uint32_t numBindings) {
  if (kernel.pipeline && kernel.numBindings == numBindings)
    return true;
  // The same kernel launched with another argument count (only possible
  // through misuse of the API) gets a fresh pipeline.
  releaseKernel(kernel);
  Module &module = *kernel.module;
  if (!module.shader) {
    VkShaderModuleCreateInfo info = {};
    info.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
    info.codeSize = module.words.size() * sizeof(uint32_t);
    info.pCode = module.words.data();
    FERRIC_VK_CHECK(
        vkCreateShaderModule(device, &info, nullptr, &module.shader));
  }

  std::vector<VkDescriptorSetLayoutBinding> bindings(numBindings);
  for (uint32_t i = 0; i < numBindings; ++i) {
    bindings[i].binding = i;
    bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    bindings[i].descriptorCount = 1;
    bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  VkDescriptorSetLayoutCreateInfo setInfo = {};
  setInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  setInfo.bindingCount = numBindings;
  setInfo.pBindings = bindings.data();
  FERRIC_VK_CHECK(vkCreateDescriptorSetLayout(device, &setInfo, nullptr,
                                              &kernel.setLayout));

  VkPipelineLayoutCreateInfo layoutInfo = {};
  layoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &kernel.setLayout;
  FERRIC_VK_CHECK(vkCreatePipelineLayout(device, &layoutInfo, nullptr,
                                         &kernel.pipelineLayout));

  VkComputePipelineCreateInfo pipelineInfo = {};
  pipelineInfo.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = module.shader;
  pipelineInfo.stage.pName = kernel.name.c_str();
  pipelineInfo.layout = kernel.pipelineLayout;
  VkResult result = vkCreateComputePipelines(
      device, pipelineCache, 1, &pipelineInfo, nullptr, &kernel.pipeline);
  if (result != VK_SUCCESS) {
    kernel.pipeline = VK_NULL_HANDLE;
    return recordVkError("vkCreateComputePipelines", result,
                         "kernel '" + kernel.name + "'");
  }
  kernel.numBindings = numBindings;

  uint32_t wanted = std::max<uint32_t>(numBindings, 16);
  if (descriptorPoolCapacity < wanted) {
    if (descriptorPool)
      vkDestroyDescriptorPool(device, descriptorPool, nullptr);
    descriptorPool = VK_NULL_HANDLE;
    descriptorPoolCapacity = 0;
    VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, wanted};
    VkDescriptorPoolCreateInfo poolInfo = {};
    poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &size;
    FERRIC_VK_CHECK(
        vkCreateDescriptorPool(device, &poolInfo, nullptr, &descriptorPool));
    descriptorPoolCapacity = wanted;
  }
  return true;
}

bool Device::prepareSlots(const std::vector<HostBuffer> &buffers,
                          std::vector<uint32_t> &slotOfBuffer) {
  // Arguments passing the same pointer share one Vulkan buffer, so a kernel
  // that reads and writes the same memref through two arguments sees one
  // memory.
  std::vector<HostBuffer> unique;
  slotOfBuffer.assign(buffers.size(), 0);
  for (size_t i = 0; i < buffers.size(); ++i) {
    size_t u = 0;
    while (u < unique.size() && unique[u].ptr != buffers[i].ptr)
      ++u;
    if (u == unique.size())
      unique.push_back(buffers[i]);
    unique[u].size = std::max(unique[u].size, buffers[i].size);
    slotOfBuffer[i] = static_cast<uint32_t>(u);
  }

  if (slots.size() < unique.size())
    slots.resize(unique.size());
  for (size_t u = 0; u < unique.size(); ++u) {
    Slot &slot = slots[u];
    slot.source = unique[u];
    VkDeviceSize need = bufferBytes(unique[u].size);
    // Round up so that a sequence of slightly growing launches does not
    // reallocate every time.
    VkDeviceSize capacity = (need + 65535) & ~VkDeviceSize(65535);
    if (slot.host.capacity < need) {
      release(slot.host);
      if (!allocate(slot.host, capacity, /*hostVisible=*/true))
        return false;
    }
    if (useStaging && slot.device.capacity < need) {
      release(slot.device);
      if (!allocate(slot.device, capacity, /*hostVisible=*/false))
        return false;
    }
    if (unique[u].size)
      std::memcpy(slot.host.mapped, unique[u].ptr, unique[u].size);
  }
  return true;
}

bool Device::recordAndSubmit(Kernel &kernel, const int64_t grid[3],
                             const std::vector<HostBuffer> &buffers,
                             const std::vector<uint32_t> &slotOfBuffer) {
  size_t numSlots = 0;
  for (uint32_t s : slotOfBuffer)
    numSlots = std::max<size_t>(numSlots, s + 1);

  VkDescriptorSet set = VK_NULL_HANDLE;
  FERRIC_VK_CHECK(vkResetDescriptorPool(device, descriptorPool, 0));
  VkDescriptorSetAllocateInfo allocInfo = {};
  allocInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
  allocInfo.descriptorPool = descriptorPool;
  allocInfo.descriptorSetCount = 1;
  allocInfo.pSetLayouts = &kernel.setLayout;
  FERRIC_VK_CHECK(vkAllocateDescriptorSets(device, &allocInfo, &set));

  std::vector<VkDescriptorBufferInfo> infos(buffers.size());
  std::vector<VkWriteDescriptorSet> writes(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    const Slot &slot = slots[slotOfBuffer[i]];
    infos[i].buffer = useStaging ? slot.device.buffer : slot.host.buffer;
    infos[i].offset = 0;
    // The exact size, so that OpArrayLength and robust access see the memref.
    infos[i].range = bufferBytes(buffers[i].size);
    writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    writes[i].dstSet = set;
    writes[i].dstBinding = static_cast<uint32_t>(i);
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &infos[i];
  }
  vkUpdateDescriptorSets(device, static_cast<uint32_t>(writes.size()),
                         writes.data(), 0, nullptr);

  VkCommandBuffer cmd = commandBuffer;
  FERRIC_VK_CHECK(vkResetCommandBuffer(cmd, 0));
  VkCommandBufferBeginInfo begin = {};
  begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  FERRIC_VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
  if (useStaging) {
    for (size_t s = 0; s < numSlots; ++s) {
      VkBufferCopy region = {0, 0, bufferBytes(slots[s].source.size)};
      vkCmdCopyBuffer(cmd, slots[s].host.buffer, slots[s].device.buffer, 1,
                      &region);
    }
    memoryBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_ACCESS_TRANSFER_WRITE_BIT,
                  VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                  VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
  }
  if (queryPool) {
    vkCmdResetQueryPool(cmd, queryPool, 0, 2);
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queryPool, 0);
  }
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, kernel.pipeline);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE,
                          kernel.pipelineLayout, 0, 1, &set, 0, nullptr);
  vkCmdDispatch(cmd, static_cast<uint32_t>(grid[0]),
                static_cast<uint32_t>(grid[1]), static_cast<uint32_t>(grid[2]));
  if (queryPool)
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queryPool,
                        1);
  if (useStaging) {
    memoryBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                  VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_ACCESS_TRANSFER_READ_BIT);
    for (size_t s = 0; s < numSlots; ++s) {
      VkBufferCopy region = {0, 0, bufferBytes(slots[s].source.size)};
      vkCmdCopyBuffer(cmd, slots[s].device.buffer, slots[s].host.buffer, 1,
                      &region);
    }
    memoryBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                  VK_ACCESS_HOST_READ_BIT);
  } else {
    memoryBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                  VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                  VK_ACCESS_HOST_READ_BIT);
  }
  FERRIC_VK_CHECK(vkEndCommandBuffer(cmd));

  VkSubmitInfo submit = {};
  submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  VkResult result = vkQueueSubmit(queue, 1, &submit, fence);
  if (result == VK_SUCCESS) {
    // FERRIC_VULKAN_TIMEOUT_MS bounds a runaway kernel; by default wait as
    // long as it takes, like a CPU loop would.
    result = vkWaitForFences(device, 1, &fence, VK_TRUE, options().timeoutNs);
    if (result == VK_SUCCESS)
      vkResetFences(device, 1, &fence);
  }
  if (result != VK_SUCCESS) {
    // After a timeout the command buffer may still be executing, so neither
    // it nor the buffers can be reused: treat it like a lost device.
    if (result == VK_ERROR_DEVICE_LOST || result == VK_TIMEOUT)
      state = State::Lost;
    return recordVkError(result == VK_TIMEOUT ? "vkWaitForFences"
                                              : "vkQueueSubmit/vkWaitForFences",
                         result, "kernel '" + kernel.name + "'");
  }

  lastKernelTimeMs = -1.0;
  if (queryPool) {
    uint64_t stamps[2] = {0, 0};
    if (vkGetQueryPoolResults(
            device, queryPool, 0, 2, sizeof(stamps), stamps, sizeof(uint64_t),
            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) == VK_SUCCESS) {
      uint64_t mask = timestampValidBits >= 64
                          ? ~uint64_t(0)
                          : (uint64_t(1) << timestampValidBits) - 1;
      uint64_t ticks = (stamps[1] - stamps[0]) & mask;
      lastKernelTimeMs =
          double(ticks) * properties.limits.timestampPeriod / 1e6;
    }
  }

  // Copy back only what the shader may have written: inputs are unchanged,
  // and an input may live in read-only memory (a constant global).
  std::vector<bool> written(numSlots, kernel.entry == nullptr);
  if (kernel.entry)
    for (const SpirvBinding &binding : kernel.entry->bindings)
      if (binding.written && binding.binding < slotOfBuffer.size())
        written[slotOfBuffer[binding.binding]] = true;
  for (size_t s = 0; s < numSlots; ++s)
    if (written[s] && slots[s].source.size)
      std::memcpy(slots[s].source.ptr, slots[s].host.mapped,
                  slots[s].source.size);
  return true;
}
