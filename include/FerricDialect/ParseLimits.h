//===- ParseLimits.h - What Ferric's tools refuse to parse ------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// MLIR's parser is recursive descent: each nested region, attribute or type
// bracket takes stack, and IR nested a few thousand levels deep overflows
// the stack of ferric-run, ferric-opt or the Python process that called the
// C API (issue 42). Ferric's tools refuse such text before parsing it, with
// one error at the bracket that goes too deep.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_PARSELIMITS_H
#define FERRIC_PARSELIMITS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
namespace ferric {

/// The deepest nesting of brackets ('(', '[', '{', '<') the tools parse.
/// Real programs stay far below it (a rank-64 dense literal is 64 deep). At
/// this depth ferric-opt needs under 1 MiB of stack (255 nested regions
/// fail with `ulimit -s 512`, pass with 1024), an eighth of the 8 MiB a
/// Linux main thread or default pthread gets.
constexpr unsigned kMaxNestingDepth = 256;

/// The offset in `text` of the first bracket nested deeper than `limit`, or
/// npos. Brackets in string literals and `//` comments do not count, nor do
/// the '>' of `->` and `>=`.
size_t findTooDeepNesting(llvm::StringRef text,
                          unsigned limit = kMaxNestingDepth);

/// The error message for text nested deeper than `limit`.
std::string tooDeepNestingMessage(unsigned limit = kMaxNestingDepth);

/// Checks the main buffer of `sourceMgr`; on failure emits one error at the
/// bracket's file, line and column through `ctx`'s diagnostic engine.
LogicalResult checkNestingDepth(llvm::SourceMgr &sourceMgr, MLIRContext *ctx);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_PARSELIMITS_H
