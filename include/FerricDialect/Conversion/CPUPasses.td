//===- CPUPasses.td - Ferric CPU passes --------------------*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Passes of the CPU path (`ferric-lower-to-cpu`), and the correctly rounded
// narrowing the shader pipelines also run. Included by Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_CONVERSION_CPUPASSES_TD
#define FERRIC_CONVERSION_CPUPASSES_TD

include "mlir/Pass/PassBase.td"

//===- ferric-exact-narrowing ---------------------------------------------===//

def FerricExactNarrowingPass : Pass<"ferric-exact-narrowing"> {
  let summary = "Correctly rounded bf16 arithmetic and narrowing to bf16/f16";
  let description = [{
    Computes every `arith`/`math` op on bf16 in f32 and rounds the result
    back with integer operations (round to nearest even, subnormals kept,
    NaN quiet); writes `arith.truncf` to bf16 the same way, and `truncf`
    from f64 to bf16 or f16 through a round-to-odd f32, so that it rounds
    once. LLVM's x86 lowering of f32 to bf16 flushes bf16 subnormals, and
    f64 narrowings through f32 round twice. `select`, constants, `extf` and
    bitcasts on bf16 are left alone (an `extf` to f64 goes through f32).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

//===- ferric-legalize-math-for-cpu ---------------------------------------===//

def FerricLegalizeMathForCPUPass
    : Pass<"ferric-legalize-math-for-cpu", "ModuleOp"> {
  let summary = "Send log1p and expm1 to libm on the CPU";
  let description = [{
    `convert-math-to-llvm` writes `math.log1p` as `log(1 + x)` and
    `math.expm1` as `exp(x) - 1`, which lose every digit for tiny `x`
    (`1 + 1e-10` is 1 in f64 too) and the CPU path is Ferric's numerical
    reference. This pass turns exactly these two ops (f16 and bf16 ones
    computed in f32) into calls of libm's `log1p`/`log1pf` and
    `expm1`/`expm1f`, declaring them in the module; every other math op is
    left to `convert-math-to-llvm`. Run it before that pass.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::math::MathDialect"];
}

//===- ferric-outline-cpu-kernels -----------------------------------------===//

def FerricOutlineCPUKernelsPass
    : Pass<"ferric-outline-cpu-kernels", "ModuleOp"> {
  let summary = "Move each linalg op of a function with many into a function "
                "of its own (CPU)";
  let description = [{
    On the CPU every linalg op becomes a loop nest in the function that
    holds it. An unfused program (`fuse=false`, `ferric-run --no-fuse`, the
    f64 reference of `--check`) has one per op, and the passes after this
    one do not scale with that: `convert-scf-to-cf` splits the function's
    block at every loop, moving the rest of the block each time, and LLVM's
    scalar evolution and dominator trees answer queries over the whole
    function (a 2000-op chain spent 3 s in the former and over 10 s in
    LLVM). A function with at least `min-kernels` linalg ops gets each of
    them moved into a private function of its own (`passthrough =
    ["noinline"]`, so that LLVM keeps them apart) called in its place, which
    keeps every later pass linear in the number of ops. Constants the op's
    body uses are cloned into the new function; other values it captures
    become arguments. Fused programs have few kernels and stay as they are.
    Run after bufferization, before `convert-linalg-to-loops` and before
    `llvm-request-c-wrappers` has seen the module.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let options = [
    Option<"minKernels", "min-kernels", "unsigned", /*default=*/"32",
           "Outline the linalg ops of functions that have at least this many "
           "(0 outlines none)">
  ];
}

#endif // FERRIC_CONVERSION_CPUPASSES_TD
