//===- FerricGPUDeviceMemory.cpp - Host buffers to GPU memory -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICGPUDEVICEMEMORYPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricGPUDeviceMemoryPass
    : ferric::impl::FerricGPUDeviceMemoryPassBase<FerricGPUDeviceMemoryPass> {
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
      return signalPassFailure();
    copyGlobalsToDevice(func);
  }

  /// Does `v`, or a view of it, leave the function through a return?
  static bool isReturned(Value v) {
    for (Operation *user : v.getUsers()) {
      if (user->hasTrait<OpTrait::ReturnLike>())
        return true;
      if (isa<ViewLikeOpInterface, memref::CastOp>(user) &&
          llvm::any_of(user->getResults(), isReturned))
        return true;
    }
    return false;
  }

  /// Constant tensors bufferize to `memref.get_global` of a host global: give
  /// each a device copy, made once at function entry, and free it before
  /// every return unless it is returned (the caller then owns it).
  void copyGlobalsToDevice(func::FuncOp func) {
    SmallVector<memref::GetGlobalOp> globals;
    func.walk([&](memref::GetGlobalOp g) {
      if (!g->getParentOfType<gpu::LaunchOp>())
        globals.push_back(g);
    });
    if (globals.empty())
      return;
    Block &entry = func.getBody().front();
    SmallVector<func::ReturnOp> returns;
    func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
    for (memref::GetGlobalOp g : globals) {
      OpBuilder b = OpBuilder::atBlockBegin(&entry);
      Location loc = g.getLoc();
      g->moveBefore(&entry, entry.begin());
      b.setInsertionPointAfter(g);
      auto device = gpu::AllocOp::create(
          b, loc, g.getType(), /*asyncToken=*/Type(), ValueRange(),
          ValueRange(), ValueRange(), /*hostShared=*/false);
      auto copy =
          gpu::MemcpyOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(),
                                device.getMemref(), g.getResult());
      g.getResult().replaceAllUsesExcept(device.getMemref(), copy);
      if (isReturned(device.getMemref()))
        continue;
      for (func::ReturnOp ret : returns) {
        OpBuilder rb(ret);
        gpu::DeallocOp::create(rb, loc, /*asyncToken=*/Type(), ValueRange(),
                               device.getMemref());
      }
    }
  }
};
} // namespace
