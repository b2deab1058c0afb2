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
// The LLVM intrinsic is lowered by the NVPTX backend to sqrt.rn.f32 unless
// the instruction allows approximate functions, so kernels get it directly.
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
      Value x = sqrt.getOperand();
      // f16 and bf16 through f32: a correctly rounded f32 square root
      // rounded again to 11 or 8 bits is the correctly rounded narrow one
      // (24 >= 2p + 2 bits: double rounding is innocuous for sqrt).
      Type f32 = b.getF32Type();
      Type wide = f32;
      if (auto vector = dyn_cast<VectorType>(type))
        wide = vector.clone(f32);
      bool narrow = getElementTypeOrSelf(type) != f32;
      if (narrow)
        x = arith::ExtFOp::create(b, loc, wide, x);
      Value root = LLVM::SqrtOp::create(b, loc, x);
      if (narrow)
        root = arith::TruncFOp::create(b, loc, type, root);
      sqrt.replaceAllUsesWith(root);
      sqrt.erase();
    }
  }
};
} // namespace
