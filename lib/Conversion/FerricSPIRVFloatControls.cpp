//===- FerricSPIRVFloatControls.cpp - IEEE specials on Vulkan -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Without the SignedZeroInfNanPreserve execution mode, Vulkan lets a driver
// assume that no operand or result is NaN or infinite, and drivers do: Mesa
// folds `x - x` and `x * 0` to 0 and `0 / x` to 0 whatever x is. Ferric's
// ops mean the same thing on every target (IEEE 754, as the CPU and CUDA
// paths compute), so every entry point asks for that mode, for each float
// width its module uses, where the target environment allows it.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICSPIRVFLOATCONTROLSPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// The target environment of `spv`: its own or an enclosing one, else the
/// one spirv-attach-target put on the enclosing gpu.module's targets.
static spirv::TargetEnvAttr findTargetEnv(spirv::ModuleOp spv) {
  if (spirv::TargetEnvAttr env = spirv::lookupTargetEnv(spv))
    return env;
  for (Operation *p = spv->getParentOp(); p; p = p->getParentOp())
    if (auto gpuModule = dyn_cast<gpu::GPUModuleOp>(p))
      if (ArrayAttr targets = gpuModule.getTargetsAttr())
        for (Attribute t : targets)
          if (auto env = dyn_cast<spirv::TargetEnvAttr>(t))
            return env;
  return {};
}

static void collectFloatWidths(Type t, llvm::SmallSetVector<int32_t, 3> &ws) {
  if (auto f = dyn_cast<FloatType>(getElementTypeOrSelf(t)))
    ws.insert(f.getWidth());
}

namespace {
struct FerricSPIRVFloatControlsPass
    : ferric::impl::FerricSPIRVFloatControlsPassBase<
          FerricSPIRVFloatControlsPass> {
  void runOnOperation() override {
    getOperation()->walk([&](spirv::ModuleOp spv) {
      spirv::TargetEnvAttr attr = findTargetEnv(spv);
      if (!attr)
        return;
      spirv::TargetEnv env(attr);
      // Core in SPIR-V 1.4, an extension before.
      bool allowed = env.allows(spirv::Capability::SignedZeroInfNanPreserve) &&
                     (env.getVersion() >= spirv::Version::V_1_4 ||
                      env.allows(spirv::Extension::SPV_KHR_float_controls));
      if (!allowed)
        return;
      llvm::SmallSetVector<int32_t, 3> widths;
      UnitAttr unit = UnitAttr::get(&getContext());
      spv.walk([&](Operation *op) {
        // Mesa also folds x * 0.0 and 0.0 / x, and computes x / y as
        // x * rcp(y), unless the instruction is exact: NoContraction.
        if (isa<spirv::FAddOp, spirv::FSubOp, spirv::FMulOp, spirv::FDivOp,
                spirv::FRemOp, spirv::FModOp, spirv::FNegateOp>(op))
          op->setAttr("no_contraction", unit);
        for (Type t : op->getOperandTypes())
          collectFloatWidths(t, widths);
        for (Type t : op->getResultTypes())
          collectFloatWidths(t, widths);
      });
      SmallVector<int32_t> sorted(widths.begin(), widths.end());
      llvm::sort(sorted);
      // Entry points are spirv.EntryPoint ops, or (before
      // spirv-lower-abi-attrs writes those) functions with an entry point ABI.
      llvm::SetVector<StringRef> entries;
      for (auto e : spv.getOps<spirv::EntryPointOp>())
        entries.insert(e.getFn());
      for (auto f : spv.getOps<spirv::FuncOp>())
        if (f->hasAttr(spirv::getEntryPointABIAttrName()))
          entries.insert(f.getSymName());
      OpBuilder b = OpBuilder::atBlockEnd(spv.getBody());
      for (StringRef fn : entries)
        for (int32_t w : sorted)
          spirv::ExecutionModeOp::create(
              b, spv.getLoc(), fn,
              spirv::ExecutionMode::SignedZeroInfNanPreserve,
              b.getI32ArrayAttr(w));
    });
  }
};
} // namespace
