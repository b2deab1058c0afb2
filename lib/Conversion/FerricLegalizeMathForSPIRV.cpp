//===- FerricLegalizeMathForSPIRV.cpp - Math SPIR-V can lower -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// convert-math-to-spirv maps math ops to GLSL.std.450 for Vulkan. That
// instruction set has no erf, and its transcendental functions take 16- and
// 32-bit floats only: an f64 math.exp would become SPIR-V that spirv-val and
// the driver reject. Expand what can be expanded, diagnose the rest here,
// where the location still points at the user's op.
//
// convert-math-to-spirv also runs alone, inside the gpu.module, and looks
// for the target environment in a `spirv.target_env` attribute only: without
// one it assumes SPIR-V 1.0 with Shader alone, where f16 and f64 do not
// exist, and fails on `math.absf` of f16 or `math.sqrt` of f64. This pass
// copies the environment spirv-attach-target put in the gpu.module's targets
// to that attribute, so that math lowers for the device actually targeted.
//
// GLSL.std.450 leaves special values undefined (Pow for x < 0 or x = 0 and
// y <= 0, Log and Sqrt for x < 0, InverseSqrt for x <= 0, NaN inputs to
// everything), and drivers do compute something else (lavapipe: exp(NaN) is
// finite, pow(0, 0) = 0). Ferric's ops mean what C and numpy say on every
// target, so each of these functions gets the IEEE/C99 special cases as
// explicit selects around the GLSL call; arith.minimumf and maximumf are
// written out with their -0 < +0 order (the pass runs before
// arith-expand-ops, which would lose it).
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICLEGALIZEMATHFORSPIRVPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// Math ops GLSL.std.450 implements for 64-bit floats (FAbs, Floor, Ceil,
/// Round(Even), Trunc, Fma, Sqrt, InverseSqrt) or that
/// convert-math-to-spirv writes with bit operations (copysign).
static bool hasF64Lowering(Operation *op) {
  return isa<math::AbsFOp, math::FloorOp, math::CeilOp, math::RoundOp,
             math::RoundEvenOp, math::TruncOp, math::FmaOp, math::SqrtOp,
             math::RsqrtOp, math::CopySignOp>(op);
}

namespace {
/// Builds selects on scalars or vectors of one float type.
struct Specials {
  OpBuilder &b;
  Location loc;
  Type type;

