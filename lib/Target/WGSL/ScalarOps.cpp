//===- ScalarOps.cpp - arith and math ops as WGSL expressions -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// WGSL has no unsigned view of an i32, no NaN test and no 8/16-bit
// integers: unsigned ops go through bitcast<u32>, NaN tests through the bit
// pattern, and narrow integers are i32 holding the zero-extended bits
// (every op on them masks its result).
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::wgsl;

std::string wgsl::floatLiteral(const llvm::APFloat &value, bool isF16) {
  if (value.isInfinity() || value.isNaN())
    return "";
  // The shortest decimal that reads back as the same float (9 significant
  // digits always do for f32).
  double d = value.convertToDouble();
  std::string text;
  for (int digits = 1; digits <= 17; ++digits) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.*g", digits, d);
    text = buf;
    double back = std::strtod(text.c_str(), nullptr);
    llvm::APFloat round(back);
    bool lost;
    round.convert(value.getSemantics(), llvm::APFloat::rmNearestTiesToEven,
                  &lost);
    if (round.bitwiseIsEqual(value))
      break;
  }
  if (text.find_first_of(".en") == std::string::npos)
    text += ".0";
  return text + (isF16 ? "h" : "f");
}

/// The bits of an integer type, 32 for index.
static unsigned widthOf(Type type) {
  if (type.isIndex())
    return 32;
  return type.getIntOrFloatBitWidth();
}

static std::string asU32(StringRef v) {
  return ("bitcast<u32>(" + v + ")").str();
}

/// Keeps the low `bits` of an i32 expression (narrow integers are held
/// zero-extended).
static std::string narrow(const std::string &expr, unsigned bits) {
  if (bits >= 32 || bits == 1) // i1 is a bool
    return expr;
  return "((" + expr + ") & " + std::to_string((1u << bits) - 1) + ")";
}

/// An i32 holding a zero-extended narrow value, sign-extended.
static std::string signExtend(const std::string &v, unsigned bits) {
  if (bits >= 32)
    return v;
  std::string s = std::to_string(32 - bits) + "u";
  return "((" + v + " << " + s + ") >> " + s + ")";
}

static std::string isNaN(StringRef v, bool isF16) {
  if (isF16)
    return ("(" + v + " != " + v + ")").str();
  return ("((bitcast<u32>(" + v + ") & 0x7fffffffu) > 0x7f800000u)").str();
}

static FailureOr<bool> emitConstant(KernelEmitter &e, arith::ConstantOp op) {
  Type type = op.getType();
  auto typed = dyn_cast<TypedAttr>(op.getValue());
  if (auto f = dyn_cast<FloatAttr>(typed)) {
    bool f16 = type.isF16();
    if (!type.isF32() && !f16) {
      if (type.isBF16()) {
        e.bind(op, Twine(f.getValue().bitcastToAPInt().getZExtValue()));
        return true;
      }
      return op.emitError("WGSL has no ") << type << " (f32 and f16 only)";
    }
    std::string literal = floatLiteral(f.getValue(), f16);
    if (!literal.empty()) {
      e.bind(op, literal);
      return true;
    }
    // inf and NaN have no literal, and bitcast of a literal is a
    // const-expression that WGSL rejects: go through a let.
    uint64_t bits = f.getValue().bitcastToAPInt().getZExtValue();
    std::string word = e.bind(nullptr, Twine(bits) + "u");
    if (f16)
      e.bind(op, "bitcast<vec2<f16>>(" + word + ").x");
    else
      e.bind(op, "bitcast<f32>(" + word + ")");
    return true;
  }
  if (auto i = dyn_cast<IntegerAttr>(typed)) {
    if (type.isInteger(1)) {
      e.bind(op, i.getValue().isZero() ? "false" : "true");
      return true;
    }
    if (widthOf(type) > 32)
      return op.emitError("WGSL has no 64-bit integers");
    llvm::APInt v = i.getValue();
    if (!type.isIndex())
      v = v.zextOrTrunc(32);
    if (widthOf(type) < 32) {
      e.bind(op, Twine(v.getZExtValue() & ((1u << widthOf(type)) - 1)));
      return true;
    }
    int64_t s = v.trunc(32).getSExtValue();
    // -2^31 has no i32 literal (the literal is its magnitude).
    e.bind(op, s == INT32_MIN ? std::string("i32(-2147483647 - 1)")
                              : std::to_string(s) + "i");
    return true;
  }
  return op.emitError("WGSL emission: vector and other non-scalar "
                      "constants are not supported");
}

