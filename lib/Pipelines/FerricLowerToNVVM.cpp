//===- FerricLowerToNVVM.cpp - The ferric-lower-to-nvvm pipeline ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric IR -> vectorized CUDA kernels (NVVM, serialized to PTX, cubin or a
// fatbin) and host code that calls the mgpu* runtime.
//
//===----------------------------------------------------------------------===//

#include "PipelineParts.h"

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/RequestCWrappers.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/Targets.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"

#include <memory>
#include <mutex>

using namespace mlir;
using namespace mlir::ferric;

static constexpr llvm::StringLiteral kTriple = "nvptx64-nvidia-cuda";

#if LLVM_HAS_NVPTX_TARGET
extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();
#endif

/// The NVPTX subtarget description of this LLVM (its processors and
/// features), or null when LLVM was built without the NVPTX target.
static const llvm::MCSubtargetInfo *nvptxSubtarget() {
  static std::unique_ptr<llvm::MCSubtargetInfo> info;
  static std::once_flag once;
  std::call_once(once, [] {
#if LLVM_HAS_NVPTX_TARGET
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    std::string error;
    llvm::Triple triple(kTriple);
    if (const llvm::Target *target =
            llvm::TargetRegistry::lookupTarget(triple, error))
      info.reset(target->createMCSubtargetInfo(triple, "", ""));
#endif
  });
  return info.get();
}

/// A chip LLVM's NVPTX backend does not know ends in "Cannot select" (an
/// abort) and an empty one crashes target verification: check it against
/// the backend's own processor list.
static LogicalResult checkChip(StringRef chip, PipelineErrorHandler emitError) {
  if (const llvm::MCSubtargetInfo *info = nvptxSubtarget()) {
    if (info->isCPUStringValid(chip) && chip.starts_with("sm_"))
      return success();
    ArrayRef<llvm::SubtargetSubTypeKV> cpus =
        info->getAllProcessorDescriptions();
    std::string known;
    for (const llvm::SubtargetSubTypeKV &cpu : cpus)
      if (StringRef(cpu.Key).starts_with("sm_"))
        known += (known.empty() ? "" : ", ") + std::string(cpu.Key);
    return emitError("chip='" + chip +
                     "' is not an NVPTX processor LLVM knows (expected one "
                     "of " +
                     known + ")");
  }
  // Without the backend, the shape of a CUDA architecture name.
  StringRef digits = chip;
  if (digits.consume_front("sm_")) {
    digits.consume_back("a");
    if (!digits.empty() && llvm::all_of(digits, llvm::isDigit))
      return success();
  }
  return emitError("chip='" + chip +
                   "' is not a CUDA architecture (expected sm_<digits>, "
                   "e.g. sm_90 or sm_90a)");
}

/// Each comma-separated item must be `+name` or `-name` with a feature the
/// NVPTX backend knows (it would otherwise warn and ignore it).
static LogicalResult checkFeatures(StringRef features,
                                   PipelineErrorHandler emitError) {
  auto items = pipelines::splitList("features", features, emitError);
  if (failed(items))
    return failure();
  const llvm::MCSubtargetInfo *info = nvptxSubtarget();
  for (StringRef item : *items) {
    StringRef name = item.drop_front();
    bool known = !info;
    if (info)
      for (const llvm::SubtargetFeatureKV &f : info->getAllProcessorFeatures())
        known |= name == f.Key;
    if ((!item.starts_with("+") && !item.starts_with("-")) || name.empty() ||
        !known)
      return emitError("features='" + features + "': '" + item +
                       "' is not an NVPTX feature (expected +name or -name, "
                       "e.g. +ptx80)");
  }
  return success();
}

static LogicalResult checkOptions(const NVVMPipelineOptions &options,
                                  PipelineErrorHandler emitError) {
  if (failed(checkChip(options.chip, emitError)) ||
      failed(checkFeatures(options.features, emitError)) ||
      failed(pipelines::checkBlockSize("block-size", options.blockSize,
                                       emitError)))
    return failure();
  if (options.optLevel < 0 || options.optLevel > 3)
    return emitError("opt-level=" + Twine(options.optLevel) +
                     " is not an optimization level (expected 0 to 3)");
  StringRef format = options.format;
  if (format != "isa" && format != "bin" && format != "fatbin")
    return emitError("format='" + format +
                     "' is not a kernel binary format (expected isa, bin or "
                     "fatbin)");
  return success();
}