  Value cst(double v) {
    TypedAttr attr = b.getFloatAttr(getElementTypeOrSelf(type), v);
    if (auto vt = dyn_cast<VectorType>(type))
      attr = DenseElementsAttr::get(vt, attr);
    return arith::ConstantOp::create(b, loc, attr);
  }
  Value inf() { return cst(std::numeric_limits<double>::infinity()); }
  Value nan() { return cst(std::numeric_limits<double>::quiet_NaN()); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value isNaN(Value x) { return cmp(arith::CmpFPredicate::UNO, x, x); }
  Value eq(Value x, Value y) { return cmp(arith::CmpFPredicate::OEQ, x, y); }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value sel(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value notI(Value x) {
    Value one = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(getElementTypeOrSelf(x.getType()), 1));
    if (auto vt = dyn_cast<VectorType>(x.getType()))
      one = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(vt, b.getBoolAttr(true)));
    return arith::XOrIOp::create(b, loc, x, one);
  }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value copySign(Value mag, Value sign) {
    return math::CopySignOp::create(b, loc, mag, sign);
  }
  /// The sign bit of x (true for -0 and -NaN too).
  Value signBit(Value x) { return lt(copySign(cst(1.0), x), cst(0.0)); }
  /// `type` with element type `element`.
  Type like(Type element) {
    if (auto vt = dyn_cast<VectorType>(type))
      return vt.clone(element);
    return element;
  }
  /// The sign bit of x read from its value as an f32 (exact for zeros,
  /// infinities and the sign of everything): 32-bit integers only, where
  /// copysign needs 64-bit ones for f64, and no arithmetic a driver could
  /// fold (1 / x for the sign of a zero became undef when lavapipe had
  /// folded x to the literal 0).
  Value signBitOfF32(Value x) {
    Type f32 = like(b.getF32Type()), i32 = like(b.getI32Type());
    unsigned width = getElementTypeOrSelf(x.getType()).getIntOrFloatBitWidth();
    if (width < 32)
      x = arith::ExtFOp::create(b, loc, f32, x);
    else if (width > 32)
      x = arith::TruncFOp::create(b, loc, f32, x);
    Value bits = arith::BitcastOp::create(b, loc, i32, x);
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(i32));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits, zero);
  }
  /// +inf, or -inf where `negative`.
  Value signedInf(Value negative) {
    return sel(negative, cst(-std::numeric_limits<double>::infinity()), inf());
  }

  /// `r` (= op(x) from GLSL) with the C results for NaN, infinities, zeros
  /// and out-of-domain inputs.
  Value unary(Operation *op, Value x, Value r) {
    Value zero = cst(0.0), ax = abs(x);
    Value isInf = eq(ax, inf());
    if (isa<math::ExpOp>(op))
      r = sel(isInf, sel(lt(x, zero), zero, x), r);
    else if (isa<math::LogOp>(op))
      r = sel(lt(x, zero), nan(),
              sel(eq(x, zero), cst(-std::numeric_limits<double>::infinity()),
                  sel(isInf, x, r)));
    else if (isa<math::SqrtOp>(op))
      r = sel(lt(x, zero), nan(), sel(orI(eq(x, zero), isInf), x, r));
    else if (isa<math::RsqrtOp>(op))
      // rsqrt(+-0) = +-inf.
      r = sel(
          lt(x, zero), nan(),
          sel(eq(x, zero), signedInf(signBitOfF32(x)), sel(isInf, zero, r)));
    else if (isa<math::TanhOp>(op))
      // tanh rounds to +-1 in f32 from |x| = 9.01 on; GLSL's formula gives
      // inf/inf = NaN for large |x|. Below 2^-12, tanh(x) = x within
      // x^2 / 3 < 2^-25 relative, where the formula's absolute error left
      // +-2^-25 for every tiny x (lavapipe: tanh(2.5e-44) = 2.98e-08; vulkan
      // fuzz program 32160 at seed 20261205). Zeros keep their sign.
      r = sel(cmp(arith::CmpFPredicate::OGE, ax, cst(10.0)),
              copySign(cst(1.0), x), sel(lt(ax, cst(0x1p-12)), x, r));
    else if (isa<math::SinOp, math::CosOp>(op))
      r = sel(isInf, nan(), r);
    else if (isa<math::ErfOp>(op))
      r = sel(cmp(arith::CmpFPredicate::OGE, ax, cst(4.0)),
              copySign(cst(1.0), x), sel(eq(x, zero), x, r));
    return sel(isNaN(x), x, r);
  }

  /// C99 pow from GLSL's Pow of |x| (defined for |x| > 0 finite).
  Value pow(Value x, Value y, Value magnitude) {
    Value zero = cst(0.0), one = cst(1.0), ax = abs(x), ay = abs(y);
    Value yInf = eq(ay, inf()), axInf = eq(ax, inf());
    Value yNeg = lt(y, zero);
    Value floorY = math::FloorOp::create(b, loc, y);
    Value yInt = andI(eq(floorY, y), notI(yInf));
    Value half = arith::MulFOp::create(b, loc, y, cst(0.5));
    Value yOdd = andI(yInt, cmp(arith::CmpFPredicate::ONE,
                                math::FloorOp::create(b, loc, half), half));
    Value mag = magnitude;
    mag = sel(eq(ax, zero), sel(yNeg, inf(), zero), mag);
    mag = sel(axInf, sel(yNeg, zero, inf()), mag);
    // y = +-inf: |x| < 1 gives 0 for +inf and inf for -inf; |x| = 1 gives 1.
    Value toZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                         lt(ax, one), yNeg);
    mag = sel(yInf, sel(eq(ax, one), one, sel(toZero, zero, inf())), mag);
    mag = sel(eq(ax, one), one, mag);
    Value neg = andI(signBit(x), yOdd);
    Value r = sel(neg, arith::NegFOp::create(b, loc, mag), mag);
    Value negBase = andI(lt(x, zero), notI(axInf));
    Value domain = andI(negBase, andI(notI(yInt), notI(yInf)));
    r = sel(orI(orI(isNaN(x), isNaN(y)), domain), nan(), r);
    // pow(x, +-0) = 1 and pow(1, y) = 1, even for NaN.
    return sel(orI(eq(y, zero), eq(x, one)), one, r);
  }
};

