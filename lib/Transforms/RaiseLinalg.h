//===- RaiseLinalg.h - ferric-raise-linalg's rules --------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Each rule either rewrites its op completely (and returns success) or
// leaves the IR untouched and returns the reason, which becomes the op's
// remark. FerricRaiseLinalg.cpp has the pass and the elementwise rules,
// RaiseLinalgReductions.cpp the reduction and matmul rules.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_TRANSFORMS_RAISELINALG_H
#define FERRIC_LIB_TRANSFORMS_RAISELINALG_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

#include <string>

namespace mlir {
namespace ferric {
namespace raise {

/// A rule's outcome: empty on success, else why the op stays.
using Why = std::string;

/// Why the body of `op` cannot become a ferric.fused body (its first op no
/// target lowers, a linalg.index, a nested region), or empty.
Why whyNotScalarBody(linalg::GenericOp op);

/// An all-parallel generic: ferric.fused, ferric.broadcast or its input.
Why raiseElementwise(RewriterBase &rewriter, linalg::GenericOp op);

/// A generic with reduction iterators: ferric.reduce. A generic that only
/// truncates its result, which the rule absorbs, is added to `consumed`.
Why raiseReduction(RewriterBase &rewriter, linalg::GenericOp op,
                   llvm::DenseSet<Operation *> &consumed);

/// linalg.matmul / linalg.batch_matmul: ferric.matmul (with `consumed` as
/// above).
Why raiseMatmul(RewriterBase &rewriter, linalg::LinalgOp op,
                llvm::DenseSet<Operation *> &consumed);

/// The generic whose only input is `value`, its only use, and which only
/// truncates every element to `narrow` (identity maps); else null.
linalg::GenericOp truncatingUser(Value value, Type narrow);

} // namespace raise
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_TRANSFORMS_RAISELINALG_H
