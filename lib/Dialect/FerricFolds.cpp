//===- FerricFolds.cpp - Folders and canonicalizations --------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/FerricDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::ferric;

//===----------------------------------------------------------------------===//
// Constant folding through the scalar body
//===----------------------------------------------------------------------===//

/// The scalar an operand attribute stands for: a splat tensor's element or a
/// scalar constant. Null if the operand is not such a constant.
static TypedAttr scalarOf(Attribute attr) {
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(attr))
    return splat.getSplatValue<TypedAttr>();
  if (auto f = dyn_cast_if_present<FloatAttr>(attr))
    return f;
  return nullptr;
}

/// Folds the scalar ops whose upstream folders refuse constants the scalar
/// body produces: arith.truncf (and arith.extf) fold only conversions that
/// lose no information, but narrowing an f32 result back to f16 or bf16
/// rounds by design (to nearest even, like the generated code); math.rsqrt
/// has no folder at all. Returns null if `inner` is none of these or does
/// not fold.
static Attribute foldScalarSpecialCase(Operation &inner,
                                       ArrayRef<Attribute> operands) {
  if (operands.size() != 1)
    return nullptr;
  auto in = dyn_cast_if_present<FloatAttr>(operands[0]);
  if (!in)
    return nullptr;
  if (isa<arith::TruncFOp, arith::ExtFOp>(inner)) {
    // A rounding mode other than the default is left to arith's folder.
    if (auto trunc = dyn_cast<arith::TruncFOp>(inner);
        trunc && trunc.getRoundingmode())
      return nullptr;
    auto to = dyn_cast<FloatType>(inner.getResult(0).getType());
    if (!to)
      return nullptr;
    APFloat value = in.getValue();
    bool losesInfo;
    value.convert(to.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return FloatAttr::get(to, value);
  }
  if (isa<math::RsqrtOp>(inner)) {
    // Like math.sqrt's folder: only f32 and f64, and not negative inputs.
    const APFloat &x = in.getValue();
    if (x.isNegative())
      return nullptr;
    if (in.getType().isF64())
      return FloatAttr::get(in.getType(), 1.0 / std::sqrt(x.convertToDouble()));
    if (in.getType().isF32())
      return FloatAttr::get(in.getType(),
                            APFloat(1.0f / std::sqrt(x.convertToFloat())));
  }
  return nullptr;
}

/// Evaluates the scalar body of `op` on constant scalars by building it in a
/// scratch block and running the arith and math folders over it, so the
/// folder and the code generator cannot disagree about the math.
static TypedAttr evaluateScalarBody(Operation *op, ArrayRef<TypedAttr> args) {
  OpBuilder b(op->getContext());
  Block scratch;
  b.setInsertionPointToStart(&scratch);
  Location loc = op->getLoc();
  DenseMap<Value, Attribute> known;
  SmallVector<Value> argValues;
  for (TypedAttr a : args) {
    Value v = arith::ConstantOp::create(b, loc, a);
    known[v] = a;
    argValues.push_back(v);
  }
  Value result =
      cast<ElementwiseOpInterface>(op).buildScalar(b, loc, argValues);
  for (Operation &inner : scratch) {
    if (auto c = dyn_cast<arith::ConstantOp>(inner)) {
      known[c.getResult()] = c.getValue();
      continue;
    }
    SmallVector<Attribute> operands;
    for (Value v : inner.getOperands())
      operands.push_back(known.lookup(v));
    if (Attribute special = foldScalarSpecialCase(inner, operands)) {
      known[inner.getResult(0)] = special;
      continue;
    }
    SmallVector<OpFoldResult> folded;
    if (failed(inner.fold(operands, folded)) || folded.empty())
      return nullptr;
    for (auto [res, f] : llvm::zip(inner.getResults(), folded)) {
      if (auto attr = dyn_cast<Attribute>(f))
        known[res] = attr;
      else
        known[res] = known.lookup(cast<Value>(f));
      if (!known[res])
        return nullptr;
    }
  }
  return dyn_cast_if_present<TypedAttr>(known.lookup(result));
}

/// True if `v` is a splat/scalar constant equal to `value` (bitwise, so
/// -0.0 and +0.0 differ).
static bool isConstant(Attribute attr, double value) {
  auto f = dyn_cast_if_present<FloatAttr>(scalarOf(attr));
  if (!f)
    return false;
  APFloat expected(value);
  bool lost;
  expected.convert(f.getValue().getSemantics(), APFloat::rmNearestTiesToEven,
                   &lost);
  return f.getValue().bitwiseIsEqual(expected);
}

/// Identity folds that IEEE 754 allows exactly: x + (-0) = x, x - (+0) = x,
/// x * 1 = x, x / 1 = x. (x + (+0) is not x for x = -0, and x * 0 is not 0
/// for NaN, infinities and negative x, so neither is folded.)
static Value foldIdentity(Operation *op, ArrayRef<Attribute> operands) {
  if (op->getNumOperands() != 2)
    return nullptr;
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type resultType = op->getResult(0).getType();
  bool lhsIsResult = lhs.getType() == resultType;
  bool rhsIsResult = rhs.getType() == resultType;
  if (isa<AddOp>(op)) {
    if (lhsIsResult && isConstant(operands[1], -0.0))
      return lhs;
    if (rhsIsResult && isConstant(operands[0], -0.0))
      return rhs;
  }
  if (isa<SubOp>(op) && lhsIsResult && isConstant(operands[1], 0.0))
    return lhs;
  if (isa<MulOp>(op)) {
    if (lhsIsResult && isConstant(operands[1], 1.0))
      return lhs;
    if (rhsIsResult && isConstant(operands[0], 1.0))
      return rhs;
  }
  if (isa<DivOp>(op) && lhsIsResult && isConstant(operands[1], 1.0))
    return lhs;
  return nullptr;
}

/// True if every value of type `from` is exactly representable in `to`.
static bool isExactConversion(Type from, Type to) {
  if (from == to || from.isInteger(1))
    return true;
  if (to.isF64())
    return from.isF32() || from.isF16() || from.isBF16();
  if (to.isF32())
    return from.isF16() || from.isBF16();
  return false;
}

static OpFoldResult foldCast(CastOp op) {
  Value input = op.getInput();
  if (input.getType() == op.getType())
    return input;
  auto inner = input.getDefiningOp<CastOp>();
  if (!inner)
    return nullptr;
  Type a = inner.getInput().getType().getElementType();
  Type b = inner.getType().getElementType();
  if (!isExactConversion(a, b))
    return nullptr;
  if (inner.getInput().getType() == op.getType())
    return inner.getInput();
  // cast(cast(x: A -> B) -> C) with A -> B exact is cast(x: A -> C).
  op.getInputMutable().assign(inner.getInput());
  return op.getResult();
}

/// Ops whose every result is a fixed point of `outer`: integers (and
/// +-0, +-inf, NaN) for the rounding ops; 1, -1, +-0 and NaN for sign.
static bool isIdempotentOver(Operation *outer, Operation *inner) {
  if (isa<FloorOp, CeilOp, RoundOp>(outer))
    return isa<FloorOp, CeilOp, RoundOp, SignOp>(inner);
  if (isa<SignOp>(outer))
    return isa<SignOp>(inner);
  return false;
}

OpFoldResult mlir::ferric::foldElementwise(Operation *op,
                                           ArrayRef<Attribute> operands) {
  if (auto neg = dyn_cast<NegOp>(op))
    if (auto inner = neg.getInput().getDefiningOp<NegOp>())
      return inner.getInput();
  // floor(ceil(x)) = ceil(x), sign(sign(x)) = sign(x), ...
  if (op->getNumOperands() == 1)
    if (Operation *inner = op->getOperand(0).getDefiningOp();
        inner && isIdempotentOver(op, inner))
      return op->getOperand(0);
  if (auto cast = dyn_cast<CastOp>(op))
    if (OpFoldResult r = foldCast(cast))
      return r;
  if (Value v = foldIdentity(op, operands))
    return v;

  SmallVector<TypedAttr> scalars;
  for (Attribute a : operands) {
    TypedAttr s = scalarOf(a);
    if (!s)
      return nullptr;
    scalars.push_back(s);
  }
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || !resultType.hasStaticShape())
    return nullptr;
  TypedAttr value = evaluateScalarBody(op, scalars);
  if (!value || value.getType() != resultType.getElementType())
    return nullptr;
  return DenseElementsAttr::get(resultType, value);
}

