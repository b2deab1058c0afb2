//===- Epilogue.h - A cuBLASLt epilogue read off a generic ------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ferric-matmul-to-cublaslt's reading of the elementwise generic that follows
// a matmul: the scale, bias and activation a cuBLASLt epilogue applies, in
// the order it applies them, and why the epilogue stops where it does.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_CONVERSION_CUBLASLT_EPILOGUE_H
#define FERRIC_LIB_CONVERSION_CUBLASLT_EPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace ferric {
namespace cublaslt {

/// The epilogue bits of runtime/cuda/FerricCudaRuntime.h.
enum : int32_t { kBias = 1, kRelu = 2, kGelu = 4 };

/// What the call folds in from the generic that reads the product.
struct Epilogue {
  float alpha = 1.0f;
  Value bias;                   ///< The bias buffer, when there is one.
  int32_t flags = 0;            ///< kBias | kRelu | kGelu.
  Value result;                 ///< The last value the call computes.
  SmallVector<Operation *> ops; ///< The body ops it replaces.
  SmallVector<std::string> parts;
  std::string stopped; ///< Why the epilogue ends where it does.
};

/// Reads the epilogue off `g`'s body, starting at the block argument `x`
/// for the product: [* alpha] [+ bias] [relu | gelu], each step only if
/// nothing but the next step reads the value before it.
Epilogue matchEpilogue(linalg::GenericOp g, BlockArgument x);

} // namespace cublaslt
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_CONVERSION_CUBLASLT_EPILOGUE_H
