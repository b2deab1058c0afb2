//===- FusedOpCanonicalize.cpp - ferric.fused canonicalization ------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/FerricDialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::ferric;

namespace {
/// One input of a fused op under construction.
struct Input {
  Value value;
  AffineMap map;
};

/// Creates a fused op with `inputs` and `resultTypes` whose body is filled by
/// `fill(builder, blockArgs)`, which returns the values to yield. Maps are
/// omitted when they are all the default ones.
FusedOp buildFused(RewriterBase &rewriter, Location loc, TypeRange resultTypes,
                   ArrayRef<Input> inputs,
                   function_ref<SmallVector<Value>(OpBuilder &, ValueRange)>
                       fill) {
  SmallVector<Value> values;
  SmallVector<AffineMap> maps;
  bool allDefault = true;
  int64_t rank = cast<RankedTensorType>(resultTypes[0]).getRank();
  for (const Input &in : inputs) {
    values.push_back(in.value);
    maps.push_back(in.map);
    bool isTensor = isa<RankedTensorType>(in.value.getType());
    allDefault &= isTensor ? in.map.isIdentity() && in.map.getNumDims() == rank
                           : true;
  }
  auto op = FusedOp::create(rewriter, loc, resultTypes, values,
                            allDefault ? ArrayRef<AffineMap>() : maps);
  OpBuilder::InsertionGuard guard(rewriter);
  Block &block = op.getBody().front();
  rewriter.setInsertionPointToStart(&block);
  SmallVector<Value> yielded = fill(rewriter, block.getArguments());
  YieldOp::create(rewriter, loc, yielded);
  return op;
}

/// Removes inputs that the body does not use, folds repeated inputs (same
/// value, same map) into one, and moves constant scalar and splat inputs into
/// the body.
struct SimplifyFusedInputs : OpRewritePattern<FusedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    SmallVector<Input> kept;
    // For each old input: index into `kept`, or -1 with a constant to use.
    SmallVector<int> newIndex;
    SmallVector<TypedAttr> constants;
    bool changed = false;
    for (auto [i, value] : llvm::enumerate(op.getInputs())) {
      AffineMap map = op.getInputMap(i);
      TypedAttr cst;
      Attribute attr;
      if (matchPattern(value, m_Constant(&attr))) {
        if (auto splat = dyn_cast<SplatElementsAttr>(attr))
          cst = splat.getSplatValue<TypedAttr>();
        else
          cst = dyn_cast<TypedAttr>(attr);
        if (cst && isa<ShapedType>(cst.getType()))
          cst = nullptr;
      }
      auto it = llvm::find_if(kept, [&](const Input &k) {
        return k.value == value && k.map == map;
      });
      if (body.getArgument(i).use_empty() || cst) {
        changed = true;
        newIndex.push_back(-1);
      } else if (it != kept.end()) {
        changed = true;
        newIndex.push_back(it - kept.begin());
      } else {
        newIndex.push_back(kept.size());
        kept.push_back({value, map});
      }
      constants.push_back(cst);
    }
    if (!changed)
      return failure();
    if (kept.empty() &&
        !cast<RankedTensorType>(op.getType(0)).hasStaticShape())
      return failure(); // a dynamic iteration space needs an input to size it
    auto fused = buildFused(
        rewriter, op.getLoc(), op.getResultTypes(), kept,
        [&](OpBuilder &b, ValueRange args) {
          IRMapping mapping;
          for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
            if (newIndex[i] >= 0)
              mapping.map(arg, args[newIndex[i]]);
            else if (constants[i])
              mapping.map(arg, arith::ConstantOp::create(b, op.getLoc(),
                                                         constants[i]));
          }
          for (Operation &inner : body.without_terminator())
            b.clone(inner, mapping);
          SmallVector<Value> results;
          for (Value v : op.getYield().getValues())
            results.push_back(mapping.lookupOrDefault(v));
          return results;
        });
    rewriter.replaceOp(op, fused.getResults());
    return success();
  }
};