static std::string cmpf(arith::CmpFPredicate p, StringRef a, StringRef b,
                        bool f16) {
  auto op = [&](StringRef o) {
    return ("(" + a + " " + o + " " + b + ")").str();
  };
  std::string unordered = "(" + isNaN(a, f16) + " || " + isNaN(b, f16) + ")";
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse:
    return "false";
  case P::AlwaysTrue:
    return "true";
  case P::OEQ:
    return op("==");
  case P::OGT:
    return op(">");
  case P::OGE:
    return op(">=");
  case P::OLT:
    return op("<");
  case P::OLE:
    return op("<=");
  case P::ONE:
    return "(" + op("<") + " || " + op(">") + ")";
  case P::ORD:
    return "!" + unordered;
  case P::UEQ:
    return "(" + op("==") + " || " + unordered + ")";
  case P::UGT:
    return "!" + op("<=");
  case P::UGE:
    return "!" + op("<");
  case P::ULT:
    return "!" + op(">=");
  case P::ULE:
    return "!" + op(">");
  case P::UNE:
    return "!" + op("==");
  case P::UNO:
    return unordered;
  }
  return "false";
}

static std::string cmpi(arith::CmpIPredicate p, std::string a, std::string b,
                        unsigned bits) {
  using P = arith::CmpIPredicate;
  bool isBool = bits == 1;
  switch (p) {
  case P::eq:
    return "(" + a + " == " + b + ")";
  case P::ne:
    return "(" + a + " != " + b + ")";
  default:
    break;
  }
  if (isBool) {
    // i1 as a number: true is -1 signed, 1 unsigned.
    bool isSigned = p == P::slt || p == P::sle || p == P::sgt || p == P::sge;
    std::string one = isSigned ? "-1" : "1";
    a = "select(0, " + one + ", " + a + ")";
    b = "select(0, " + one + ", " + b + ")";
  }
  std::string o;
  bool unsignedCmp = false;
  switch (p) {
  case P::slt:
    o = "<";
    break;
  case P::sle:
    o = "<=";
    break;
  case P::sgt:
    o = ">";
    break;
  case P::sge:
    o = ">=";
    break;
  case P::ult:
    o = "<";
    unsignedCmp = true;
    break;
  case P::ule:
    o = "<=";
    unsignedCmp = true;
    break;
  case P::ugt:
    o = ">";
    unsignedCmp = true;
    break;
  case P::uge:
    o = ">=";
    unsignedCmp = true;
    break;
  default:
    break;
  }
  if (unsignedCmp && !isBool) {
    a = asU32(a);
    b = asU32(b);
  } else if (!unsignedCmp && !isBool) {
    a = signExtend(a, bits);
    b = signExtend(b, bits);
  }
  return "(" + a + " " + o + " " + b + ")";
}

