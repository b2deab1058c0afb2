//===- ShaderParts.cpp - What the Vulkan and WebGPU pipelines share -------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Vulkan (SPIR-V) and WebGPU (WGSL) run the same kernels: buffers only (no
// scalars, static sizes), at most a storage-buffer limit of them, bf16
// computed in f32 and stored as 16-bit words, shared memory as workgroup
// allocations. Only the last step differs: SPIR-V serialization or WGSL text.
//
//===----------------------------------------------------------------------===//

#include "ShaderParts.h"

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/RequestCWrappers.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::ferric;

void pipelines::addShaderKernels(OpPassManager &pm,
                                 const ShaderKernelOptions &options) {
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
    // Vulkan and WebGPU guarantee 65535 workgroups per dimension; the
    // kernels' grid-stride loops cover larger tensors.
    elementwise.maxGridSize = 65535;
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
  target.spirvCapabilities.assign(options.caps.begin(), options.caps.end());
  target.spirvExtensions.assign(options.exts.begin(), options.exts.end());
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
}

void pipelines::addShaderHost(OpPassManager &pm) {
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
}
