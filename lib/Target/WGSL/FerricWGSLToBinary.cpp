//===- FerricWGSLToBinary.cpp - gpu.module -> WGSL gpu.binary -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Target/Passes.h"
#include "FerricDialect/Target/WGSL.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICWGSLTOBINARYPASS
#include "FerricDialect/Target/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricWGSLToBinaryPass
    : ferric::impl::FerricWGSLToBinaryPassBase<FerricWGSLToBinaryPass> {
  void runOnOperation() override {
    for (auto module : llvm::make_early_inc_range(
             getOperation().getOps<gpu::GPUModuleOp>())) {
      ArrayAttr targets = module.getTargetsAttr();
      if (!targets || targets.empty()) {
        module.emitError("ferric-wgsl-to-binary: the gpu.module has no "
                         "target attribute (run spirv-attach-target)");
        return signalPassFailure();
      }
      FailureOr<WGSLKernel> kernel = translateKernelToWGSL(module);
      if (failed(kernel))
        return signalPassFailure();
      std::string blob;
      llvm::raw_string_ostream os(blob);
      os << llvm::json::Value(llvm::json::Object{
          {"manifest", std::move(kernel->manifest)}, {"wgsl", kernel->source}});
      OpBuilder b(module);
      auto object = gpu::ObjectAttr::get(
          targets[0], gpu::CompilationTarget::Binary, b.getStringAttr(blob));
      gpu::BinaryOp::create(b, module.getLoc(), module.getSymName(),
                            module.getOffloadingHandlerAttr(),
                            b.getArrayAttr({object}));
      module.erase();
    }
  }
};
} // namespace
