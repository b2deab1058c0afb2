//===- FerricLowerToSPIRV.cpp - The ferric-lower-to-spirv pipeline --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric IR -> SPIR-V kernels for Vulkan and host code that calls the mgpu*
// runtime.
//
//===----------------------------------------------------------------------===//

#include "PipelineParts.h"

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
  // Kernels take buffers only: sizes must be static (a clear error first).
  pm.addPass(createFerricRequireStaticArgsPass());
  // One binding per input and per result of each kernel.
  pipelines::addFrontEnd(pm, options.fuse, options.minOps, options.fuseReport,
                         options.storageBufferLimit);
  {
    OpPassManager &func = pm.nest<func::FuncOp>();
    FerricReductionToGPUPassOptions reduction;
    reduction.blockSize = options.blockSize;
    reduction.workgroupAlloc = true;
    func.addPass(createFerricReductionToGPUPass(reduction));
    FerricMatmulToGPUPassOptions matmul;
    matmul.workgroupAlloc = true;
    func.addPass(createFerricMatmulToGPUPass(matmul));
    FerricElementwiseToGPUPassOptions elementwise;
    elementwise.blockSize = options.blockSize;
    elementwise.elementsPerThread = 1;
    func.addPass(createFerricElementwiseToGPUPass(elementwise));
  }
  pipelines::addLoopsToGPU(pm, options.blockSize);
  {
    OpPassManager &func = pm.nest<func::FuncOp>();
    func.addPass(LLVM::createLLVMRequestCWrappersPass());
    func.addPass(createLowerAffinePass());
    func.addPass(createFerricSinkIntoLaunchPass());
  }
  pm.addPass(createGpuKernelOutliningPass());
  FerricSPIRVEntryPointsPassOptions entryPoints;
  entryPoints.blockSize = options.blockSize;
  pm.addPass(createFerricSPIRVEntryPointsPass(entryPoints));
  pm.addPass(memref::createFoldMemRefAliasOpsPass());
  GpuSPIRVAttachTargetOptions target{};
  target.spirvVersion = options.version;
  target.spirvCapabilities.assign(caps.begin(), caps.end());
  target.spirvExtensions.assign(exts.begin(), exts.end());
  target.clientApi = "Vulkan";
  pm.addPass(createGpuSPIRVAttachTarget(target));
  {
    // Math with IEEE special values, min/max with signed zeros ordered
    // (before arith-expand-ops rewrites them as compare-and-select).
    // bf16 has no SPIR-V arithmetic: compute in f32, keep the buffers as
    // 16-bit words (the type converter's emulation).
    OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
    kernels.addPass(createCanonicalizerPass());
    kernels.addPass(createFerricLegalizeMathForSPIRVPass());
    kernels.addPass(createFerricExactNarrowingPass());
    arith::ArithEmulateUnsupportedFloatsOptions emulate;
    emulate.sourceTypeStrs = {"bf16"};
    emulate.targetTypeStr = "f32";
    kernels.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
    arith::ArithExpandOpsPassOptions expand;
    expand.includeBf16 = true;
    kernels.addPass(arith::createArithExpandOpsPass(expand));
  }
  pm.addPass(createFerricBF16BuffersAsI16Pass());
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
  pm.addPass(createFerricLaunchBoolBuffersAsBytesPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  GpuToLLVMConversionPassOptions toLLVM;
  toLLVM.hostBarePtrCallConv = false;
  toLLVM.kernelBarePtrCallConv = true;
  toLLVM.kernelIntersperseSizeCallConv = true;
  pm.addPass(createGpuToLLVMConversionPass(toLLVM));
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  return success();
}
