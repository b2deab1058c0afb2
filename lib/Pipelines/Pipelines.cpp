//===- Pipelines.cpp - Ferric lowering pipelines --------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Each pipeline is written as the textual pass list a user would type into
// ferric-opt, so `--dump-pass-pipeline` shows exactly what runs and every
// stage can be reproduced (and lit-tested) on its own.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Pipelines/Pipelines.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ferric;

static void addPipeline(OpPassManager &pm, const std::string &text) {
  std::string error;
  llvm::raw_string_ostream os(error);
  if (failed(parsePassPipeline(text, pm, os)))
    llvm::report_fatal_error(
        llvm::Twine("ferric: internal pipeline does not parse: ") + error);
}

/// ferric IR -> bufferized linalg on memrefs, the part every target shares.
template <typename Options>
static std::string frontEnd(const Options &options, unsigned maxBuffers) {
  std::string s;
  if (options.fuse)
    s += llvm::formatv("func.func(ferric-fuse{{min-ops={0} max-buffers={1} "
                       "report={2}}),",
                       options.minOps.getValue(), maxBuffers,
                       options.fuseReport.empty()
                           ? std::string("\"\"")
                           : options.fuseReport.getValue())
             .str();
  s += "convert-ferric-to-linalg,canonicalize,cse,";
  if (options.fuse)
    s += llvm::formatv("func.func(ferric-fuse-reductions{{"
                       "max-buffers={0}}),canonicalize,cse,",
                       maxBuffers)
             .str();
  s += "one-shot-bufferize{bufferize-function-boundaries "
       "function-boundary-type-conversion=identity-layout-map},"
       "canonicalize,buffer-deallocation-pipeline,"
       "convert-bufferization-to-memref,canonicalize";
  return s;
}

/// What Ferric's own kernel writers leave (matmul, fills, reductions they do
/// not match) goes through upstream's parallel-loop mapping: one thread per
/// output element.
static std::string loopsToGPU(unsigned blockSize) {
  return llvm::formatv("func.func(convert-linalg-to-parallel-loops,"
                       "scf-parallel-loop-tiling{{parallel-loop-tile-sizes={0} "
                       "no-min-max-bounds=true},gpu-map-parallel-loops,"
                       "convert-parallel-loops-to-gpu,"
                       "gpu-launch-sink-index-computations)",
                       blockSize)
      .str();
}

void mlir::ferric::buildCPUPipeline(OpPassManager &pm,
                                    const CPUPipelineOptions &options) {
  addPipeline(pm, frontEnd(options, 0));
  addPipeline(pm, "func.func(ferric-exact-narrowing,convert-linalg-to-loops,"
                  "llvm-request-c-wrappers),"
                  "expand-strided-metadata,lower-affine,convert-scf-to-cf,"
                  "convert-math-to-llvm,convert-math-to-libm,convert-to-llvm,"
                  "reconcile-unrealized-casts");
}

void mlir::ferric::buildNVVMPipeline(OpPassManager &pm,
                                     const NVVMPipelineOptions &options) {
  addPipeline(pm, frontEnd(options, 0));
  addPipeline(pm, llvm::formatv("func.func(ferric-reduction-to-gpu{{"
                                "block-size={0} warp-size=32 row-groups={2}},"
                                "ferric-matmul-to-gpu,"
                                "ferric-elementwise-to-gpu{{"
                                "block-size={0} elements-per-thread={1}}),",
                                options.blockSize.getValue(),
                                options.elementsPerThread.getValue(),
                                options.rowGroups.getValue())
                          .str() +
                      loopsToGPU(options.blockSize) +
                      ",func.func(ferric-gpu-device-memory,"
                      "llvm-request-c-wrappers)");
  // Kernels: outline, lower to NVVM with libdevice linked, serialize.
  addPipeline(
      pm, llvm::formatv("gpu-kernel-outlining,"
                        // gpu-to-llvm lowers only async allocations, copies
                        // and launches: make the host-side gpu ops async.
                        "func.func(gpu-async-region),convert-vector-to-scf,"
                        "convert-scf-to-cf,convert-nvvm-to-llvm,"
                        "convert-func-to-llvm,expand-strided-metadata,"
                        "nvvm-attach-target{{chip={0} features={1} O={2} "
                        "l={3}},lower-affine,convert-arith-to-llvm,"
                        "convert-index-to-llvm,canonicalize,cse,"
                        "gpu.module(strip-debuginfo,convert-gpu-to-nvvm,"
                        "llvm-optimize-for-nvvm-target,canonicalize,cse,"
                        "reconcile-unrealized-casts),"
                        "gpu-to-llvm,gpu-module-to-binary{{format={4}},"
                        "convert-math-to-llvm,canonicalize,cse,"
                        "reconcile-unrealized-casts",
                        options.chip.getValue(), options.features.getValue(),
                        options.optLevel.getValue(),
                        options.libdevice.getValue(), options.format.getValue())
              .str());
}

