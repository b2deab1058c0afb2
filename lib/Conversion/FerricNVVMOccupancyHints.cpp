//===- FerricNVVMOccupancyHints.cpp - Occupancy marks to nvvm.minctasm ----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "GPUCodegen/KernelBuilders.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICNVVMOCCUPANCYHINTSPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricNVVMOccupancyHintsPass
    : ferric::impl::FerricNVVMOccupancyHintsPassBase<
          FerricNVVMOccupancyHintsPass> {
  using FerricNVVMOccupancyHintsPassBase::FerricNVVMOccupancyHintsPassBase;

  void runOnOperation() override {
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      Attribute mark = op->getAttr(kMinBlocksPerSMAttr);
      if (!mark)
        return;
      auto func = op->getParentOfType<gpu::GPUFuncOp>();
      auto n = dyn_cast<IntegerAttr>(mark);
      if (!func || !func.isKernel()) {
        op->emitError() << kMinBlocksPerSMAttr << " outside a gpu.func kernel";
        failed = true;
        return;
      }
      if (!n || !n.getType().isInteger(32) || n.getInt() < 1) {
        op->emitError() << kMinBlocksPerSMAttr
                        << " must be a positive i32, got " << mark;
        failed = true;
        return;
      }
      int64_t threads = 1;
      if (DenseI32ArrayAttr known = func.getKnownBlockSizeAttr())
        for (int32_t d : known.asArrayRef())
          threads *= d;
      if (n.getInt() * threads > kMaxThreadsPerSM) {
        op->emitError() << kMinBlocksPerSMAttr << " = " << n.getInt()
                        << " blocks of " << threads << " threads exceed the "
                        << kMaxThreadsPerSM << " resident threads of an SM";
        failed = true;
        return;
      }
      op->removeAttr(kMinBlocksPerSMAttr);
      auto current = func->getAttrOfType<IntegerAttr>("nvvm.minctasm");
      if (!current || current.getInt() < n.getInt())
        func->setAttr("nvvm.minctasm", n);
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
