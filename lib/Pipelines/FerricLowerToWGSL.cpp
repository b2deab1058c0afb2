//===- FerricLowerToWGSL.cpp - The ferric-lower-to-wgsl pipeline ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric IR -> WGSL kernels for WebGPU and host code that calls the mgpu*
// runtime. The kernels are the ones the Vulkan pipeline builds (same
// writers, bindings, storage-buffer split and bf16 words); they are emitted
// as WGSL text from the gpu dialect (structured scf, arith, math, memref)
// rather than from the spirv dialect, whose structured control flow WGSL
// would have to rebuild.
//
//===----------------------------------------------------------------------===//

#include "ShaderParts.h"

#include "FerricDialect/Pipelines/WGSLPipeline.h"

#include "FerricDialect/Conversion/Passes.h"
#include "FerricDialect/Target/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::ferric;

LogicalResult
mlir::ferric::buildWGSLPipeline(OpPassManager &pm,
                                const WGSLPipelineOptions &options,
                                PipelineErrorHandler emitError) {
  if (failed(pipelines::checkBlockSize("block-size", options.blockSize,
                                       emitError)))
    return failure();
  if (options.storageBufferLimit < 2)
    return emitError(
        "storage-buffer-limit=" + llvm::Twine(options.storageBufferLimit) +
        " leaves no room for an input and an output (at least 2)");
  // The SPIR-V target attribute only marks the gpu.modules as device code
  // (gpu.binary objects need a target); its capabilities bound nothing the
  // WGSL emitter does.
  pipelines::ShaderKernelOptions kernelOptions{
      options.fuse,
      options.minOps,
      options.fuseReport,
      options.storageBufferLimit,
      options.blockSize,
      "v1.3",
      {"Shader", "Int8", "Int16", "Float16"},
      {}};
  pipelines::addShaderKernels(pm, kernelOptions);
  pm.nest<gpu::GPUModuleOp>().addPass(createCanonicalizerPass());
  if (options.kernelsOnly) {
    // The launch manifest reads each grid as a constant.
    pm.nest<func::FuncOp>().addPass(createCanonicalizerPass());
    return success();
  }
  pm.addPass(createFerricWGSLToBinaryPass());
  pipelines::addShaderHost(pm);
  return success();
}
