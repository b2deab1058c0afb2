//===- GPUTargetPasses.cpp - Small target-specific GPU passes -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICGPUDEVICEMEMORY
#define GEN_PASS_DEF_FERRICSPIRVENTRYPOINTS
#define GEN_PASS_DEF_FERRICNESTSPIRVMODULES
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricGPUDeviceMemoryPass
    : ferric::impl::FerricGPUDeviceMemoryBase<FerricGPUDeviceMemoryPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    bool failed = false;
    func.walk([&](Operation *op) {
      if (op->getParentOfType<gpu::LaunchOp>())
        return;
      OpBuilder b(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto g = gpu::AllocOp::create(
            b, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), /*hostShared=*/false);
        alloc.replaceAllUsesWith(g.getMemref());
        alloc.erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpu::DeallocOp::create(b, dealloc.getLoc(), /*asyncToken=*/Type(),
                               ValueRange(), dealloc.getMemref());
        dealloc.erase();
      } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        gpu::MemcpyOp::create(b, copy.getLoc(), /*asyncToken=*/Type(),
                              ValueRange(), copy.getTarget(), copy.getSource());
        copy.erase();
      } else if (isa<memref::LoadOp, memref::StoreOp>(op)) {
        op->emitError("reads or writes a buffer on the host, but on this "
                      "target buffers live in device memory");
        failed = true;
      }
    });
    if (failed)
      signalPassFailure();
  }
};

struct FerricSPIRVEntryPointsPass
    : ferric::impl::FerricSPIRVEntryPointsBase<FerricSPIRVEntryPointsPass> {
  using FerricSPIRVEntryPointsBase::FerricSPIRVEntryPointsBase;
  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel() || func->hasAttr(spirv::getEntryPointABIAttrName()))
        return;
      SmallVector<int32_t, 3> size = {(int32_t)blockSize.getValue(), 1, 1};
      if (auto known = func.getKnownBlockSizeAttr())
        size.assign(known.asArrayRef().begin(), known.asArrayRef().end());
      func->setAttr(spirv::getEntryPointABIAttrName(),
                    spirv::getEntryPointABIAttr(&getContext(), size));
    });
  }
};

struct FerricNestSPIRVModulesPass
    : ferric::impl::FerricNestSPIRVModulesBase<FerricNestSPIRVModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto gpuModule :
         llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>())) {
      std::string name = ("__spv__" + gpuModule.getName()).str();
      for (auto spv :
           llvm::make_early_inc_range(module.getOps<spirv::ModuleOp>())) {
        if (spv.getName() != name)
          continue;
        spv->moveBefore(&gpuModule.getBody()->front());
      }
    }
  }
};
} // namespace
