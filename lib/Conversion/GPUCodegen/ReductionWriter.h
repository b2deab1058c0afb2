//===- ReductionWriter.h - Kernels for linalg reductions --------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The kernel writer of ferric-reduction-to-gpu, shared by the one-reduction
// kernels (ReductionToGPU.cpp) and the row-group kernels (RowGroups.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONWRITER_H
#define FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONWRITER_H

#include "ReductionSchedule.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace ferric {

/// The identity of the combiner `op` for `type`, or null if `op` is not a
/// combiner the block and warp reductions handle.
TypedAttr identityOf(Operation *op, FloatType type);

/// The op folding the accumulator if `generic` can be a block or warp
/// reduction: innermost loop reduced, body yielding combiner(acc, value)
/// with the accumulator used nowhere else.
Operation *blockCombiner(linalg::GenericOp generic);

/// `combiner` applied to (acc, value) in the operand order of the original.
Value combine(OpBuilder &b, Operation *combiner, BlockArgument accArg,
              Value acc, Value value);

/// `values` folded with `combiner` (of a generic whose accumulator is
/// `accArg`) as a balanced tree, in order (every thread folding the same
/// values gets the same total).
Value treeFold(OpBuilder &b, Operation *combiner, BlockArgument accArg,
               SmallVector<Value> values);

/// The buffer `g` reads through the identity map of all its loops, if any.
Value fullInput(linalg::GenericOp g);

/// Whether something other than a member of the row group `members` (or a
/// dealloc) uses `buffer`: the group must store it.
bool readAfterGroup(Value buffer, ArrayRef<linalg::GenericOp> members);

/// Buffers whose value at the current row a row-group kernel holds in a
/// register (the results of the group's reductions and row members), by
/// buffer.
using RowValues = llvm::DenseMap<Value, Value>;

/// Is `g` a row member of the group `members`: elementwise over the rows
/// alone (fewer loops than the group: a mean's division between the mean and
/// the variance), computed once per row from the row results?
bool isRowMember(linalg::GenericOp g, ArrayRef<linalg::GenericOp> members);

/// The body of `g` cloned at the builder: the accumulator argument bound to
/// `acc` if set, every other argument (an output's only if the body reads
/// it) to `input(operand)`; the values it yields. Operands whose buffer is
/// in `rowValues` hold one value per row: see cloneOps.
SmallVector<Value> cloneBody(OpBuilder &b, linalg::GenericOp g, Value acc,
                             llvm::function_ref<Value(OpOperand *)> input,
                             const RowValues *rowValues, bool reciprocal);

/// Clones the ops of `g`'s body but its terminator at the builder through
/// `m`. With `reciprocal`, a division of floats of at most 32 bits whose
/// divisor depends on `perRow` block arguments (one value per row: softmax's
/// sum, a norm's root) and otherwise only on constants and values from
/// outside the body, and whose dividend does not, becomes a multiply by the
/// divisor's reciprocal, taken in f32 (narrower types compute in f32 anyway):
/// the reciprocal is the same value at every element of the row, so that CSE
/// (straight-line slots) or LICM (loops over a row) leave one division per
/// row and thread. Quotients are within 2^-23 relative of the f32 quotient
/// (two roundings instead of one) for divisors of magnitude in [2^-126,
/// 2^126], as CUDA's div.full.f32 (Triton's division); outside it the
/// reciprocal overflows or loses bits.
void cloneOps(OpBuilder &b, linalg::GenericOp g, IRMapping &m,
              ArrayRef<BlockArgument> perRow, bool reciprocal);

/// Each thread's `partial` (of a generic whose accumulator is `accArg`)
/// folded by `combiner` over its team: the `teamThreads` threads (a power of
/// two, at most a block) of team number `team`, with gpu.shuffle xor within
/// a warp and, for teams wider than a warp, one value per warp through
/// `buffer` (workgroup memory, a value per warp of the block; lane 0 of each
/// warp is `isLane0`) and a barrier: every thread of the team gets the same
/// total. Teams of at most a warp need no `tid`, `team`, `isLane0` or
/// `buffer`.
Value teamAllReduce(OpBuilder &b, Location loc, Operation *combiner,
                    BlockArgument accArg, Value partial, unsigned teamThreads,
                    unsigned warpSize, Value tid, Value team, Value isLane0,
                    Value buffer);

