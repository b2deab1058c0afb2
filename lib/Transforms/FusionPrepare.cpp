//===- FusionPrepare.cpp - ferric-fuse's rewrites before planning ---------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Two shapes that programs written with numpy's broadcasting take (what the
// Python package records), rewritten into the form written by hand, so that
// they fuse alike.
//
// `x * rsqrt(mean(x * x, keepdim) + eps)` written with numpy's broadcasting
// (what the Python package records) reaches the IR as a keepdim reduction,
// elementwise ops on the [R, 1] result, a `tensor.collapse_shape` that drops
// the unit dim and a `ferric.broadcast` back to [R, C]. The collapse is no
// ferric op: fusion stops at it, and the row-group schedules never see the
// reduction feed its row's consumers. These patterns move such a collapse up
// through the elementwise ops to the reduction and fold it there (a
// reduction without keepdim), which is the form written by hand.
//
// `x * w.cast(f32)` with w a row of x's width: the cast of w is a producer
// of a smaller iteration space than its consumer, so it becomes a kernel of
// its own whose [C] result the consumer reads through the broadcast. Moving
// the broadcast above the cast (or any elementwise op cheap enough to
// recompute per element) puts the cast into the consumer's kernel.
//
//===----------------------------------------------------------------------===//

#include "FusionPlan.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::ferric;

/// Does `op` only drop unit dims of its source (every reassociation group
/// holds one source dim of any size, the others of size 1)? A group of unit
/// dims alone (keeping a size-1 dim) counts too.
static bool dropsUnitDimsOnly(tensor::CollapseShapeOp op) {
  ArrayRef<int64_t> src = op.getSrcType().getShape();
  for (ReassociationIndices group : op.getReassociationIndices()) {
    unsigned nonUnit =
        llvm::count_if(group, [&](int64_t d) { return src[d] != 1; });
    if (nonUnit > 1)
      return false;
  }
  return true;
}

/// Replaces `reshape` (a reshape or broadcast of elementwise op `def`'s
/// result, from shape `from` to shape `to`) by `def` computed on its
/// reshaped operands (`reshapeOperand` of each tensor operand; scalars stay
/// as they are). Fails if a tensor operand does not have shape `from`.
static LogicalResult
moveAbove(PatternRewriter &rewriter, Operation *reshape, Operation *def,
          RankedTensorType from, RankedTensorType to,
          llvm::function_ref<Value(Value)> reshapeOperand) {
  SmallVector<Value> operands;
  for (Value v : def->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (type && type.getShape() != from.getShape())
      return failure();
  }
  for (Value v : def->getOperands())
    operands.push_back(isa<RankedTensorType>(v.getType()) ? reshapeOperand(v)
                                                          : v);
  auto resultType = to.clone(
      cast<RankedTensorType>(def->getResult(0).getType()).getElementType());
  OperationState state(def->getLoc(), def->getName(), operands, {resultType},
                       def->getAttrs());
  rewriter.replaceOp(reshape, rewriter.create(state)->getResults());
  return success();
}

namespace {
/// collapse_shape(reduce keepdim) -> reduce, where the collapse drops
/// exactly the kept reduced dims. Other users of the keepdim result read
/// the new reduction through an expand_shape (one reduction either way).
struct FoldCollapseIntoKeepdimReduce
    : OpRewritePattern<tensor::CollapseShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::CollapseShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto reduce = op.getSrc().getDefiningOp<ReduceOp>();
    if (!reduce || !reduce.getKeepdim())
      return failure();
    // Every group: exactly one dim that is not reduced (a rank-0 result has
    // no groups and no such dim).
    ArrayRef<int64_t> dims = reduce.getDims();
    for (ReassociationIndices group : op.getReassociationIndices())
      if (llvm::count_if(group, [&](int64_t d) {
            return !llvm::is_contained(dims, d);
          }) != 1)
        return failure();
    if (op.getResultType().getRank() + (int64_t)dims.size() !=
        op.getSrcType().getRank())
      return failure();
    rewriter.setInsertionPoint(reduce);
    auto plain = ReduceOp::create(rewriter, reduce.getLoc(), op.getResultType(),
                                  reduce.getKindAttr(), reduce.getInput(),
                                  reduce.getDimsAttr(), UnitAttr());
    rewriter.replaceOp(op, plain.getResult());
    if (reduce.getResult().use_empty()) {
      rewriter.eraseOp(reduce);
    } else {
      auto expand = tensor::ExpandShapeOp::create(
          rewriter, reduce.getLoc(), reduce.getType(), plain.getResult(),
          op.getReassociationIndices());
      rewriter.replaceOp(reduce, expand.getResult());
    }
    return success();
  }
};

