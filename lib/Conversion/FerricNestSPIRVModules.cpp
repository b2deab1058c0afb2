//===- FerricNestSPIRVModules.cpp - SPIR-V into gpu.module ----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICNESTSPIRVMODULESPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
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
} // namespace
