//===- Passes.h - Ferric transformation passes ------------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_TRANSFORMS_PASSES_H
#define FERRIC_TRANSFORMS_PASSES_H

#include "FerricDialect/Dialect/FerricDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ferric {

#define GEN_PASS_DECL
#include "FerricDialect/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "FerricDialect/Transforms/Passes.h.inc"

} // namespace ferric
} // namespace mlir

#endif // FERRIC_TRANSFORMS_PASSES_H
