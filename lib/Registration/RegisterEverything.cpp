//===- RegisterEverything.cpp - All upstream dialects and passes ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The one translation unit that includes MLIR's InitAll*.h (slow to compile).
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/InitFerric.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void mlir::ferric::registerAllUpstream(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerAllPasses();
}