/// Whether `v` is a constant +-0 (scalar or splat); `negative` is set for
/// -0.
static bool isZeroConstant(Value v, bool &negative) {
  if (matchPattern(v, m_PosZeroFloat())) {
    negative = false;
    return true;
  }
  if (matchPattern(v, m_NegZeroFloat())) {
    negative = true;
    return true;
  }
  return false;
}

/// lavapipe's code generator (gallivm) simplifies arithmetic whose operand
/// is the literal zero before any float control applies: x * 0 -> 0,
/// 0 / x -> 0, x / 0 -> undef, x + 0 -> x, 0 - x -> -x. Those are wrong for
/// infinities, NaN and the sign of zero. Write IEEE's result for a constant
/// +-0 operand without that arithmetic, so every driver computes it:
///   x * (+-0)  = x finite ? 0 with x's sign (flipped for -0) : NaN
///   x / (+-0)  = x * (+-inf)
///   (+-0) / x  = x is NaN or +-0 ? NaN : 0 with x's sign (flipped for -0)
///   x + (+0)   = x == 0 ? +0 : x
///   (+0) - x   = x == 0 ? +0 : -x
/// (x - (+0), x + (-0) and (-0) - x are computed exactly by every driver:
/// gallivm's shortcut x - 0 -> x is exact, and -0 is no literal zero.)
static void addZeroOperandSpecials(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<arith::MulFOp, arith::DivFOp, arith::AddFOp, arith::SubFOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    bool lhsNeg = false, rhsNeg = false;
    bool lhsZero = isZeroConstant(lhs, lhsNeg);
    bool rhsZero = isZeroConstant(rhs, rhsNeg);
    if (lhsZero == rhsZero) // neither, or both (folded by the canonicalizer)
      continue;
    Value x = lhsZero ? rhs : lhs;
    bool zeroNeg = lhsZero ? lhsNeg : rhsNeg;
    OpBuilder b(op);
    Specials s{b, op->getLoc(), x.getType()};
    // The zero whose sign is x's, flipped for a -0 operand.
    auto signedZero = [&] {
      Value neg = s.signBitOfF32(x);
      return zeroNeg ? s.sel(neg, s.cst(0.0), s.cst(-0.0))
                     : s.sel(neg, s.cst(-0.0), s.cst(0.0));
    };
    Value r;
    if (isa<arith::MulFOp>(op)) {
      r = s.sel(s.lt(s.abs(x), s.inf()), signedZero(), s.nan());
    } else if (isa<arith::DivFOp>(op)) {
      if (rhsZero) {
        double inf = std::numeric_limits<double>::infinity();
        r = arith::MulFOp::create(b, op->getLoc(), x,
                                  s.cst(zeroNeg ? -inf : inf));
      } else {
        r = s.sel(s.orI(s.isNaN(x), s.eq(x, s.cst(0.0))), s.nan(),
                  signedZero());
      }
    } else if (isa<arith::AddFOp>(op) && !zeroNeg) {
      r = s.sel(s.eq(x, s.cst(0.0)), s.cst(0.0), x);
    } else if (isa<arith::SubFOp>(op) && lhsZero && !zeroNeg) {
      r = s.sel(s.eq(x, s.cst(0.0)), s.cst(0.0),
                arith::NegFOp::create(b, op->getLoc(), x));
    } else {
      continue;
    }
    op->getResult(0).replaceAllUsesWith(r);
    op->erase();
  }
}

