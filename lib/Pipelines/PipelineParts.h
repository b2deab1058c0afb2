//===- PipelineParts.h - Pieces the Ferric pipelines share ------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_PIPELINES_PIPELINEPARTS_H
#define FERRIC_LIB_PIPELINES_PIPELINEPARTS_H

#include "FerricDialect/Pipelines/Pipelines.h"

namespace mlir {
namespace ferric {
namespace pipelines {

/// ferric IR -> bufferized linalg on memrefs, the part every target shares.
/// `maxBuffers` (0: no limit) caps the inputs plus results of each fused op;
/// `chunkOps` (0: none) cuts functions into functions of at most that many
/// ops before bufferization (ferric-outline-chunks).
void addFrontEnd(OpPassManager &pm, bool fuse, unsigned minOps,
                 StringRef fuseReport, unsigned maxBuffers,
                 unsigned chunkOps = 0);

/// What Ferric's own kernel writers leave (matmul, fills, reductions they do
/// not match) goes through upstream's parallel-loop mapping: one thread per
/// output element.
void addLoopsToGPU(OpPassManager &pm, unsigned blockSize);

/// Checks a threads-per-block option: the passes it reaches need 1..1024.
LogicalResult checkBlockSize(StringRef option, unsigned value,
                             PipelineErrorHandler emitError);

/// Splits a comma-separated option value into its items, trimmed; fails
/// (through `emitError`) on an empty item.
FailureOr<SmallVector<std::string>> splitList(StringRef option, StringRef value,
                                              PipelineErrorHandler emitError);

} // namespace pipelines
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_PIPELINES_PIPELINEPARTS_H
