//===- RaiseLinalgReductions.cpp - ferric-raise-linalg's barrier rules ----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Reductions to ferric.reduce and matmuls to ferric.matmul, for
// ferric-raise-linalg (FerricRaiseLinalg.cpp). Ferric accumulates f16 and
// bf16 in f32, as upstream's "extend, accumulate in f32, truncate" form
// does, so that form becomes one ferric op of the narrow type; any other
// accumulator is kept by casting the input to it.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/FerricDialect.h"
#include "FerricDialect/Dialect/TargetSupport.h"
#include "FerricDialect/Transforms/MatmulLayout.h"
#include "RaiseLinalg.h"

#include "mlir/IR/Matchers.h"

#include <variant>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::raise;

/// The type Ferric accumulates `elem` in (ConvertFerricToLinalg.cpp).
static Type accumulatorOf(Type elem) {
  if (elem.getIntOrFloatBitWidth() < 32)
    return Float32Type::get(elem.getContext());
  return elem;
}

static bool isFloat(Type t) {
  return isa<FloatType>(t) && isFerricElementType(t);
}

linalg::GenericOp raise::truncatingUser(Value value, Type narrow) {
  if (!value.hasOneUse())
    return nullptr;
  auto user = dyn_cast<linalg::GenericOp>(*value.getUsers().begin());
  if (!user || user.getNumDpsInputs() != 1 || user.getNumDpsInits() != 1 ||
      user.getDpsInputs()[0] != value || !user.hasPureTensorSemantics() ||
      user.getNumParallelLoops() != user.getNumLoops() ||
      !llvm::all_of(user.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return nullptr;
  Block *body = user.getBody();
  auto trunc = dyn_cast<arith::TruncFOp>(&body->front());
  if (!trunc || body->getOperations().size() != 2 ||
      trunc.getIn() != body->getArgument(0) || trunc.getType() != narrow ||
      body->getTerminator()->getOperand(0) != trunc.getResult())
    return nullptr;
  return user;
}

/// The constant a `linalg.fill` writes into `init`, if that is what it is.
static std::optional<APFloat> filledConstant(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill)
    return std::nullopt;
  FloatAttr attr;
  if (!matchPattern(fill.getInputs()[0], m_Constant(&attr)))
    return std::nullopt;
  return attr.getValue();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

namespace {
/// What a reduction body computes.
struct Combiner {
  ReduceKind kind;
  bool extended = false; // the input is extf'd to the accumulator first
};
} // namespace

/// The combiner of a body `yield(op(x, acc))` (either order), where x is
/// the input argument or its extf.
static std::variant<Combiner, Why> readCombiner(linalg::GenericOp op) {
  Block *body = op.getBody();
  Value in = body->getArgument(0), acc = body->getArgument(1);
  Operation *yielded = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!yielded || yielded->getBlock() != body)
    return Why("its body does not combine the input with the accumulator");
  Combiner c;
  if (isa<arith::AddFOp>(yielded))
    c.kind = ReduceKind::sum;
  else if (isa<arith::MaximumFOp>(yielded))
    c.kind = ReduceKind::max;
  else if (isa<arith::MinimumFOp>(yielded))
    c.kind = ReduceKind::min;
  else if (isa<arith::MaxNumFOp, arith::MinNumFOp>(yielded))
    return Why("its combiner '" + yielded->getName().getStringRef().str() +
               "' ignores NaN, which Ferric's max/min propagate");
  else
    return Why("its combiner '" + yielded->getName().getStringRef().str() +
               "' is not addf, maximumf or minimumf");
  Value x = yielded->getOperand(0), y = yielded->getOperand(1);
  if (x == acc)
    std::swap(x, y);
  if (y != acc)
    return Why("its combiner does not read the accumulator");
  if (auto ext = x.getDefiningOp<arith::ExtFOp>();
      ext && ext->getBlock() == body) {
    c.extended = true;
    x = ext.getIn();
  }
  if (x != in || body->getOperations().size() != (c.extended ? 3u : 2u))
    return Why("its body computes more than the combiner of its input");
  return c;
}

/// The combiner's identity: an init filled with it needs no op after.
static bool isIdentity(ReduceKind kind, const APFloat &v) {
  if (kind == ReduceKind::sum)
    return v.isZero();
  return v.isInfinity() && v.isNegative() == (kind == ReduceKind::max);
}

/// `lhs` combined elementwise with `rhs` (a tensor of its type or a scalar).
static Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value lhs,
                     Value rhs) {
  if (kind == ReduceKind::max)
    return MaxOp::create(b, loc, lhs, rhs);
  if (kind == ReduceKind::min)
    return MinOp::create(b, loc, lhs, rhs);
  return AddOp::create(b, loc, lhs, rhs);
}

