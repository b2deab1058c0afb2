//===- Outlining.h - Moving ops into a private function ---------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// What ferric-outline-chunks (runs of ops) and ferric-outline-cpu-kernels
// (one linalg op) share when they move ops out of a function: the new
// private function, its arguments and the constants cloned into it.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_TRANSFORMS_OUTLINING_H
#define FERRIC_TRANSFORMS_OUTLINING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace ferric {

/// A new private function `name` from the types of `args` to `resultTypes`,
/// inserted through `symbols` (which renames it on a clash) after `after`,
/// which then becomes the new function. Its entry block's arguments stand
/// for `args` in `map`, and `constants` are cloned at its start (cheaper
/// than passing them, and they stay foldable); `b` is left at the end of
/// the entry block, where the caller clones the ops it moves.
func::FuncOp createOutlinedFunction(OpBuilder &b, Location loc,
                                    const Twine &name, ArrayRef<Value> args,
                                    TypeRange resultTypes,
                                    ArrayRef<Operation *> constants,
                                    SymbolTable &symbols, Operation *&after,
                                    IRMapping &map);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_TRANSFORMS_OUTLINING_H
