//===- ferric-opt.cpp - Ferric optimizer driver ---------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// mlir-opt with the ferric dialect, passes and pipelines, and every upstream
// dialect and pass, so any lowering stage can be run on its own.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/InitFerric.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::ferric::registerAllUpstream(registry);
  mlir::ferric::registerFerricDialects(registry);
  mlir::ferric::registerFerricPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Ferric optimizer driver\n", registry));
}