Why raise::raiseReduction(RewriterBase &rewriter, linalg::GenericOp op,
                          DenseSet<Operation *> &consumed) {
  if (!op.hasPureTensorSemantics())
    return "it works on buffers, not tensors";
  if (op.getNumDpsInits() != 1)
    return "it has " + std::to_string(op.getNumDpsInits()) +
           " results (a multi-result reduction such as argmax)";
  if (op.getNumDpsInputs() != 1)
    return "it reduces " + std::to_string(op.getNumDpsInputs()) +
           " inputs together";
  OpOperand *inOperand = op.getDpsInputOperand(0);
  OpOperand *initOperand = op.getDpsInitOperand(0);
  auto inType = dyn_cast<RankedTensorType>(inOperand->get().getType());
  auto outType = cast<RankedTensorType>(initOperand->get().getType());
  if (!inType || !isFloat(inType.getElementType()) ||
      !isFloat(outType.getElementType()))
    return "it reduces a tensor of a type Ferric does not reduce";
  if (!op.getMatchingIndexingMap(inOperand).isIdentity())
    return "it reads its input through a map that is not the identity";
  // The result keeps the parallel dims, in order.
  SmallVector<int64_t> reduced;
  SmallVector<unsigned> kept;
  for (auto [d, it] : llvm::enumerate(op.getIteratorTypesArray()))
    if (it == utils::IteratorType::reduction)
      reduced.push_back(d);
    else
      kept.push_back(d);
  AffineMap outMap = op.getMatchingIndexingMap(initOperand);
  SmallVector<unsigned> written;
  for (AffineExpr e : outMap.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    if (!dim)
      return "it writes its result through a map with a constant";
    written.push_back(dim.getPosition());
  }
  if (written != kept)
    return "its result is not its parallel dims in order";
  std::variant<Combiner, Why> read = readCombiner(op);
  if (auto *why = std::get_if<Why>(&read))
    return *why;
  Combiner c = std::get<Combiner>(read);
  Type inElem = inType.getElementType(), acc = outType.getElementType();
  if (!c.extended && inElem != acc)
    return "its input and accumulator types differ without an extf";
  Value init = initOperand->get();
  std::optional<APFloat> filled = filledConstant(init);
  bool identityInit = filled && isIdentity(c.kind, *filled);
  if (!filled && !init.getDefiningOp<tensor::EmptyOp>() &&
      init.getType() != op.getResult(0).getType())
    return "its init is a tensor of another type than its result";
  if (!filled && init.getDefiningOp<tensor::EmptyOp>())
    return "its init is uninitialized (tensor.empty)";

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value input = inOperand->get();
  // extend, reduce in f32, truncate: Ferric's own reduction of the narrow
  // type (it accumulates in f32).
  linalg::GenericOp trunc =
      c.extended && identityInit && accumulatorOf(inElem) == acc
          ? truncatingUser(op.getResult(0), inElem)
          : nullptr;
  if (trunc) {
    auto narrowType = cast<RankedTensorType>(trunc.getResult(0).getType());
    rewriter.setInsertionPoint(trunc);
    Value r = ReduceOp::create(
        rewriter, loc, RankedTensorType::get(narrowType.getShape(), inElem),
        c.kind, input, reduced, /*keepdim=*/false);
    if (r.getType() != narrowType)
      r = tensor::CastOp::create(rewriter, loc, narrowType, r);
    consumed.insert(trunc);
    rewriter.replaceOp(trunc, r);
    rewriter.eraseOp(op);
    return {};
  }
  if (c.extended)
    input = CastOp::create(rewriter, loc, inType.clone(acc), input);
  SmallVector<int64_t> keptShape;
  for (unsigned d : kept)
    keptShape.push_back(inType.getDimSize(d));
  Value r =
      ReduceOp::create(rewriter, loc, RankedTensorType::get(keptShape, acc),
                       c.kind, input, reduced, /*keepdim=*/false);
  if (r.getType() != outType)
    r = tensor::CastOp::create(rewriter, loc, outType, r);
  if (filled && !identityInit) {
    Value scalar = arith::ConstantOp::create(
        rewriter, loc, rewriter.getFloatAttr(acc, *filled));
    r = combine(rewriter, loc, c.kind, r, scalar);
  } else if (!filled) {
    r = combine(rewriter, loc, c.kind, r, init);
  }
  rewriter.replaceOp(op, r);
  return {};
}

