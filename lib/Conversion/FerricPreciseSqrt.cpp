//===- FerricPreciseSqrt.cpp - Correctly rounded sqrt in CUDA kernels -----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// libdevice's __nv_sqrtf (what convert-gpu-to-nvvm calls for math.sqrt) picks
// sqrt.rn.f32 only when __nvvm_reflect("__CUDA_PREC_SQRT") is nonzero, which
// nothing in MLIR's NVVM serialization sets: it compiled to sqrt.approx.f32.
// libdevice's __nv_fsqrt_rn is sqrt.rn.f32 whatever the reflection says, so
// kernels call it directly (convert-gpu-to-nvvm keeps llvm.intr.sqrt out of
// NVVM kernels, so the intrinsic is not an option).
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICPRECISESQRTPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// The declaration of libdevice's `float __nv_fsqrt_rn(float)` in `module`.
static LLVM::LLVMFuncOp declareFSqrtRn(gpu::GPUModuleOp module, Type f32) {
  constexpr StringLiteral name = "__nv_fsqrt_rn";
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name,
                                  LLVM::LLVMFunctionType::get(f32, {f32}));
}

namespace {
struct FerricPreciseSqrtPass
    : ferric::impl::FerricPreciseSqrtPassBase<FerricPreciseSqrtPass> {
  using FerricPreciseSqrtPassBase::FerricPreciseSqrtPassBase;

  void runOnOperation() override {
    SmallVector<math::SqrtOp> sqrts;
    getOperation()->walk([&](math::SqrtOp sqrt) {
      auto element = dyn_cast<FloatType>(getElementTypeOrSelf(sqrt.getType()));
      // f64 is __nv_sqrt, always sqrt.rn.f64; an op marked approximate
      // keeps libdevice's choice.
      if (element && element.getWidth() <= 32 &&
          !bitEnumContainsAny(sqrt.getFastmath(), arith::FastMathFlags::afn) &&
          sqrt->getParentOfType<gpu::GPUModuleOp>())
        sqrts.push_back(sqrt);
    });
    for (math::SqrtOp sqrt : sqrts) {
      OpBuilder b(sqrt);
      Location loc = sqrt.getLoc();
      Type type = sqrt.getType();
      Type f32 = b.getF32Type();
      LLVM::LLVMFuncOp callee =
          declareFSqrtRn(sqrt->getParentOfType<gpu::GPUModuleOp>(), f32);
      // f16 and bf16 through f32: a correctly rounded f32 square root
      // rounded again to 11 or 8 bits is the correctly rounded narrow one
      // (24 >= 2p + 2 bits: double rounding is innocuous for sqrt).
      auto root = [&](Value x) -> Value {
        bool narrow = x.getType() != f32;
        if (narrow)
          x = arith::ExtFOp::create(b, loc, f32, x);
        Value r =
            LLVM::CallOp::create(b, loc, callee, ValueRange{x}).getResult();
        if (narrow)
          r = arith::TruncFOp::create(b, loc, getElementTypeOrSelf(type), r);
        return r;
      };
      Value result;
      if (auto vector = dyn_cast<VectorType>(type)) {
        // One call per lane (libdevice has no vector form).
        result = LLVM::PoisonOp::create(b, loc, vector);
        for (int64_t i = 0, e = vector.getNumElements(); i < e; ++i) {
          Value index = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                                 b.getI32IntegerAttr(i));
          Value lane =
              LLVM::ExtractElementOp::create(b, loc, sqrt.getOperand(), index);
          result =
              LLVM::InsertElementOp::create(b, loc, result, root(lane), index);
        }
      } else {
        result = root(sqrt.getOperand());
      }
      sqrt.replaceAllUsesWith(result);
      sqrt.erase();
    }
  }
};
} // namespace