/// arith.minimumf and maximumf order -0 below +0 and propagate NaN; the
/// upstream expansion (a compare and a select) and GLSL's FMin/FMax do
/// neither for zeros, and lavapipe returned min(-0, +0) = +0. Written out
/// here before that expansion: a NaN operand gives NaN, unequal operands
/// the smaller (larger), equal ones the one whose sign bit is set (clear).
static void orderSignedZeros(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<arith::MinimumFOp, arith::MaximumFOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Value x = op->getOperand(0), y = op->getOperand(1);
    Specials s{b, op->getLoc(), x.getType()};
    bool isMin = isa<arith::MinimumFOp>(op);
    Value xFirst = isMin ? s.lt(x, y) : s.lt(y, x);
    Value yFirst = isMin ? s.lt(y, x) : s.lt(x, y);
    Value xNegative = s.signBitOfF32(x);
    Value equal = isMin ? s.sel(xNegative, x, y) : s.sel(xNegative, y, x);
    Value ordered = s.sel(xFirst, x, s.sel(yFirst, y, equal));
    Value xNaN = s.isNaN(x), yNaN = s.isNaN(y);
    Value r = s.sel(s.orI(xNaN, yNaN), s.nan(), ordered);
    op->getResult(0).replaceAllUsesWith(r);
    op->erase();
  }
}

/// x / y with y a zero the driver can see (lavapipe folded y - y of a
/// select it had decided to the literal 0, then x / 0 to undef: vulkan fuzz
/// program 11523 at seed 20261205 gave 0.0 or 96.44 for 1 / 0): y == 0
/// selects x * (+-inf), y's sign read from its bits, which is IEEE's x / y
/// for every x (0 and NaN give NaN); the division stays for y != 0. A
/// constant divisor or a constant zero dividend is addZeroOperandSpecials'
/// (or needs nothing).
static void guardDivisions(Operation *root) {
  // c + exp(z) with c > 0 (sigmoid's, SiLU's denominator) is never zero.
  auto neverZero = [](Value y) {
    auto add = y.getDefiningOp<arith::AddFOp>();
    if (!add)
      return false;
    for (auto [c, e] : {std::pair(add.getLhs(), add.getRhs()),
                        std::pair(add.getRhs(), add.getLhs())}) {
      APFloat value(0.0); // a scalar or splat constant
      if (matchPattern(c, m_ConstantFloat(&value)) && !value.isNaN() &&
          !value.isZero() && !value.isNegative() &&
          e.getDefiningOp<math::ExpOp>())
        return true;
    }
    return false;
  };
  SmallVector<arith::DivFOp> ops;
  root->walk([&](arith::DivFOp op) {
    bool zeroLhs = matchPattern(op.getLhs(), m_AnyZeroFloat());
    if (!matchPattern(op.getRhs(), m_Constant()) && !zeroLhs &&
        !neverZero(op.getRhs()))
      ops.push_back(op);
  });
  for (arith::DivFOp op : ops) {
    OpBuilder b(op);
    b.setInsertionPointAfter(op);
    Value y = op.getRhs();
    Specials s{b, op.getLoc(), y.getType()};
    Value atZero = arith::MulFOp::create(b, op.getLoc(), op.getLhs(),
                                         s.signedInf(s.signBitOfF32(y)));
    Value r = s.sel(s.eq(y, s.cst(0.0)), atZero, op.getResult());
    op.getResult().replaceAllUsesExcept(r, r.getDefiningOp());
  }
}

/// Polynomials and argument reductions written in f32 arithmetic, for the
/// functions GLSL.std.450 lacks (log1p, expm1) or leaves too inaccurate
/// (Vulkan allows sin and cos an absolute error of 2^-11 in [-pi, pi] and
/// any outside).
struct Expansions : Specials {
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  /// c[0] + t * (c[1] + t * (... + t * c[n-1])).
  Value horner(Value t, ArrayRef<double> c) {
    Value r = cst(c.back());
    for (double k : llvm::reverse(c.drop_back()))
      r = add(cst(k), mul(t, r));
    return r;
  }

