//===- TargetSupport.h - Scalar ops every Ferric target lowers --*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_DIALECT_TARGETSUPPORT_H
#define FERRIC_DIALECT_TARGETSUPPORT_H

#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace mlir {
namespace ferric {

/// Whether `type` is an element type Ferric's tensors hold (f16, bf16, f32,
/// f64 or i1).
bool isFerricElementType(Type type);

/// Why scalar `op` cannot be part of a ferric.fused body that every target
/// (CPU, NVVM, SPIR-V) lowers, or nothing if it can. The one list of such
/// ops: what the ferric ops' scalar bodies (ScalarMath.cpp) are made of,
/// plus ops the targets lower the same way (math.erf: libdevice on NVVM, a
/// polynomial in FerricLegalizeMathForSPIRV). Adding an op that every
/// target lowers is a one-line change here.
std::optional<std::string> whyNotTargetSupported(Operation *op);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_DIALECT_TARGETSUPPORT_H
