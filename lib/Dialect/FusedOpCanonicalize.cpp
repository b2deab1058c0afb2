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
FusedOp
buildFused(RewriterBase &rewriter, Location loc, TypeRange resultTypes,
           ArrayRef<Input> inputs,
           function_ref<SmallVector<Value>(OpBuilder &, ValueRange)> fill) {
  SmallVector<Value> values;
  SmallVector<AffineMap> maps;
  bool allDefault = true;
  int64_t rank = cast<RankedTensorType>(resultTypes[0]).getRank();
  for (const Input &in : inputs) {
    values.push_back(in.value);
    maps.push_back(in.map);
    bool isTensor = isa<RankedTensorType>(in.value.getType());
    allDefault &=
        isTensor ? in.map.isIdentity() && in.map.getNumDims() == rank : true;
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

/// True if every dynamic dim of the iteration space `iter` is read by a
/// tensor input in `inputs`, so the op built from them can size it.
bool readsDynamicDims(RankedTensorType iter, ArrayRef<Input> inputs) {
  SmallVector<bool> read(iter.getRank(), false);
  for (const Input &in : inputs)
    if (isa<RankedTensorType>(in.value.getType()))
      for (unsigned k = 0; k < in.map.getNumResults(); ++k)
        read[in.map.getDimPosition(k)] = true;
  for (int64_t d = 0; d < iter.getRank(); ++d)
    if (iter.isDynamicDim(d) && !read[d])
      return false;
  return true;
}

/// Removes inputs that the body does not use, folds repeated inputs (same
/// value, same map) into one, and moves constant scalar and splat inputs into
/// the body. An input that only sizes a dynamic iteration dim nobody else
/// reads stays (unused by the body).
struct SimplifyFusedInputs : OpRewritePattern<FusedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    auto iter = cast<RankedTensorType>(op.getType(0));
    unsigned numInputs = op.getInputs().size();
    enum class Action { Keep, Duplicate, Drop };
    SmallVector<Action> actions;
    // For a duplicate: the earlier input it repeats.
    SmallVector<unsigned> original(numInputs);
    // The constant that replaces the block argument, if any.
    SmallVector<TypedAttr> constants;
    bool inlinesConstant = false;
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
      constants.push_back(cst);
      bool used = !body.getArgument(i).use_empty();
      inlinesConstant |= cst && used;
      if (!used || cst) {
        actions.push_back(Action::Drop);
        continue;
      }
      actions.push_back(Action::Keep);
      for (unsigned j = 0; j < i; ++j) {
        if (actions[j] == Action::Keep && op.getInputs()[j] == value &&
            op.getInputMap(j) == map) {
          actions[i] = Action::Duplicate;
          original[i] = j;
          break;
        }
      }
    }
    // Keep dropped tensor inputs that read a dynamic iteration dim no kept
    // input reads: the new op needs them to know its size.
    SmallVector<bool> dimRead(iter.getRank(), false);
    auto reads = [&](unsigned i, auto fn) {
      if (!isa<RankedTensorType>(op.getInputs()[i].getType()))
        return;
      AffineMap map = op.getInputMap(i);
      for (unsigned k = 0; k < map.getNumResults(); ++k)
        fn(map.getDimPosition(k));
    };
    for (unsigned i = 0; i < numInputs; ++i)
      if (actions[i] == Action::Keep)
        reads(i, [&](unsigned d) { dimRead[d] = true; });
    for (unsigned i = 0; i < numInputs; ++i) {
      if (actions[i] != Action::Drop)
        continue;
      bool sizesADim = false;
      reads(i, [&](unsigned d) {
        sizesADim |= iter.isDynamicDim(d) && !dimRead[d];
      });
      if (!sizesADim)
        continue;
      actions[i] = Action::Keep;
      reads(i, [&](unsigned d) { dimRead[d] = true; });
    }
    SmallVector<Input> kept;
    for (unsigned i = 0; i < numInputs; ++i)
      if (actions[i] == Action::Keep)
        kept.push_back({op.getInputs()[i], op.getInputMap(i)});
    if (kept.size() == numInputs && !inlinesConstant)
      return failure();
    // Index into `kept` of each old input, or -1.
    SmallVector<int> newIndex(numInputs, -1);
    for (unsigned i = 0, next = 0; i < numInputs; ++i)
      if (actions[i] == Action::Keep)
        newIndex[i] = next++;
    for (unsigned i = 0; i < numInputs; ++i)
      if (actions[i] == Action::Duplicate)
        newIndex[i] = newIndex[original[i]];
    auto fused = buildFused(
        rewriter, op.getLoc(), op.getResultTypes(), kept,
        [&](OpBuilder &b, ValueRange args) {
          IRMapping mapping;
          for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
            if (arg.use_empty())
              continue;
            if (constants[i])
              mapping.map(
                  arg, arith::ConstantOp::create(b, op.getLoc(), constants[i]));
            else
              mapping.map(arg, args[newIndex[i]]);
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
    auto fused =
        FusedOp::create(rewriter, op.getLoc(), types, op.getInputs(), {});
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
/// read through one permutation map (so nothing is computed twice), unless
/// the merged op would lose the only input that sizes a dynamic dim.
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
      bool sameMap = llvm::all_of(llvm::enumerate(op.getInputs()), [&](auto p) {
        return p.value().getDefiningOp() != producer.getOperation() ||
               op.getInputMap(p.index()) == readMap;
      });
      if (sameMap && readsDynamicDims(cast<RankedTensorType>(op.getType(0)),
                                      mergedInputs(op, producer, readMap)))
        return merge(op, producer, readMap, rewriter);
    }
    return failure();
  }

  /// The inputs of the merged op: the consumer's inputs that are not the
  /// producer's results, then the producer's inputs read through `readMap`.
  static SmallVector<Input> mergedInputs(FusedOp consumer, FusedOp producer,
                                         AffineMap readMap) {
    SmallVector<Input> inputs;
    for (auto [i, v] : llvm::enumerate(consumer.getInputs()))
      if (v.getDefiningOp() != producer.getOperation())
        inputs.push_back({v, consumer.getInputMap(i)});
    for (auto [j, v] : llvm::enumerate(producer.getInputs()))
      inputs.push_back({v, producer.getInputMap(j).compose(readMap)});
    return inputs;
  }

  LogicalResult merge(FusedOp consumer, FusedOp producer, AffineMap readMap,
                      PatternRewriter &rewriter) const {
    SmallVector<Input> inputs = mergedInputs(consumer, producer, readMap);
    // Index into `inputs` of each consumer input, or -1 for the producer's.
    SmallVector<int> consumerIndex;
    unsigned kept = 0;
    for (Value v : consumer.getInputs())
      consumerIndex.push_back(
          v.getDefiningOp() == producer.getOperation() ? -1 : kept++);
    unsigned producerBase = kept;
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
