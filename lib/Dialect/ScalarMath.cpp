//===- ScalarMath.cpp - The scalar math of every elementwise op -----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// This file is the single definition of what each elementwise ferric op
// computes on one element. The fusion pass, the linalg lowering (and so the
// CPU, CUDA and Vulkan paths) and the constant folder all call it.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/FerricDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ferric;

namespace {
/// Emits scalar code in a compute type: f16 and bf16 are widened to f32 for
/// transcendental functions (and narrowed back), since libdevice, SPIR-V's
/// GLSL set and libm offer them in f32, and f16 accuracy would suffer.
struct ScalarEmitter {
  OpBuilder &b;
  Location loc;

  Value cst(Type t, double v) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(t, v));
  }
  Value convert(Value v, Type to) {
    Type from = v.getType();
    if (from == to)
      return v;
    if (from.isInteger(1))
      return arith::UIToFPOp::create(b, loc, to, v);
    // f16 <-> bf16: arith.extf and arith.truncf need a width change, so go
    // through f32, which holds either exactly (one rounding, as direct).
    if (from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth())
      return convert(convert(v, b.getF32Type()), to);
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, v);
    return arith::TruncFOp::create(b, loc, to, v);
  }
  /// Runs `fn` on `args` widened to f32 where the type is narrower, and
  /// narrows the result back to the type of args[0].
  template <typename Fn> Value widened(ValueRange args, Fn fn) {
    Type t = args[0].getType();
    Type compute = t.getIntOrFloatBitWidth() < 32 ? b.getF32Type() : t;
    SmallVector<Value> wide;
    for (Value a : args)
      wide.push_back(convert(a, compute));
    return convert(fn(compute, wide), t);
  }

  Value sigmoid(Type t, Value x) {
    Value one = cst(t, 1.0);
    Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
    return arith::DivFOp::create(b, loc, one,
                                 arith::AddFOp::create(b, loc, one, e));
  }
  /// 1 for x > 0, -1 for x < 0, else x (+-0 keep their sign, NaN stays).
  Value sign(Value x) {
    Type t = x.getType();
    Value zero = cst(t, 0.0);
    Value positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
    Value negative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
    Value r = arith::SelectOp::create(b, loc, negative, cst(t, -1.0), x);
    return arith::SelectOp::create(b, loc, positive, cst(t, 1.0), r);
  }
  /// GELU. The tanh form 0.5 x (1 + tanh(u)), u = sqrt(2/pi) (x + 0.044715
  /// x^3), is computed as x / (1 + exp(-2u)) (0.5 (1 + tanh(u)) is the
  /// logistic function of 2u): one exp and one division where tanh costs an
  /// exp, a division and a polynomial (about 30 instructions per element on
  /// sm_90 against about 12, which made f16/bf16 bias + GELU issue-bound at
  /// 67% of bandwidth on the H100), and no cancellation in 1 + tanh(u) for
  /// negative x (x = -5: 1 + tanh(u) is 9e-8, a few f32 ulps of 1). +-inf
  /// and overflow give what the tanh form gives (x / inf is -0 for large
  /// negative x, x / 1 for large positive x). -2u is x (k1 + k2 x^2): three
  /// operations, one rounding fewer than the polynomial as written.
  Value gelu(Type t, Value x, bool exact) {
    if (!exact) {
      // -2u = x (k1 + k2 x^2), k1 = -2 sqrt(2/pi), k2 = 0.044715 k1.
      double k1 = -2.0 * 0.79788456080286535588, k2 = 0.044715 * k1;
      Value x2 = arith::MulFOp::create(b, loc, x, x);
      Value minus2u = arith::MulFOp::create(
          b, loc, x,
          arith::AddFOp::create(b, loc, cst(t, k1),
                                arith::MulFOp::create(b, loc, cst(t, k2), x2)));
      Value e = math::ExpOp::create(b, loc, minus2u);
      return arith::DivFOp::create(
          b, loc, x, arith::AddFOp::create(b, loc, cst(t, 1.0), e));
    }
    Value half = cst(t, 0.5), one = cst(t, 1.0);
    Value scaled =
        arith::MulFOp::create(b, loc, x, cst(t, 0.70710678118654752440));
    Value inner = math::ErfOp::create(b, loc, scaled);
    Value hx = arith::MulFOp::create(b, loc, half, x);
    return arith::MulFOp::create(b, loc, hx,
                                 arith::AddFOp::create(b, loc, one, inner));
  }
};
} // namespace

static arith::CmpFPredicate toArith(CmpPredicate p) {
  switch (p) {
  case CmpPredicate::lt:
    return arith::CmpFPredicate::OLT;
  case CmpPredicate::le:
    return arith::CmpFPredicate::OLE;
  case CmpPredicate::gt:
    return arith::CmpFPredicate::OGT;
  case CmpPredicate::ge:
    return arith::CmpFPredicate::OGE;
  case CmpPredicate::eq:
    return arith::CmpFPredicate::OEQ;
  case CmpPredicate::ne:
    return arith::CmpFPredicate::UNE;
  }
  llvm_unreachable("unknown predicate");
}