//===----------------------------------------------------------------------===//
// BroadcastOp canonicalization
//===----------------------------------------------------------------------===//

namespace {
/// broadcast(broadcast(x)) -> broadcast(x) with the added dims of both.
struct ComposeBroadcasts : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp outer,
                                PatternRewriter &rewriter) const override {
    auto inner = outer.getInput().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    RankedTensorType resultType = outer.getType();
    SmallVector<int64_t> dims;
    SmallVector<Value> sizes;
    unsigned outerSize = 0, innerSize = 0;
    int64_t mid = 0; // position in the intermediate tensor
    for (int64_t d = 0; d < resultType.getRank(); ++d) {
      if (outer.isAddedDim(d)) {
        dims.push_back(d);
        if (resultType.isDynamicDim(d))
          sizes.push_back(outer.getSizes()[outerSize++]);
        continue;
      }
      if (inner.isAddedDim(mid)) {
        dims.push_back(d);
        if (inner.getType().isDynamicDim(mid))
          sizes.push_back(inner.getSizes()[innerSize++]);
      }
      ++mid;
    }
    rewriter.replaceOpWithNewOp<BroadcastOp>(
        outer, resultType, inner.getInput(),
        rewriter.getDenseI64ArrayAttr(dims), sizes);
    return success();
  }
};

/// broadcast of a splat constant -> a splat constant of the result shape.
struct BroadcastSplat : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    SplatElementsAttr splat;
    if (!op.getType().hasStaticShape() ||
        !matchPattern(op.getInput(), m_Constant(&splat)))
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op,
        DenseElementsAttr::get(op.getType(), splat.getSplatValue<Attribute>()));
    return success();
  }
};
} // namespace

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ComposeBroadcasts, BroadcastSplat>(context);
}