/// Integer binary ops, on i32 (index included), narrow integers and i1.
static FailureOr<bool> emitIntBinary(KernelEmitter &e, Operation *op) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return false;
  Type type = op->getResult(0).getType();
  if (!type.isSignlessIntOrIndex() ||
      !op->getOperand(0).getType().isSignlessIntOrIndex())
    return false;
  unsigned bits = widthOf(type);
  if (bits > 32)
    return op->emitError("WGSL has no 64-bit integers");
  std::string a = e[op->getOperand(0)], b = e[op->getOperand(1)];
  bool isBool = bits == 1;
  auto infix = [&](StringRef o) {
    return "(" + a + " " + o.str() + " " + b + ")";
  };
  auto wrap = [&](const std::string &expr) {
    e.bind(op->getResult(0), narrow(expr, bits));
    return true;
  };
  auto unsignedOp = [&](StringRef o) {
    return "bitcast<i32>(" + asU32(a) + " " + o.str() + " " + asU32(b) + ")";
  };
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(op)
      .Case([&](arith::AndIOp) { return wrap(infix("&")); })
      .Case([&](arith::OrIOp) { return wrap(infix("|")); })
      .Case([&](arith::XOrIOp) {
        return wrap(isBool ? infix("!=") : infix("^"));
      })
      .Default([&](Operation *) -> FailureOr<bool> {
        if (isBool)
          return op->emitError("WGSL emission: ")
                 << op->getName() << " on i1 is not supported";
        std::string sa = signExtend(a, bits), sb = signExtend(b, bits);
        return llvm::TypeSwitch<Operation *, FailureOr<bool>>(op)
            .Case([&](arith::AddIOp) { return wrap(infix("+")); })
            .Case([&](arith::SubIOp) { return wrap(infix("-")); })
            .Case([&](arith::MulIOp) { return wrap(infix("*")); })
            .Case([&](arith::DivSIOp) {
              return wrap("(" + sa + " / " + sb + ")");
            })
            .Case([&](arith::RemSIOp) {
              return wrap("(" + sa + " % " + sb + ")");
            })
            .Case([&](arith::DivUIOp) { return wrap(unsignedOp("/")); })
            .Case([&](arith::RemUIOp) { return wrap(unsignedOp("%")); })
            .Case([&](arith::ShLIOp) {
              return wrap("(" + a + " << " + asU32(b) + ")");
            })
            .Case([&](arith::ShRSIOp) {
              return wrap("(" + sa + " >> " + asU32(b) + ")");
            })
            .Case([&](arith::ShRUIOp) {
              return wrap("bitcast<i32>(" + asU32(a) + " >> " + asU32(b) + ")");
            })
            .Case([&](arith::MaxSIOp) {
              return wrap("max(" + sa + ", " + sb + ")");
            })
            .Case([&](arith::MinSIOp) {
              return wrap("min(" + sa + ", " + sb + ")");
            })
            .Case([&](arith::MaxUIOp) {
              return wrap("bitcast<i32>(max(" + asU32(a) + ", " + asU32(b) +
                          "))");
            })
            .Case([&](arith::MinUIOp) {
              return wrap("bitcast<i32>(min(" + asU32(a) + ", " + asU32(b) +
                          "))");
            })
            .Default([&](Operation *) -> FailureOr<bool> { return false; });
      });
}

