//===- main.cpp - A downstream user of Ferric's CMake package -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parses a ferric function, runs ferric-fuse on it and prints the result,
// using nothing but an installed Ferric and MLIR.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/FerricDialect.h"
#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

static const char *const kSource = R"mlir(
func.func @swiglu(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %s = ferric.silu %a : tensor<8xf32>
  %r = ferric.mul %s, %b : tensor<8xf32>
  return %r : tensor<8xf32>
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  registry.insert<mlir::ferric::FerricDialect, mlir::func::FuncDialect>();
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kSource, &context);
  if (!module) {
    llvm::errs() << "ferric-downstream: cannot parse the input\n";
    return 1;
  }

  mlir::PassManager pm(&context);
  pm.addNestedPass<mlir::func::FuncOp>(mlir::ferric::createFerricFusePass());
  if (mlir::failed(pm.run(*module))) {
    llvm::errs() << "ferric-downstream: ferric-fuse failed\n";
    return 1;
  }
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
