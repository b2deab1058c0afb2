//===- ConvertFerricToLinalg.cpp - Lower ferric ops to linalg -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"
#include "FerricDialect/Transforms/MatmulLayout.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_CONVERTFERRICTOLINALGPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// An empty tensor of `type` whose dynamic dims come from `dimOf(d)`.
static Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                         function_ref<OpFoldResult(int64_t)> dimOf) {
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    sizes.push_back(type.isDynamicDim(d) ? dimOf(d)
                                         : b.getIndexAttr(type.getDimSize(d)));
  return tensor::EmptyOp::create(b, loc, sizes, type.getElementType());
}

static SmallVector<utils::IteratorType> parallelIterators(int64_t rank) {
  return SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel);
}

namespace {
/// Any elementwise ferric op -> linalg.generic with the op's scalar math.
struct ElementwiseToGeneric
    : OpInterfaceRewritePattern<ElementwiseOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(ElementwiseOpInterface op,
                                PatternRewriter &rewriter) const override {
    Location loc = op->getLoc();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    int64_t rank = resultType.getRank();
    MLIRContext *ctx = op->getContext();
    Value shapeSource;
    SmallVector<AffineMap> maps;
    for (Value v : op->getOperands()) {
      if (isa<RankedTensorType>(v.getType())) {
        shapeSource = shapeSource ? shapeSource : v;
        maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
      } else {
        maps.push_back(AffineMap::get(rank, 0, {}, ctx));
      }
    }
    maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
    Value init = emptyTensor(rewriter, loc, resultType, [&](int64_t d) {
      return OpFoldResult(
          tensor::DimOp::create(rewriter, loc, shapeSource, d).getResult());
    });
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, op->getOperands(), init, maps,
        parallelIterators(rank),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value r = op.buildScalar(b, l, args.drop_back());
          linalg::YieldOp::create(b, l, r);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// ferric.fused -> one linalg.generic with the same maps and body.
struct FusedToGeneric : OpRewritePattern<FusedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t rank = op.getIterationRank();
    SmallVector<Value> inits;
    SmallVector<AffineMap> maps = op.getInputMaps();
    for (Type t : op.getResultTypes()) {
      inits.push_back(
          emptyTensor(rewriter, loc, cast<RankedTensorType>(t), [&](int64_t d) {
            return op.getIterationDimSize(rewriter, d);
          }));
      maps.push_back(
          AffineMap::getMultiDimIdentityMap(rank, rewriter.getContext()));
    }
    auto generic = linalg::GenericOp::create(
        rewriter, loc, op.getResultTypes(), op.getInputs(), inits, maps,
        parallelIterators(rank),
        [&](OpBuilder &b, Location l, ValueRange args) {
          IRMapping mapping;
          Block &body = op.getBody().front();
          mapping.map(body.getArguments(),
                      args.take_front(body.getNumArguments()));
          for (Operation &inner : body.without_terminator())
            b.clone(inner, mapping);
          SmallVector<Value> yielded;
          for (Value v : op.getYield().getValues())
            yielded.push_back(mapping.lookupOrDefault(v));
          linalg::YieldOp::create(b, l, yielded);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct BroadcastToLinalg : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    Value init =
        emptyTensor(rewriter, op.getLoc(), op.getType(), [&](int64_t d) {
          return op.getResultDimSize(rewriter, d);
        });
    auto bc = linalg::BroadcastOp::create(rewriter, op.getLoc(), op.getInput(),
                                          init, op.getDims());
    rewriter.replaceOp(op, bc.getResults());
    return success();
  }
};

/// The type reductions and products accumulate in.
Type accumulatorType(Type elem) {
  if (elem.getIntOrFloatBitWidth() < 32)
    return Float32Type::get(elem.getContext());
  return elem;
}

/// An elementwise generic applying `fn` to every element of `input`.
Value mapTensor(OpBuilder &b, Location loc, Value input, Type elem,
                function_ref<Value(OpBuilder &, Location, Value)> fn) {
  auto inType = cast<RankedTensorType>(input.getType());
  auto outType = RankedTensorType::get(inType.getShape(), elem);
  Value init = emptyTensor(b, loc, outType, [&](int64_t d) {
    return OpFoldResult(tensor::DimOp::create(b, loc, input, d).getResult());
  });
  auto id = b.getMultiDimIdentityMap(inType.getRank());
  return linalg::GenericOp::create(
             b, loc, outType, input, init, ArrayRef<AffineMap>{id, id},
             parallelIterators(inType.getRank()),
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(nb, l, fn(nb, l, args[0]));
             })
      .getResult(0);
}

Value convertScalar(OpBuilder &b, Location loc, Value v, Type to) {
  if (v.getType() == to)
    return v;
  if (v.getType().getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, loc, to, v);
  return arith::TruncFOp::create(b, loc, to, v);
}

struct ReduceToLinalg : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto inType = op.getInput().getType();
    Type elem = inType.getElementType();
    Type acc = accumulatorType(elem);
    ArrayRef<int64_t> dims = op.getDims();
    int64_t rank = inType.getRank();
    SmallVector<int64_t> keptShape;
    SmallVector<AffineExpr> keptExprs;
    SmallVector<utils::IteratorType> iters;
    for (int64_t d = 0; d < rank; ++d) {
      bool reduced = llvm::is_contained(dims, d);
      iters.push_back(reduced ? utils::IteratorType::reduction
                              : utils::IteratorType::parallel);
      if (!reduced) {
        keptShape.push_back(inType.getDimSize(d));
        keptExprs.push_back(rewriter.getAffineDimExpr(d));
      }
    }
    auto accType = RankedTensorType::get(keptShape, acc);
    SmallVector<Value> dynSizes;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(dims, d) && inType.isDynamicDim(d))
        dynSizes.push_back(
            tensor::DimOp::create(rewriter, loc, op.getInput(), d));
    Value empty = tensor::EmptyOp::create(rewriter, loc, accType, dynSizes);
    double identity = 0.0;
    if (op.getKind() == ReduceKind::max)
      identity = -std::numeric_limits<double>::infinity();
    if (op.getKind() == ReduceKind::min)
      identity = std::numeric_limits<double>::infinity();
    Value idValue = arith::ConstantOp::create(
        rewriter, loc, rewriter.getFloatAttr(acc, identity));
    Value init =
        linalg::FillOp::create(rewriter, loc, idValue, empty).getResult(0);
    AffineMap inMap = rewriter.getMultiDimIdentityMap(rank);
    AffineMap outMap =
        AffineMap::get(rank, 0, keptExprs, rewriter.getContext());
    ReduceKind kind = op.getKind();
    Value reduced = linalg::GenericOp::create(
                        rewriter, loc, accType, op.getInput(), init,
                        ArrayRef<AffineMap>{inMap, outMap}, iters,
                        [&](OpBuilder &b, Location l, ValueRange args) {
                          Value x = convertScalar(b, l, args[0], acc);
                          Value r;
                          if (kind == ReduceKind::max)
                            r = arith::MaximumFOp::create(b, l, args[1], x);
                          else if (kind == ReduceKind::min)
                            r = arith::MinimumFOp::create(b, l, args[1], x);
                          else
                            r = arith::AddFOp::create(b, l, args[1], x);
                          linalg::YieldOp::create(b, l, r);
                        })
                        .getResult(0);
    Value count;
    if (kind == ReduceKind::mean) {
      Value n = arith::ConstantIndexOp::create(rewriter, loc, 1);
      for (int64_t d : dims)
        n = arith::MulIOp::create(
            rewriter, loc, n,
            tensor::DimOp::create(rewriter, loc, op.getInput(), d));
      Value n64 =
          arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), n);
      count = arith::UIToFPOp::create(rewriter, loc, acc, n64);
    }
    if (count || acc != elem)
      reduced = mapTensor(
          rewriter, loc, reduced, elem, [&](OpBuilder &b, Location l, Value v) {
            if (count) {
              // The mean of nothing is NaN on every target:
              // without float controls a Vulkan driver may
              // evaluate 0 / 0 to anything (lavapipe: 0).
              auto type = cast<FloatType>(count.getType());
              Value zero =
                  arith::ConstantOp::create(b, l, b.getFloatAttr(type, 0.0));
              Value nan = arith::ConstantOp::create(
                  b, l,
                  b.getFloatAttr(type,
                                 APFloat::getNaN(type.getFloatSemantics())));
              Value empty = arith::CmpFOp::create(
                  b, l, arith::CmpFPredicate::OEQ, count, zero);
              v = arith::SelectOp::create(
                  b, l, empty, nan, arith::DivFOp::create(b, l, v, count));
            }
            return convertScalar(b, l, v, elem);
          });
    if (op.getKeepdim()) {
      // Each kept dim's group takes the reduced (unit) dims that follow it;
      // leading reduced dims join the first group.
      SmallVector<ReassociationIndices> reassoc;
      SmallVector<int64_t> pending;
      for (int64_t d = 0; d < rank; ++d) {
        if (llvm::is_contained(dims, d)) {
          if (reassoc.empty())
            pending.push_back(d);
          else
            reassoc.back().push_back(d);
          continue;
        }
        ReassociationIndices group(pending.begin(), pending.end());
        pending.clear();
        group.push_back(d);
        reassoc.push_back(group);
      }
      reduced = tensor::ExpandShapeOp::create(rewriter, loc, op.getType(),
                                              reduced, reassoc);
    }
    rewriter.replaceOp(op, reduced);
    return success();
  }
};