/// Casts between ints, floats and bits.
static FailureOr<bool> emitCast(KernelEmitter &e, Operation *op) {
  if (!isa<arith::ExtUIOp, arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp,
           arith::IndexCastUIOp, arith::SIToFPOp, arith::UIToFPOp,
           arith::FPToSIOp, arith::FPToUIOp, arith::ExtFOp, arith::TruncFOp,
           arith::BitcastOp>(op))
    return false;
  Type from = op->getOperand(0).getType(), to = op->getResult(0).getType();
  if (isa<ShapedType>(from) || isa<ShapedType>(to))
    return op->emitError("WGSL emission: vector casts are not supported");
  auto intBits = [](Type t) -> unsigned {
    return t.isSignlessIntOrIndex() ? widthOf(t) : 0;
  };
  for (Type t : {from, to})
    if (t.getIntOrFloatBitWidth() > 32 && !t.isIndex())
      return op->emitError("WGSL has no ")
             << t << " (f64 and i64 cannot be emitted exactly)";
  std::string v = e[op->getOperand(0)];
  std::string toName;
  if (!isa<arith::BitcastOp>(op) && !to.isBF16() && !from.isBF16()) {
    auto name = e.typeOf(to, op->getLoc());
    if (failed(name))
      return failure();
    toName = *name;
  }
  Value r = op->getResult(0);
  unsigned fb = intBits(from), tb = intBits(to);
  if (isa<arith::ExtUIOp, arith::IndexCastUIOp>(op) ||
      (isa<arith::IndexCastOp>(op) && fb >= tb)) {
    if (fb == 1) {
      e.bind(r, "select(0, 1, " + v + ")");
      return true;
    }
    if (isa<arith::IndexCastOp>(op) && fb > tb)
      e.bind(r, narrow(v, tb));
    else
      e.bind(r, v);
    return true;
  }
  if (isa<arith::ExtSIOp, arith::IndexCastOp>(op)) {
    if (fb == 1)
      e.bind(r, "select(0, " + narrow("-1", tb) + ", " + v + ")");
    else
      e.bind(r, narrow(signExtend(v, fb), tb));
    return true;
  }
  if (isa<arith::TruncIOp>(op)) {
    e.bind(r, tb == 1 ? "((" + v + " & 1) != 0)" : narrow(v, tb));
    return true;
  }
  if (isa<arith::SIToFPOp>(op)) {
    e.bind(r, fb == 1
                  ? "select(" + toName + "(0), " + toName + "(-1), " + v + ")"
                  : toName + "(" + signExtend(v, fb) + ")");
    return true;
  }
  if (isa<arith::UIToFPOp>(op)) {
    e.bind(r, fb == 1
                  ? "select(" + toName + "(0), " + toName + "(1), " + v + ")"
                  : toName + "(" + asU32(v) + ")");
    return true;
  }
  if (isa<arith::FPToSIOp>(op)) {
    if (tb == 1)
      return op->emitError("WGSL emission: fptosi to i1 is not supported");
    e.bind(r, narrow("i32(" + v + ")", tb));
    return true;
  }
  if (isa<arith::FPToUIOp>(op)) {
    if (tb == 1)
      return op->emitError("WGSL emission: fptoui to i1 is not supported");
    e.bind(r, narrow("bitcast<i32>(u32(" + v + "))", tb));
    return true;
  }
  if (isa<arith::ExtFOp, arith::TruncFOp>(op)) {
    if (from.isBF16() || to.isBF16())
      return op->emitError(
          "WGSL emission: bf16 arithmetic is left to "
          "arith-emulate-unsupported-floats and arith-expand (run "
          "ferric-lower-to-wgsl)");
    if (isa<arith::TruncFOp>(op) &&
        cast<arith::TruncFOp>(op).getRoundingmodeAttr())
      return op->emitError("WGSL emission: truncf with a rounding mode is "
                           "not supported");
    e.bind(r, toName + "(" + v + ")");
    return true;
  }
  // bitcast: bf16 and narrow integers are the same bits; f32 <-> i32 by
  // WGSL's bitcast; f16 <-> i16 through a vec2<f16>.
  if (from.isBF16() || to.isBF16() || from == to) {
    e.bind(r, v);
    return true;
  }
  if (to.isF32()) {
    e.bind(r, "bitcast<f32>(" + v + ")");
    return true;
  }
  if (from.isF32()) {
    e.bind(r, "bitcast<i32>(" + v + ")");
    return true;
  }
  if (to.isF16()) {
    e.usesF16 = true;
    e.bind(r, "bitcast<vec2<f16>>(" + asU32(v) + ").x");
    return true;
  }
  if (from.isF16()) {
    e.usesF16 = true;
    e.bind(r, "bitcast<i32>(vec2<f16>(" + v + ", 0.0h)) & 65535");
    return true;
  }
  return op->emitError("WGSL emission: bitcast from ")
         << from << " to " << to << " is not supported";
}

