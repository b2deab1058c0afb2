//===- FerricDialect.h - Ferric dialect -------------------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_DIALECT_FERRICDIALECT_H
#define FERRIC_DIALECT_FERRICDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "FerricDialect/Dialect/FerricDialect.h.inc"
#include "FerricDialect/Dialect/FerricEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "FerricDialect/Dialect/FerricAttrs.h.inc"

namespace mlir {
namespace ferric {

/// Emits the scalar computation of elementwise op `op` on one element per
/// operand (`args`). Defined in ScalarMath.cpp: the one place Ferric writes
/// the math of each op.
Value buildScalarComputation(Operation *op, OpBuilder &b, Location loc,
                             ValueRange args);

/// Rough instruction count of the scalar computation of `op`.
unsigned scalarCost(Operation *op);

/// Folds an elementwise op whose operands are all constants (splat tensors
/// or scalars) by evaluating its scalar body with the arith/math folders.
OpFoldResult foldElementwise(Operation *op, ArrayRef<Attribute> operands);

/// Verifies that the operands of a binary-shaped op are tensors of one type,
/// or one tensor and one scalar of its element type.
LogicalResult verifyTensorOrScalarOperands(Operation *op);

/// True for the element types Ferric computes in (f16, bf16, f32, f64).
bool isFerricFloat(Type t);

} // namespace ferric
} // namespace mlir

#include "FerricDialect/Dialect/FerricInterfaces.h.inc"

#define GET_OP_CLASSES
#include "FerricDialect/Dialect/FerricOps.h.inc"

#endif // FERRIC_DIALECT_FERRICDIALECT_H
