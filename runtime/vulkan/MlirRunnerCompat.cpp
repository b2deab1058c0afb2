//===- MlirRunnerCompat.cpp - Helpers used by MLIR's Vulkan tests ---------===//
//
// Part of the Ferric Project.
//
//===----------------------------------------------------------------------===//
//
// MLIR's own Vulkan runtime also exports `fillResource*` helpers that the
// upstream tests in mlir/test/Integration/GPU/Vulkan call from their host
// code. Exporting the same symbols lets those tests, and Ferric tests written
// the same way, run under mlir-runner against this library unchanged.
//
//===----------------------------------------------------------------------===//

#include "FerricVulkanRuntime.h"

#include <algorithm>
#include <cstdint>

namespace {

template <typename T, int N> struct MemRefDescriptor {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[N];
  int64_t strides[N];
};

template <typename T, int N> void fill(MemRefDescriptor<T, N> *desc, T value) {
  if (!desc)
    return;
  int64_t count = 1;
  for (int i = 0; i < N; ++i)
    count *= desc->sizes[i];
  // Like upstream, this assumes a contiguous memref.
  std::fill_n(desc->aligned + desc->offset, count, value);
}

} // namespace

#define FERRIC_FILL(NAME, T, N)                                                \
  extern "C" FERRIC_VULKAN_EXPORT void _mlir_ciface_##NAME(                    \
      MemRefDescriptor<T, N> *desc, T value) {                                 \
    fill(desc, value);                                                         \
  }

FERRIC_FILL(fillResource1DFloat, float, 1)
FERRIC_FILL(fillResource2DFloat, float, 2)
FERRIC_FILL(fillResource3DFloat, float, 3)
FERRIC_FILL(fillResource1DInt, int32_t, 1)
FERRIC_FILL(fillResource2DInt, int32_t, 2)
FERRIC_FILL(fillResource3DInt, int32_t, 3)
FERRIC_FILL(fillResource1DInt8, int8_t, 1)
FERRIC_FILL(fillResource2DInt8, int8_t, 2)
FERRIC_FILL(fillResource3DInt8, int8_t, 3)
