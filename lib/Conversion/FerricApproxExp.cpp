//===- FerricApproxExp.cpp - Approximate exp in GPU kernels ---------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICAPPROXEXPPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricApproxExpPass
    : ferric::impl::FerricApproxExpPassBase<FerricApproxExpPass> {
  using FerricApproxExpPassBase::FerricApproxExpPassBase;

  void runOnOperation() override {
    getOperation()->walk([](math::ExpOp exp) {
      auto element = dyn_cast<FloatType>(getElementTypeOrSelf(exp.getType()));
      if (!element || element.getWidth() > 32 ||
          !exp->getParentOfType<gpu::GPUModuleOp>())
        return;
      exp.setFastmath(exp.getFastmath() | arith::FastMathFlags::afn);
    });
  }
};
} // namespace
