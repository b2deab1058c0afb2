//===- Passes.td - Ferric conversion passes ----------------*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The conversion passes: lowering to linalg here, the rest by area in the
// files included below. One tablegen target (Passes.h.inc and
// docs/FerricDialect/FerricConversionPasses.md) covers them all.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_CONVERSION_PASSES_TD
#define FERRIC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===- convert-ferric-to-linalg -------------------------------------------===//

def ConvertFerricToLinalgPass : Pass<"convert-ferric-to-linalg"> {
  let summary = "Lower ferric ops to linalg on tensors";
  let description = [{
    Every elementwise ferric op becomes one `linalg.generic` whose body is the
    op's scalar math (the same code `ferric-fuse` puts in fused bodies);
    scalar operands become scalar inputs. `ferric.fused` becomes exactly one
    `linalg.generic` with its indexing maps and body. `ferric.broadcast`
    becomes `linalg.broadcast`; `ferric.reduce` a reduction `linalg.generic`
    (accumulating f16/bf16 in f32; `mean` divides by the reduced count;
    `keepdim` re-adds unit dims with `tensor.expand_shape`); `ferric.matmul`
    `linalg.matmul` or `linalg.batch_matmul` (f32 accumulation for f16/bf16).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

include "FerricDialect/Conversion/CPUPasses.td"
include "FerricDialect/Conversion/GPUPasses.td"
include "FerricDialect/Conversion/ReductionPasses.td"
include "FerricDialect/Conversion/ShaderPasses.td"

#endif // FERRIC_CONVERSION_PASSES_TD
