//===- Passes.h - Ferric target (code emission) passes ----------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_TARGET_PASSES_H
#define FERRIC_TARGET_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ferric {

#define GEN_PASS_DECL
#include "FerricDialect/Target/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "FerricDialect/Target/Passes.h.inc"

} // namespace ferric
} // namespace mlir

#endif // FERRIC_TARGET_PASSES_H
