//===- ShaderParts.h - What the Vulkan and WebGPU pipelines share -*- C++ -*-=//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_PIPELINES_SHADERPARTS_H
#define FERRIC_LIB_PIPELINES_SHADERPARTS_H

#include "PipelineParts.h"

#include <string>

namespace mlir {
namespace ferric {
namespace pipelines {

/// What addShaderKernels needs (the shared options of the SPIR-V and WGSL
/// pipelines, checked by their builders).
struct ShaderKernelOptions {
  bool fuse;
  unsigned minOps;
  std::string fuseReport;
  unsigned storageBufferLimit;
  unsigned blockSize;
  std::string version;
  SmallVector<std::string> caps;
  SmallVector<std::string> exts;
};

/// ferric IR -> outlined gpu.module kernels that take buffers only, each
/// with a SPIR-V target attribute, bf16 computed in f32 and kept in 16-bit
/// words: what Vulkan and WebGPU share (each then canonicalizes the kernels
/// and serializes them its own way).
void addShaderKernels(OpPassManager &pm, const ShaderKernelOptions &options);

/// The host side of serialized shader kernels: i1 buffers passed as bytes,
/// then LLVM with kernels called through bare pointers with interspersed
/// sizes (what Ferric's Vulkan and WebGPU runtimes take).
void addShaderHost(OpPassManager &pm);

} // namespace pipelines
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_PIPELINES_SHADERPARTS_H