/// Does `v` come from keepdim reductions and arguments through elementwise
/// ops alone (each read once)? Only there does moving a collapse up pay: it
/// ends folded into the reduction, or as a view of the argument.
static bool fromKeepdimReduceOrArgument(Value v, unsigned depth = 0) {
  if (isa<BlockArgument>(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return false;
  if (auto reduce = dyn_cast<ReduceOp>(def))
    return reduce.getKeepdim();
  if (!isa<ElementwiseOpInterface>(def) || def->getNumResults() != 1 ||
      !v.hasOneUse())
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return !isa<RankedTensorType>(operand.getType()) ||
           fromKeepdimReduceOrArgument(operand, depth + 1);
  });
}

/// collapse_shape(elementwise(a, b, ...)) -> elementwise(collapse_shape(a),
/// collapse_shape(b), ...) for a collapse of unit dims and an elementwise op
/// it is the only user of (scalar operands stay as they are), where the op
/// comes from keepdim reductions and arguments (fromKeepdimReduceOrArgument).
/// Not otherwise: on its way up a collapse would land between a broadcast
/// and its reader (the weight, bias or per-row statistic of a norm), where
/// fusion cannot fold the broadcast, and the broadcast would be
/// materialized (a LayerNorm whose [1, T, H] result a linear reads as
/// [T, H] became ten kernels). Such a collapse stays below its group, a
/// view of the result.
struct SinkCollapseThroughElementwise
    : OpRewritePattern<tensor::CollapseShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::CollapseShapeOp op,
                                PatternRewriter &rewriter) const override {
    // (fromKeepdimReduceOrArgument checks that an elementwise `def` has one
    // result, read once.)
    Operation *def = op.getSrc().getDefiningOp();
    if (!def || !isa<ElementwiseOpInterface>(def) || !dropsUnitDimsOnly(op) ||
        !fromKeepdimReduceOrArgument(op.getSrc()))
      return failure();
    return moveAbove(rewriter, op, def, op.getSrcType(), op.getResultType(),
                     [&](Value v) -> Value {
                       return tensor::CollapseShapeOp::create(
                           rewriter, op.getLoc(), v,
                           op.getReassociationIndices());
                     });
  }
};
} // namespace

namespace {
/// broadcast(e(a, b, ...)) -> e(broadcast(a), broadcast(b), ...) for an
/// elementwise op `e` of scalar cost <= cheapCost whose result only this
/// broadcast reads, itself read by one op (a broadcast read by several
/// groups is folded into each; the moved op would be materialized at the
/// broadcast's size for all of them).
struct HoistBroadcastAboveCheapOp : OpRewritePattern<BroadcastOp> {
  HoistBroadcastAboveCheapOp(MLIRContext *context, unsigned cheapCost)
      : OpRewritePattern(context), cheapCost(cheapCost) {}
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    Operation *def = op.getInput().getDefiningOp();
    auto elementwise = dyn_cast_or_null<ElementwiseOpInterface>(def);
    if (!elementwise || def->getNumResults() != 1 ||
        !def->getResult(0).hasOneUse() || !op.getResult().hasOneUse() ||
        elementwise.getScalarCost() > cheapCost)
      return failure();
    return moveAbove(
        rewriter, op, def, cast<RankedTensorType>(op.getInput().getType()),
        op.getType(), [&](Value v) -> Value {
          auto type = cast<RankedTensorType>(v.getType());
          return BroadcastOp::create(rewriter, op.getLoc(),
                                     op.getType().clone(type.getElementType()),
                                     v, op.getDimsAttr(), op.getSizes());
        });
  }
  unsigned cheapCost;
};
} // namespace

void mlir::ferric::populateFusionPreparePatterns(RewritePatternSet &patterns,
                                                 unsigned cheapCost) {
  patterns.add<FoldCollapseIntoKeepdimReduce, SinkCollapseThroughElementwise>(
      patterns.getContext());
  patterns.add<HoistBroadcastAboveCheapOp>(patterns.getContext(), cheapCost);
}
