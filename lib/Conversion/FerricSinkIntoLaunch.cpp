//===- FerricSinkIntoLaunch.cpp - Constants into launches -----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICSINKINTOLAUNCHPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricSinkIntoLaunchPass
    : ferric::impl::FerricSinkIntoLaunchPassBase<FerricSinkIntoLaunchPass> {
  void runOnOperation() override {
    // upstream sinks an op only when all of its operands are sinkable too,
    // so this admits exactly the scalar expressions built from constants.
    auto recomputable = [](Operation *op) {
      return isa<arith::ArithDialect>(op->getDialect()) &&
             op->getNumRegions() == 0 && isMemoryEffectFree(op);
    };
    getOperation().walk([&](gpu::LaunchOp launch) {
      if (failed(sinkOperationsIntoLaunchOp(launch, recomputable)))
        signalPassFailure();
    });
  }
};
} // namespace
