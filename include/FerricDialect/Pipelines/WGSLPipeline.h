//===- WGSLPipeline.h - The ferric-lower-to-wgsl pipeline -------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_PIPELINES_WGSLPIPELINE_H
#define FERRIC_PIPELINES_WGSLPIPELINE_H

#include "FerricDialect/Pipelines/Pipelines.h"

namespace mlir {
namespace ferric {

struct WGSLPipelineOptions : FerricPipelineOptions<WGSLPipelineOptions> {
  ::mlir::detail::PassOptions::Option<unsigned> blockSize{
      *this, "block-size",
      llvm::cl::desc("Workgroup size (WebGPU guarantees 256 invocations)"),
      llvm::cl::init(64)};
  ::mlir::detail::PassOptions::Option<unsigned> storageBufferLimit{
      *this, "storage-buffer-limit",
      llvm::cl::desc("Storage buffers one kernel may bind (the adapter's "
                     "maxStorageBuffersPerShaderStage; WebGPU guarantees "
                     "8); fusion keeps inputs plus outputs under it"),
      llvm::cl::init(8)};
  ::mlir::detail::PassOptions::Option<bool> kernelsOnly{
      *this, "kernels-only",
      llvm::cl::desc("Stop with the kernels ready to emit (gpu.modules) and "
                     "the host code's gpu.launch_func ops, for "
                     "ferric-translate --mlir-to-wgsl"),
      llvm::cl::init(false)};
};

/// ferric IR -> WGSL kernels in gpu.binary objects and host code calling
/// the mgpu* runtime (libferric_webgpu_runtime); with kernels-only, the
/// gpu.modules ready for --mlir-to-wgsl. Checks every option first, like
/// the other builders in Pipelines.h.
LogicalResult buildWGSLPipeline(OpPassManager &pm,
                                const WGSLPipelineOptions &options,
                                PipelineErrorHandler emitError);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_PIPELINES_WGSLPIPELINE_H
