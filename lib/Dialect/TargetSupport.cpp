//===- TargetSupport.cpp - Scalar ops every Ferric target lowers ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/TargetSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

bool mlir::ferric::isFerricElementType(Type type) {
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type) ||
         type.isInteger(1);
}

/// The ops whose lowering every target has and whose special values mean
/// what C says on every target (FerricLegalizeMathForSPIRV adds them where
/// GLSL.std.450 leaves them undefined, and expands sin, cos, log1p, expm1
/// and f64 roundeven, which it lacks or computes too loosely). These are
/// the scalar forms of every elementwise ferric op (ScalarMath.cpp):
/// ferric.sin, cos, erf, log1p, expm1, floor, ceil are their math ops,
/// round is math.roundeven, sign is cmpf + select, reciprocal is divf,
/// clamp is maximumf + minimumf. Not here: math.round (GLSL's Round rounds
/// halves either way), math.fpowi (ferric-raise-linalg expands it when the
/// exponent is a constant), copysign, and the NaN-ignoring arith.maxnumf /
/// minnumf.
static bool isListed(Operation *op) {
  return isa<arith::ConstantOp, arith::AddFOp, arith::SubFOp, arith::MulFOp,
             arith::DivFOp, arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
             arith::CmpFOp, arith::SelectOp, arith::ExtFOp, arith::TruncFOp,
             math::AbsFOp, math::ExpOp, math::LogOp, math::SqrtOp,
             math::RsqrtOp, math::TanhOp, math::ErfOp, math::PowFOp,
             math::SinOp, math::CosOp, math::Log1pOp, math::ExpM1Op,
             math::FloorOp, math::CeilOp, math::RoundEvenOp>(op) ||
         // Logic on comparison results, and a comparison as 0.0 / 1.0.
         (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) &&
          op->getResult(0).getType().isInteger(1)) ||
         (isa<arith::UIToFPOp>(op) && op->getOperand(0).getType().isInteger(1));
}

std::optional<std::string> mlir::ferric::whyNotTargetSupported(Operation *op) {
  std::string name = op->getName().getStringRef().str();
  if (isa<arith::MaxNumFOp, arith::MinNumFOp>(op))
    return "'" + name + "' ignores NaN, which Ferric's max/min propagate";
  for (Type t :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
    if (!isFerricElementType(t))
      return "'" + name + "' computes on " + [&] {
        std::string s;
        llvm::raw_string_ostream os(s);
        os << t;
        return s;
      }() + " (Ferric computes on f16, bf16, f32, f64 and i1)";
  if (!isListed(op))
    return "'" + name + "' is not lowered by every Ferric target";
  return std::nullopt;
}
