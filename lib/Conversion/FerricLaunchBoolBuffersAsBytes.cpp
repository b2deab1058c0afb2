//===- FerricLaunchBoolBuffersAsBytes.cpp - i1 buffers as i8 --------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "GPUCodegen/KernelBuilders.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICLAUNCHBOOLBUFFERSASBYTESPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
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
} // namespace
