//===- Epilogue.cpp - What a cuBLASLt epilogue takes from a generic -------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Epilogue.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::cublaslt;

/// `a op b` in either order with one side `x`: the other side, or null.
template <typename Op> static Value otherOperand(Operation *op, Value x) {
  auto bin = dyn_cast_or_null<Op>(op);
  if (!bin)
    return {};
  if (bin.getLhs() == x)
    return bin.getRhs();
  if (bin.getRhs() == x)
    return bin.getLhs();
  return {};
}

/// Whether `v` is the constant `want`: within 1e-6 of it, or `want` as the
/// constant's own type holds it (rounded to nearest), so that a body
/// computed in bf16 or f16 throughout, as an exporter writes GELU in a bf16
/// model (0.044715 is 0.0446777 in bf16), is the same GELU.
static bool isConstant(Value v, double want) {
  FloatAttr attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return false;
  if (std::abs(attr.getValueAsDouble() - want) <= 1e-6 * std::abs(want))
    return true;
  APFloat rounded(want);
  bool losesInfo;
  rounded.convert(attr.getValue().getSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  return rounded.bitwiseIsEqual(attr.getValue());
}

constexpr double kSqrt2OverPi = 0.79788456080286535588;

/// The single user of `v`, or null.
static Operation *onlyUser(Value v) {
  return v.hasOneUse() ? *v.getUsers().begin() : nullptr;
}

/// The user of `w` that computes w * w, or null.
static Operation *squareOf(Value w) {
  for (Operation *user : w.getUsers())
    if (auto mul = dyn_cast<arith::MulFOp>(user);
        mul && mul.getLhs() == w && mul.getRhs() == w)
      return mul;
  return nullptr;
}

/// Matches 0.5 w (1 + tanh(c (w + a w^3))), the tanh GELU as written out
/// (an exporter's body): its result, with its ops in `found`, or null.
static Value matchGeluTanhWritten(Value w,
                                  SmallVectorImpl<Operation *> &found) {
  // Uses of w: w*w (twice), w*w*w's last factor, w + a w^3 and 0.5 w.
  Operation *sq = squareOf(w), *half = nullptr;
  for (Operation *user : w.getUsers())
    if (Value c = otherOperand<arith::MulFOp>(user, w); c && isConstant(c, 0.5))
      half = user;
  if (!sq || !half)
    return {};
  Operation *cube = onlyUser(sq->getResult(0));
  if (otherOperand<arith::MulFOp>(cube, sq->getResult(0)) != w)
    return {};
  Operation *scaled = onlyUser(cube->getResult(0));
  Value a = otherOperand<arith::MulFOp>(scaled, cube->getResult(0));
  if (!a || !isConstant(a, 0.044715))
    return {};
  Operation *poly = onlyUser(scaled->getResult(0));
  if (otherOperand<arith::AddFOp>(poly, scaled->getResult(0)) != w)
    return {};
  Operation *inner = onlyUser(poly->getResult(0));
  Value c = otherOperand<arith::MulFOp>(inner, poly->getResult(0));
  if (!c || !isConstant(c, kSqrt2OverPi))
    return {};
  auto tanh = dyn_cast_or_null<math::TanhOp>(onlyUser(inner->getResult(0)));
  if (!tanh)
    return {};
  Operation *plusOne = onlyUser(tanh.getResult());
  Value one = otherOperand<arith::AddFOp>(plusOne, tanh.getResult());
  if (!one || !isConstant(one, 1.0))
    return {};
  Operation *result = onlyUser(plusOne->getResult(0));
  if (otherOperand<arith::MulFOp>(result, plusOne->getResult(0)) !=
      half->getResult(0))
    return {};
  if (!half->getResult(0).hasOneUse() || !sq->getResult(0).hasOneUse() ||
      llvm::range_size(w.getUses()) != 5)
    return {};
  found.append({sq, cube, scaled, poly, inner, tanh, plusOne, half, result});
  return result->getResult(0);
}

/// Matches ScalarMath's tanh GELU, w / (1 + exp(w (k1 + k2 w^2))) with
/// k1 = -2 sqrt(2/pi), k2 = 0.044715 k1 (the same function): its result,
/// with its ops in `found`, or null.
static Value matchGeluTanhLogistic(Value w,
                                   SmallVectorImpl<Operation *> &found) {
  // Uses of w: w*w (twice), w (k1 + k2 w^2) and w / (1 + e).
  Operation *sq = squareOf(w);
  if (!sq || !sq->getResult(0).hasOneUse() ||
      llvm::range_size(w.getUses()) != 4)
    return {};
  const double k1 = -2.0 * kSqrt2OverPi, k2 = 0.044715 * k1;
  Operation *scaled = onlyUser(sq->getResult(0));
  Value c2 = otherOperand<arith::MulFOp>(scaled, sq->getResult(0));
  if (!c2 || !isConstant(c2, k2))
    return {};
  Operation *inner = onlyUser(scaled->getResult(0));
  Value c1 = otherOperand<arith::AddFOp>(inner, scaled->getResult(0));
  if (!c1 || !isConstant(c1, k1))
    return {};
  Operation *arg = onlyUser(inner->getResult(0));
  if (otherOperand<arith::MulFOp>(arg, inner->getResult(0)) != w)
    return {};
  auto exp = dyn_cast_or_null<math::ExpOp>(onlyUser(arg->getResult(0)));
  if (!exp)
    return {};
  Operation *plusOne = onlyUser(exp.getResult());
  Value one = otherOperand<arith::AddFOp>(plusOne, exp.getResult());
  if (!one || !isConstant(one, 1.0))
    return {};
  auto div = dyn_cast_or_null<arith::DivFOp>(onlyUser(plusOne->getResult(0)));
  if (!div || div.getLhs() != w || div.getRhs() != plusOne->getResult(0))
    return {};
  found.append({sq, scaled, inner, arg, exp, plusOne, div});
  return div.getResult();
}

/// Matches the tanh GELU of `x`, in ScalarMath's form or written out,
/// possibly computed in f32 for a narrower `x` (extf, then truncf at the
/// end). Returns the result in x's type and collects the ops, or null.
static Value matchGeluTanh(Value x, SmallVectorImpl<Operation *> &ops) {
  SmallVector<Operation *> found;
  Value w = x;
  if (auto ext = dyn_cast_or_null<arith::ExtFOp>(onlyUser(x))) {
    w = ext.getResult();
    found.push_back(ext);
  }
  Value out = matchGeluTanhLogistic(w, found);
  if (!out)
    out = matchGeluTanhWritten(w, found);
  if (!out)
    return {};
  if (out.getType() != x.getType()) {
    auto trunc = dyn_cast_or_null<arith::TruncFOp>(onlyUser(out));
    if (!trunc || trunc.getType() != x.getType())
      return {};
    found.push_back(trunc);
    out = trunc.getResult();
  }
  ops.append(found);
  return out;
}

/// Whether generic input `operand` is a 1-D buffer of `type` read through
/// (d0, ..., dn) -> (d(n - fromLast)): a bias row for 0 (one value per
/// column), a bias column for 1 (one value per row).
static bool isBiasVector(linalg::GenericOp g, OpOperand *operand, Type type,
                         unsigned fromLast) {
  auto t = dyn_cast<MemRefType>(operand->get().getType());
  if (!t || t.getRank() != 1 || t.getElementType() != type ||
      !t.getLayout().isIdentity())
    return false;
  AffineMap map = g.getMatchingIndexingMap(operand);
  return map.getNumResults() == 1 && map.getNumDims() > fromLast &&
         map.getResult(0) ==
             getAffineDimExpr(map.getNumDims() - 1 - fromLast, g.getContext());
}

/// Why a bias over the rows stays in the Ferric kernel.
static constexpr StringLiteral kColumnBias =
    "a bias over the rows (bias[M], broadcast along N) is not a cuBLASLt "
    "epilogue: cuBLASLt adds its bias along the rows of its column-major D, "
    "which is the row-major result transposed, so only a bias over the "
    "columns (bias[N]) fits, and row-major (CUBLASLT_ORDER_ROW) layouts do "
    "not take a bias epilogue";

/// Reads the epilogue off `g`'s body, starting at the block argument `x`
/// for the product: [* alpha] [+ bias] [relu | gelu], each step only if
/// nothing but the next step reads the value before it.
Epilogue cublaslt::matchEpilogue(linalg::GenericOp g, BlockArgument x) {
  Epilogue e;
  e.result = x;
  Type type = x.getType();
  auto next = [&]() { return onlyUser(e.result); };
  if (Operation *op = next()) {
    FloatAttr c;
    if (Value s = otherOperand<arith::MulFOp>(op, e.result);
        s && matchPattern(s, m_Constant(&c))) {
      e.alpha = static_cast<float>(c.getValueAsDouble());
      e.ops.push_back(op);
      e.result = op->getResult(0);
      char text[32];
      std::snprintf(text, sizeof(text), "scale %g", double(e.alpha));
      e.parts.push_back(text);
    }
  }
  if (Operation *op = next()) {
    Value other = otherOperand<arith::AddFOp>(op, e.result);
    auto arg = dyn_cast_or_null<BlockArgument>(other);
    OpOperand *input = arg && arg.getOwner() == g.getBody() &&
                               arg.getArgNumber() < g.getNumDpsInputs()
                           ? g.getDpsInputOperand(arg.getArgNumber())
                           : nullptr;
    if (input && isBiasVector(g, input, type, /*fromLast=*/0)) {
      e.bias = input->get();
      e.flags |= kBias;
      e.ops.push_back(op);
      e.result = op->getResult(0);
      e.parts.push_back("bias");
    } else if (input && isBiasVector(g, input, type, /*fromLast=*/1)) {
      e.stopped = kColumnBias.str();
      return e;
    }
  }
  // GELU reads its operand several times, so it is not behind next().
  Operation *op = next();
  Value zero = otherOperand<arith::MaximumFOp>(op, e.result);
  if (zero && isConstant(zero, 0.0)) {
    e.flags |= kRelu;
    e.ops.push_back(op);
    e.result = op->getResult(0);
    e.parts.push_back("relu");
  } else if (Value gelu = matchGeluTanh(e.result, e.ops)) {
    e.flags |= kGelu;
    e.result = gelu;
    e.parts.push_back("gelu(tanh)");
  }
  if (Operation *op = next()) {
    if (isa<linalg::YieldOp>(op))
      return e;
    e.stopped = "'" + op->getName().getStringRef().str() +
                "' is not a cuBLASLt epilogue step after " +
                (e.parts.empty() ? std::string("the product") : e.parts.back());
  } else if (!e.result.use_empty()) {
    e.stopped = "the body reads " +
                (e.parts.empty() ? std::string("the product")
                                 : "the result of " + e.parts.back()) +
                " more than once";
  }
  // Say why a GELU did not go in: cuBLASLt only has the tanh form.
  if (!(e.flags & kGelu) && !g.getBody()->getOps<math::ErfOp>().empty())
    e.stopped += " (the exact, erf GELU is not a cuBLASLt epilogue)";
  return e;
}
