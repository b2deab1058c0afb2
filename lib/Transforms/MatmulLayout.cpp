//===- MatmulLayout.cpp - Transposed operands of linalg matmuls -----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/MatmulLayout.h"

using namespace mlir;
using namespace mlir::ferric;

SmallVector<AffineMap> mlir::ferric::matmulIndexingMaps(MLIRContext *ctx,
                                                        bool batched,
                                                        MatmulLayout layout) {
  // Loops: [batch,] m, n, k.
  unsigned first = batched ? 1 : 0, numDims = first + 3;
  AffineExpr m = getAffineDimExpr(first, ctx),
             n = getAffineDimExpr(first + 1, ctx),
             k = getAffineDimExpr(first + 2, ctx);
  auto map = [&](AffineExpr x, AffineExpr y) {
    SmallVector<AffineExpr> results;
    if (batched)
      results.push_back(getAffineDimExpr(0, ctx));
    results.append({x, y});
    return AffineMap::get(numDims, 0, results, ctx);
  };
  return {layout.transposeLhs ? map(k, m) : map(m, k),
          layout.transposeRhs ? map(n, k) : map(k, n), map(m, n)};
}

FailureOr<MatmulLayout> mlir::ferric::getMatmulLayout(linalg::LinalgOp op) {
  bool batched;
  if (isa<linalg::MatmulOp>(op.getOperation()))
    batched = false;
  else if (isa<linalg::BatchMatmulOp>(op.getOperation()))
    batched = true;
  else
    return failure();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  for (bool lhs : {false, true})
    for (bool rhs : {false, true})
      if (maps == matmulIndexingMaps(op->getContext(), batched, {lhs, rhs}))
        return MatmulLayout{lhs, rhs};
  return failure();
}
