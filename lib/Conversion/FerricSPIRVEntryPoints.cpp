//===- FerricSPIRVEntryPoints.cpp - Kernel entry-point ABI ----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICSPIRVENTRYPOINTSPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricSPIRVEntryPointsPass
    : ferric::impl::FerricSPIRVEntryPointsPassBase<FerricSPIRVEntryPointsPass> {
  using FerricSPIRVEntryPointsPassBase::FerricSPIRVEntryPointsPassBase;
  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel() || func->hasAttr(spirv::getEntryPointABIAttrName()))
        return;
      SmallVector<int32_t, 3> size = {(int32_t)blockSize.getValue(), 1, 1};
      if (auto known = func.getKnownBlockSizeAttr())
        size.assign(known.asArrayRef().begin(), known.asArrayRef().end());
      func->setAttr(spirv::getEntryPointABIAttrName(),
                    spirv::getEntryPointABIAttr(&getContext(), size));
    });
  }
};
} // namespace
