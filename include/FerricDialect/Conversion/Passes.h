//===- Passes.h - Ferric conversion passes ----------------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_CONVERSION_PASSES_H
#define FERRIC_CONVERSION_PASSES_H

#include "FerricDialect/Dialect/FerricDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace ferric {

/// Patterns that lower ferric ops to linalg on tensors.
void populateFerricToLinalgPatterns(RewritePatternSet &patterns);

#define GEN_PASS_DECL
#include "FerricDialect/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "FerricDialect/Conversion/Passes.h.inc"

/// ferric-reduction-to-gpu as ferric-lower-to-nvvm runs it on `chip`:
/// warps of 32, blocks of `blockSize` and the CUDA-tuned knobs
/// (ReductionTuning::forCUDA), then `overrides` (the pass's own option
/// syntax, "row-stream-min-length=1024 row-program-cluster=8"). Null after
/// one `emitError` call when an override is unknown or out of range.
std::unique_ptr<Pass> createCUDAReductionToGPUPass(
    llvm::StringRef chip, unsigned blockSize, llvm::StringRef overrides,
    llvm::function_ref<LogicalResult(const llvm::Twine &)> emitError);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_CONVERSION_PASSES_H
