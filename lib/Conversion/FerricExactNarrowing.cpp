//===- FerricExactNarrowing.cpp - Correctly rounded bf16 and f16 ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Two lowerings round narrow floats wrongly. LLVM's x86 back end narrows
// f32 to bf16 flushing bf16 subnormals to zero, and it computes bf16
// arithmetic in f32 followed by that narrowing; f64 to bf16 goes through f32
// (as upstream's arith-expand and Vulkan's f64 to f16 do), rounding twice,
// so a value just past a midpoint rounds the wrong way. This pass computes
// every bf16 arith/math op in f32 (exact for one op: f32 holds more than
// twice bf16's significand) and writes each narrowing to bf16, and f64 to
// f16, with integer operations: round to nearest even from f32 bits, and
// f64 to f32 by round-to-odd first, which makes the second rounding exact.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICEXACTNARROWINGPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
/// Builds the integer sequences, for scalars or vectors of `shapeOf`.
struct Narrower {
  OpBuilder &b;
  Location loc;

  Type like(Type shapeOf, Type elem) {
    if (auto v = dyn_cast<VectorType>(shapeOf))
      return v.clone(elem);
    return elem;
  }
  Value intCst(Type t, int64_t v) {
    Type e = getElementTypeOrSelf(t);
    TypedAttr attr = b.getIntegerAttr(e, v);
    if (auto vt = dyn_cast<VectorType>(t))
      attr = DenseElementsAttr::get(vt, attr);
    return arith::ConstantOp::create(b, loc, attr);
  }

  /// f64 -> f32 rounding to odd: truncate toward zero, and set the last bit
  /// where the result is inexact.
  Value toF32Odd(Value x) {
    Type t = x.getType();
    Type f32 = like(t, b.getF32Type()), i32 = like(t, b.getI32Type());
    Value r = arith::TruncFOp::create(b, loc, f32, x);
    Value back = arith::ExtFOp::create(b, loc, t, r);
    Value inexact =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, back, x);
    Value away = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                       math::AbsFOp::create(b, loc, back),
                                       math::AbsFOp::create(b, loc, x));
    Value bits = arith::BitcastOp::create(b, loc, i32, r);
    // Sign-magnitude: one less in the bits is one step toward zero.
    Value down = arith::SubIOp::create(b, loc, bits, intCst(i32, 1));
    bits = arith::SelectOp::create(
        b, loc, arith::AndIOp::create(b, loc, inexact, away), down, bits);
    bits = arith::OrIOp::create(b, loc, bits,
                                arith::ExtUIOp::create(b, loc, i32, inexact));
    return arith::BitcastOp::create(b, loc, f32, bits);
  }

  /// f32 -> bf16, round to nearest even on the bits (subnormals included),
  /// NaN kept quiet.
  Value f32ToBF16(Value x) {
    Type t = x.getType();
    Type i32 = like(t, b.getI32Type()), i16 = like(t, b.getI16Type());
    Value bits = arith::BitcastOp::create(b, loc, i32, x);
    Value hi = arith::ShRUIOp::create(b, loc, bits, intCst(i32, 16));
    Value lsb = arith::AndIOp::create(b, loc, hi, intCst(i32, 1));
    Value bias = arith::AddIOp::create(b, loc, lsb, intCst(i32, 0x7FFF));
    Value rounded = arith::ShRUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, bits, bias), intCst(i32, 16));
    Value quiet = arith::OrIOp::create(b, loc, hi, intCst(i32, 0x40));
    Value nan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    Value r = arith::SelectOp::create(b, loc, nan, quiet, rounded);
    r = arith::TruncIOp::create(b, loc, i16, r);
    return arith::BitcastOp::create(b, loc, like(t, b.getBF16Type()), r);
  }

  /// `x` narrowed to `to` (bf16 from f32/f64, f16 from f64), exactly.
  Value narrow(Value x, Type to) {
    Type from = getElementTypeOrSelf(x.getType());
    if (from.isF64())
      x = toF32Odd(x);
    if (getElementTypeOrSelf(to).isBF16())
      return f32ToBF16(x);
    return arith::TruncFOp::create(b, loc, to, x);
  }
};

bool isBF16(Type t) { return getElementTypeOrSelf(t).isBF16(); }

/// Ops that only move bits or are handled below.
bool keepsBF16(Operation *op) {
  return isa<arith::ConstantOp, arith::SelectOp, arith::ExtFOp, arith::TruncFOp,
             arith::BitcastOp>(op);
}

struct FerricExactNarrowingPass
    : ferric::impl::FerricExactNarrowingPassBase<FerricExactNarrowingPass> {
  void runOnOperation() override {
    SmallVector<Operation *> compute, truncs, exts;
    getOperation()->walk([&](Operation *op) {
      if (auto t = dyn_cast<arith::TruncFOp>(op)) {
        Type to = getElementTypeOrSelf(t.getType());
        Type from = getElementTypeOrSelf(t.getIn().getType());
        if (to.isBF16() || (to.isF16() && from.isF64()))
          truncs.push_back(op);
        return;
      }
      if (auto e = dyn_cast<arith::ExtFOp>(op)) {
        // bf16 -> f64 through f32 (exact), which every lowering handles.
        if (isBF16(e.getIn().getType()) &&
            getElementTypeOrSelf(e.getType()).isF64())
          exts.push_back(op);
        return;
      }
      if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
          keepsBF16(op))
        return;
      if (llvm::any_of(op->getOperandTypes(), isBF16) ||
          llvm::any_of(op->getResultTypes(), isBF16))
        compute.push_back(op);
    });
    for (Operation *op : compute) {
      OpBuilder b(op);
      Narrower n{b, op->getLoc()};
      IRMapping widened;
      for (Value o : op->getOperands())
        if (isBF16(o.getType()) && !widened.contains(o))
          widened.map(
              o, arith::ExtFOp::create(b, op->getLoc(),
                                       n.like(o.getType(), b.getF32Type()), o));
      Operation *wide = b.clone(*op, widened);
      for (OpResult r : wide->getResults())
        if (isBF16(r.getType()))
          r.setType(n.like(r.getType(), b.getF32Type()));
      b.setInsertionPointAfter(wide);
      for (auto [oldR, newR] :
           llvm::zip(op->getResults(), wide->getResults())) {
        Value v = newR;
        if (isBF16(oldR.getType()))
          v = n.f32ToBF16(newR);
        oldR.replaceAllUsesWith(v);
      }
      op->erase();
    }
    // Narrowings created above are already exact; collect the rest again.
    for (Operation *op : truncs) {
      auto t = cast<arith::TruncFOp>(op);
      OpBuilder b(op);
      Narrower n{b, op->getLoc()};
      t.replaceAllUsesWith(n.narrow(t.getIn(), t.getType()));
      t.erase();
    }
    for (Operation *op : exts) {
      auto e = cast<arith::ExtFOp>(op);
      OpBuilder b(op);
      Narrower n{b, op->getLoc()};
      Value f32 = arith::ExtFOp::create(
          b, op->getLoc(), n.like(e.getType(), b.getF32Type()), e.getIn());
      e.replaceAllUsesWith(
          arith::ExtFOp::create(b, op->getLoc(), e.getType(), f32).getResult());
      e.erase();
    }
  }
};
} // namespace
