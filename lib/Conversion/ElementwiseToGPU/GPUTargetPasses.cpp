//===- GPUTargetPasses.cpp - Small target-specific GPU passes -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICGPUDEVICEMEMORYPASS
#define GEN_PASS_DEF_FERRICSPIRVENTRYPOINTSPASS
#define GEN_PASS_DEF_FERRICNESTSPIRVMODULESPASS
#define GEN_PASS_DEF_FERRICSINKINTOLAUNCHPASS
#define GEN_PASS_DEF_FERRICLAUNCHBOOLBUFFERSASBYTESPASS
#define GEN_PASS_DEF_FERRICBF16BUFFERSASI16PASS
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

struct FerricSPIRVEntryPointsPass
    : ferric::impl::FerricSPIRVEntryPointsPassBase<FerricSPIRVEntryPointsPass> {
  using FerricSPIRVEntryPointsPassBase::FerricSPIRVEntryPointsPassBase;
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
    : ferric::impl::FerricNestSPIRVModulesPassBase<FerricNestSPIRVModulesPass> {
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

struct FerricSinkIntoLaunchPass
    : ferric::impl::FerricSinkIntoLaunchPassBase<FerricSinkIntoLaunchPass> {
  void runOnOperation() override {
    // upstream sinks an op only when all of its operands are sinkable too,
    // so this admits exactly the scalar expressions built from constants.
    auto recomputable = [](Operation *op) {
      return isa<arith::ArithDialect>(op->getDialect()) &&
             op->getNumRegions() == 0 && isMemoryEffectFree(op);
    };
    getOperation().walk([&](gpu::LaunchOp launch) {
      if (failed(sinkOperationsIntoLaunchOp(launch, recomputable)))
        signalPassFailure();
    });
  }
};

/// Re-types the kernel operands of `launch` whose memref element type is
/// `from` as memrefs of `to`, through unrealized_conversion_cast (same
/// shape, same bytes: the host LLVM lowering folds the cast away).
static void castLaunchOperands(gpu::LaunchFuncOp launch, Type from, Type to) {
  OpBuilder b(launch);
  for (OpOperand &operand : launch.getKernelOperandsMutable()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || type.getElementType() != from)
      continue;
    operand.set(UnrealizedConversionCastOp::create(
                    b, launch.getLoc(), type.clone(to), operand.get())
                    .getResult(0));
  }
}

struct FerricLaunchBoolBuffersAsBytesPass
    : ferric::impl::FerricLaunchBoolBuffersAsBytesPassBase<
          FerricLaunchBoolBuffersAsBytesPass> {
  void runOnOperation() override {
    Builder b(&getContext());
    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      castLaunchOperands(launch, b.getI1Type(), b.getI8Type());
    });
  }
};

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

  void runOnOperation() override {
    Builder b(&getContext());
    Type bf16 = b.getBF16Type(), i16 = b.getIntegerType(16);
    bool ok = true;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (func.isKernel())
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
