//===- Check.h - Tolerances of ferric-run --check ---------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What `ferric-run --check` (and any other caller comparing a run against
// the unfused f64 CPU reference) accepts: a per-dtype tolerance for a chain
// of elementwise operations, widened for results that accumulate many
// values (reductions, matmul), whose rounding error grows with the number of
// values folded.
//
//===----------------------------------------------------------------------===//

#ifndef FERRICDIALECT_RUNNER_CHECK_H
#define FERRICDIALECT_RUNNER_CHECK_H

#include "FerricDialect/Runner/HostTensor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace mlir::ferric::runner {

struct Tolerance {
  double atol = 0, rtol = 0;
};

/// A few ULP of `type` for a chain of operations (libdevice/libm
/// transcendentals are within 2-4 ULP); 0 for i1.
Tolerance defaultTolerance(DType type);

/// `base` (the tolerance of a `type` result) widened for a result that folds
/// `length` values in its accumulator (f32 for f16/bf16/f32, f64 for f64):
/// plus the accumulator's atol times `length` (the absolute error of a sum
/// whose terms cancel grows like length times the terms' size, assumed O(1)
/// as atol does) and its rtol times sqrt(length) (the relative error of a
/// sum with independent per-step errors). A sequential f32 sum of 70000
/// random normal values stays inside it; pairwise and tree sums stay far
/// inside it. Unchanged for length <= 1 and for i1.
Tolerance scaleForAccumulation(Tolerance base, DType type, int64_t length);

/// For each result of function `entry` (or the module's only public
/// function) in `irText`: the largest number of values any one reduction or
/// matmul contraction in its backward slice folds (1 when there is none;
/// max/min reductions count 1, they are exact). `argShapes` are the shapes
/// of the actual arguments: a dynamic dim takes the size of the argument dim
/// it follows from (through elementwise ops, reductions and broadcasts sized
/// by tensor.dim); one nothing determines is bounded by the largest
/// argument's element count.
llvm::Expected<std::vector<int64_t>>
accumulationLengths(llvm::StringRef irText, llvm::StringRef entry,
                    llvm::ArrayRef<llvm::SmallVector<int64_t>> argShapes);

/// The reference an i1 result `got` is compared with: per element, `native`
/// (the program run at its own element types) where `got` matches it, else
/// `f64` (the promoted run). A comparison of values within rounding of each
/// other (0.1f * 3 == 0.3f holds in f32, not in f64) may go either way.
HostTensor maskReference(const HostTensor &got, const HostTensor &f64,
                         const HostTensor &native);

/// The reference an f16/bf16 result `got` is compared with when it misses
/// the f64 one: per element, whichever of `f64` and `native` (the unfused
/// program run at its own element types, rounding every intermediate as
/// the program does) is closer to `got`. The f64 run rounds nothing, so a
/// bf16 sum of products that cancel can be off from it by the products'
/// rounding, far more than the tolerance of a result of its size.
HostTensor closerReference(const HostTensor &got, const HostTensor &f64,
                           const HostTensor &native);

} // namespace mlir::ferric::runner

#endif // FERRICDIALECT_RUNNER_CHECK_H
