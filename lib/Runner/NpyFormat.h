//===- NpyFormat.h - .npy pieces shared by its reader and writer -*- C++
//-*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_RUNNER_NPYFORMAT_H
#define FERRIC_LIB_RUNNER_NPYFORMAT_H

#include "FerricDialect/Runner/HostTensor.h"

#include <string>

namespace mlir::ferric::runner {

/// Swaps each `width`-byte element of `data` on a big-endian host.
void toFromLittleEndian(uint8_t *data, size_t bytes, size_t width);
/// The .npy header (magic, version, dict, padding) for `t`.
std::string npyHeader(const HostTensor &t);
/// True if `t.data` has exactly the bytes its shape and dtype need.
bool isConsistent(const HostTensor &t);

} // namespace mlir::ferric::runner

#endif // FERRIC_LIB_RUNNER_NPYFORMAT_H
