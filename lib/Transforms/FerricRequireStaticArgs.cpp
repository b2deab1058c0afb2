//===- FerricRequireStaticArgs.cpp - Static SPIR-V arguments --------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICREQUIRESTATICARGSPASS
#include "FerricDialect/Transforms/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricRequireStaticArgsPass
    : ferric::impl::FerricRequireStaticArgsPassBase<
          FerricRequireStaticArgsPass> {
  void runOnOperation() override {
    bool failed = false;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      for (BlockArgument arg : func.getArguments()) {
        auto tensor = dyn_cast<RankedTensorType>(arg.getType());
        if (tensor && tensor.hasStaticShape())
          continue;
        InFlightDiagnostic diag = mlir::emitError(arg.getLoc())
                                  << "argument " << arg.getArgNumber()
                                  << " of @" << func.getSymName() << " is "
                                  << arg.getType() << ": ";
        if (tensor)
          diag << "the SPIR-V pipeline needs static shapes (its kernels take "
                  "buffers only); specialize the function first, e.g. "
                  "--ferric-specialize-shapes=\"shapes=...\" (ferric-run "
                  "does this from its inputs)";
        else
          diag << "the SPIR-V pipeline passes no scalar arguments to its "
                  "kernels; make it a constant or a rank-0 tensor";
        failed = true;
      }
    }
    if (failed)
      signalPassFailure();
  }
};
} // namespace