/// Float arithmetic and math functions.
static FailureOr<bool> emitFloat(KernelEmitter &e, Operation *op) {
  if (op->getNumResults() != 1)
    return false;
  Type type = op->getResult(0).getType();
  if (!isa<FloatType>(type) && !isa<arith::CmpFOp>(op))
    return false;
  auto operands =
      llvm::map_to_vector(op->getOperands(), [&](Value v) { return e[v]; });
  if (isa<FloatType>(type) && !type.isF32() && !type.isF16())
    return op->emitError("WGSL has no ")
           << type << " arithmetic (f32, and f16 with `enable f16`)";
  Value r = op->getResult(0);
  auto infix = [&](StringRef o) {
    e.bind(r, "(" + operands[0] + " " + o.str() + " " + operands[1] + ")");
    return true;
  };
  auto call = [&](StringRef fn) {
    std::string args;
    for (auto [i, a] : llvm::enumerate(operands))
      args += (i ? ", " : "") + a;
    e.bind(r, fn + "(" + args + ")");
    return true;
  };
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(op)
      .Case([&](arith::AddFOp) { return infix("+"); })
      .Case([&](arith::SubFOp) { return infix("-"); })
      .Case([&](arith::MulFOp) { return infix("*"); })
      .Case([&](arith::DivFOp) { return infix("/"); })
      .Case([&](arith::RemFOp) { return infix("%"); })
      .Case([&](arith::NegFOp) {
        e.bind(r, "(-" + operands[0] + ")");
        return true;
      })
      .Case([&](arith::CmpFOp c) -> FailureOr<bool> {
        Type t = c.getLhs().getType();
        if (!t.isF32() && !t.isF16())
          return op->emitError("WGSL has no ") << t << " comparison";
        e.bind(r, cmpf(c.getPredicate(), operands[0], operands[1], t.isF16()));
        return true;
      })
      // After arith-expand the NaN-propagating forms are compare-and-select;
      // what is left has no NaN operand to care about.
      .Case<arith::MaxNumFOp, arith::MaximumFOp>(
          [&](Operation *) { return call("max"); })
      .Case<arith::MinNumFOp, arith::MinimumFOp>(
          [&](Operation *) { return call("min"); })
      .Case([&](math::ExpOp) { return call("exp"); })
      .Case([&](math::Exp2Op) { return call("exp2"); })
      .Case([&](math::LogOp) { return call("log"); })
      .Case([&](math::Log2Op) { return call("log2"); })
      .Case([&](math::SqrtOp) { return call("sqrt"); })
      .Case([&](math::RsqrtOp) { return call("inverseSqrt"); })
      .Case([&](math::TanhOp) { return call("tanh"); })
      .Case([&](math::SinOp) { return call("sin"); })
      .Case([&](math::CosOp) { return call("cos"); })
      .Case([&](math::TanOp) { return call("tan"); })
      .Case([&](math::AtanOp) { return call("atan"); })
      .Case([&](math::Atan2Op) { return call("atan2"); })
      .Case([&](math::AbsFOp) { return call("abs"); })
      .Case([&](math::FloorOp) { return call("floor"); })
      .Case([&](math::CeilOp) { return call("ceil"); })
      .Case([&](math::TruncOp) { return call("trunc"); })
      .Case([&](math::RoundEvenOp) { return call("round"); })
      .Case([&](math::PowFOp) { return call("pow"); })
      .Case([&](math::FmaOp) { return call("fma"); })
      .Case([&](math::RoundOp) {
        // Half away from zero (WGSL's round is half to even).
        e.bind(r, "(sign(" + operands[0] + ") * floor(abs(" + operands[0] +
                      ") + 0.5))");
        return true;
      })
      .Case([&](math::CopySignOp) -> FailureOr<bool> {
        if (!type.isF32())
          return op->emitError("WGSL emission: copysign is f32 only");
        e.bind(r, "bitcast<f32>((bitcast<u32>(" + operands[0] +
                      ") & 0x7fffffffu) | (bitcast<u32>(" + operands[1] +
                      ") & 0x80000000u))");
        return true;
      })
      .Default([&](Operation *) -> FailureOr<bool> {
        if (op->getDialect() && op->getDialect()->getNamespace() == "math")
          return op->emitError("WGSL emission: ")
                 << op->getName() << " has no WGSL counterpart here";
        return false;
      });
}

FailureOr<bool> wgsl::emitScalarOp(KernelEmitter &e, Operation *op) {
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    return emitConstant(e, c);
  if (auto s = dyn_cast<arith::SelectOp>(op)) {
    if (!s.getCondition().getType().isInteger(1))
      return op->emitError("WGSL emission: vector select is not supported");
    e.bind(s, "select(" + e[s.getFalseValue()] + ", " + e[s.getTrueValue()] +
                  ", " + e[s.getCondition()] + ")");
    return true;
  }
  if (auto c = dyn_cast<arith::CmpIOp>(op)) {
    unsigned bits = widthOf(c.getLhs().getType());
    if (bits > 32)
      return op->emitError("WGSL has no 64-bit integers");
    e.bind(c, cmpi(c.getPredicate(), e[c.getLhs()], e[c.getRhs()], bits));
    return true;
  }
  FailureOr<bool> done = emitCast(e, op);
  if (failed(done) || *done)
    return done;
  done = emitIntBinary(e, op);
  if (failed(done) || *done)
    return done;
  return emitFloat(e, op);
}