/// Drops results nobody uses.
struct DropUnusedFusedResults : OpRewritePattern<FusedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<unsigned> used;
    for (OpResult r : op.getResults())
      if (!r.use_empty())
        used.push_back(r.getResultNumber());
    if (used.empty() || used.size() == op.getNumResults())
      return failure();
    SmallVector<Type> types;
    for (unsigned r : used)
      types.push_back(op.getResult(r).getType());
    rewriter.setInsertionPoint(op);
    auto fused = FusedOp::create(rewriter, op.getLoc(), types, op.getInputs(),
                                 {});
    fused->setAttrs(op->getAttrs());
    rewriter.inlineRegionBefore(op.getBody(), fused.getBody(),
                                fused.getBody().end());
    rewriter.eraseBlock(&fused.getBody().front());
    YieldOp yield = fused.getYield();
    SmallVector<Value> values;
    for (unsigned r : used)
      values.push_back(yield.getValues()[r]);
    rewriter.setInsertionPoint(yield);
    rewriter.replaceOpWithNewOp<YieldOp>(yield, values);
    for (auto [k, r] : llvm::enumerate(used))
      rewriter.replaceAllUsesWith(op.getResult(r), fused.getResult(k));
    rewriter.eraseOp(op);
    return success();
  }
};

/// Inlines a fused producer whose results are used only by this fused op,
/// read through one permutation map (so nothing is computed twice).
struct MergeFusedProducer : OpRewritePattern<FusedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [i, value] : llvm::enumerate(op.getInputs())) {
      auto producer = value.getDefiningOp<FusedOp>();
      if (!producer || !llvm::all_of(producer->getUsers(),
                                     [&](Operation *u) { return u == op; }))
        continue;
      AffineMap readMap = op.getInputMap(i);
      if (!readMap.isPermutation())
        continue;
      bool sameMap = llvm::all_of(
          llvm::enumerate(op.getInputs()), [&](auto p) {
            return p.value().getDefiningOp() != producer.getOperation() ||
                   op.getInputMap(p.index()) == readMap;
          });
      if (sameMap)
        return merge(op, producer, readMap, rewriter);
    }
    return failure();
  }

  LogicalResult merge(FusedOp consumer, FusedOp producer, AffineMap readMap,
                      PatternRewriter &rewriter) const {
    SmallVector<Input> inputs;
    // Consumer inputs that are not the producer's, then the producer's.
    SmallVector<int> consumerIndex;
    for (auto [i, v] : llvm::enumerate(consumer.getInputs())) {
      if (v.getDefiningOp() == producer.getOperation()) {
        consumerIndex.push_back(-1);
        continue;
      }
      consumerIndex.push_back(inputs.size());
      inputs.push_back({v, consumer.getInputMap(i)});
    }
    unsigned producerBase = inputs.size();
    for (auto [j, v] : llvm::enumerate(producer.getInputs()))
      inputs.push_back({v, producer.getInputMap(j).compose(readMap)});
    rewriter.setInsertionPoint(consumer);
    auto fused = buildFused(
        rewriter, consumer.getLoc(), consumer.getResultTypes(), inputs,
        [&](OpBuilder &b, ValueRange args) {
          IRMapping mapping;
          Block &pBody = producer.getBody().front();
          for (auto [j, arg] : llvm::enumerate(pBody.getArguments()))
            mapping.map(arg, args[producerBase + j]);
          for (Operation &inner : pBody.without_terminator())
            b.clone(inner, mapping);
          Block &cBody = consumer.getBody().front();
          for (auto [i, arg] : llvm::enumerate(cBody.getArguments())) {
            if (consumerIndex[i] >= 0) {
              mapping.map(arg, args[consumerIndex[i]]);
              continue;
            }
            unsigned r =
                cast<OpResult>(consumer.getInputs()[i]).getResultNumber();
            mapping.map(arg, mapping.lookupOrDefault(
                                 producer.getYield().getValues()[r]));
          }
          for (Operation &inner : cBody.without_terminator())
            b.clone(inner, mapping);
          SmallVector<Value> results;
          for (Value v : consumer.getYield().getValues())
            results.push_back(mapping.lookupOrDefault(v));
          return results;
        });
    rewriter.replaceOp(consumer, fused.getResults());
    rewriter.eraseOp(producer);
    return success();
  }
};
} // namespace

void FusedOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<SimplifyFusedInputs, DropUnusedFusedResults, MergeFusedProducer>(
      context);
}
