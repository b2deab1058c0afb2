//===- KernelBuilders.h - Pieces shared by Ferric's GPU kernel writers ----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_CONVERSION_GPUCODEGEN_KERNELBUILDERS_H
#define FERRIC_LIB_CONVERSION_GPUCODEGEN_KERNELBUILDERS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace ferric {

/// The discardable attribute by which a kernel writer asks, from inside a
/// gpu.launch body (gpu-kernel-outlining keeps none of the launch's own
/// attributes), for N resident blocks per SM; ferric-nvvm-occupancy-hints
/// moves it onto the outlined kernel as nvvm.minctasm.
constexpr llvm::StringLiteral kMinBlocksPerSMAttr = "ferric.min_blocks_per_sm";

/// Resident threads and 32-bit registers of one SM (sm_80 and sm_90).
constexpr unsigned kMaxThreadsPerSM = 2048;
constexpr unsigned kRegistersPerSM = 65536;

/// Bytes of one value of `t` in memory.
inline unsigned bytesOf(Type t) { return (t.getIntOrFloatBitWidth() + 7) / 8; }

/// The widest chunk of elements of `element`, at most 16 bytes, whose width
/// divides `rowLength` (1 unless `vectorizable`), so that every chunk of a
/// row is aligned like the row start.
unsigned widestChunk(int64_t rowLength, Type element, bool vectorizable);

/// The alignment of a chunk of `width` elements of `element` that starts
/// at a multiple of `width` elements of a 16-byte aligned buffer: its bytes
/// (a power of two), at most 16.
llvm::MaybeAlign chunkAlign(Type element, unsigned width);

/// `width` consecutive elements of `buffer` from `at` (a multiple of
/// `width` elements into a 16-byte aligned buffer), in one vector load.
Value loadChunk(OpBuilder &b, Location loc, Value buffer, ValueRange at,
                unsigned width);

/// Stores `chunk` at `at` ... of `buffer` (aligned as loadChunk's) in one
/// vector store.
void storeChunk(OpBuilder &b, Location loc, ArrayRef<Value> chunk, Value buffer,
                ValueRange at);

/// Rank-1 views of buffers with identity layouts (every dim collapsed; a
/// rank-1 buffer is its own view), each made once, before `anchor` if set
/// (else at the builder's insertion point): aligned chunks of a row and the
/// vectors of a split full reduction index the buffer by flat element.
class FlatViews {
public:
  Operation *anchor = nullptr;
  Value get(OpBuilder &b, Location loc, Value buffer);

private:
  llvm::DenseMap<Value, Value> views;
};

/// The elements from flat element `start` of a 16-byte aligned buffer up to
/// the next multiple of `width` (0 if `start` is one): the head of a row
/// that aligned chunks of `width` elements skip.
Value headToAlignment(OpBuilder &b, Location loc, Value start, unsigned width);

/// Whether `map` indexes an operand like the loop space of `rank` dims (the
/// identity), so that its elements are at the loop's flat positions.
inline bool isLoopSpaceMap(AffineMap map, size_t rank) {
  return map.isIdentity() && map.getNumDims() == rank;
}

/// A memref in workgroup memory, as the numeric memory space 3, which NVVM
/// (shared) and the Vulkan storage-class mapping (Workgroup) both read.
MemRefType getWorkgroupMemRefType(ArrayRef<int64_t> shape, Type element);

/// Workgroup buffers of a kernel: the attributions of `launch` (made with
/// `types` as workgroup attributions), or, with `alloc` (SPIR-V, whose
/// gpu.func conversion takes no attributions), memref.allocs at the
/// builder's insertion point inside the launch.
SmallVector<Value> getWorkgroupBuffers(OpBuilder &b, Location loc,
                                       gpu::LaunchOp launch, TypeRange types,
                                       bool alloc);

/// An scf.for from `lb` to `ub` by `step` carrying `init`, run only under
/// lb < ub (else the result is `init`): SCF-to-SPIR-V (LLVM 22) returns a
/// loop's results through a variable stored only in its body, so a loop
/// that runs zero times would yield garbage. The loop's body is empty: the
/// caller fills it and adds the scf.yield. Returns the loop and the value
/// after it; leaves the builder's insertion point after the guard.
std::pair<scf::ForOp, Value> createNonEmptyLoop(OpBuilder &b, Location loc,
                                                Value lb, Value ub, Value step,
                                                Value init);
/// The same with several loop-carried values.
std::pair<scf::ForOp, SmallVector<Value>>
createNonEmptyLoop(OpBuilder &b, Location loc, Value lb, Value ub, Value step,
                   ValueRange inits);

/// ceil(a / d) for d > 0 as (a + d - 1) / d (folded when constant):
/// arith.ceildivui has no direct SPIR-V or NVVM lowering inside kernels.
Value ceilDivIndex(OpBuilder &b, Location loc, Value a, Value d);

/// Opens `if (numOut > 0)` at the builder's insertion point and leaves the
/// builder at the start of its then-block (a launch with no outputs must
/// not run: its grid would be empty). With `twoStages`, allocates there the
/// flat buffer of chunks * numOut accumulators of `accType` that stage one
/// writes and stage two folds, and returns it; null otherwise.
Value openOutputsGuard(OpBuilder &b, Location loc, Value numOut, Value chunks,
                       bool twoStages, Type accType);

/// Re-types the kernel operands of `launch` whose memref element type is
/// `from` as memrefs of `to`, through unrealized_conversion_cast (same
/// shape, same bytes: the host LLVM lowering folds the cast away).
void castLaunchOperands(gpu::LaunchFuncOp launch, Type from, Type to);

/// Erases the memref.alloc defining `buffer` and its deallocations when
/// nothing else uses it (an output whose readers a lowering replaced).
void eraseIfOnlyFreed(Value buffer);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_CONVERSION_GPUCODEGEN_KERNELBUILDERS_H
