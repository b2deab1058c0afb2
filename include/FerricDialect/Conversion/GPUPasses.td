//===- GPUPasses.td - Ferric GPU kernel passes -------------*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Elementwise and matmul kernels (every GPU target), cuBLASLt, and the CUDA
// host and NVVM passes. Reductions are in ReductionPasses.td, the Vulkan and
// WebGPU passes in ShaderPasses.td. Included by Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_CONVERSION_GPUPASSES_TD
#define FERRIC_CONVERSION_GPUPASSES_TD

include "mlir/Pass/PassBase.td"

//===- ferric-approx-exp ---------------------------------------------------===//

def FerricApproxExpPass : Pass<"ferric-approx-exp"> {
  let summary = "Mark exp in GPU kernels approximate (fastmath afn)";
  let description = [{
    Gives every `math.exp` over f32 or a narrower float type (scalar or
    vector) inside a `gpu.module` the fastmath flag `afn` (approximate
    functions), keeping the flags it has; f64 exp and ops outside GPU
    modules (host code, the CPU path) are untouched.

    `convert-gpu-to-nvvm` lowers such an exp to libdevice's
    `__nv_fast_expf`, `ex2.approx(x * log2(e))`: two instructions instead
    of the eleven of the correctly rounded `__nv_expf` (range reduction,
    polynomial, scaling); f16 and bf16 are extended to f32 for it. Its
    error: `ex2.approx` is within 2 ulp, and rounding `x * log2(e)` adds a
    relative error of at most |x| * 2^-24 (5e-6 at |x| = 88, where exp
    leaves the f32 range); Ferric's kernels are compiled without `ftz`, so
    subnormal results stay. This is the exp that Triton, and so
    torch.compile, generates for f32.

    Kernels that compute an exp per element and read few bytes for it (a
    softmax's row stream: an exp per element in each of its two passes)
    spend most of their arithmetic there. `ferric-lower-to-nvvm
    approx-exp=0` keeps the correctly rounded exp.
  }];
}

//===- ferric-precise-sqrt -------------------------------------------------===//

def FerricPreciseSqrtPass : Pass<"ferric-precise-sqrt"> {
  let summary = "Correctly rounded sqrt in CUDA kernels";
  let description = [{
    Replaces every `math.sqrt` over f32, f16 or bf16 (scalar, or vector
    lane by lane) inside a `gpu.module` by a call of libdevice's
    `__nv_fsqrt_rn` (`sqrt.rn.f32`) in f32, declared in the module (f16 and
    bf16 extended to f32 and the root truncated back, which is the
    correctly rounded narrow root: 24 >= 2p + 2 bits), as nvcc and torch
    compute sqrt without fast-math. (`llvm.intr.sqrt` is not an option:
    `convert-gpu-to-nvvm` marks it illegal in kernels.)

    Without this pass, `convert-gpu-to-nvvm` calls libdevice's
    `__nv_sqrtf`, which selects `sqrt.rn.f32` only when
    `__nvvm_reflect("__CUDA_PREC_SQRT")` is nonzero; MLIR's NVVM
    serialization does not set it, so the square root was
    `sqrt.approx.f32` (up to about 1 ulp off). f64 (`__nv_sqrt`, always
    `sqrt.rn.f64`), ops marked `afn` and ops outside GPU modules are
    untouched. `ferric-lower-to-nvvm approx-sqrt=1` skips the pass.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect"];
}

//===- ferric-elementwise-to-gpu ------------------------------------------===//

def FerricElementwiseToGPUPass : Pass<"ferric-elementwise-to-gpu", "func::FuncOp"> {
  let summary = "Map elementwise linalg.generic on memrefs to vectorized "
                "gpu.launch kernels (and loop-free linalg ops to one-thread "
                "launches)";
  let description = [{
    Turns every all-parallel `linalg.generic` on memrefs with identity-layout
    operands (what bufferized `ferric.fused` and elementwise ops become) into
    one `gpu.launch` that aims at memory bandwidth: the iteration space is
    linearized, each thread handles `elements-per-thread` consecutive
    elements with vector loads and stores (16-byte `ld.global.v4` for f32
    when alignment allows, which the pass asserts with `alignment`
    attributes), a grid-stride loop covers the vector part and a scalar loop
    the tail. Inputs read through a broadcast map are gathered per lane;
    scalar inputs are splat. Kernels with i1 tensors in or out use one
    element per thread.

    It also wraps every remaining linalg op on memrefs that has no parallel
    loop (a full reduction to a rank-0 buffer, the fill of one) and is not
    already inside a `gpu.launch` into a one-thread `gpu.launch`, so that no
    host loop touches device memory. Those kernels are correct, not fast;
    the pipelines run `ferric-reduction-to-gpu` first, which gives the
    reductions it recognizes real kernels.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"blockSize", "block-size", "unsigned", /*default=*/"256",
           "Threads per block">,
    Option<"elementsPerThread", "elements-per-thread", "unsigned",
           /*default=*/"0",
           "Elements each thread loads per step; 0 picks 16 bytes of the "
           "narrowest element type (4 for f32, 8 for f16). 1 disables "
           "vector loads">,
    Option<"maxGridSize", "max-grid-size", "unsigned", /*default=*/"0",
           "Launch at most this many blocks, the grid-stride loop covering "
           "the rest (0: one block per block-size elements; the SPIR-V and "
           "WGSL pipelines set 65535, the workgroup count every Vulkan and "
           "WebGPU device allows)">
  ];
}

//===- ferric-gpu-device-memory -------------------------------------------===//

def FerricGPUDeviceMemoryPass : Pass<"ferric-gpu-device-memory", "func::FuncOp"> {
  let summary = "Allocate host-side buffers in GPU device memory";
  let description = [{
    For targets whose kernels read device memory (CUDA), rewrites the host
    function's `memref.alloc`, `memref.dealloc` and `memref.copy` into
    `gpu.alloc`, `gpu.dealloc` and `gpu.memcpy`, so every buffer a kernel
    touches lives on the device. The entry function's arguments and results
    are device buffers (docs/HostABI.md). Constant tensors (a
    `memref.get_global` of a host global) get a device copy made once at
    function entry and freed before each return, unless the function returns
    it (the caller then owns it). Fails with a diagnostic on a host
    op that would read device memory directly (`memref.load`/`store`
    outside a kernel).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

//===- ferric-matmul-to-cublaslt ------------------------------------------===//

def FerricMatmulToCublasLtPass
    : Pass<"ferric-matmul-to-cublaslt", "ModuleOp"> {
  let summary = "Call cuBLASLt for bufferized matmuls, with their bias, "
                "relu, GELU and scale epilogues fused";
  let description = [{
    CUDA only; run on host code after bufferization and before
    `ferric-matmul-to-gpu`, which stays the fallback. A `linalg.matmul` or
    `linalg.batch_matmul` (default maps, identity layouts) of f16, bf16 or
    f32 operands that accumulates in f32 into a zero-filled buffer (what
    `ferric.matmul` becomes, including the `arith.truncf` generic that
    rounds an f16/bf16 product) becomes one call of the CUDA runtime's
    `mgpuCublasLtMatmul` (docs/HostABI.md), an `llvm.call` of an
    `llvm.func` declaration taking device pointers, sizes and codes.

    Epilogue: when the product's only reader is an elementwise
    `linalg.generic` (what `ferric-fuse` makes of the ops that follow the
    barrier), the pass takes from that generic's body, in this order, what
    cuBLASLt applies before writing D: a multiplication by a constant
    (alpha), the addition of a bias row (an input indexed by the last
    dimension only, so broadcast over rows and batches), and relu
    (`maximumf` with 0) or the tanh GELU (the exact, erf form is not in
    cuBLASLt). A bias over the rows (indexed by the row dimension) stays in
    the generic: cuBLASLt adds its bias along the rows of its column-major
    D, which is the row-major result transposed, and its row-major layouts
    (`CUBLASLT_ORDER_ROW`) do not take a bias epilogue. What follows (a residual add, a second matmul's product, a
    cast) stays in the generic, which then reads the cuBLASLt result; when
    nothing follows, the generic is erased and cuBLASLt writes its output.
    The fusion is decided here, on bufferized linalg, because that is where
    ferric-fuse's groups and the matmul barrier meet as ops with buffers:
    the decision needs the buffer the call writes and whether the product
    has other readers, and at tensor level the epilogue is still inside a
    `ferric.fused` region that convert-ferric-to-linalg has not yet given
    its indexing maps.

    Every matmul gets a remark, and a line in the `report=` file when one
    is given: the call and what went into its epilogue,
    what stayed in the kernel and why, or why it stays on the tiled kernel
    (element types, layouts, a non-zero initial value,
    `use-cublaslt=false`).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
  let options = [
    Option<"useCublasLt", "use-cublaslt", "bool", /*default=*/"true",
           "Rewrite matmuls into cuBLASLt calls; false leaves every matmul "
           "to ferric-matmul-to-gpu (with a remark)">,
    Option<"fuseEpilogue", "fuse-epilogue", "bool", /*default=*/"true",
           "Fold the scale, bias and activation that follow into the call">,
    Option<"allowTF32", "allow-tf32", "bool", /*default=*/"false",
           "Let f32 matmuls round their inputs to TF32 (off: IEEE f32)">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "Append what each matmul became (the call and its epilogue, what "
           "stayed in a Ferric kernel and why, or why it stays on the tiled "
           "kernel) to this file ('-': stdout); the NVVM pipeline passes its "
           "fuse-report file">
  ];
}

//===- ferric-matmul-to-gpu -----------------------------------------------===//

def FerricMatmulToGPUPass : Pass<"ferric-matmul-to-gpu", "func::FuncOp"> {
  let summary = "Map linalg.matmul and batch_matmul to a shared-memory tiled "
                "GPU kernel";
  let description = [{
    Rewrites a bufferized `linalg.matmul` or `linalg.batch_matmul` (default
    indexing maps, identity layouts; what `ferric.matmul` becomes) into one
    `gpu.launch` of 16 x 16 threads per block, one output tile per block
    (grid-stride loops over tiles and batches): for each 16-wide step of the
    contraction, the block loads one tile of each operand into workgroup
    memory (bounds-checked), synchronizes, and every thread folds its row of
    the A tile with its column of the B tile through the op's own body
    (so f16/bf16 operands accumulate in the f32 output as the op says).
    Each element of A and B is read from global memory once per tile
    instead of once per output element.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"workgroupAlloc", "workgroup-alloc", "bool", /*default=*/"false",
           "Allocate the tiles with memref.alloc in the kernel instead of "
           "gpu.launch workgroup attributions (for SPIR-V)">
  ];
}

//===- ferric-nvvm-occupancy-hints ----------------------------------------===//

def FerricNVVMOccupancyHintsPass : Pass<"ferric-nvvm-occupancy-hints"> {
  let summary = "Turn kernel writers' occupancy marks into nvvm.minctasm";
  let description = [{
    A kernel writer that wants room for N resident blocks per SM (e.g.
    ferric-reduction-to-gpu with `row-program-max-registers`) marks an op
    inside the `gpu.launch` body with `ferric.min_blocks_per_sm = N : i32`:
    gpu-kernel-outlining keeps none of the launch's own attributes, but the
    body moves into the outlined `gpu.func` as it is. Run after outlining,
    this pass gives each `gpu.func` kernel with marks `nvvm.minctasm` = the
    largest N (PTX `.minnctapersm`: ptxas caps the registers of a thread at
    65536 / (N x the block's threads)) and removes the marks. N must be a
    positive integer and N x the kernel's `known_block_size` at most 2048
    (the resident threads of an SM); a mark outside a kernel, or a bad one,
    is an error at its op.
  }];
}

#endif // FERRIC_CONVERSION_GPUPASSES_TD