void mlir::ferric::buildMatmulReportPipeline(OpPassManager &pm,
                                             StringRef report) {
  NVVMPipelineOptions options;
  pipelines::addFrontEnd(pm, /*fuse=*/true, options.minOps, report,
                         /*maxBuffers=*/0);
  FerricMatmulToCublasLtPassOptions cublasLt;
  cublasLt.allowTF32 = options.tf32;
  cublasLt.report = report.str();
  pm.addPass(createFerricMatmulToCublasLtPass(cublasLt));
}

LogicalResult
mlir::ferric::buildNVVMPipeline(OpPassManager &pm,
                                const NVVMPipelineOptions &options,
                                PipelineErrorHandler emitError) {
  if (failed(checkOptions(options, emitError)))
    return failure();
  pipelines::addFrontEnd(pm, options.fuse, options.minOps, options.fuseReport,
                         /*maxBuffers=*/0);
  if (options.cublasLt) {
    FerricMatmulToCublasLtPassOptions cublasLt;
    cublasLt.allowTF32 = options.tf32;
    cublasLt.report = options.fuseReport;
    pm.addPass(createFerricMatmulToCublasLtPass(cublasLt));
  }
  {
    OpPassManager &func = pm.nest<func::FuncOp>();
    // The reduction knobs are ferric-reduction-to-gpu's own options (the
    // CUDA-tuned values, then what `reduction={...}` sets), not re-declared
    // here; clusters follow the chip.
    std::unique_ptr<Pass> reduction = createCUDAReductionToGPUPass(
        options.chip, options.blockSize, options.reduction, emitError);
    if (!reduction)
      return failure();
    func.addPass(std::move(reduction));
    func.addPass(createFerricMatmulToGPUPass());
    FerricElementwiseToGPUPassOptions elementwise;
    elementwise.blockSize = options.blockSize;
    elementwise.elementsPerThread = options.elementsPerThread;
    func.addPass(createFerricElementwiseToGPUPass(elementwise));
  }
  pipelines::addLoopsToGPU(pm, options.blockSize);
  {
    OpPassManager &func = pm.nest<func::FuncOp>();
    func.addPass(createFerricGPUDeviceMemoryPass());
    func.addPass(LLVM::createLLVMRequestCWrappersPass());
  }

  // Kernels: outline, lower to NVVM with libdevice linked, serialize.
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createFerricNVVMOccupancyHintsPass());
  if (options.approxExp)
    pm.addPass(createFerricApproxExpPass());
  if (!options.approxSqrt)
    pm.addPass(createFerricPreciseSqrtPass());
  // gpu-to-llvm lowers only async allocations, copies and launches: make
  // the host-side gpu ops async. The canonicalizer first folds the guards
  // that static shapes make constant (`scf.if %true` around a launch):
  // gpu-async-region ends its chain of stream-ordered ops with a blocking
  // wait at every region boundary, so each guard cost a cuStreamSynchronize
  // per call (a one-kernel program synchronized after allocating its
  // result, then after the launch).
  {
    OpPassManager &func = pm.nest<func::FuncOp>();
    func.addPass(createCanonicalizerPass());
    func.addPass(createGpuAsyncRegionPass());
  }
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.triple = kTriple.str();
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  if (!options.libdevice.empty())
    target.linkLibs.push_back(options.libdevice);
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  {
    OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
    kernels.addPass(createStripDebugInfoPass());
    kernels.addPass(createConvertGpuOpsToNVVMOps());
    kernels.addPass(LLVM::createNVVMOptimizeForTargetPass());
    kernels.addPass(createCanonicalizerPass());
    kernels.addPass(createCSEPass());
    kernels.addPass(createReconcileUnrealizedCastsPass());
  }
  pm.addPass(createGpuToLLVMConversionPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  return success();
}
