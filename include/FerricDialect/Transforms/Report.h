//===- Report.h - Appending a pass's report to a file -----------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric-raise-linalg and ferric-fuse write one report section per function
// to the same kind of destination (their `report` option), so that a tool
// can hand both one file: the runner's --fuse-report.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_TRANSFORMS_REPORT_H
#define FERRIC_TRANSFORMS_REPORT_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace ferric {

/// Appends `text` to the file `path`, or writes it to stdout when `path` is
/// "-". Functions run on several threads: one section at a time, in the
/// order they finish. On an error, emits it at `op` (naming `pass`) and
/// fails.
LogicalResult appendReport(Operation *op, StringRef pass, StringRef path,
                           StringRef text);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_TRANSFORMS_REPORT_H
