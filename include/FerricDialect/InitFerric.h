//===- InitFerric.h - Register Ferric and what its pipelines use -*- C++
//-*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_INITFERRIC_H
#define FERRIC_INITFERRIC_H

namespace mlir {
class DialectRegistry;
namespace ferric {

/// Registers the ferric dialect, the upstream dialects Ferric's pipelines
/// produce, their interface extensions and the LLVM IR translations the JIT
/// and the GPU serializers need. Small on purpose: the runner links it.
void registerFerricDialects(DialectRegistry &registry);

/// Registers Ferric's passes and pass pipelines.
void registerFerricPasses();

/// Registers every upstream dialect, extension and pass (ferric-opt only:
/// compiling this is slow and linking it is large).
void registerAllUpstream(DialectRegistry &registry);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_INITFERRIC_H
