//===- ShaderPasses.td - Ferric Vulkan/WebGPU passes -------*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Passes of the SPIR-V (Vulkan) and WGSL (WebGPU) pipelines, which share their
// kernels (lib/Pipelines/ShaderParts.cpp). Included by Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_CONVERSION_SHADERPASSES_TD
#define FERRIC_CONVERSION_SHADERPASSES_TD

include "mlir/Pass/PassBase.td"

//===- ferric-bf16-buffers-as-i16 -----------------------------------------===//

def FerricBF16BuffersAsI16Pass : Pass<"ferric-bf16-buffers-as-i16", "ModuleOp"> {
  let summary = "Give SPIR-V kernels their bf16 buffers as i16 words";
  let description = [{
    SPIR-V (without SPV_KHR_bfloat16) has no bf16 type, and MLIR's SPIR-V
    type converter stores a `memref<...xbf16>` as 32-bit floats, which reads
    the wrong bytes. Run after `arith-emulate-unsupported-floats` and
    `arith-expand{include-bf16}` (which leave bf16 only in buffers and in
    `arith.bitcast`s to and from i16), this pass re-types every bf16 memref
    argument and `memref.alloc` (workgroup tiles) of a kernel as the i16
    memref of the same shape (a load gains a
    bitcast to bf16, a store a bitcast to i16) and casts the operands of
    the `gpu.launch_func`s that call it with `unrealized_conversion_cast`,
    which the host's LLVM lowering removes (both memrefs have the same
    descriptor and bytes). A bf16 buffer used other than by loads and
    stores is reported as an error.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

//===- ferric-launch-bool-buffers-as-bytes --------------------------------===//

def FerricLaunchBoolBuffersAsBytesPass
    : Pass<"ferric-launch-bool-buffers-as-bytes", "ModuleOp"> {
  let summary = "Pass i1 buffers to serialized SPIR-V kernels as i8 buffers";
  let description = [{
    The SPIR-V type converter stores i1 as one byte (8-bit storage), the same
    layout LLVM gives `memref<...xi1>` on the host, but `gpu-to-llvm` refuses
    to pass an i1 memref as a bare kernel pointer. Once kernels are
    serialized (`gpu.binary`), this pass re-types each i1 memref operand of
    `gpu.launch_func` as the i8 memref of the same shape through an
    `unrealized_conversion_cast`; both lower to the same LLVM descriptor, so
    `reconcile-unrealized-casts` removes the cast.
  }];
}

//===- ferric-legalize-math-for-spirv -------------------------------------===//

def FerricLegalizeMathForSPIRVPass : Pass<"ferric-legalize-math-for-spirv"> {
  let summary = "Prepare math ops for convert-math-to-spirv (Vulkan)";
  let description = [{
    GLSL.std.450, the instruction set `convert-math-to-spirv` targets for
    Vulkan, has no `erf` and implements transcendental functions (exp, log,
    tanh, sin, pow, ...) for 16- and 32-bit floats only. This pass expands
    f32 `math.erf` into upstream's polynomial approximation (max error
    ~1e-7 relative) and rejects, with a diagnostic at the op's location,
    f64 math ops that GLSL.std.450 lacks (rather than emitting SPIR-V that
    `spirv-val` refuses). Run it inside `gpu.module` before
    `convert-math-to-spirv`.

    GLSL.std.450 has no `log1p` or `expm1` either, and Vulkan bounds `Sin`
    and `Cos` only to 2^-11 absolute inside [-pi, pi]: f16 and f32
    `math.log1p`, `math.expm1`, `math.sin` and `math.cos` are expanded in
    f32. log1p is the odd series of `2 atanh(x / (2 + x))` for
    -0.5 < x < 1 and `log(1 + x)` elsewhere; expm1 is its Taylor series to
    x^12 for |x| < 1 and `exp(x) - 1` elsewhere (both within 3 f32 ulp
    where they use no GLSL function); sin and cos reduce x by k * pi/2 with
    pi/2 in four Cody-Waite pieces of 8 bits (exact for |k| < 2^16) and
    evaluate Cephes' minimax polynomials, within 1.2e-7 absolute for
    |x| < 102900, beyond which the driver's `Sin`/`Cos` is used.

    GLSL.std.450 leaves special values undefined, so every exp, log, sqrt,
    rsqrt, tanh, erf, pow, sin and cos gets C's special cases as selects
    around the GLSL call. Arithmetic with a constant +-0 operand is written as IEEE's
    result without that arithmetic (`x * 0` as a select on `x` being
    finite, `x / 0` as `x * inf`, `0 / x`, `x + 0` and `0 - x` as selects):
    lavapipe's code generator simplifies `x * 0 -> 0`, `0 / x -> 0`,
    `x / 0 -> undef`, `x + 0 -> x` and `0 - x -> -x` whatever the float
    controls say.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

//===- ferric-nest-spirv-modules ------------------------------------------===//

def FerricNestSPIRVModulesPass : Pass<"ferric-nest-spirv-modules", "ModuleOp"> {
  let summary = "Move each spirv.module into the gpu.module it came from";
  let description = [{
    `convert-gpu-to-spirv` places the `spirv.module` next to its `gpu.module`;
    `gpu-module-to-binary` serializes the SPIR-V found inside the
    `gpu.module`. This pass moves it there and drops the gpu.module's other
    (now converted) functions.
  }];
}

//===- ferric-spirv-float-controls ----------------------------------------===//

def FerricSPIRVFloatControlsPass
    : Pass<"ferric-spirv-float-controls", "ModuleOp"> {
  let summary = "Ask Vulkan to keep signed zeros, infinities and NaNs";
  let description = [{
    Vulkan lets a driver assume that floats are never NaN or infinite unless
    an entry point declares the `SignedZeroInfNanPreserve` execution mode for
    that width; Mesa then folds `x - x`, `x * 0` and `0 / x` to 0. For every
    `spirv.EntryPoint` of every nested `spirv.module` whose target
    environment allows the mode (the capability, and SPIR-V 1.4 or
    `SPV_KHR_float_controls`), this pass adds the mode for each float width
    the module uses, and marks float arithmetic `NoContraction` (exact: no
    fused multiply-add, no algebraic rewrites), so that Vulkan computes what
    the CPU and CUDA do. Run it after `ferric-nest-spirv-modules`, before
    `spirv-update-vce` (which then declares the capability and extension).
  }];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

//===- ferric-sink-into-launch --------------------------------------------===//

def FerricSinkIntoLaunchPass : Pass<"ferric-sink-into-launch", "func::FuncOp"> {
  let summary = "Recompute host-side scalar arithmetic inside gpu.launch";
  let description = [{
    Clones into each `gpu.launch` body the side-effect-free `arith` ops
    (and constants) defined above it whose operands are themselves
    recomputable, so that outlining passes only buffers to the kernel.
    Upstream's `gpu-launch-sink-index-computations` sinks constants but not,
    e.g., the `arith.muli %c1, %c64` that loop tiling leaves as a step; the
    Vulkan host ABI (`gpu-to-llvm` with interspersed sizes) accepts only
    memref kernel arguments, so such a scalar would fail the launch lowering.
  }];
}

//===- ferric-spirv-entry-points ------------------------------------------===//

def FerricSPIRVEntryPointsPass : Pass<"ferric-spirv-entry-points", "ModuleOp"> {
  let summary = "Set spirv.entry_point_abi on outlined kernels";
  let description = [{
    Gives every `gpu.func` kernel the `spirv.entry_point_abi` attribute that
    `convert-gpu-to-spirv` needs, with the workgroup size taken from the
    kernel's `known_block_size` (set by outlining) or from `block-size`.
  }];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
  let options = [
    Option<"blockSize", "block-size", "unsigned", /*default=*/"256",
           "Workgroup size x when the kernel does not know its block size">
  ];
}

#endif // FERRIC_CONVERSION_SHADERPASSES_TD
