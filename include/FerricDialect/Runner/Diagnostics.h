//===- Diagnostics.h - How Ferric's tools print MLIR errors -----*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNNER_DIAGNOSTICS_H
#define FERRIC_RUNNER_DIAGNOSTICS_H

#include <string>

namespace mlir {
class Diagnostic;
namespace ferric {
namespace runner {

/// An error diagnostic and its notes as ferric-run prints them:
/// `file:line:col: error: message` (the first file location of a fused
/// location, which names every op of a kernel), one line per note.
std::string formatDiagnostic(Diagnostic &diagnostic);

} // namespace runner
} // namespace ferric
} // namespace mlir

#endif // FERRIC_RUNNER_DIAGNOSTICS_H
