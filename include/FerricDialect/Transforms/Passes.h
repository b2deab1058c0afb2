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

/// The entry function of `module`: the one named `name` if it has a body,
/// else (empty `name`) the only public function with a body. Null when there
/// is none; `publicCount` is then the number of public functions with a body.
func::FuncOp findEntryFunction(ModuleOp module, StringRef name,
                               unsigned &publicCount);

/// Whether a tensor argument of type `type` can take the static `shape`:
/// a ranked tensor of that rank whose static dims equal `shape`'s.
bool fitsStaticShape(Type type, ArrayRef<int64_t> shape);

/// Gives argument `index` of `func` the static `shape` (fitsStaticShape must
/// hold) and updates the function type; the body sees the declared type
/// through a tensor.cast.
void specializeArgument(func::FuncOp func, unsigned index,
                        ArrayRef<int64_t> shape);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_TRANSFORMS_PASSES_H
