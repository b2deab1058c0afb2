//===- FerricLegalizeMathForCPU.cpp - Accurate log1p/expm1 on the CPU -----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// convert-math-to-llvm has no intrinsic for log1p and expm1 and writes them
// as log(1 + x) and exp(x) - 1: log1p(1e-10) becomes 0. libm computes both
// to within an ulp, so the CPU path (the oracle of `--check`) calls it for
// these two ops, and only these: the rest keeps its LLVM intrinsics.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICLEGALIZEMATHFORCPUPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricLegalizeMathForCPUPass
    : ferric::impl::FerricLegalizeMathForCPUPassBase<
          FerricLegalizeMathForCPUPass> {
  void runOnOperation() override {
    auto isTarget = [](StringRef name) {
      return name == "log1p" || name == "expm1";
    };
    // libm has f32 and f64 functions only: narrower types go through f32
    // (upstream's f32 expansion), whose new op the calls then replace.
    RewritePatternSet patterns(&getContext());
    populateMathF32ExpansionPatterns(patterns, isTarget);
    populateMathToLibmConversionPatterns(patterns);
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::Log1pOp, math::ExpM1Op>(op))
        ops.push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
      return signalPassFailure();
  }
};
} // namespace
