//===- MatmulLayout.h - Transposed operands of linalg matmuls ---*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric.matmul's transpose_lhs / transpose_rhs become linalg.matmul and
// linalg.batch_matmul indexing maps that swap an operand's last two dims;
// the passes after bufferization (the tiled GPU kernel, cuBLASLt) and
// ferric-raise-linalg read them back here, one definition for all.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_TRANSFORMS_MATMULLAYOUT_H
#define FERRIC_TRANSFORMS_MATMULLAYOUT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::ferric {

/// Which operands of a matmul are stored with their last two dims swapped.
struct MatmulLayout {
  bool transposeLhs = false;
  bool transposeRhs = false;
};

/// The indexing maps of a linalg.matmul (or, with `batched`, a
/// linalg.batch_matmul) reading its operands as `layout` says.
SmallVector<AffineMap> matmulIndexingMaps(MLIRContext *ctx, bool batched,
                                          MatmulLayout layout);

/// The layout of a linalg.matmul or linalg.batch_matmul: its default maps,
/// or maps that differ from them only by swapping an operand's last two
/// dims. Failure for anything else (broadcast operands, a transposed
/// result, another op).
FailureOr<MatmulLayout> getMatmulLayout(linalg::LinalgOp op);

} // namespace mlir::ferric

#endif // FERRIC_TRANSFORMS_MATMULLAYOUT_H
