//===- Pipelines.h - Ferric lowering pipelines ------------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_PIPELINES_PIPELINES_H
#define FERRIC_PIPELINES_PIPELINES_H

#include "FerricDialect/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/Twine.h"

namespace mlir {
namespace ferric {

/// Options every Ferric pipeline has: whether and how to fuse first.
template <typename Derived>
struct FerricPipelineOptions : public PassPipelineOptions<Derived> {
  ::mlir::detail::PassOptions::Option<bool> fuse{
      *this, "fuse",
      llvm::cl::desc("Run ferric-fuse first (false compiles every op as its "
                     "own kernel, for comparison)"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<unsigned> minOps{
      *this, "min-ops",
      llvm::cl::desc("ferric-fuse min-ops: fewest ops worth a kernel"),
      // ferric-fuse's own default, so that Passes.td is the one source.
      llvm::cl::init(FerricFusePassOptions().minOps)};
  ::mlir::detail::PassOptions::Option<std::string> fuseReport{
      *this, "fuse-report",
      llvm::cl::desc("Write ferric-fuse's report here ('-' for stdout)"),
      llvm::cl::init("")};
};

struct CPUPipelineOptions : FerricPipelineOptions<CPUPipelineOptions> {};

struct NVVMPipelineOptions : FerricPipelineOptions<NVVMPipelineOptions> {
  ::mlir::detail::PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("GPU architecture"),
      llvm::cl::init("sm_90")};
  ::mlir::detail::PassOptions::Option<std::string> features{
      *this, "features", llvm::cl::desc("PTX features"),
      llvm::cl::init("+ptx80")};
  ::mlir::detail::PassOptions::Option<int> optLevel{
      *this, "opt-level", llvm::cl::desc("Optimization level for the kernels"),
      llvm::cl::init(3)};
  ::mlir::detail::PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Kernel binary format: isa (PTX), bin (cubin) or fatbin"),
      llvm::cl::init("fatbin")};
  ::mlir::detail::PassOptions::Option<unsigned> blockSize{
      *this, "block-size", llvm::cl::desc("Threads per block"),
      llvm::cl::init(256)};
  ::mlir::detail::PassOptions::Option<unsigned> elementsPerThread{
      *this, "elements-per-thread",
      llvm::cl::desc("Elements per thread per load (0: 16 bytes' worth)"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<std::string> libdevice{
      *this, "libdevice",
      llvm::cl::desc("libdevice bitcode linked into kernels for math calls"),
      llvm::cl::init("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc")};
  ::mlir::detail::PassOptions::Option<std::string> reduction{
      *this, "reduction",
      llvm::cl::desc("Options of ferric-reduction-to-gpu over the CUDA-tuned "
                     "values, in that pass's syntax, e.g. "
                     "reduction={row-stream-min-length=1024 "
                     "row-program-cluster=8} (docs/FerricDialect/"
                     "FerricConversionPasses.md lists them)"),
      llvm::cl::init("")};
  ::mlir::detail::PassOptions::Option<bool> cublasLt{
      *this, "cublaslt",
      llvm::cl::desc("Matmuls (with bias/relu/GELU epilogues) as cuBLASLt "
                     "calls (ferric-matmul-to-cublaslt); false: the tiled "
                     "kernel"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<bool> tf32{
      *this, "tf32",
      llvm::cl::desc("Let cuBLASLt use TF32 for f32 matmuls (not IEEE f32)"),
      llvm::cl::init(false)};
  ::mlir::detail::PassOptions::Option<bool> approxExp{
      *this, "approx-exp",
      llvm::cl::desc("exp of f32 and narrower types in kernels is "
                     "libdevice's __nv_fast_expf (ex2.approx of x * log2(e), "
                     "as Triton's), not the correctly rounded __nv_expf "
                     "(ferric-approx-exp)"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<bool> approxSqrt{
      *this, "approx-sqrt",
      llvm::cl::desc("sqrt of f32 and narrower types in kernels is "
                     "libdevice's sqrt.approx.f32, not the correctly rounded "
                     "sqrt.rn.f32 (ferric-precise-sqrt)"),
      llvm::cl::init(false)};
};

struct SPIRVPipelineOptions : FerricPipelineOptions<SPIRVPipelineOptions> {
  ::mlir::detail::PassOptions::Option<unsigned> blockSize{
      *this, "block-size", llvm::cl::desc("Workgroup size"),
      llvm::cl::init(64)};
  ::mlir::detail::PassOptions::Option<unsigned> storageBufferLimit{
      *this, "storage-buffer-limit",
      llvm::cl::desc("Storage buffers one kernel may bind (the device's "
                     "maxPerStageDescriptorStorageBuffers); fusion keeps "
                     "inputs plus outputs under it"),
      llvm::cl::init(8)};
  ::mlir::detail::PassOptions::Option<std::string> version{
      *this, "spirv-version", llvm::cl::desc("SPIR-V version, e.g. v1.3"),
      llvm::cl::init("v1.3")};
  ::mlir::detail::PassOptions::Option<std::string> capabilities{
      *this, "caps",
      llvm::cl::desc("SPIR-V capabilities the device offers (comma-separated); "
                     "each kernel declares only those it uses"),
      llvm::cl::init("Shader,Int8,Int16,Float16,Float64,"
                     "StorageBuffer8BitAccess,StorageBuffer16BitAccess,"
                     "SignedZeroInfNanPreserve")};
  ::mlir::detail::PassOptions::Option<std::string> extensions{
      *this, "exts",
      llvm::cl::desc("SPIR-V extensions the device offers (comma-separated)"),
      llvm::cl::init("SPV_KHR_storage_buffer_storage_class,"
                     "SPV_KHR_8bit_storage,SPV_KHR_16bit_storage,"
                     "SPV_KHR_float_controls")};
};

/// Receives a pipeline builder's error, one line naming the bad option
/// (MLIR's pass-registry error handler has this type).
using PipelineErrorHandler =
    llvm::function_ref<LogicalResult(const llvm::Twine &)>;

/// Each builder checks every option value first and, if one is bad, reports
/// it through `emitError` and adds nothing to `pm`; otherwise it adds the
/// pipeline's passes (typed, with their options structs) to `pm`, a
/// builtin.module pass manager.
LogicalResult buildCPUPipeline(OpPassManager &pm,
                               const CPUPipelineOptions &options,
                               PipelineErrorHandler emitError);
LogicalResult buildNVVMPipeline(OpPassManager &pm,
                                const NVVMPipelineOptions &options,
                                PipelineErrorHandler emitError);
LogicalResult buildSPIRVPipeline(OpPassManager &pm,
                                 const SPIRVPipelineOptions &options,
                                 PipelineErrorHandler emitError);

/// The front end of ferric-lower-to-nvvm (default options) and its
/// ferric-matmul-to-cublaslt, stopping there, both appending their reports
/// to `report`: what the fusion report of the C API and Python adds for
/// programs with matmuls (which cuBLASLt epilogue each one takes, and what
/// stays in a Ferric kernel and why). Needs no GPU.
void buildMatmulReportPipeline(OpPassManager &pm, llvm::StringRef report);

/// Options of the front doors, ferric-import-tosa and ferric-import-linalg.
struct ImportPipelineOptions : PassPipelineOptions<ImportPipelineOptions> {
  ::mlir::detail::PassOptions::Option<bool> raise{
      *this, "raise",
      llvm::cl::desc("Raise linalg into ferric ops (false: only translate to "
                     "linalg-on-tensors, what the runner's --check compares "
                     "with)"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<std::string> report{
      *this, "report",
      llvm::cl::desc("ferric-raise-linalg's report: append it to this file, "
                     "or write it to stdout with '-'")};
};

/// ferric-import-linalg: upstream's linalg-fold-unit-extent-dims and
/// canonicalize, then ferric-raise-linalg on every function.
void buildImportLinalgPipeline(OpPassManager &pm,
                               const ImportPipelineOptions &options);

/// ferric-import-tosa: upstream's tosa-to-linalg-pipeline (TOSA to
/// linalg-on-tensors, tensor and arith), then ferric-import-linalg.
void buildImportTosaPipeline(OpPassManager &pm,
                             const ImportPipelineOptions &options);

/// Registers ferric-lower-to-cpu, ferric-lower-to-nvvm, ferric-lower-to-spirv,
/// ferric-import-tosa and ferric-import-linalg.
void registerFerricPipelines();

} // namespace ferric
} // namespace mlir

#endif // FERRIC_PIPELINES_PIPELINES_H
