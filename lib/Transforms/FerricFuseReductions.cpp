//===- FerricFuseReductions.cpp - Fusion across reduction boundaries ------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICFUSEREDUCTIONSPASS
#include "FerricDialect/Transforms/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricFuseReductionsPass
    : ferric::impl::FerricFuseReductionsPassBase<FerricFuseReductionsPass> {
  using FerricFuseReductionsPassBase::FerricFuseReductionsPassBase;

  /// Tensor operands `consumer` would have with `use`'s producer fused in
  /// (an upper bound: fusion may deduplicate operands).
  static unsigned operandsAfterFusion(OpOperand *use) {
    auto producer = use->get().getDefiningOp<linalg::GenericOp>();
    auto isTensor = [](Value v) { return isa<RankedTensorType>(v.getType()); };
    return llvm::count_if(use->getOwner()->getOperands(), isTensor) - 1 +
           llvm::count_if(producer.getDpsInputs(), isTensor);
  }

  /// Does `op` compute per-row data: a small all-parallel generic on tensors
  /// whose tensor inputs are all results of reductions or of such generics
  /// (a mean's division, RMSNorm's rsqrt(mean + eps), a cast of a sum)?
  /// Recomputing it in each consumer costs a few ops per element and saves a
  /// kernel launch; its inputs are as small as its result.
  static bool isPerRow(linalg::GenericOp op, unsigned depth = 0) {
    constexpr unsigned kMaxOps = 16;
    if (depth > 8 || !op.hasPureTensorSemantics() ||
        op.getNumParallelLoops() != op.getNumLoops() ||
        op.getBody()->getOperations().size() > kMaxOps + 1)
      return false;
    bool any = false;
    for (Value in : op.getDpsInputs()) {
      if (!isa<RankedTensorType>(in.getType()))
        continue;
      auto def = in.getDefiningOp<linalg::GenericOp>();
      if (!def ||
          (def.getNumReductionLoops() == 0 && !isPerRow(def, depth + 1)))
        return false;
      any = true;
    }
    return any;
  }

  /// The uses of `producer` if it should be fused into all of them.
  SmallVector<OpOperand *> usesToFuse(linalg::GenericOp producer) {
    if (!producer.hasPureTensorSemantics() ||
        producer.getNumParallelLoops() != producer.getNumLoops())
      return {};
    SmallVector<OpOperand *> uses;
    llvm::SmallPtrSet<Operation *, 4> consumers;
    bool feedsReduction = false;
    for (OpResult result : producer->getResults()) {
      for (OpOperand &use : result.getUses()) {
        auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
        // A consumer reading the producer twice is left alone: fusing one
        // operand replaces the consumer, and the other use with it.
        if (!consumer || !consumers.insert(consumer).second ||
            !linalg::areElementwiseOpsFusable(&use) ||
            (maxBuffers && operandsAfterFusion(&use) > maxBuffers))
          return {};
        feedsReduction |= consumer.getNumReductionLoops() > 0;
        uses.push_back(&use);
      }
    }
    if (isPerRow(producer))
      return uses;
    if (!feedsReduction)
      return {};
    // Full-size inputs: read through a permutation of all loops.
    unsigned k = 0;
    for (OpOperand *in : producer.getDpsInputOperands())
      k += isa<RankedTensorType>(in->get().getType()) &&
           producer.getMatchingIndexingMap(in).isPermutation();
    unsigned n = uses.size();
    if (n * k > k + 1 + n)
      return {};
    return uses;
  }

  /// Fuses `use`'s producer into its consumer, cloning the producer first if
  /// it has other uses.
  LogicalResult fuse(RewriterBase &rewriter, OpOperand *use) {
    auto result = cast<OpResult>(use->get());
    Operation *producer = result.getOwner();
    if (!llvm::hasSingleElement(producer->getUses())) {
      rewriter.setInsertionPoint(producer);
      Operation *clone = rewriter.clone(*producer);
      rewriter.modifyOpInPlace(use->getOwner(), [&] {
        use->set(clone->getResult(result.getResultNumber()));
      });
      producer = clone;
    }
    Operation *consumer = use->getOwner();
    rewriter.setInsertionPoint(consumer);
    FailureOr<linalg::ElementwiseOpFusionResult> fused =
        linalg::fuseElementwiseOps(rewriter, use);
    if (failed(fused))
      return failure();
    for (auto [from, to] : fused->replacements)
      rewriter.replaceUsesWithIf(
          from, to, [&](OpOperand &u) { return u.getOwner() != producer; });
    rewriter.eraseOp(consumer);
    if (producer->use_empty())
      rewriter.eraseOp(producer);
    return success();
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Fusing changes the uses of other producers: look again until nothing
    // fuses. Each round removes at least one producer, so this ends.
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<linalg::GenericOp> producers;
      getOperation().walk([&](linalg::GenericOp g) { producers.push_back(g); });
      for (linalg::GenericOp producer : producers) {
        SmallVector<OpOperand *> uses = usesToFuse(producer);
        if (uses.empty())
          continue;
        for (OpOperand *use : uses)
          if (failed(fuse(rewriter, use))) {
            producer.emitError("ferric-fuse-reductions: fusion into ")
                << *use->getOwner() << " failed";
            return signalPassFailure();
          }
        changed = true;
        break; // `producers` may hold erased ops now
      }
    }
  }
};
} // namespace