/// Arrives at and waits for the barrier of the thread-block cluster.
void clusterBarrier(OpBuilder &b, Location loc);

/// The total over the C blocks of a cluster of each block's `partial`, the
/// same in every block: thread r < C of each block writes the block's
/// partial into block r's `slots` (C f32 of workgroup memory) at its own
/// rank, through distributed shared memory; after a cluster barrier every
/// thread folds its block's slots 0 .. C-1 in that order. (C remote stores
/// per block, one remote address per thread; reading the other blocks'
/// totals instead would cost every thread C remote loads and addresses.)
/// With `finishArrival`, first waits for the cluster barrier the previous
/// row arrived at (every block is done reading the slots).
Value clusterTotal(OpBuilder &b, Location loc, Operation *combiner,
                   BlockArgument accArg, Value partial, Value slots, Value tid,
                   Value rank, unsigned C, bool finishArrival);

/// The op folding the accumulator of `generic` whatever loop is innermost:
/// the body yields combiner(acc, value) with the accumulator used nowhere
/// else (null if not).
Operation *accumulatorCombiner(linalg::GenericOp generic);

/// A sum of exp(v - m) over the row right after the max m of the same row
/// (softmax, log-softmax), which a row stream folds in the max's pass:
/// `maxArg` is the sum's block argument that reads the max, `shift` the
/// float casts between it and the subtraction (in order).
struct OnlineSum {
  BlockArgument maxArg;
  SmallVector<Operation *> shift;
};

/// The online form of reduction `sum` after reduction `max` (maximumf or
/// maxnumf), if `sum` adds exp(a - m) with m `max`'s result read through
/// its output map and used nowhere else in the body (float casts allowed
/// between each step), else none.
std::optional<OnlineSum> matchOnlineSum(linalg::GenericOp max,
                                        linalg::GenericOp sum);

/// Writes the kernel of one reduction generic, or of a row group that starts
/// with one.
class ReductionWriter {
public:
  /// `fillValue`, if set, is the constant the output holds before the
  /// reduction (a folded linalg.fill): the kernel starts from it instead of
  /// loading the output. The writer emits the schedules that
  /// chooseReductionSchedule picks on `target` with `tuning`.
  ReductionWriter(linalg::GenericOp generic, unsigned threads,
                  bool workgroupAlloc, Value fillValue,
                  const ReductionTarget &target, const ReductionTuning &tuning)
      : generic(generic), threads(threads), workgroupAlloc(workgroupAlloc),
        fillValue(fillValue), warpSize(target.warpSize), tuning(tuning),
        loc(generic.getLoc()) {}

  /// Applies the elementwise generic `e` (see findEpilogue) at every output
  /// in the kernel that writes the outputs (split-full, column and
  /// thread-per-output schedules; a row group's last reduction), so that it
  /// needs no kernel of its own;
  /// `storeResult` says whether the reduction's own output is still stored
  /// (it is read elsewhere). Whether a kernel took it: usedEpilogue().
  void setEpilogue(linalg::GenericOp e, bool storeResult) {
    epilogue = e;
    storeReduced = storeResult;
  }
  bool usedEpilogue() const { return epilogueUsed; }

  /// What the schedule chooser sees of this reduction (with `combiner`
  /// folding its accumulator, null if none) or of the row group `members`
  /// it heads (more than one member); builds no IR.
  ReductionShape shape(Operation *combiner,
                       ArrayRef<linalg::GenericOp> members = {}) const;

  /// The kernels of `schedules` (chooseReductionSchedule's list for
  /// shape()) at the builder, each under its host guard; the row group
  /// `members` with `fills[i]` the folded fill constant of member i's
  /// output (or null) for the row-group kernels.
  void write(OpBuilder &b, const ScheduleList &schedules, Operation *combiner,
             ArrayRef<linalg::GenericOp> members = {},
             ArrayRef<Value> fills = {});

