//===- TranslateToWGSL.cpp - --mlir-to-wgsl and the launch manifest -------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Target/WGSL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;
using namespace mlir::ferric;

/// The buffer a host memref comes from: through casts and views.
static Value rootBuffer(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<memref::CastOp, memref::SubViewOp, memref::CollapseShapeOp,
             memref::ExpandShapeOp, memref::ReinterpretCastOp,
             UnrealizedConversionCastOp>(def) ||
        def->getNumOperands() < 1)
      break;
    v = def->getOperand(0);
  }
  return v;
}

FailureOr<llvm::json::Array> mlir::ferric::launchSequenceOf(Operation *func) {
  // Buffers by first use; each an argument, a result or a temporary.
  llvm::DenseMap<Value, int64_t> ids;
  llvm::DenseMap<Value, int64_t> resultOf;
  func->walk([&](func::ReturnOp ret) {
    for (auto [i, v] : llvm::enumerate(ret.getOperands()))
      resultOf.try_emplace(rootBuffer(v), i);
  });
  auto refOf = [&](Value buffer) {
    Value root = rootBuffer(buffer);
    llvm::json::Object ref;
    if (auto ba = dyn_cast<BlockArgument>(root);
        ba && ba.getOwner()->getParentOp() == func) {
      ref["input"] = (int64_t)ba.getArgNumber();
    } else if (auto it = resultOf.find(root); it != resultOf.end()) {
      ref["output"] = it->second;
    } else {
      auto [it2, inserted] = ids.try_emplace(root, (int64_t)ids.size());
      ref["temporary"] = it2->second;
    }
    if (auto type = dyn_cast<MemRefType>(root.getType()))
      ref["elements"] = type.hasStaticShape() ? type.getNumElements() : -1;
    return ref;
  };
  llvm::json::Array launches;
  WalkResult walked = func->walk([&](Operation *op) {
    // The host copies buffers too: bufferization fills a reduction's
    // initial value once and copies it into each accumulator the kernel
    // then reads. A runner that replayed only the launches would reduce
    // into an uninitialized buffer (wrong max and min, right sums).
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      auto type = dyn_cast<MemRefType>(copy.getSource().getType());
      if (!type || !type.hasStaticShape()) {
        copy.emitError("launch manifest: a copy of a dynamic shape");
        return WalkResult::interrupt();
      }
      launches.push_back(llvm::json::Object{
          {"copy", llvm::json::Object{{"from", refOf(copy.getSource())},
                                      {"to", refOf(copy.getTarget())}}},
          {"bytes",
           type.getNumElements() *
               (int64_t)llvm::divideCeil(type.getElementTypeBitWidth(), 8)}});
      return WalkResult::advance();
    }
    auto launch = dyn_cast<gpu::LaunchFuncOp>(op);
    if (!launch)
      return WalkResult::advance();
    llvm::json::Array grid, block;
    for (Value v : {launch.getGridSizeX(), launch.getGridSizeY(),
                    launch.getGridSizeZ()}) {
      std::optional<int64_t> c = getConstantIntValue(v);
      if (!c) {
        launch.emitError("launch manifest: the grid is not a constant");
        return WalkResult::interrupt();
      }
      grid.push_back(*c);
    }
    for (Value v : {launch.getBlockSizeX(), launch.getBlockSizeY(),
                    launch.getBlockSizeZ()}) {
      std::optional<int64_t> c = getConstantIntValue(v);
      block.push_back(c ? *c : -1);
    }
    llvm::json::Array args;
    for (Value operand : launch.getKernelOperands())
      args.push_back(refOf(operand));
    launches.push_back(
        llvm::json::Object{{"kernel", launch.getKernelModuleName().getValue()},
                           {"grid", std::move(grid)},
                           {"block", std::move(block)},
                           {"buffers", std::move(args)}});
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();
  return launches;
}

LogicalResult mlir::ferric::translateModuleToWGSL(ModuleOp module,
                                                  llvm::raw_ostream &os) {
  llvm::json::Array kernels;
  bool any = false;
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
    FailureOr<WGSLKernel> kernel = translateKernelToWGSL(gpuModule);
    if (failed(kernel))
      return failure();
    os << "// ----- " << kernel->module << ".wgsl\n" << kernel->source;
    kernels.push_back(std::move(kernel->manifest));
    any = true;
  }
  if (!any)
    return module.emitError("--mlir-to-wgsl: no gpu.module (run "
                            "ferric-lower-to-wgsl{kernels-only=true} first)");
  llvm::json::Object launches;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    FailureOr<llvm::json::Array> sequence = launchSequenceOf(func);
    if (failed(sequence))
      return failure();
    launches[func.getSymName()] = std::move(*sequence);
  }
  os << "// ----- manifest.json\n"
     << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                   {"kernels", std::move(kernels)},
                                   {"launches", std::move(launches)}}))
     << "\n";
  return success();
}

void mlir::ferric::registerToWGSLTranslation(
    std::function<void(DialectRegistry &)> dialects) {
  TranslateFromMLIRRegistration registration(
      "mlir-to-wgsl",
      "Ferric's GPU kernels as WGSL modules plus a JSON launch manifest",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("--mlir-to-wgsl needs a builtin.module");
        return translateModuleToWGSL(module, os);
      },
      [dialects](DialectRegistry &registry) {
        registry.insert<func::FuncDialect, gpu::GPUDialect>();
        if (dialects)
          dialects(registry);
      });
}
