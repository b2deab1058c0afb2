//===- Diagnostics.h - How Ferric's tools print MLIR errors -----*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNNER_DIAGNOSTICS_H
#define FERRIC_RUNNER_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class Diagnostic;
namespace ferric {
namespace runner {

/// An error diagnostic and its notes as ferric-run prints them:
/// `file:line:col: error: message` (the first file location of a fused
/// location, which names every op of a kernel), one line per note.
std::string formatDiagnostic(Diagnostic &diagnostic);

/// `text` with the runner's symbol prefix (`__ferric_`, `__ferric<N>_`,
/// which the runner gives every function it compiles) taken off each name
/// that starts with it, also inside the JIT's `_mlir_ciface_` names: errors
/// and the IR dumps in them name functions as the user wrote them.
std::string withSourceNames(llvm::StringRef text);

} // namespace runner
} // namespace ferric
} // namespace mlir

#endif // FERRIC_RUNNER_DIAGNOSTICS_H
