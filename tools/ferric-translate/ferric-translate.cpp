//===- ferric-translate.cpp - Ferric translation driver -------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// mlir-translate with Ferric's translations: --mlir-to-wgsl writes the WGSL
// of every kernel that `ferric-lower-to-wgsl{kernels-only=true}` prepared,
// and a JSON launch manifest.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/InitFerric.h"
#include "FerricDialect/Target/WGSL.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::ferric::registerToWGSLTranslation([](mlir::DialectRegistry &registry) {
    mlir::ferric::registerAllUpstream(registry);
    mlir::ferric::registerFerricDialects(registry);
  });
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "Ferric translation driver\n"));
}