  /// sin or cos: x - k * pi/2 with pi/2 split Cody-Waite style into
  /// pieces of 8 significant bits, so that k * piece is exact for
  /// |k| < 2^16, then Cephes' minimax polynomials on [-pi/4, pi/4] (within
  /// 2.5 ulp or 1.2e-7 absolute below |x| = 102900). Beyond that the
  /// driver's own function is used (and its accuracy, which Vulkan does not
  /// bound).
  Value sinCos(Value x, bool cosine, Value driver) {
    Value k =
        math::RoundEvenOp::create(b, loc, mul(x, cst(0.63661977236758134)));
    Value r = x;
    for (double piece : {1.5703125, 4.825592041015625e-4, 1.2665987014770508e-6,
                         9.920935796805404e-10})
      r = sub(r, mul(k, cst(piece)));
    Value z = mul(r, r);
    Value sinP =
        add(r, mul(mul(r, z), horner(z, {-1.6666654611e-1, 8.3321608736e-3,
                                         -1.9515295891e-4})));
    Value cosP = add(
        sub(cst(1.0), mul(cst(0.5), z)),
        mul(mul(z, z), horner(z, {4.166664568298827e-2, -1.388731625493765e-3,
                                  2.443315711809948e-5})));
    // The quadrant k mod 4, exact for |k| < 2^24.
    Value q =
        sub(k, mul(cst(4.0), math::FloorOp::create(b, loc, mul(k, cst(0.25)))));
    Value first = cosine ? cosP : sinP;
    Value second = cosine ? neg(sinP) : cosP;
    Value reduced = sel(eq(q, cst(0.0)), first,
                        sel(eq(q, cst(1.0)), second,
                            sel(eq(q, cst(2.0)), neg(first), neg(second))));
    // sin(-0) = -0 (the reduction gives +0).
    if (!cosine)
      reduced = sel(eq(x, cst(0.0)), x, reduced);
    return sel(lt(abs(x), cst(102900.0)), reduced, driver);
  }

  /// log1p: 2 atanh(s) with s = x / (2 + x), as the odd series in s to s^17
  /// for -0.5 < x < 1 (|s| <= 1/3); log(1 + x) elsewhere, where 1 + x is
  /// exact (x <= -0.5) or log(1 + x) >= log 2. Within 3 ulp of f32 (and
  /// GLSL's log error outside).
  Value log1p(Value x) {
    Value t = arith::DivFOp::create(b, loc, x, add(cst(2.0), x));
    Value t2 = mul(t, t);
    Value series =
        mul(mul(cst(2.0), t),
            add(cst(1.0),
                mul(t2, horner(t2, {1.0 / 3, 1.0 / 5, 1.0 / 7, 1.0 / 9,
                                    1.0 / 11, 1.0 / 13, 1.0 / 15, 1.0 / 17}))));
    Value direct = math::LogOp::create(b, loc, add(cst(1.0), x));
    Value inRange = andI(lt(cst(-0.5), x), lt(x, cst(1.0)));
    return sel(inRange, series, direct);
  }

  /// expm1: Taylor to x^12 for |x| < 1 (within 2 ulp of f32), exp(x) - 1
  /// elsewhere (|result| >= 0.63, so GLSL's exp error is not amplified).
  Value expm1(Value x) {
    SmallVector<double> c;
    double factorial = 1.0;
    for (int n = 2; n <= 12; ++n)
      c.push_back(1.0 / (factorial *= n));
    Value series = mul(x, add(cst(1.0), mul(x, horner(x, c))));
    Value direct = sub(math::ExpOp::create(b, loc, x), cst(1.0));
    return sel(lt(abs(x), cst(1.0)), series, direct);
  }
};

/// f64 roundeven from floor: lavapipe's 64-bit RoundEven gave 1 for 1.5
/// (test/Integration/vulkan/run-more-ops.mlir). Ties go to the even of
/// floor(x) and floor(x) + 1; a zero result has x's sign (-0 for -0.3).
static Value roundEvenFromFloor(Expansions &e, Value x) {
  Value t = math::FloorOp::create(e.b, e.loc, x);
  Value d = e.sub(x, t);
  Value up = e.add(t, e.cst(1.0));
  Value half = e.cst(0.5);
  Value even = e.eq(
      e.mul(math::FloorOp::create(e.b, e.loc, e.mul(t, half)), e.cst(2.0)), t);
  Value r =
      e.sel(e.lt(half, d), up, e.sel(e.lt(d, half), t, e.sel(even, t, up)));
  // A zero result takes x's sign (copysign of f64 needs 64-bit integers).
  Value signedZero = e.sel(e.signBitOfF32(x), e.cst(-0.0), e.cst(0.0));
  return e.sel(e.eq(r, e.cst(0.0)), signedZero, r);
}

