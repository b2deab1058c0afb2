//===- WGSL.h - WGSL emission for Ferric's GPU kernels ----------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Turns the gpu.func kernels that ferric-lower-to-wgsl leaves (scf, arith,
// math, memref and gpu ops on static memrefs) into WGSL compute shaders, one
// module per kernel, each with a JSON description of its bindings. The
// format of both is in docs/WGSL.md.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_TARGET_WGSL_H
#define FERRIC_TARGET_WGSL_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

#include <functional>
#include <string>

namespace mlir {
namespace ferric {

/// One kernel as WebGPU takes it.
struct WGSLKernel {
  /// The gpu.module's symbol (what gpu.launch_func names).
  std::string module;
  /// The @compute function's name in `source`.
  std::string entry;
  /// The WGSL module.
  std::string source;
  /// {"module", "entry", "workgroup_size", "bindings": [{"binding",
  /// "access", "type", "elements", "bytes", "packed_bits"}], "uniform":
  /// {"binding", "fields"}, "features"}: what a runner needs to bind it.
  llvm::json::Object manifest;
};

/// Emits the one kernel of `module` (a gpu.module after
/// gpu-kernel-outlining). Emits a diagnostic at the first op WGSL cannot
/// express exactly (f64, i64, an op the emitter lacks) and fails.
FailureOr<WGSLKernel> translateKernelToWGSL(gpu::GPUModuleOp module);

/// The JSON launch sequence of the host function `func`: per
/// gpu.launch_func, in order, the kernel's module, its grid and block
/// sizes (constants) and which buffer feeds each binding (an argument or
/// result of `func`, or a temporary). Fails with a diagnostic on a launch
/// whose sizes are not constants.
FailureOr<llvm::json::Array> launchSequenceOf(Operation *func);

/// Writes every kernel of `module` (WGSL text) and, last, one JSON object
/// {"kernels": [manifest...], "launches": {function: [launch...]}}, each
/// part after a `// ----- <name>` line: the `--mlir-to-wgsl` translation.
LogicalResult translateModuleToWGSL(ModuleOp module, llvm::raw_ostream &os);

/// Registers `--mlir-to-wgsl` with MLIR's translation registry; `dialects`
/// adds the dialects its input may hold.
void registerToWGSLTranslation(
    std::function<void(DialectRegistry &)> dialects = nullptr);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_TARGET_WGSL_H
