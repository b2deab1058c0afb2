//===- FerricBF16BuffersAsI16.cpp - bf16 buffers as i16 -------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "GPUCodegen/KernelBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICBF16BUFFERSASI16PASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricBF16BuffersAsI16Pass
    : ferric::impl::FerricBF16BuffersAsI16PassBase<FerricBF16BuffersAsI16Pass> {
  /// Re-types `buffer` (a bf16 memref) as the i16 memref of the same shape,
  /// bitcasting what its loads and stores carry; false on any other use
  /// (diagnosed).
  bool retypeBuffer(Value buffer, MemRefType type, Type bf16, Type i16) {
    for (Operation *user : llvm::make_early_inc_range(buffer.getUsers())) {
      OpBuilder b(user);
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        b.setInsertionPointAfter(load);
        auto cast =
            arith::BitcastOp::create(b, load.getLoc(), bf16, load.getResult());
        load.getResult().replaceAllUsesExcept(cast, cast);
        load.getResult().setType(i16);
      } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
        store.getValueMutable().assign(arith::BitcastOp::create(
            b, store.getLoc(), i16, store.getValueToStore()));
      } else {
        user->emitOpError("uses a bf16 buffer in a Vulkan kernel other than "
                          "by memref.load/store, which the SPIR-V path "
                          "cannot re-type");
        return false;
      }
    }
    buffer.setType(type.clone(i16));
    return true;
  }

  /// Re-types the bf16 memref arguments and allocations (workgroup tiles)
  /// of kernel `func`.
  bool retype(gpu::GPUFuncOp func, Type bf16, Type i16) {
    auto isBF16 = [&](Type t) -> MemRefType {
      auto m = dyn_cast<MemRefType>(t);
      return m && m.getElementType() == bf16 ? m : MemRefType();
    };
    SmallVector<Type> inputs(func.getArgumentTypes());
    bool changed = false;
    for (BlockArgument arg : func.getArguments()) {
      MemRefType type = isBF16(arg.getType());
      if (!type)
        continue;
      if (!retypeBuffer(arg, type, bf16, i16))
        return false;
      inputs[arg.getArgNumber()] = arg.getType();
      changed = true;
    }
    if (changed)
      func.setFunctionType(FunctionType::get(&getContext(), inputs, {}));
    WalkResult walk = func.walk([&](memref::AllocOp alloc) {
      MemRefType type = isBF16(alloc.getType());
      if (type && !retypeBuffer(alloc.getResult(), type, bf16, i16))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return !walk.wasInterrupted();
  }

  /// bf16 values left in a kernel after arith-expand only move bits
  /// (constants, selects); SPIR-V has no bf16 type for them and its type
  /// converter widens them to f32, which the i16 bitcasts above cannot
  /// meet. Carry them as i16 words too (canonicalize folds the bitcasts).
  void retypeBits(gpu::GPUFuncOp func, Type bf16, Type i16) {
    func.walk([&](Operation *op) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
        auto f = dyn_cast<FloatAttr>(cst.getValue());
        if (!f || f.getType() != bf16)
          return;
        Value bits = arith::ConstantOp::create(
            b, loc, b.getIntegerAttr(i16, f.getValue().bitcastToAPInt()));
        cst.replaceAllUsesWith(
            arith::BitcastOp::create(b, loc, bf16, bits).getResult());
        cst.erase();
      } else if (auto sel = dyn_cast<arith::SelectOp>(op)) {
        if (sel.getType() != bf16)
          return;
        Value t = arith::BitcastOp::create(b, loc, i16, sel.getTrueValue());
        Value f = arith::BitcastOp::create(b, loc, i16, sel.getFalseValue());
        Value r = arith::SelectOp::create(b, loc, sel.getCondition(), t, f);
        sel.replaceAllUsesWith(
            arith::BitcastOp::create(b, loc, bf16, r).getResult());
        sel.erase();
      }
    });
  }

  void runOnOperation() override {
    Builder b(&getContext());
    Type bf16 = b.getBF16Type(), i16 = b.getIntegerType(16);
    bool ok = true;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel())
        return;
      retypeBits(func, bf16, i16);
      ok &= retype(func, bf16, i16);
    });
    if (!ok)
      return signalPassFailure();
    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      castLaunchOperands(launch, bf16, i16);
    });
  }
};
} // namespace
