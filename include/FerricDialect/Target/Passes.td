//===- Passes.td - Ferric's target (code emission) passes --*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_TARGET_PASSES_TD
#define FERRIC_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

//===- ferric-wgsl-to-binary ----------------------------------------------===//

def FerricWGSLToBinaryPass : Pass<"ferric-wgsl-to-binary", "ModuleOp"> {
  let summary = "Emit each gpu.module as WGSL and replace it by a gpu.binary";
  let description = [{
    The WebGPU counterpart of `gpu-module-to-binary`: every `gpu.module`
    (one outlined kernel each, as `ferric-lower-to-wgsl` prepares them) is
    emitted as a WGSL compute shader (`lib/Target/WGSL`) and replaced by a
    `gpu.binary` of the same name whose one object holds a JSON document
    `{"manifest": {...}, "wgsl": "..."}` (the format is in docs/WGSL.md).
    `gpu-to-llvm` then turns each `gpu.launch_func` into the `mgpu*` calls
    that Ferric's WebGPU runtime (`runtime/webgpu/`) implements, exactly as
    for SPIR-V. The object's target is the module's first target attribute
    (`spirv-attach-target` gives one). A kernel WGSL cannot express exactly
    (f64, i64, ops the emitter lacks) is an error at that op.
  }];
}

#endif // FERRIC_TARGET_PASSES_TD