void mlir::ferric::buildSPIRVPipeline(OpPassManager &pm,
                                      const SPIRVPipelineOptions &options) {
  // Kernels take buffers only: sizes must be static (a clear error first).
  addPipeline(pm, "ferric-require-static-args");
  // One binding per input and per result of each kernel.
  addPipeline(pm, frontEnd(options, options.storageBufferLimit));
  addPipeline(
      pm,
      llvm::formatv("func.func(ferric-reduction-to-gpu{{block-size={0} "
                    "workgroup-alloc=true},"
                    "ferric-matmul-to-gpu{{workgroup-alloc=true},"
                    "ferric-elementwise-to-gpu{{block-size={0} "
                    "elements-per-thread=1}),",
                    options.blockSize.getValue())
              .str() +
          loopsToGPU(options.blockSize) +
          llvm::formatv(
              ",func.func(llvm-request-c-wrappers,lower-affine,"
              "ferric-sink-into-launch),"
              "gpu-kernel-outlining,"
              "ferric-spirv-entry-points{{block-size={0}},"
              "fold-memref-alias-ops,"
              "spirv-attach-target{{ver={1} caps={2} exts={3} "
              "client_api=Vulkan},"
              // bf16 has no SPIR-V arithmetic: compute in f32, keep the
              // buffers as 16-bit words (the type converter's emulation).
              "gpu.module(ferric-exact-narrowing,"
              "arith-emulate-unsupported-floats{{"
              "source-types=bf16 target-type=f32},"
              "arith-expand{{include-bf16=true}),ferric-bf16-buffers-as-i16,"
              "gpu.module(canonicalize,ferric-legalize-math-for-spirv,"
              "convert-math-to-spirv),"
              "convert-gpu-to-spirv,"
              "ferric-nest-spirv-modules,ferric-spirv-float-controls,"
              "gpu.module(spirv.module(spirv-lower-abi-attrs,"
              "spirv-update-vce)),gpu-module-to-binary,"
              "ferric-launch-bool-buffers-as-bytes,"
              "convert-scf-to-cf,expand-strided-metadata,"
              "finalize-memref-to-llvm,"
              "gpu-to-llvm{{use-bare-pointers-for-host=false "
              "use-bare-pointers-for-kernels=true "
              "intersperse-sizes-for-kernels=true},convert-to-llvm,"
              "reconcile-unrealized-casts",
              options.blockSize.getValue(), options.version.getValue(),
              options.capabilities.getValue(), options.extensions.getValue())
              .str());
}

void mlir::ferric::registerFerricPipelines() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "ferric-lower-to-cpu",
      "Lower ferric IR to LLVM for the CPU (the numerical reference path)",
      buildCPUPipeline);
  PassPipelineRegistration<NVVMPipelineOptions>(
      "ferric-lower-to-nvvm",
      "Lower ferric IR to vectorized CUDA kernels (NVVM, PTX/cubin/fatbin) "
      "and host code calling the mgpu* runtime",
      buildNVVMPipeline);
  PassPipelineRegistration<SPIRVPipelineOptions>(
      "ferric-lower-to-spirv",
      "Lower ferric IR to SPIR-V kernels for Vulkan and host code calling the "
      "mgpu* runtime",
      buildSPIRVPipeline);
}
