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
  ::mlir::detail::PassOptions::Option<bool> rowGroups{
      *this, "row-groups",
      llvm::cl::desc("One warp-per-row kernel for a reduction and the row-wise "
                     "work after it (ferric-reduction-to-gpu row-groups)"),
      llvm::cl::init(true)};
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
  ::mlir::detail::PassOptions::Option<unsigned> rowGroupBlockElements{
      *this, "row-group-block-elements",
      llvm::cl::desc("Row groups over rows of at least this many elements run "
                     "a block per row when they do not get a row program; 0: "
                     "a warp per row (ferric-reduction-to-gpu row-group-block-"
                     "elements)"),
      llvm::cl::init(2048)};
  ::mlir::detail::PassOptions::Option<bool> rowProgram{
      *this, "row-program",
      llvm::cl::desc("Row groups whose rows fit in registers read each row "
                     "once (ferric-reduction-to-gpu row-program); false: the "
                     "re-reading row-group kernels"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<unsigned> rowProgramCluster{
      *this, "row-program-cluster",
      llvm::cl::desc("Rows too long for one block's registers spread over a "
                     "thread-block cluster of up to this many blocks (0, 1, "
                     "2, 4, 8 or 16; used on sm_90 and newer; ferric-"
                     "reduction-to-gpu row-program-cluster)"),
      llvm::cl::init(16)};
  ::mlir::detail::PassOptions::Option<unsigned> rowProgramClusterBlock{
      *this, "row-program-cluster-block",
      llvm::cl::desc("The fewest threads per block of cluster row programs "
                     "(ferric-reduction-to-gpu row-program-cluster-block)"),
      llvm::cl::init(256)};
  ::mlir::detail::PassOptions::Option<unsigned> rowProgramThreadBytes{
      *this, "row-program-thread-bytes",
      llvm::cl::desc("The bytes of each row operand a row-program thread "
                     "aims to hold, at least 16 values (16 to 256, a power "
                     "of two; ferric-reduction-to-gpu "
                     "row-program-thread-bytes)"),
      llvm::cl::init(64)};
  ::mlir::detail::PassOptions::Option<unsigned> rowProgramMaxValues{
      *this, "row-program-max-values",
      llvm::cl::desc("The most values of each row operand a row-program "
                     "thread holds in registers (0: automatic, or 8 to 64; "
                     "ferric-reduction-to-gpu row-program-max-values)"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<unsigned> rowProgramMaxRegisters{
      *this, "row-program-max-registers",
      llvm::cl::desc("Row-program kernels ask for the resident blocks per "
                     "SM that this many registers per thread allow (0: "
                     "automatic, or 32 to 255; ferric-reduction-to-gpu "
                     "row-program-max-registers)"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<bool> rowProgramAlignedChunks{
      *this, "row-program-aligned-chunks",
      llvm::cl::desc("Row programs and row streams over rows whose length "
                     "no 16-byte chunk divides, and rows of a length known "
                     "only at run time, move 16-byte chunks aligned in "
                     "memory (ferric-reduction-to-gpu "
                     "row-program-aligned-chunks)"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<unsigned> rowProgramClusterGrid{
      *this, "row-program-cluster-grid",
      llvm::cl::desc("Cluster row programs launch at most this many "
                     "clusters, each looping over rows (0: one per row; "
                     "ferric-reduction-to-gpu row-program-cluster-grid)"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<unsigned> rowProgramInvariantValues{
      *this, "row-program-invariant-values",
      llvm::cl::desc("The most values of the row-invariant operands (gamma, "
                     "beta) a row-program thread keeps in registers across "
                     "rows (ferric-reduction-to-gpu "
                     "row-program-invariant-values)"),
      llvm::cl::init(16)};
  ::mlir::detail::PassOptions::Option<unsigned> splitFoldBytes{
      *this, "split-fold-bytes",
      llvm::cl::desc("The bytes of its input each thread of the split-full "
                     "and column reductions loads per block of its fold (a "
                     "power of two, 32 to 1024; ferric-reduction-to-gpu "
                     "split-fold-bytes)"),
      llvm::cl::init(128)};
  ::mlir::detail::PassOptions::Option<unsigned> columnLoadBytes{
      *this, "column-load-bytes",
      llvm::cl::desc("The bytes of adjacent columns a thread of the column "
                     "reductions reads with one vector load per row (0, or "
                     "a power of two up to 16; ferric-reduction-to-gpu "
                     "column-load-bytes)"),
      llvm::cl::init(4)};
  ::mlir::detail::PassOptions::Option<unsigned> splitLoadBytes{
      *this, "split-load-bytes",
      llvm::cl::desc("The bytes of consecutive elements a thread of a "
                     "split full reduction reads with one vector load (0, or "
                     "a power of two up to 16; ferric-reduction-to-gpu "
                     "split-load-bytes)"),
      llvm::cl::init(16)};
  ::mlir::detail::PassOptions::Option<bool> rowStream{
      *this, "row-stream",
      llvm::cl::desc("Row groups over long static rows walk each row in "
                     "tiles, a block per row, one pass per reduction (max "
                     "and sum of exp in one) (ferric-reduction-to-gpu "
                     "row-stream)"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<unsigned> rowStreamMinLength{
      *this, "row-stream-min-length",
      llvm::cl::desc("Static rows of at least this many elements are "
                     "streamed; 0: automatic (ferric-reduction-to-gpu "
                     "row-stream-min-length)"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<unsigned> rowStreamThreads{
      *this, "row-stream-threads",
      llvm::cl::desc("Threads of a row stream's block "
                     "(ferric-reduction-to-gpu row-stream-threads)"),
      llvm::cl::init(512)};
  ::mlir::detail::PassOptions::Option<unsigned> rowStreamThreadBytes{
      *this, "row-stream-thread-bytes",
      llvm::cl::desc("Bytes of each row operand a row-stream thread loads "
                     "per tile; 0: automatic (ferric-reduction-to-gpu "
                     "row-stream-thread-bytes)"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<unsigned> rowStreamMinBlocks{
      *this, "row-stream-min-blocks",
      llvm::cl::desc("Resident blocks per SM row-stream kernels ask for "
                     "(ferric-reduction-to-gpu row-stream-min-blocks)"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<bool> rowGroupProducers{
      *this, "row-group-producers",
      llvm::cl::desc("Row groups take the elementwise producer of their first "
                     "reduction (ferric-reduction-to-gpu row-group-producers)"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<bool> rowReciprocal{
      *this, "row-reciprocal",
      llvm::cl::desc("Row groups divide by a per-row value through its "
                     "reciprocal, once per row (ferric-reduction-to-gpu "
                     "row-reciprocal)"),
      llvm::cl::init(true)};
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
