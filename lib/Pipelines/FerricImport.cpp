//===- FerricImport.cpp - ferric-import-tosa and ferric-import-linalg -----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The front doors for IR other compilers emit. They only translate: what
// fuses is decided later, by ferric-fuse in the ferric-lower-to-* pipelines.
// Upstream's linalg-fuse-elementwise-ops is deliberately not run.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Pipelines/Pipelines.h"

#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::ferric;

void mlir::ferric::buildImportLinalgPipeline(
    OpPassManager &pm, const ImportPipelineOptions &options) {
  if (!options.raise)
    return;
  // Unit dims folded away first (upstream's clean-up): a per-row op on
  // tensor<64x1xf32> becomes one on tensor<64xf32>, which
  // ferric-fuse-reductions can then fold into the kernel that reads it;
  // canonicalize folds the reshapes that leaves and erases dead ops.
  pm.addPass(createLinalgFoldUnitExtentDimsPass());
  pm.addPass(createCanonicalizerPass());
  FerricRaiseLinalgPassOptions raiseOptions;
  raiseOptions.report = options.report;
  pm.addNestedPass<func::FuncOp>(createFerricRaiseLinalgPass(raiseOptions));
}

void mlir::ferric::buildImportTosaPipeline(
    OpPassManager &pm, const ImportPipelineOptions &options) {
  // No TOSA profile validation: a front door takes what tosa-to-linalg
  // takes (the producer validates for its profile).
  tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions(),
                              TosaToLinalgNamedOptions(), std::nullopt);
  // tosa-to-linalg-pipeline leaves reshapes (how an exporter spells a
  // broadcast row) and constants to these.
  pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
  pm.addNestedPass<func::FuncOp>(createTosaToArithPass());
  buildImportLinalgPipeline(pm, options);
}