Value mlir::ferric::buildScalarComputation(Operation *op, OpBuilder &b,
                                           Location loc, ValueRange args) {
  ScalarEmitter e{b, loc};
  auto unary = [&](auto fn) {
    return e.widened(args,
                     [&](Type t, ArrayRef<Value> a) { return fn(t, a[0]); });
  };
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](NegOp) { return arith::NegFOp::create(b, loc, args[0]); })
      .Case([&](AbsOp) { return math::AbsFOp::create(b, loc, args[0]); })
      .Case([&](ExpOp) {
        return unary(
            [&](Type, Value x) { return math::ExpOp::create(b, loc, x); });
      })
      .Case([&](LogOp) {
        return unary(
            [&](Type, Value x) { return math::LogOp::create(b, loc, x); });
      })
      .Case([&](SqrtOp) {
        return unary(
            [&](Type, Value x) { return math::SqrtOp::create(b, loc, x); });
      })
      .Case([&](RsqrtOp) {
        return unary(
            [&](Type, Value x) { return math::RsqrtOp::create(b, loc, x); });
      })
      .Case([&](TanhOp) {
        return unary(
            [&](Type, Value x) { return math::TanhOp::create(b, loc, x); });
      })
      .Case([&](ReluOp) {
        return arith::MaximumFOp::create(b, loc, args[0],
                                         e.cst(args[0].getType(), 0.0));
      })
      .Case([&](SigmoidOp) {
        return unary([&](Type t, Value x) { return e.sigmoid(t, x); });
      })
      .Case([&](SiluOp) {
        return unary([&](Type t, Value x) {
          return arith::MulFOp::create(b, loc, x, e.sigmoid(t, x));
        });
      })
      .Case([&](SinOp) {
        return unary(
            [&](Type, Value x) { return math::SinOp::create(b, loc, x); });
      })
      .Case([&](CosOp) {
        return unary(
            [&](Type, Value x) { return math::CosOp::create(b, loc, x); });
      })
      .Case([&](ErfOp) {
        return unary(
            [&](Type, Value x) { return math::ErfOp::create(b, loc, x); });
      })
      .Case([&](Log1pOp) {
        return unary(
            [&](Type, Value x) { return math::Log1pOp::create(b, loc, x); });
      })
      .Case([&](Expm1Op) {
        return unary(
            [&](Type, Value x) { return math::ExpM1Op::create(b, loc, x); });
      })
      // Rounding is exact in any type; f16 and bf16 still go through f32,
      // which every target rounds natively (no f16/bf16 floor in libdevice,
      // none for bf16 in GLSL.std.450), and back exactly.
      .Case([&](FloorOp) {
        return unary(
            [&](Type, Value x) { return math::FloorOp::create(b, loc, x); });
      })
      .Case([&](CeilOp) {
        return unary(
            [&](Type, Value x) { return math::CeilOp::create(b, loc, x); });
      })
      .Case([&](RoundOp) {
        return unary([&](Type, Value x) {
          return math::RoundEvenOp::create(b, loc, x);
        });
      })
      .Case([&](SignOp) { return e.sign(args[0]); })
      .Case([&](ReciprocalOp) {
        return arith::DivFOp::create(b, loc, e.cst(args[0].getType(), 1.0),
                                     args[0]);
      })
      .Case([&](ClampOp) {
        Value lower = arith::MaximumFOp::create(b, loc, args[0], args[1]);
        return arith::MinimumFOp::create(b, loc, lower, args[2]);
      })
      .Case([&](GeluOp g) {
        return unary(
            [&](Type t, Value x) { return e.gelu(t, x, g.getExact()); });
      })
      .Case([&](AddOp) {
        return arith::AddFOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](SubOp) {
        return arith::SubFOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](MulOp) {
        return arith::MulFOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](DivOp) {
        return arith::DivFOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](MaxOp) {
        return arith::MaximumFOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](MinOp) {
        return arith::MinimumFOp::create(b, loc, args[0], args[1]);
      })
      .Case([&](PowOp) {
        return e.widened(args, [&](Type, ArrayRef<Value> a) {
          return math::PowFOp::create(b, loc, a[0], a[1]);
        });
      })
      .Case([&](CmpOp c) {
        return arith::CmpFOp::create(b, loc, toArith(c.getPredicate()), args[0],
                                     args[1]);
      })
      .Case([&](SelectOp) {
        return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
      })
      .Case([&](CastOp c) {
        return e.convert(args[0], c.getResult().getType().getElementType());
      })
      .Default([](Operation *) -> Value {
        llvm_unreachable("not an elementwise ferric op");
      });
}

unsigned mlir::ferric::scalarCost(Operation *op) {
  return llvm::TypeSwitch<Operation *, unsigned>(op)
      .Case<NegOp, AbsOp, ReluOp, AddOp, SubOp, MulOp, MaxOp, MinOp, CmpOp,
            SelectOp, CastOp, FloorOp, CeilOp, RoundOp>(
          [](Operation *) { return 1; })
      .Case<SignOp, ClampOp>([](Operation *) { return 2; })
      .Case<DivOp, SqrtOp, RsqrtOp, ReciprocalOp>([](Operation *) { return 4; })
      .Case<ExpOp, LogOp, TanhOp, SigmoidOp, SiluOp, SinOp, CosOp, ErfOp,
            Log1pOp, Expm1Op>([](Operation *) { return 12; })
      .Case<GeluOp, PowOp>([](Operation *) { return 20; })
      .Default([](Operation *) { return 1; });
}
