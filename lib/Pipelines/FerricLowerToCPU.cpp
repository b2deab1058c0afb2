//===- FerricLowerToCPU.cpp - The ferric-lower-to-cpu pipeline ------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric IR -> LLVM dialect for the host: the numerical reference path.
//
//===----------------------------------------------------------------------===//

#include "PipelineParts.h"

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/Transforms/RequestCWrappers.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::ferric;

LogicalResult mlir::ferric::buildCPUPipeline(OpPassManager &pm,
                                             const CPUPipelineOptions &options,
                                             PipelineErrorHandler) {
  // (No option of this pipeline can hold a bad value: fuse-report is any
  // path, min-ops any count.)
  // Unfused (--no-fuse, --check's reference): functions of at most 64 ops
  // before bufferization, whose time is quadratic in a function's ops (an
  // unfused 3000-op chain: 14 s of CPU). Fused programs have few ops.
  pipelines::addFrontEnd(pm, options.fuse, options.minOps, options.fuseReport,
                         /*maxBuffers=*/0,
                         /*chunkOps=*/options.fuse ? 0 : 64);
  OpPassManager &func = pm.nest<func::FuncOp>();
  func.addPass(createFerricExactNarrowingPass());
  func.addPass(LLVM::createLLVMRequestCWrappersPass());
  // After the C wrappers were requested (for the functions the runner
  // calls, not for the outlined kernels).
  pm.addPass(createFerricOutlineCPUKernelsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createFerricLegalizeMathForCPUPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  return success();
}
