//===- SpirvReflection.h - Minimal SPIR-V reflection ------------*- C++ -*-===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// Just enough SPIR-V parsing to check a launch before handing it to the
// driver: which GLCompute entry points a module has, their LocalSize, and
// which descriptor bindings each entry point really uses (with the smallest
// buffer size the shader's types allow). Drivers are not required to survive
// malformed SPIR-V or out-of-bounds buffers, so these checks are what turns
// a host-side mistake into an error message instead of a crash.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_VULKAN_SPIRVREFLECTION_H
#define FERRIC_RUNTIME_VULKAN_SPIRVREFLECTION_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ferric {
namespace vulkan {

/// One buffer variable statically used by an entry point.
struct SpirvBinding {
  uint32_t set = 0;
  uint32_t binding = 0;
  /// SPIR-V storage class (12 = StorageBuffer, 2 = Uniform).
  uint32_t storageClass = 0;
  /// Smallest buffer size, in bytes, that the variable's type requires, or
  /// kUnknownSize when the type is too exotic to size here.
  uint64_t minBytes = 0;
  /// The type ends in a runtime array: minBytes is only the fixed prefix.
  bool runtimeSized = false;
  /// The shader may write the buffer. False only when every use of the
  /// variable and of the pointers derived from it is a load: the runtime
  /// then skips the copy back (the host memory may be read-only, e.g. a
  /// constant global).
  bool written = true;
};

struct SpirvEntryPoint {
  std::string name;
  bool hasLocalSize = false;
  uint32_t localSize[3] = {1, 1, 1};
  /// Sorted by (set, binding).
  std::vector<SpirvBinding> bindings;
};

struct SpirvModuleInfo {
  /// SPIR-V version as (major << 16) | (minor << 8).
  uint32_t version = 0;
  /// GLCompute entry points only.
  std::vector<SpirvEntryPoint> entryPoints;

  const SpirvEntryPoint *find(const std::string &name) const;
  /// Comma-separated entry point names, for error messages.
  std::string entryPointList() const;
};

constexpr uint64_t kUnknownSize = ~uint64_t(0);

/// Parses a SPIR-V module given as 32-bit words in host byte order. On
/// failure returns false and sets `error` to a sentence describing the
/// problem (without a "ferric:" prefix).
bool reflectSpirv(const uint32_t *words, size_t wordCount,
                  SpirvModuleInfo &info, std::string &error);

/// Runs the SPIRV-Tools validator for the Vulkan environment matching the
/// module's SPIR-V version, when the library was built with SPIRV-Tools.
/// Returns true (and does nothing) otherwise.
bool validateSpirv(const uint32_t *words, size_t wordCount, std::string &error);

} // namespace vulkan
} // namespace ferric

#endif // FERRIC_RUNTIME_VULKAN_SPIRVREFLECTION_H