  /// The kernel(s) of a reduction whose innermost loop is parallel (a column
  /// or middle-dim reduction) with `combiner` folding the accumulator
  /// (SplitReductions.cpp): the coalesced column schedule over chunks of
  /// rows, with a second stage when there are several chunks (the host
  /// picks when their count is dynamic).
  void writeColumn(OpBuilder &b, Operation *combiner);

  /// What was written, for the pass's remark: the schedules of the kernels
  /// (in order), the output and reduced element counts, and the split.
  std::string describe() const;

private:
  /// Independent partials per lane in warp kernels, so that each lane has
  /// this many loads in flight.
  static constexpr unsigned kPartials = 4;

  /// The warp-per-row kernel of writeRowGroup (RowGroups.cpp).
  void writeRowGroupWarp(OpBuilder &b, ArrayRef<linalg::GenericOp> members,
                         ArrayRef<Value> fills);
  /// The block-per-row kernel of writeRowGroup (RowGroupsBlock.cpp): every
  /// thread of the block folds a strided share of each reduction, combined
  /// by a tree in workgroup memory, and every thread then reads the total.
  void writeRowGroupBlock(OpBuilder &b, ArrayRef<linalg::GenericOp> members,
                          ArrayRef<Value> fills);
  /// The row-program kernel of writeRowGroup (RowProgram.cpp): the row
  /// spread over `shape`, loaded into registers once.
  void writeRowProgram(OpBuilder &b, ArrayRef<linalg::GenericOp> members,
                       ArrayRef<Value> fills, const RowProgramShape &shape);
  /// The row-stream kernel of writeRowGroup (RowStream.cpp): a block per
  /// row, walking the row in tiles of `shape` once per pass.
  void writeRowStream(OpBuilder &b, ArrayRef<linalg::GenericOp> members,
                      ArrayRef<Value> fills, const RowStreamShape &shape);
  /// One schedule's kernels (ReductionWriter.cpp).
  void emit(OpBuilder &b, const ReductionSchedule &schedule,
            Operation *combiner, ArrayRef<linalg::GenericOp> members,
            ArrayRef<Value> fills);
  /// Whether `guard` holds, tested on the host.
  Value guardHolds(OpBuilder &b, const ScheduleGuard &guard);
  /// Member `g` of a row group: its result at row `idx`, as the lane that
  /// stores it (thread `isStorer`) needs it: combined with the output's
  /// start value, stored unless only the group reads it.
  Value finishRowReduction(OpBuilder &b, ArrayRef<linalg::GenericOp> members,
                           linalg::GenericOp g, Value fill, Value total,
                           ArrayRef<Value> idx, Value isStorer);
  /// Row member `g` (isRowMember) at the row `idx`, in every thread: its
  /// results join `rowValues`; thread `isStorer` stores those read after
  /// the group.
  void rowMember(OpBuilder &b, ArrayRef<linalg::GenericOp> members,
                 linalg::GenericOp g, ArrayRef<Value> idx, Value isStorer,
                 RowValues &rowValues);
  /// Elementwise member `g` of a row group at reduced element `j` of the
  /// row at `idx`.
  void rowElement(OpBuilder &b, linalg::GenericOp g, ArrayRef<Value> idx,
                  Value j, const RowValues &rowValues);