/// Replaces sin, cos, log1p and expm1 by Expansions (f16 ones computed in
/// f32); the exp and log they use get their special values afterwards.
static void expandForGLSL(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<math::SinOp, math::CosOp, math::Log1pOp, math::ExpM1Op>(op) ||
        (isa<math::RoundEvenOp>(op) &&
         getElementTypeOrSelf(op->getResult(0).getType()).isF64()))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value x = op->getOperand(0);
    Type type = x.getType();
    Expansions e{{b, loc, type}};
    Type compute = type;
    if (getElementTypeOrSelf(type).getIntOrFloatBitWidth() < 32) {
      compute = e.like(b.getF32Type());
      x = arith::ExtFOp::create(b, loc, compute, x);
    }
    e.type = compute;
    Value r;
    if (isa<math::SinOp>(op))
      r = e.sinCos(x, /*cosine=*/false, math::SinOp::create(b, loc, x));
    else if (isa<math::CosOp>(op))
      r = e.sinCos(x, /*cosine=*/true, math::CosOp::create(b, loc, x));
    else if (isa<math::RoundEvenOp>(op))
      r = roundEvenFromFloor(e, x);
    else if (isa<math::Log1pOp>(op))
      r = e.log1p(x);
    else
      r = e.expm1(x);
    if (compute != type)
      r = arith::TruncFOp::create(b, loc, type, r);
    op->getResult(0).replaceAllUsesWith(r);
    op->erase();
  }
}

/// Wraps every GLSL-bound math op in its special cases.
void addSpecialValues(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<math::ExpOp, math::LogOp, math::SqrtOp, math::RsqrtOp, math::TanhOp,
            math::ErfOp, math::PowFOp, math::SinOp, math::CosOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    Value r = op->getResult(0);
    SmallVector<OpOperand *> uses;
    for (OpOperand &u : r.getUses())
      uses.push_back(&u);
    OpBuilder b(op);
    Specials s{b, op->getLoc(), r.getType()};
    Value guarded;
    if (auto p = dyn_cast<math::PowFOp>(op)) {
      Value mag =
          math::PowFOp::create(b, op->getLoc(), s.abs(p.getLhs()), p.getRhs());
      b.setInsertionPointAfter(op);
      guarded = s.pow(p.getLhs(), p.getRhs(), mag);
      for (OpOperand *u : uses)
        u->set(guarded);
      op->erase();
      continue;
    }
    b.setInsertionPointAfter(op);
    guarded = s.unary(op, op->getOperand(0), r);
    for (OpOperand *u : uses)
      u->set(guarded);
  }
}

struct FerricLegalizeMathForSPIRVPass
    : ferric::impl::FerricLegalizeMathForSPIRVPassBase<
          FerricLegalizeMathForSPIRVPass> {
  void runOnOperation() override {
    if (auto gpuModule = dyn_cast<gpu::GPUModuleOp>(getOperation()))
      if (!gpuModule->hasAttr(spirv::getTargetEnvAttrName()))
        if (ArrayAttr targets = gpuModule.getTargetsAttr())
          for (Attribute t : targets)
            if (auto env = dyn_cast<spirv::TargetEnvAttr>(t)) {
              gpuModule->setAttr(spirv::getTargetEnvAttrName(), env);
              break;
            }
    bool rejected = false;
    getOperation()->walk([&](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()) || hasF64Lowering(op))
        return;
      bool f64 = llvm::any_of(op->getOperandTypes(), [](Type t) {
        return getElementTypeOrSelf(t).isF64();
      });
      if (!f64)
        return;
      op->emitOpError("on f64 has no SPIR-V lowering for Vulkan: "
                      "GLSL.std.450 implements it for 16- and 32-bit floats "
                      "only (use f32, or the cuda or cpu target)");
      rejected = true;
    });
    if (rejected)
      return signalPassFailure();
    guardDivisions(getOperation());
    orderSignedZeros(getOperation());
    addZeroOperandSpecials(getOperation());
    expandForGLSL(getOperation());
    addSpecialValues(getOperation());
    RewritePatternSet patterns(&getContext());
    populatePolynomialApproximateErfPattern(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
