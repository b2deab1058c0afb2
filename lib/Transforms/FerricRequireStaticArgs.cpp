//===- FerricRequireStaticArgs.cpp - Static SPIR-V arguments --------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <limits>

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICREQUIRESTATICARGSPASS
#include "FerricDialect/Transforms/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
/// The SPIR-V type converter gives `index` 32 bits and linearizes buffers:
/// a dim or an element count above this wrapped (4294967296x4294967296
/// became memref<0xf32>).
constexpr int64_t kSPIRVIndexLimit = std::numeric_limits<int32_t>::max();

/// Reports the first static dim, or the element count, of `type` that the
/// 32-bit index cannot hold; `what` says whose type it is.
LogicalResult
checkIndexLimit(Location loc, Type type,
                llvm::function_ref<void(InFlightDiagnostic &)> what) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return success();
  int64_t elements = 1;
  bool overflow = false;
  for (auto [d, size] : llvm::enumerate(shaped.getShape())) {
    if (ShapedType::isDynamic(size))
      continue;
    if (size > kSPIRVIndexLimit) {
      InFlightDiagnostic diag = mlir::emitError(loc);
      what(diag);
      diag << " is " << type << ": dim " << d << " (" << size
           << ") exceeds the SPIR-V pipeline's 32-bit index limit ("
           << kSPIRVIndexLimit << ")";
      return failure();
    }
    overflow |= llvm::MulOverflow(elements, size, elements);
  }
  if (overflow || elements > kSPIRVIndexLimit) {
    InFlightDiagnostic diag = mlir::emitError(loc);
    what(diag);
    diag << " is " << type << ": its element count";
    if (!overflow)
      diag << " (" << elements << ")";
    diag << " exceeds the SPIR-V pipeline's 32-bit index limit ("
         << kSPIRVIndexLimit << ")";
    return failure();
  }
  return success();
}

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
        if (tensor && tensor.hasStaticShape()) {
          failed |= llvm::failed(checkIndexLimit(
              arg.getLoc(), tensor, [&](InFlightDiagnostic &diag) {
                diag << "argument " << arg.getArgNumber() << " of @"
                     << func.getSymName();
              }));
          continue;
        }
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
    // Every other static tensor the functions compute (one error per op).
    getOperation().walk([&](Operation *op) {
      if (isa<func::FuncOp>(op))
        return;
      for (auto [i, result] : llvm::enumerate(op->getResults()))
        if (llvm::failed(checkIndexLimit(
                op->getLoc(), result.getType(), [&](InFlightDiagnostic &diag) {
                  diag << "result " << i << " of '" << op->getName() << "'";
                }))) {
          failed = true;
          break;
        }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