  /// Host side: loop sizes, output and reduced element counts.
  void computeSizes(OpBuilder &b);
  /// The loop indices of `dims` at linear index `linear`, row-major.
  void delinearize(OpBuilder &b, Value linear, ArrayRef<unsigned> dims,
                   SmallVectorImpl<Value> &idx);
  /// Indices into `operand`'s memref at loop indices `idx`.
  SmallVector<Value> indicesOf(OpOperand *operand, ArrayRef<Value> idx);
  /// The body of `g` at loop indices `idx`, its output arguments bound to
  /// `outArgs`: the values it yields. Inputs in `rowValues` are not loaded.
  SmallVector<Value> applyBody(OpBuilder &b, linalg::GenericOp g,
                               ArrayRef<Value> idx, ValueRange outArgs,
                               const RowValues *rowValues);
  /// The body of reduction `g` applied at loop indices `idx` to `acc`.
  Value foldElement(OpBuilder &b, linalg::GenericOp g, ArrayRef<Value> idx,
                    Value acc, const RowValues *rowValues);
  /// The fold into `init` of the reduced elements lb, lb + step, ... below
  /// numRed, at the output whose loop indices are in `idx`, by `g` (default:
  /// this writer's reduction).
  Value foldRange(OpBuilder &b, Value lb, Value step, Value init,
                  ArrayRef<Value> idx, linalg::GenericOp g = {},
                  const RowValues *rowValues = nullptr);
  /// gpu.launch of `grid` x `threads` under `numOut > 0`, builder inside,
  /// tagged `ferric.schedule = schedule` so that tests and readers see the
  /// choice; in clusters of `cluster` blocks along x when above 1.
  gpu::LaunchOp launch(OpBuilder &b, Value grid, TypeRange workgroup,
                       StringRef schedule, unsigned cluster = 1);
  /// The value output `init` at `at` starts from: the folded fill constant
  /// `fill` if set, else the loaded element.
  Value startValue(OpBuilder &b, OpOperand *init, ArrayRef<Value> at,
                   Value fill);
  void writeBlockReduction(OpBuilder &b, Operation *combiner);
  void writeWarpReduction(OpBuilder &b, Operation *combiner);
  void writeThreadPerOutput(OpBuilder &b);
  /// The launch and the loop of a warp kernel over outputs (one warp per
  /// output at a time): leaves the builder in the loop, with the output's
  /// loop indices in `idx`; returns the lane.
  Value warpRows(OpBuilder &b, SmallVectorImpl<Value> &idx,
                 StringRef schedule = "warp");
  /// numRed rounded down to a multiple of `chunk`: where the warp kernels'
  /// unrolled main loops end and their one-at-a-time rest begins.
  Value wholeChunksEnd(OpBuilder &b, Value chunk);
  /// This lane's fold of the reduced elements of the output at `idx` by
  /// reduction `g` (elements lane, lane + stride, ...; stride 0 is
  /// warpSize).
  Value warpPartial(OpBuilder &b, linalg::GenericOp g, Operation *combiner,
                    ArrayRef<Value> idx, Value lane, const RowValues *rowValues,
                    unsigned stride = 0);
  /// `partial` combined across the lanes of each warp (every lane gets the
  /// total), with gpu.shuffle xor.
  Value warpAllReduce(OpBuilder &b, linalg::GenericOp g, Operation *combiner,
                      Value partial);

  /// Elements of a blockedFold block: kBlockLanes independent accumulators
  /// of foldDepth() elements each, all loaded before they are folded
  /// (loads in flight); kBlock is the block at the least depth, kBlockDepth,
  /// which sets when a reduction is long enough to split.
  static constexpr unsigned kBlockLanes = kFoldLanes, kBlockDepth = kFoldDepth,
                            kBlock = kBlockLanes * kBlockDepth;
  /// The depth of a blockedFold block: foldBytes of the generic's widest
  /// input per block (kBlockLanes x depth elements), at least kBlockDepth:
  /// with the default 128, 32 f32 or 64 bf16/f16 elements, so that narrow
  /// inputs keep as many bytes in flight per thread as f32 ones.
  /// With `width` columns per thread, the bytes are those of all of them.
  unsigned foldDepth(unsigned width = 1);
  int64_t foldBlock() { return (int64_t)kBlockLanes * foldDepth(); }
  /// The bytes of the generic's widest input element.
  unsigned inputBytes();

  /// Folds into `acc` the element `j` of the sequence a blockedFold walks.
  using FoldStep = llvm::function_ref<Value(OpBuilder &, Value j, Value acc)>;

