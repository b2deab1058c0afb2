//===- mlir_e2e_main.cpp - Runs mlir_e2e.mlir's host code -----------------===//
//
// Part of the Ferric project.
//
//===----------------------------------------------------------------------===//
//
// Usage: mlir_e2e [--allow-missing]
//
// Calls @ferric_e2e, compiled from mlir_e2e.mlir by LLVM 22, and checks what
// it computed. Without a usable driver the generated code must still run to
// the end without crashing and leave the host buffers alone; the program
// then exits 0 with --allow-missing and 2 without. Any wrong result makes
// the exit status 1.
//
//===----------------------------------------------------------------------===//

#include "FerricCudaRuntime.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

/// A rank-1 memref descriptor, laid out like MLIR's StridedMemRefType.
template <typename T> struct MemRef1D {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

template <typename T> MemRef1D<T> wrap(std::vector<T> &values) {
  return {values.data(), values.data(), 0, static_cast<int64_t>(values.size()),
          1};
}

} // namespace

// Generated from mlir_e2e.mlir (llvm.emit_c_interface).
extern "C" void _mlir_ciface_ferric_e2e(MemRef1D<float> *host,
                                        MemRef1D<float> *fill,
                                        MemRef1D<int16_t> *fill16);

int main(int argc, char **argv) {
  bool allowMissing = argc > 1 && !std::strcmp(argv[1], "--allow-missing");
  char reason[512];
  bool available = ferricCudaAvailable(reason, sizeof(reason));

  const int n = 1000; // Not a multiple of the block size.
  std::vector<float> host(n), fill(n, 0.0f);
  std::vector<int16_t> fill16(n, 0);
  for (int i = 0; i < n; ++i)
    host[i] = static_cast<float>(i);
  MemRef1D<float> hostRef = wrap(host), fillRef = wrap(fill);
  MemRef1D<int16_t> fill16Ref = wrap(fill16);
  _mlir_ciface_ferric_e2e(&hostRef, &fillRef, &fill16Ref);

  int failures = 0;
  auto expect = [&](bool condition, const char *what) {
    if (condition)
      return;
    std::printf("FAIL: %s (last error: '%s')\n", what, ferricCudaLastError());
    ++failures;
  };

  if (!available) {
    std::printf("e2e: unavailable: %s\n", reason);
    bool untouched = true;
    for (int i = 0; i < n; ++i)
      untouched &= host[i] == static_cast<float>(i) && fill[i] == 0.0f;
    expect(untouched, "without a driver the host buffers are left alone");
    if (failures)
      return 1;
    return allowMissing ? 0 : 2;
  }

  bool added = true, filled = true, filled16 = true;
  for (int i = 0; i < n; ++i) {
    added &= host[i] == static_cast<float>(i + 2);
    filled &= fill[i] == 4.0f;
    filled16 &= static_cast<uint16_t>(fill16[i]) == 0xBEEF;
  }
  expect(added, "two add_one launches (plain and cluster) add two");
  expect(filled, "gpu.memset of f32 sets 4.0");
  expect(filled16, "gpu.memset of i16 sets 0xBEEF");
  expect(ferricCudaLastError()[0] == '\0', "no error was recorded");
  if (failures)
    return 1;
  std::printf("e2e: ok (n=%d)\n", n);
  return 0;
}
