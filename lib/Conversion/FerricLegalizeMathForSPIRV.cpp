//===- FerricLegalizeMathForSPIRV.cpp - Math SPIR-V can lower -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// convert-math-to-spirv maps math ops to GLSL.std.450 for Vulkan. That
// instruction set has no erf, and its transcendental functions take 16- and
// 32-bit floats only: an f64 math.exp would become SPIR-V that spirv-val and
// the driver reject. Expand what can be expanded, diagnose the rest here,
// where the location still points at the user's op.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICLEGALIZEMATHFORSPIRVPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// Math ops GLSL.std.450 implements for 64-bit floats (FAbs, Floor, Ceil,
/// Round(Even), Trunc, Fma, Sqrt, InverseSqrt) or that
/// convert-math-to-spirv writes with bit operations (copysign).
static bool hasF64Lowering(Operation *op) {
  return isa<math::AbsFOp, math::FloorOp, math::CeilOp, math::RoundOp,
             math::RoundEvenOp, math::TruncOp, math::FmaOp, math::SqrtOp,
             math::RsqrtOp, math::CopySignOp>(op);
}

namespace {
struct FerricLegalizeMathForSPIRVPass
    : ferric::impl::FerricLegalizeMathForSPIRVPassBase<
          FerricLegalizeMathForSPIRVPass> {
  void runOnOperation() override {
    bool rejected = false;
    getOperation()->walk([&](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()) || hasF64Lowering(op))
        return;
      bool f64 = llvm::any_of(op->getOperandTypes(), [](Type t) {
        return getElementTypeOrSelf(t).isF64();
      });
      if (!f64)
        return;
      op->emitOpError("on f64 has no SPIR-V lowering for Vulkan: "
                      "GLSL.std.450 implements it for 16- and 32-bit floats "
                      "only (use f32, or the cuda or cpu target)");
      rejected = true;
    });
    if (rejected)
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populatePolynomialApproximateErfPattern(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