  /// The fold of elements 0 .. count-1 of a thread's sequence by `step`,
  /// blocked for accuracy and loads in flight: each block of foldBlock()
  /// elements is folded into kBlockLanes accumulators (element j into j %
  /// kBlockLanes) that a tree combines; block results are folded in order,
  /// then the last count % foldBlock() elements. A sum's rounding error then
  /// grows like foldDepth() + count / foldBlock() instead of count.
  Value blockedFold(OpBuilder &b, Operation *combiner, Value count,
                    Value identity, FoldStep step);
  /// Folds into `accs` (one accumulator per column of a thread) the element
  /// `j` of each of the columns a blockedFolds walks.
  using FoldSteps =
      llvm::function_ref<void(OpBuilder &, Value j, MutableArrayRef<Value>)>;
  /// blockedFold of `width` sequences at once, in the same order each: their
  /// element j is read by one `step` (one vector load of `width` columns).
  SmallVector<Value> blockedFolds(OpBuilder &b, Operation *combiner,
                                  Value count, Value identity, unsigned width,
                                  FoldSteps step);
  /// Stores `partial` at smem[tid] and folds smem[0 .. threads) into
  /// smem[0] with a tree (barriers included; every thread must call it), by
  /// the combiner of `g` (default: this writer's reduction).
  void blockTree(OpBuilder &b, Operation *combiner, Value smem, Value tid,
                 Value partial, linalg::GenericOp g = {});
  /// Two-stage split of a reduction with few outputs (innermost loop
  /// reduced): G blocks per output each fold a grid-strided share into a
  /// partial, then one block per output folds the G partials.
  void writeSplitFull(OpBuilder &b, Operation *combiner);
  /// Blocks per output of writeSplitFull (host value; constant when the
  /// sizes are): enough that each thread gets at least one blockedFold
  /// block (of `width` elements per step), at most splitMaxBlocks in all.
  Value splitBlocks(OpBuilder &b, int64_t outputs, unsigned width = 1);
  /// The elements of each input a split-full thread loads at once: those of
  /// splitLoadBytes for a full reduction (every loop reduced) of which some
  /// input is read through the identity map, of an identity-layout buffer;
  /// else 1.
  unsigned splitFullWidth();
  /// A split-full thread's fold of vectors first, first + stride, ... of
  /// `width` elements each (splitFullWidth), then, for threads whose `first`
  /// is below numRed mod width in block 0 of the share, one of the last
  /// numRed mod width elements.
  Value splitFullVectors(OpBuilder &b, Operation *combiner, Value identity,
                         Value first, Value stride, unsigned width);
  /// The column kernels of writeColumn for `chunks` chunks of `rows`
  /// reduced elements: one (column) writing the outputs, or two
  /// (split-column) through a temporary buffer of partials; each thread of
  /// the first takes `width` adjacent columns (columnWidth).
  void writeColumnStages(OpBuilder &b, Operation *combiner, Value chunks,
                         Value rows, bool twoStages, unsigned width);
  /// The launch and the loop of a column kernel over (chunk, column tile)
  /// pairs, one thread per column: leaves the builder under `col < numOut`
  /// with the column's loop indices in `idx`; returns (chunk, col).
  std::pair<Value, Value> columnLoop(OpBuilder &b, Value chunks,
                                     SmallVectorImpl<Value> &idx,
                                     StringRef schedule, unsigned width = 1);
  /// The adjacent columns each thread of the column schedules takes: 1, or
  /// column-load-bytes of the widest input's elements when the innermost
  /// loop is static and a multiple of that many and every input read
  /// through it reads it in its last dim (then one vector load per row).
  unsigned columnWidth();

  /// Stores `value`, the final value of the output of `reduction` (default:
  /// the writer's generic) at loop indices `idx`, and applies the epilogue
  /// there if one is set.
  void storeResult(OpBuilder &b, ArrayRef<Value> idx, Value value,
                   linalg::GenericOp reduction = {});

