//===- FerricLowerToSPIRV.cpp - The ferric-lower-to-spirv pipeline --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric IR -> SPIR-V kernels for Vulkan and host code that calls the mgpu*
// runtime.
//
//===----------------------------------------------------------------------===//

#include "ShaderParts.h"

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRVPass.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRVPass.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/RequestCWrappers.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::ferric;

/// spirv-attach-target drops a version it cannot read without a word, and
/// a capability or extension name with a space used to break the pipeline
/// text: check each against the SPIR-V dialect's own enums.
static LogicalResult checkOptions(const SPIRVPipelineOptions &options,
                                  SmallVectorImpl<std::string> &caps,
                                  SmallVectorImpl<std::string> &exts,
                                  PipelineErrorHandler emitError) {
  if (failed(pipelines::checkBlockSize("block-size", options.blockSize,
                                       emitError)))
    return failure();
  StringRef version = options.version;
  if (!spirv::symbolizeVersion(version) || !version.starts_with("v1."))
    return emitError("spirv-version='" + version +
                     "' is not a SPIR-V version (expected v1.0 to v1.6)");
  auto capList = pipelines::splitList("caps", options.capabilities, emitError);
  if (failed(capList))
    return failure();
  for (const std::string &cap : *capList)
    if (!spirv::symbolizeCapability(cap))
      return emitError("caps: '" + cap + "' is not a SPIR-V capability");
  auto extList = pipelines::splitList("exts", options.extensions, emitError);
  if (failed(extList))
    return failure();
  for (const std::string &ext : *extList)
    if (!spirv::symbolizeExtension(ext))
      return emitError("exts: '" + ext + "' is not a SPIR-V extension");
  caps.assign(capList->begin(), capList->end());
  exts.assign(extList->begin(), extList->end());
  return success();
}

LogicalResult
mlir::ferric::buildSPIRVPipeline(OpPassManager &pm,
                                 const SPIRVPipelineOptions &options,
                                 PipelineErrorHandler emitError) {
  SmallVector<std::string> caps, exts;
  if (failed(checkOptions(options, caps, exts, emitError)))
    return failure();
  pipelines::ShaderKernelOptions kernelOptions{options.fuse,
                                               options.minOps,
                                               options.fuseReport,
                                               options.storageBufferLimit,
                                               options.blockSize,
                                               options.version,
                                               caps,
                                               exts};
  pipelines::addShaderKernels(pm, kernelOptions);
  {
    OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
    kernels.addPass(createCanonicalizerPass());
    kernels.addPass(createConvertMathToSPIRVPass());
  }
  pm.addPass(createConvertGPUToSPIRVPass());
  pm.addPass(createFerricNestSPIRVModulesPass());
  pm.addPass(createFerricSPIRVFloatControlsPass());
  {
    OpPassManager &spirvModule =
        pm.nest<gpu::GPUModuleOp>().nest<spirv::ModuleOp>();
    spirvModule.addPass(spirv::createSPIRVLowerABIAttributesPass());
    spirvModule.addPass(spirv::createSPIRVUpdateVCEPass());
  }
  pm.addPass(createGpuModuleToBinaryPass());
  pipelines::addShaderHost(pm);
  return success();
}