//===----------------------------------------------------------------------===//
// Matmuls
//===----------------------------------------------------------------------===//

Why raise::raiseMatmul(RewriterBase &rewriter, linalg::LinalgOp op,
                       DenseSet<Operation *> &consumed) {
  if (!op.hasPureTensorSemantics())
    return "it works on buffers, not tensors";
  // Maps that only swap an operand's last two dims are ferric.matmul's
  // transpose flags.
  FailureOr<MatmulLayout> layout = getMatmulLayout(op);
  if (failed(layout))
    return "it has user-defined indexing maps other than a transposed "
           "operand (a broadcast operand or a transposed result)";
  Value lhs = op.getDpsInputs()[0], rhs = op.getDpsInputs()[1];
  Value init = op.getDpsInits()[0];
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  auto outType = cast<RankedTensorType>(init.getType());
  Type elem = lhsType.getElementType(), out = outType.getElementType();
  if (rhsType.getElementType() != elem || !isFloat(elem) || !isFloat(out))
    return "its operands are not floats of one type";
  if (out.getIntOrFloatBitWidth() < elem.getIntOrFloatBitWidth())
    return "it accumulates in a narrower type than its operands";
  std::optional<APFloat> filled = filledConstant(init);
  if (!filled || !filled->isZero())
    return "it accumulates into something other than a zero fill";

  Location loc = op.getLoc();
  Value result = op->getResult(0);
  // A batch of one (TOSA's matmul is always batched) is a 2-D product, which
  // cuBLASLt takes with epilogues; the reshapes fold into their neighbours.
  bool unitBatch = isa<linalg::BatchMatmulOp>(*op) &&
                   lhsType.getDimSize(0) == 1 && rhsType.getDimSize(0) == 1 &&
                   outType.getDimSize(0) == 1;
  auto product = [&](Value a, Value b, RankedTensorType type) -> Value {
    if (!unitBatch)
      return MatmulOp::create(rewriter, loc, type, a, b, layout->transposeLhs,
                              layout->transposeRhs);
    SmallVector<ReassociationIndices> dropBatch = {{0, 1}, {2}};
    auto flat = [&](Value v) -> Value {
      auto t = cast<RankedTensorType>(v.getType());
      return tensor::CollapseShapeOp::create(
          rewriter, loc, t.clone(t.getShape().drop_front()), v, dropBatch);
    };
    Value lhs2 = flat(a), rhs2 = flat(b); // in this order, every compiler
    Value r = MatmulOp::create(
        rewriter, loc, type.clone(type.getShape().drop_front()), lhs2, rhs2,
        layout->transposeLhs, layout->transposeRhs);
    return tensor::ExpandShapeOp::create(rewriter, loc, type, r, dropBatch);
  };
  if (out != elem && accumulatorOf(elem) == out) {
    if (linalg::GenericOp trunc = truncatingUser(result, elem)) {
      rewriter.setInsertionPoint(trunc);
      auto narrowType = cast<RankedTensorType>(trunc.getResult(0).getType());
      Value r = product(lhs, rhs, outType.clone(elem));
      if (r.getType() != narrowType)
        r = tensor::CastOp::create(rewriter, loc, narrowType, r);
      consumed.insert(trunc);
      rewriter.replaceOp(trunc, r);
      rewriter.eraseOp(op);
      return {};
    }
  }
  rewriter.setInsertionPoint(op);
  if (out != elem) {
    lhs = CastOp::create(rewriter, loc, lhsType.clone(out), lhs);
    rhs = CastOp::create(rewriter, loc, rhsType.clone(out), rhs);
  }
  rewriter.replaceOp(op, product(lhs, rhs, outType));
  return {};
}
