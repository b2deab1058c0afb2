//===- FerricFuseReductions.cpp - Fusion across reduction boundaries ------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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

  /// Few enough ops (16 and the yield) to recompute per element of each
  /// consumer.
  static bool isSmall(linalg::GenericOp op) {
    return op.getBody()->getOperations().size() <= 17;
  }

  /// Does `op` compute per-row data: a small all-parallel generic on tensors
  /// whose tensor inputs are results of reductions or of such generics (at
  /// least one) or other values of its own shape (a mean's division,
  /// RMSNorm's rsqrt(mean + eps), a cast of a sum, RMSNorm backward's
  /// sum * rstd^3 / n with rstd saved by the forward)?
  /// Recomputing it in each consumer costs a few ops per element and saves a
  /// kernel launch; its inputs are as small as its result.
  static bool isPerRow(linalg::GenericOp op, unsigned depth = 0) {
    if (depth > 8 || !op.hasPureTensorSemantics() ||
        op.getNumParallelLoops() != op.getNumLoops() || !isSmall(op))
      return false;
    bool any = false;
    for (OpOperand *in : op.getDpsInputOperands()) {
      if (!isa<RankedTensorType>(in->get().getType()))
        continue;
      auto def = in->get().getDefiningOp<linalg::GenericOp>();
      // Something else (an argument: a saved statistic) read element by
      // element over the rows is per-row data too.
      if (!def) {
        if (!op.getMatchingIndexingMap(in).isIdentity())
          return false;
        continue;
      }
      if (def.getNumReductionLoops() == 0 && !isPerRow(def, depth + 1))
        return false;
      any = true;
    }
    return any;
  }

  /// Bytes per element of a tensor value (i1 is stored as a byte).
  static unsigned elementBytes(Value v) {
    unsigned bits =
        cast<RankedTensorType>(v.getType()).getElementTypeBitWidth();
    return std::max(1u, bits / 8);
  }

  /// Does fusing `producer` into its `consumers` (and recomputing it in
  /// each) move fewer bytes per element than materializing it? Before: its
  /// full-size inputs read once, its results written once and read back by
  /// each consumer (a result read twice by one consumer counts once, an
  /// unused result not at all);
  /// after: the full-size inputs read by each consumer.
  static bool recomputeSaves(linalg::GenericOp producer,
                             ArrayRef<OpOperand *> uses, unsigned consumers) {
    unsigned inBytes = 0, outBytes = 0, readBytes = 0;
    for (OpOperand *in : producer.getDpsInputOperands())
      if (isa<RankedTensorType>(in->get().getType()) &&
          producer.getMatchingIndexingMap(in).isPermutation())
        inBytes += elementBytes(in->get());
    for (Value result : producer->getResults())
      if (!result.use_empty())
        outBytes += elementBytes(result);
    llvm::SmallDenseSet<std::pair<Operation *, Value>> reads;
    for (OpOperand *use : uses)
      if (reads.insert({use->getOwner(), use->get()}).second)
        readBytes += elementBytes(use->get());
    return consumers * inBytes <= inBytes + outBytes + readBytes;
  }

  /// An all-parallel generic reading every tensor input element by element.
  static bool elementwiseOnly(linalg::GenericOp op) {
    return op.hasPureTensorSemantics() &&
           op.getNumParallelLoops() == op.getNumLoops() &&
           llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *in) {
             return !isa<RankedTensorType>(in->get().getType()) ||
                    op.getMatchingIndexingMap(in).isIdentity();
           });
  }

  /// Is `op` a small elementwise generic (at most 16 ops, every tensor
  /// input read element by element) that each of `uses` reads broadcast,
  /// along a loop it does not have (the saved statistics' casts that a
  /// LayerNorm backward reads per row)? Recomputed per element, it costs a
  /// few ops and saves a kernel launch.
  static bool isBroadcastOnly(linalg::GenericOp op,
                              ArrayRef<OpOperand *> uses) {
    if (!elementwiseOnly(op) || !isSmall(op))
      return false;
    // A loop of the consumer that the read does not index, of a size other
    // than 1: a real broadcast (not [T, H] read as [1, T, H]).
    return !uses.empty() && llvm::all_of(uses, [&](OpOperand *use) {
      auto consumer = cast<linalg::GenericOp>(use->getOwner());
      // A contraction's operand stays: the matmul paths want it whole.
      if (linalg::isaContractionOpInterface(consumer))
        return false;
      AffineMap map = consumer.getMatchingIndexingMap(use);
      SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
      for (unsigned d = 0; d < ranges.size(); ++d)
        if (!map.isFunctionOfDim(d) && ranges[d] != 1)
          return true;
      return false;
    });
  }

  /// One use of `producer`'s results per consumer.
  static SmallVector<OpOperand *> onePerConsumer(Operation *producer) {
    SmallVector<OpOperand *> uses;
    llvm::SmallPtrSet<Operation *, 4> consumers;
    for (OpResult result : producer->getResults())
      for (OpOperand &use : result.getUses())
        if (consumers.insert(use.getOwner()).second)
          uses.push_back(&use);
    return uses;
  }

  /// The uses of `producer` to fuse it through, one per consumer, if it
  /// should be fused into all of its consumers. A consumer reading several
  /// of its results gets one of them now; fusing replaces the consumer, and
  /// runOnOperation fuses the others into the fused op.
  SmallVector<OpOperand *> usesToFuse(linalg::GenericOp producer) {
    if (!producer.hasPureTensorSemantics() ||
        producer.getNumParallelLoops() != producer.getNumLoops())
      return {};
    SmallVector<OpOperand *> uses, all;
    llvm::SmallPtrSet<Operation *, 4> consumers;
    bool feedsReduction = false;
    for (OpResult result : producer->getResults()) {
      for (OpOperand &use : result.getUses()) {
        auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
        if (!consumer || !linalg::areElementwiseOpsFusable(&use) ||
            (maxBuffers && operandsAfterFusion(&use) > maxBuffers))
          return {};
        all.push_back(&use);
        if (!consumers.insert(consumer).second)
          continue;
        feedsReduction |= consumer.getNumReductionLoops() > 0;
        uses.push_back(&use);
      }
    }
    if (isPerRow(producer) || isBroadcastOnly(producer, all))
      return uses;
    if (!feedsReduction || !recomputeSaves(producer, all, uses.size()))
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
    // The producer's body came whole: what computed results this consumer
    // does not read goes, then the inputs only it read; a consumer that read
    // two results of the producer reads its inputs twice: one operand each,
    // so that CSE computes the producer once.
    auto fusedOp = cast<linalg::GenericOp>(fused->fusedOp);
    for (Operation &op :
         llvm::make_early_inc_range(llvm::reverse(*fusedOp.getBody())))
      if (isOpTriviallyDead(&op))
        rewriter.eraseOp(&op);
    FailureOr<linalg::GenericOp> deduplicated =
        linalg::deduplicateOperandsAndRemoveDeadResults(
            rewriter, fusedOp, /*removeOutputs=*/false);
    if (succeeded(deduplicated)) {
      DominanceInfo dominance;
      eliminateCommonSubExpressions(rewriter, dominance, *deduplicated);
    }
    return success();
  }

  /// Does `collapse` only drop the last dim, of size 1 ([.., N, 1] ->
  /// [.., N])?
  static bool dropsTrailingUnitDim(tensor::CollapseShapeOp collapse) {
    ArrayRef<int64_t> shape = collapse.getSrcType().getShape();
    auto groups = collapse.getReassociationIndices();
    if (shape.empty() || shape.back() != 1 || groups.back().size() != 2)
      return false;
    return llvm::all_of(
        ArrayRef(groups).drop_back(),
        [](const ReassociationIndices &g) { return g.size() == 1; });
  }

  /// An elementwise generic rewritten over [.., N] from [.., N, 1] (its results
  /// are read expanded back to [.., N, 1]).
  static bool droppedTrailingUnitDim(linalg::GenericOp op) {
    return elementwiseOnly(op) &&
           llvm::any_of(op->getUsers(), [](Operation *user) {
             auto expand = dyn_cast<tensor::ExpandShapeOp>(user);
             return expand && expand.getResultType().getShape().back() == 1;
           });
  }

  /// A keepdim statistic ([1, T, 1]: a reduction's result through
  /// tensor.expand_shape) read by an elementwise generic over that shape
  /// that reads nothing else (RMSNorm's and LayerNorm's rsqrt(var / n +
  /// eps), returned to torch as the saved statistic): the generic is
  /// rewritten over the reduction's own shape and its result expanded
  /// instead, so it is a per-row generic like the others (fused into its
  /// readers, or a row member of the reduction's row group) and the
  /// collapse back to [1, T] folds away. Likewise a [1, T, 1] elementwise
  /// generic read through a collapse to [1, T] (the statistic's casts).
  LogicalResult collapseKeepdimStatistics() {
    RewritePatternSet patterns(&getContext());
    linalg::populateFoldReshapeOpsByCollapsingPatterns(
        patterns, [](OpOperand *operand) {
          // Every tensor input the expanded result of a reduction or of a
          // per-row generic (a mean's division): a generic on statistics only,
          // never one that also reads full-size data (a softmax's x - max over
          // rows of one element).
          auto expandedStatistic = [](Value v) {
            auto expand = v.getDefiningOp<tensor::ExpandShapeOp>();
            auto source =
                expand ? expand.getSrc().getDefiningOp<linalg::GenericOp>()
                       : nullptr;
            return source &&
                   (source.getNumReductionLoops() != 0 || isPerRow(source) ||
                    droppedTrailingUnitDim(source));
          };
          // A keepdim-shaped elementwise generic ([1, T, 1], a saved
          // statistic's casts) whose result is read through a collapse
          // that drops the trailing unit dim: computed over [1, T].
          if (auto collapse =
                  dyn_cast<tensor::CollapseShapeOp>(operand->getOwner())) {
            auto source = collapse.getSrc().getDefiningOp<linalg::GenericOp>();
            return source && dropsTrailingUnitDim(collapse) &&
                   elementwiseOnly(source);
          }
          auto consumer = dyn_cast<linalg::GenericOp>(operand->getOwner());
          return consumer &&
                 consumer.getNumParallelLoops() == consumer.getNumLoops() &&
                 llvm::all_of(consumer.getDpsInputs(), [&](Value in) {
                   return !isa<RankedTensorType>(in.getType()) ||
                          expandedStatistic(in);
                 });
        });
    // The rewritten generics' sizes come as tensor.dim of the old
    // expand_shape: answered from its operands, so that it goes.
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, &getContext());
    return applyPatternsGreedily(getOperation(), std::move(patterns));
  }

  void runOnOperation() override {
    if (failed(collapseKeepdimStatistics()))
      return signalPassFailure();
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
        // Into all of its consumers, decided once: a consumer that read
        // several results still reads the others from the producer after
        // its first fusion (and may be a reduction no more).
        Operation *op = producer;
        for (bool erased = false; !erased;) {
          for (OpOperand *use : uses) {
            erased = llvm::hasSingleElement(op->getUses());
            if (failed(fuse(rewriter, use))) {
              op->emitError("ferric-fuse-reductions: fusion into ")
                  << *use->getOwner() << " failed";
              return signalPassFailure();
            }
          }
          if (!erased)
            uses = onePerConsumer(op);
        }
        changed = true;
        break; // `producers` may hold erased ops now
      }
    }
  }
};
} // namespace