  /// The static product of the trailing kept (parallel) loops after the
  /// last reduced one if it is at most narrowColumns and at most half the
  /// block, else 0: the column-narrow schedules take it.
  int64_t narrowInner() const;
  /// The column-narrow schedules (ColumnNarrow.cpp) for `inner` kept
  /// elements per outer index: a block covers all of them and tiles the
  /// reduced elements across threads / inner row groups.
  void writeColumnNarrow(OpBuilder &b, Operation *combiner, int64_t inner);
  void writeColumnNarrowStages(OpBuilder &b, Operation *combiner, int64_t inner,
                               Value chunks, Value rows, bool twoStages);
  /// The fold over row groups of a narrow kernel: stores `partial` at
  /// smem[tid], combines row group g with g + s (s halving) in a tree, and
  /// leaves the block's fold of column c in smem[c] (barriers included).
  void rowGroupTree(OpBuilder &b, Operation *combiner, Value smem, Value tid,
                    Value group, int64_t groups, int64_t inner, Value partial);

  /// Records a schedule's split for describe(): `what` of `count` (a
  /// constant, else "chosen on the host").
  void noteSplit(StringRef what, Value count);

  linalg::GenericOp generic;
  unsigned threads;
  bool workgroupAlloc;
  Value fillValue;
  /// The target's warp (0: none) and the knobs the kernels follow.
  unsigned warpSize;
  ReductionTuning tuning;
  /// The elementwise generic applied at the final stores (or null), whether
  /// the reduction's output is stored too, and whether a kernel applied it.
  linalg::GenericOp epilogue;
  bool storeReduced = true, epilogueUsed = false;
  Location loc;
  SmallVector<Value> sizes;
  SmallVector<unsigned> parallelDims, reductionDims;
  Value numOut, numRed;
  /// The schedules of the launches written so far and the splits chosen.
  SmallVector<std::string> schedules;
  std::string split;
  /// The team of a row program with a static row length ("16 blocks of 512
  /// threads per row, 32 values each"), for the remark.
  std::string rowShape;
  /// Whether the host picks among the kernels written (dynamic sizes).
  bool hostChoice = false;
};

/// The row group that starts at reduction `first`, if it has more than one
/// member: the following generics of its block, up to the first op that
/// does not fit, that read the same buffer `first` reads through the
/// identity map (so they share its loop space) and are either reductions
/// of the same dims (combiner form, at most 32-bit accumulators) or
/// elementwise over the whole space, writing fresh buffers. Constant fills
/// of a member's output between members are folded: `fills` gets one entry
/// per member (null: none), `foldedFills` the fills to erase. With
/// `withProducer`, the elementwise generic writing the buffer `first` reads
/// (just before it, same loop space) joins the group as its first member,
/// and members may read its outputs instead of that buffer.
SmallVector<linalg::GenericOp>
findRowGroup(linalg::GenericOp first, SmallVectorImpl<Value> &fills,
             SmallVectorImpl<linalg::FillOp> &foldedFills,
             bool withProducer = false);

/// The elementwise generic right after reduction `g` in its block (only
/// pure ops and allocations between them) that reads g's output through
/// the identity map over its whole space, its other inputs through
/// projected permutations, and writes fresh buffers (memref.alloc) through
/// permutations without reading them: the cast to bf16 or the division of
/// a mean, which the reduction's last kernel can apply at each output. Null
/// if there is none. `storeResult` is set when g's output has users other
/// than g, the epilogue and deallocations. With `inPlace` (a row group's
/// last reduction, whose output only the storing thread touches), the
/// epilogue may also rewrite g's output through the identity map (a mean's
/// division `outs(%sum)`); g's own value is then never stored.
linalg::GenericOp findEpilogue(linalg::GenericOp g, bool &storeResult,
                               bool inPlace = false);
/// Is `op` (or the op holding it) after the last of `members` in its block?
bool afterGroup(Operation *op, ArrayRef<linalg::GenericOp> members);
/// The constant that the output `out` of a row-group reduction holds
/// before the group (`first` is the group's first member), when it is
/// filled with it there, directly or through a copy of a buffer filled with
/// it (LayerNorm's two means start from one fill that CSE merged, so
/// bufferization copies it for one of them). The copy, and fills no longer
/// needed once every group member starts from the constant, go to
/// `toErase`; null if `out` may hold anything else.
Value constantBefore(Value out, linalg::GenericOp first,
                     ArrayRef<linalg::GenericOp> members,
                     llvm::SetVector<Operation *> &toErase);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONWRITER_H