struct MatmulToLinalg : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatmulOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    Type elem = type.getElementType();
    Type acc = accumulatorType(elem);
    int64_t r = type.getRank();
    SmallVector<Value> dyn;
    for (int64_t d = 0; d < r; ++d) {
      if (!type.isDynamicDim(d))
        continue;
      Value src = d == r - 1 ? op.getRhs() : op.getLhs();
      int64_t srcDim = d == r - 1   ? op.getRhsNDim()
                       : d == r - 2 ? op.getLhsMDim()
                                    : d;
      dyn.push_back(tensor::DimOp::create(rewriter, loc, src, srcDim));
    }
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, RankedTensorType::get(type.getShape(), acc), dyn);
    Value zero = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getFloatAttr(acc, 0.0));
    Value init =
        linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
    // A transposed operand is read through indexing maps; the default
    // layout keeps the default (unprinted) maps.
    MatmulLayout layout{op.getTransposeLhs(), op.getTransposeRhs()};
    SmallVector<NamedAttribute> attrs;
    if (layout.transposeLhs || layout.transposeRhs) {
      SmallVector<Attribute> maps;
      for (AffineMap map :
           matmulIndexingMaps(rewriter.getContext(), r == 3, layout))
        maps.push_back(AffineMapAttr::get(map));
      attrs.push_back(
          rewriter.getNamedAttr("indexing_maps", rewriter.getArrayAttr(maps)));
    }
    SmallVector<Value, 2> inputs = {op.getLhs(), op.getRhs()};
    Value result;
    if (r == 2)
      result = linalg::MatmulOp::create(rewriter, loc, init.getType(), inputs,
                                        init, attrs)
                   .getResult(0);
    else
      result = linalg::BatchMatmulOp::create(rewriter, loc, init.getType(),
                                             inputs, init, attrs)
                   .getResult(0);
    if (acc != elem)
      result = mapTensor(rewriter, loc, result, elem,
                         [&](OpBuilder &b, Location l, Value v) {
                           return convertScalar(b, l, v, elem);
                         });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertFerricToLinalgPass
    : ferric::impl::ConvertFerricToLinalgPassBase<ConvertFerricToLinalgPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addIllegalDialect<FerricDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    populateFerricToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::ferric::populateFerricToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ElementwiseToGeneric, FusedToGeneric, BroadcastToLinalg,
               ReduceToLinalg, MatmulToLinalg>(patterns.getContext());
}
