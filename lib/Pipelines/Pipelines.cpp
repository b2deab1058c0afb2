//===- Pipelines.cpp - Shared pipeline parts and registration -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Every pipeline is built from typed pass creators and options structs (no
// pipeline text is parsed at run time), so an option value cannot change the
// shape of a pipeline and a bad one is a diagnostic from the builder.
// `--dump-pass-pipeline` prints what each one builds; test/Pipelines pins it.
//
//===----------------------------------------------------------------------===//

#include "PipelineParts.h"

#include "FerricDialect/Conversion/Passes.h"
#include "FerricDialect/Pipelines/WGSLPipeline.h"
#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/SCFToGPU/SCFToGPUPass.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ferric;

void pipelines::addFrontEnd(OpPassManager &pm, bool fuse, unsigned minOps,
                            StringRef fuseReport, unsigned maxBuffers,
                            unsigned chunkOps) {
  if (fuse) {
    FerricFusePassOptions fuseOptions;
    fuseOptions.minOps = minOps;
    fuseOptions.maxBuffers = maxBuffers;
    fuseOptions.report = fuseReport.str();
    pm.nest<func::FuncOp>().addPass(createFerricFusePass(fuseOptions));
  }
  pm.addPass(createConvertFerricToLinalgPass());
  // Unfused (--no-fuse, --check's reference), each op's destination stays
  // its own allocation: CSE would otherwise merge the identical tensor.empty
  // ops into one value that every linalg op writes, and one-shot
  // bufferization's conflict analysis over that value grows cubically with
  // the number of ops (issue 16: a 500-op chain took 8.6 s, now 0.9 s).
  // Fused programs have few ops and keep tensor.empty, which lets
  // bufferization write a kernel's result over a dead input.
  if (!fuse)
    pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (fuse) {
    FerricFuseReductionsPassOptions reductionOptions;
    reductionOptions.maxBuffers = maxBuffers;
    pm.nest<func::FuncOp>().addPass(
        createFerricFuseReductionsPass(reductionOptions));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  if (chunkOps) {
    FerricOutlineChunksPassOptions chunkOptions;
    chunkOptions.maxOps = chunkOps;
    pm.addPass(createFerricOutlineChunksPass(chunkOptions));
  }
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addPass(createCanonicalizerPass());
  bufferization::buildBufferDeallocationPipeline(
      pm, bufferization::BufferDeallocationPipelineOptions());
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createCanonicalizerPass());
}

void pipelines::addLoopsToGPU(OpPassManager &pm, unsigned blockSize) {
  OpPassManager &func = pm.nest<func::FuncOp>();
  func.addPass(createConvertLinalgToParallelLoopsPass());
  func.addPass(createParallelLoopTilingPass({static_cast<int64_t>(blockSize)},
                                            /*noMinMaxBounds=*/true));
  func.addPass(createGpuMapParallelLoopsPass());
  func.addPass(createConvertParallelLoopToGpuPass());
  func.addPass(createGpuLaunchSinkIndexComputationsPass());
}

LogicalResult pipelines::checkBlockSize(StringRef option, unsigned value,
                                        PipelineErrorHandler emitError) {
  if (value >= 1 && value <= 1024)
    return success();
  return emitError(option + "=" + Twine(value) +
                   " is not a block size (expected 1 to 1024 threads)");
}

FailureOr<SmallVector<std::string>>
pipelines::splitList(StringRef option, StringRef value,
                     PipelineErrorHandler emitError) {
  SmallVector<std::string> items;
  if (value.trim().empty())
    return items;
  SmallVector<StringRef> parts;
  value.split(parts, ',');
  for (StringRef part : parts) {
    part = part.trim();
    if (part.empty()) {
      (void)emitError(option + "='" + value +
                      "' has an empty item (expected a comma-separated list)");
      return failure();
    }
    items.push_back(part.str());
  }
  return items;
}

/// Registers a pipeline whose builder may fail: bad option text and bad
/// option values both reach MLIR's error handler (ferric-opt prints one
/// line and exits 1) instead of aborting.
template <typename Options>
static void registerPipeline(StringRef name, StringRef description,
                             LogicalResult (*build)(OpPassManager &,
                                                    const Options &,
                                                    PipelineErrorHandler)) {
  registerPassPipeline(
      name, description,
      [name, build](OpPassManager &pm, StringRef text,
                    function_ref<LogicalResult(const Twine &)> emitError) {
        Options options;
        std::string error;
        llvm::raw_string_ostream os(error);
        if (failed(options.parseFromString(text, os)))
          return emitError("bad options for " + name + ": " +
                           StringRef(error).trim());
        return build(pm, options, [&](const Twine &message) {
          return emitError(name + ": " + message);
        });
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(Options());
      });
}

void mlir::ferric::registerFerricPipelines() {
  registerPipeline<CPUPipelineOptions>(
      "ferric-lower-to-cpu",
      "Lower ferric IR to LLVM for the CPU (the numerical reference path)",
      buildCPUPipeline);
  registerPipeline<NVVMPipelineOptions>(
      "ferric-lower-to-nvvm",
      "Lower ferric IR to vectorized CUDA kernels (NVVM, PTX/cubin/fatbin) "
      "and host code calling the mgpu* runtime",
      buildNVVMPipeline);
  registerPipeline<SPIRVPipelineOptions>(
      "ferric-lower-to-spirv",
      "Lower ferric IR to SPIR-V kernels for Vulkan and host code calling the "
      "mgpu* runtime",
      buildSPIRVPipeline);
  PassPipelineRegistration<ImportPipelineOptions>(
      "ferric-import-tosa",
      "Translate TOSA to linalg (tosa-to-linalg-pipeline) and raise it into "
      "ferric ops",
      buildImportTosaPipeline);
  PassPipelineRegistration<ImportPipelineOptions>(
      "ferric-import-linalg",
      "Raise linalg-on-tensors into ferric ops (ferric-raise-linalg)",
      buildImportLinalgPipeline);
  registerPipeline<WGSLPipelineOptions>(
      "ferric-lower-to-wgsl",
      "Lower ferric IR to WGSL compute shaders for WebGPU and host code "
      "calling the mgpu* runtime",
      buildWGSLPipeline);
}
