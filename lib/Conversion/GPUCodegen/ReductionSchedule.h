//===- ReductionSchedule.h - Which kernels a reduction gets -----*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The schedule chooser of ferric-reduction-to-gpu, apart from the IR
// building: a pure function from a reduction's shape (loop counts, element
// types, the row group it heads), the target and the tuning knobs to an
// ordered list of (host guard, schedule). Every tuned constant lives here,
// beside the measurement it came from; unittests/Conversion pins the choice
// shape by shape. ferric-choose-reduction-schedule records the list as a
// #ferric.reduction_schedule attribute array on each reduction, which
// ferric-reduction-to-gpu then only emits.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONSCHEDULE_H
#define FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONSCHEDULE_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace ferric {
/// The most values of one operand a row-program thread holds in registers
/// when row-program-max-values is automatic (0), except four-byte values in
/// cluster blocks of at most kRowProgramWideBlock threads, which may hold
/// kRowProgramMaxWideValues. (H200, softmax over 152064 at 2^28 elements:
/// 40 f32 or bf16 values in 16 blocks of 256 threads took 0.78x the time of
/// 32 or fewer in blocks of 512; 64 values per thread were 6-12% slower
/// than 32 on bf16 rows of 256000 and 262144, but H100, f32 rows of 256000
/// and 262144: 64 values in 16 blocks of 256 took 0.85x and 0.91x the time
/// of 32 in 8 blocks of 1024, while 524288 in 16 x 512 x 64 took 1.14x that
/// of 16 x 1024 x 32.)
constexpr unsigned kRowProgramMaxValues = 40;
constexpr unsigned kRowProgramMaxWideValues = 64;
constexpr unsigned kRowProgramWideBlock = 256;

/// The automatic register cap of row programs (see chooseRowProgram): this
/// many registers for threads holding at most kRowProgramCappedBytes of
/// each row operand.
constexpr unsigned kRowProgramCappedRegisters = 64;
constexpr unsigned kRowProgramCappedBytes = 80;

/// The most threads of one row-program block.
constexpr unsigned kRowProgramBlockThreads = 1024;

/// The bytes of each row operand a row-program thread aims to hold (at least
/// 16 values): the row-program-thread-bytes option's default.
constexpr unsigned kRowProgramThreadBytes = 64;

/// The fewest values of each row operand a thread of a cluster row program
/// aims to hold, for elements of four bytes or fewer (see chooseRowProgram).
constexpr unsigned kRowProgramClusterValues = 32;

/// The most values of the row-invariant operands (LayerNorm's gamma and beta)
/// a row-program thread keeps in registers across its rows: the
/// row-program-invariant-values option's default. H100, 2^28 elements,
/// loading them with every row instead: bf16 LayerNorm over 4096, 16384 and
/// 32000 in 0.93x, 0.91x and 0.85x the time, f32 LayerNorm and RMSNorm over
/// 32000 0.93x and 0.98x (64 or 32 values each); rows whose invariants take
/// 16 values or fewer per thread within 1.4% either way (RMSNorm and
/// residual add + RMSNorm over 4096 f32 slightly faster holding them).
constexpr unsigned kRowProgramInvariantValues = 16;

/// After a row program's first reduction, an operand read with every row
/// (gamma and beta past row-program-invariant-values) whose values take at
/// least this many bytes per thread is loaded one chunk at a time where its
/// slots are first used, not whole: all of them at once waited in
/// registers beside the row, and a block of 1024 threads has 64 registers
/// each (H100, 2^28 elements: f32 RMSNorm over 32000 1018 -> 716 us, 100
/// -> 0 bytes spilled; LayerNorm over 20000 / 32000 / 40960 1012 / 1650 /
/// 2474 -> 719 / 834 / 869 us; every bf16 row and f32 rows of 16384 or
/// fewer within 1%, except bf16 LayerNorm over 768, 48 bytes per thread,
/// 1.7% slower with 8 bytes spilled, hence the threshold).
constexpr unsigned kRowProgramLazyBytes = 64;

/// The bytes of its input a thread of the split-full and column schedules
/// loads per blockedFold block: the split-fold-bytes option's default.
constexpr unsigned kFoldBytes = 128;

/// A blockedFold block holds kFoldLanes independent accumulators of at
/// least kFoldDepth elements each: a reduction of fewer than kFoldLanes x
/// kFoldDepth elements per thread is not worth splitting across blocks.
constexpr unsigned kFoldLanes = 4, kFoldDepth = 8;

/// Rows of at least this many elements of at most four bytes whose length is
/// not a multiple of a 16-byte chunk take chunks aligned in memory
/// (RowProgramShape::aligned) when row-program-aligned-chunks is on (f32
/// rows of a static length only in one block), and so do the variants for
/// longer rows of a length known only at run time.
constexpr int64_t kRowProgramAlignedMinLength = 64;

/// How a row program (RowProgram.cpp) spreads a row: a team of `team`
/// threads per row (a power of two), each holding `chunks` chunks of `width`
/// consecutive elements, in blocks of `blockThreads` threads. A team wider
/// than one block spans a thread-block cluster of `cluster` blocks of
/// `blockThreads` threads (1: no cluster).
struct RowProgramShape {
  unsigned team, chunks, width, blockThreads, cluster = 1;
  /// Chunks aligned in memory rather than to the row start: chunk k of
  /// thread t is the row's whole chunk k * team + t after its first h < width
  /// elements (up to a 16-byte boundary), and each thread holds one more
  /// element, of the row's head or tail (RowProgram.cpp). Row lengths that
  /// no chunk width divides.
  bool aligned = false;
  /// Resident blocks per SM the kernel asks ptxas to leave room for
  /// (kMinBlocksPerSMAttr; 0 or 1: none).
  unsigned minBlocksPerSM = 0;
};

/// The bytes of each row operand a row-stream thread loads per tile with
/// row-stream-thread-bytes automatic: static rows of whole 16-byte chunks
/// take kRowStreamThreadBytesWhole4 (four-byte elements) or
/// kRowStreamThreadBytesWholeNarrow, so that more blocks fit per SM (fewer
/// registers), rows of aligned chunks and dynamic lengths
/// kRowStreamThreadBytes. H100, softmax at 2^28 (bench/RESULTS.md, eighth
/// session), us at 64 / 32 / 16 bytes: f32 over 524288 1196 / 1100 / 1094,
/// 262144 1124 / 1092 / -, 131072 1096 / 1091 / -; bf16 over 524288 618 /
/// 638 / 594, 262144 615 / 579 / -, 131072 614 / 572 / 566; aligned rows at
/// 64 / 32: bf16 50257 591 / 597, bf16 100003 593 / 627, f32 100003 1096 /
/// 1117; dynamic bf16 524288 575 / 665.
constexpr unsigned kRowStreamThreadBytes = 64;
constexpr unsigned kRowStreamThreadBytesWhole4 = 32;
constexpr unsigned kRowStreamThreadBytesWholeNarrow = 16;

/// How far row programs may spread a row (ferric-reduction-to-gpu's
/// row-program-* options).
struct RowProgramLimits {
  /// Blocks per thread-block cluster at most (a power of two; 1: none).
  unsigned maxCluster = 1;
  /// The fewest threads per block of a cluster row program.
  unsigned clusterBlock = kRowProgramBlockThreads;
  /// The bytes of the row a thread aims to hold (at least 16 values).
  unsigned threadBytes = kRowProgramThreadBytes;
  /// The most values of each row operand a thread holds (0: automatic, see
  /// rowProgramMaxValues).
  unsigned maxValues = 0;
  /// Cluster row programs launch at most this many clusters, each looping
  /// over rows (0: one per row, up to 65535 blocks).
  unsigned clusterGrid = 0;
  /// Row-program kernels ask for as many resident blocks per SM as fit
  /// with at most this many registers per thread (kMinBlocksPerSMAttr; 0:
  /// automatic, see chooseRowProgram).
  unsigned maxRegisters = 0;
  /// Rows of elements of at most four bytes whose length no 16-byte chunk
  /// divides (and dynamic-length variants) move 16-byte chunks aligned in
  /// memory (RowProgramShape::aligned) instead of single elements.
  bool alignedChunks = true;
  /// The most values of the row-invariant operands (gamma, beta) a thread
  /// keeps in registers across rows; past it they are loaded with each row
  /// (kRowProgramInvariantValues by default).
  unsigned invariantValues = kRowProgramInvariantValues;
  /// Row groups over long rows of a static length may be row streams
  /// (prefersRowStream).
  bool stream = false;
  /// With `stream`, every static row of at least this many elements is
  /// streamed (0: automatic, see prefersRowStream).
  unsigned streamMinLength = 0;
  /// A row stream's block threads, the bytes of each operand its threads
  /// load per tile (0: automatic, see chooseRowStream), and the resident
  /// blocks per SM it asks for (0 or 1: none).
  unsigned streamThreads = 512;
  unsigned streamThreadBytes = 0;
  unsigned streamMinBlocks = 0;
  /// Row groups divide by a per-row value through its reciprocal (see
  /// cloneOps).
  bool reciprocal = true;
};

/// The most values of each row operand a row-program thread in blocks of
/// `blockThreads` (of a cluster if `cluster`) holds: `limits.maxValues`
/// if set, else kRowProgramMaxWideValues for four-byte or wider elements in
/// cluster blocks of at most kRowProgramWideBlock threads (about 128
/// registers: two blocks per SM) and kRowProgramMaxValues otherwise.
unsigned rowProgramMaxValues(const RowProgramLimits &limits, Type element,
                             unsigned blockThreads, bool cluster);

/// The row-program shape for rows of `rowLength` elements of `element`
/// (chunks wider than 1 only if `vectorizable`; 16-byte chunks aligned in
/// memory if no chunk width divides a row of at least
/// kRowProgramAlignedMinLength elements of at most four bytes, in one block
/// for four-byte ones, and `limits.alignedChunks`), or none if the
/// row does not
/// fit in registers: those of one block (up to kRowProgramBlockThreads
/// threads), else of a cluster of at most `limits.maxCluster` blocks of the
/// fewest threads, from `limits.clusterBlock` up, that hold it. A thread
/// aims at `limits.threadBytes` bytes of the row (at least 16 values, and
/// in a cluster at least kRowProgramClusterValues of four-byte or narrower
/// elements), so that narrow types keep as many bytes in flight as f32, and
/// holds at most
/// rowProgramMaxValues values of each operand. The shape's minBlocksPerSM
/// follows `limits.maxRegisters`, or when that is automatic asks for 64
/// registers per thread where that was measured to pay (see the
/// definition).
std::optional<RowProgramShape>
chooseRowProgram(int64_t rowLength, Type element, bool vectorizable,
                 unsigned blockSize, unsigned warpSize,
                 const RowProgramLimits &limits = {});

/// The row-program shape of the variant for rows of at most `maxLength`
/// elements of `element` whose length is known only at run time: with
/// aligned chunks (any length, any start) when chooseRowProgram would give
/// them to an odd row of about that length and `vectorizable`,
/// `maxLength` being above kRowProgramAlignedMinLength (the host picks such
/// a variant for longer rows only), else one element per access.
std::optional<RowProgramShape>
chooseRowProgramVariant(int64_t maxLength, Type element, bool vectorizable,
                        unsigned blockSize, unsigned warpSize,
                        const RowProgramLimits &limits = {});

/// With row-stream-min-length automatic, static rows of at least this many
/// elements of four bytes or more, or of narrower ones, are streamed
/// (prefersRowStream), and so are narrower rows that only a cluster holds.
/// H100, softmax at 2^28 elements, held / streamed (bench/RESULTS.md,
/// seventh session): f32 rows of 100003 / 131072 / 262144 / 524288 991 /
/// 841 / 1029 / 1275 us against 1090 / 1091 / 1119 / 1215; bf16 rows held
/// over a cluster (50257 / 100003 / 128256 / 131072 / 262144 / 524288)
/// 696 / 771 / 628 / 647 / 733 / 953 us against 613 / 611 / 609 / 622 /
/// 621 / 624 streamed; bf16 over 32000 (one block) 549 against 530.
constexpr int64_t kRowStreamMinLength4 = 524288;
constexpr int64_t kRowStreamMinLengthNarrow = 131072;

/// Automatically streamed rows that a row program could hold are streamed
/// only when there are at least this many (a block each: about two per SM
/// of an H100 or H200); fewer are held, each spread over a cluster.
constexpr int64_t kRowStreamMinRows = 256;

/// How a row stream (RowStream.cpp) walks a row: one block of
/// `blockThreads` per row, each thread taking `chunks` chunks of `width`
/// consecutive elements per tile. With `aligned`, the chunks are 16 bytes
/// aligned in memory, from the row's first 16-byte boundary, and the row's
/// ends (fewer than two chunks) are a tile of one element per thread.
struct RowStreamShape {
  unsigned blockThreads = 512, chunks = 1, width = 1;
  bool aligned = false;
  /// Resident blocks per SM the kernel asks for (kMinBlocksPerSMAttr; 0 or
  /// 1: none).
  unsigned minBlocksPerSM = 0;
};

/// The row-stream shape for rows of `rowLength` elements of `element`
/// (`staticLength`: every row is that long; else the shape of a
/// dynamic-length variant for such lengths): chunks of the 16-byte vector
/// if it divides the row and `vectorizable`, else aligned 16-byte chunks if
/// `vectorizable`, `limits.alignedChunks` and the elements are at most four
/// bytes, else chunks of the widest narrower vector that divides the row
/// (single elements if not `vectorizable`); blocks of
/// `limits.streamThreads`, `limits.streamThreadBytes` per thread and tile
/// (automatic: see kRowStreamThreadBytes), `limits.streamMinBlocks` blocks
/// per SM asked for.
RowStreamShape chooseRowStream(int64_t rowLength, Type element,
                               bool vectorizable,
                               const RowProgramLimits &limits,
                               bool staticLength);

/// The shortest rows of `element` that row groups stream, none without
/// `limits.stream`: `limits.streamMinLength` if set, else the least of
/// `unheld` (the shortest row no row program holds) and
/// kRowStreamMinLength4 (four-byte elements) or, for narrower elements,
/// kRowStreamMinLengthNarrow and `clustered` (the shortest row held only
/// over a cluster).
std::optional<int64_t> rowStreamMinLength(Type element, int64_t unheld,
                                          int64_t clustered,
                                          const RowProgramLimits &limits);

/// Whether a row group over static rows of `rowLength` elements of
/// `element` is streamed rather than held (`held`: the row-program shape,
/// if the row fits in registers): rows of at least rowStreamMinLength.
bool prefersRowStream(int64_t rowLength, Type element,
                      const std::optional<RowProgramShape> &held,
                      const RowProgramLimits &limits);

//===----------------------------------------------------------------------===//
// The target, the tuning knobs and the chooser
//===----------------------------------------------------------------------===//

/// What the schedules need to know of the GPU, derived from its chip
/// (forChip) rather than declared as options.
struct ReductionTarget {
  /// Threads of a warp (0: no warp-level operations, the SPIR-V path).
  unsigned warpSize = 32;
  /// Resident threads of one SM.
  unsigned maxThreadsPerSM = 2048;
  /// Blocks of one thread-block cluster at most (1: no clusters; sm_90
  /// allows 16 with the non-portable size attribute).
  unsigned maxCluster = 16;

  /// The target of NVIDIA chip `chip` ("sm_90", "sm_80", ...): clusters from
  /// sm_90 on, 1536 resident threads per SM on sm_86 and sm_89, 2048 on the
  /// others. Null for a name that is not sm_NN.
  static std::optional<ReductionTarget> forChip(llvm::StringRef chip);
  /// A target without warps or clusters (Vulkan/SPIR-V, WGSL).
  static ReductionTarget portable();
};

/// Every knob of the chooser, validated in one place (validate()); the
/// options of ferric-choose-reduction-schedule fill it.
struct ReductionTuning {
  /// Threads of a block (a block reduction's tree takes the largest power
  /// of two at most this, at least 32).
  unsigned blockSize = 256;
  /// Reductions of at most this many elements get a warp per output.
  unsigned warpMaxElements = 4096;
  /// Row groups (a reduction and the row-wise work after it in one kernel),
  /// with their elementwise producer, and row programs among them.
  bool rowGroups = true, rowGroupProducers = false, rowProgram = false;
  /// Re-reading row groups over rows of at least this many elements take a
  /// block per row (0: a warp per row).
  unsigned rowGroupBlockElements = 0;
  /// The row-program and row-stream knobs.
  RowProgramLimits rows;
  /// The most blocks of a split (split-full, split-column) kernel.
  unsigned splitMaxBlocks = 1024;
  /// Bytes per blockedFold block (split-full and column schedules), per
  /// vector load of a column thread and of a split-full thread (0: none).
  unsigned foldBytes = kFoldBytes, columnLoadBytes = 0, splitLoadBytes = 0;
  /// The fewest rows of a column chunk; the most kept columns of a
  /// column-narrow schedule.
  unsigned columnChunkRows = 64, narrowColumns = 64;

  /// The knobs ferric-lower-to-nvvm uses: every tuned value as measured on
  /// the H100 and H200 (the constants above cite the sweeps).
  static ReductionTuning forCUDA();

  /// An error message for a knob out of its range on `target`, else none.
  std::optional<std::string> validate(const ReductionTarget &target) const;
};

/// The kernels a reduction can get (see ferric-reduction-to-gpu's
/// description for each).
enum class ReductionKernel : uint8_t {
  ThreadPerOutput,
  Warp,
  Block,
  SplitFull,
  Column,
  ColumnNarrow,
  RowWarp,
  RowBlock,
  RowProgram,
  RowStream,
};
llvm::StringRef stringifyReductionKernel(ReductionKernel kernel);
std::optional<ReductionKernel> symbolizeReductionKernel(llvm::StringRef name);

/// A test the host makes on a reduction's output and reduced element
/// counts before launching a schedule: all of its bounds hold.
struct ScheduleGuard {
  int64_t minReduced = 0;
  /// 0: no bound.
  int64_t maxReduced = 0;
  int64_t minOutputs = 0;
  int64_t reducedMultipleOf = 1;

  bool isAlways() const {
    return minReduced <= 0 && maxReduced <= 0 && minOutputs <= 0 &&
           reducedMultipleOf <= 1;
  }
  /// Whether the guard holds for these counts (nullopt: known only at run
  /// time), if that is known now.
  std::optional<bool> evaluate(std::optional<int64_t> outputs,
                               std::optional<int64_t> reduced) const;
  /// The bounds not decided by the static counts.
  ScheduleGuard residual(std::optional<int64_t> outputs,
                         std::optional<int64_t> reduced) const;
  bool operator==(const ScheduleGuard &other) const;
};

/// One kernel shape: the kernel and, for row programs and row streams,
/// how a row is spread.
struct ReductionSchedule {
  ReductionKernel kernel = ReductionKernel::Block;
  RowProgramShape program = {1, 1, 1, 1};
  RowStreamShape stream;
  bool operator==(const ReductionSchedule &other) const;
};

/// A schedule and the guard under which the host launches it; a list is
/// tried in order and its last guard always holds.
struct GuardedSchedule {
  ScheduleGuard guard;
  ReductionSchedule schedule;
};
using ScheduleList = llvm::SmallVector<GuardedSchedule, 4>;

/// What the chooser sees of a reduction (ReductionWriter builds it from the
/// linalg.generic and its row group).
struct ReductionShape {
  enum class Form {
    /// No combiner the kernels fold with: one thread per output.
    Plain,
    /// The innermost loop reduced: warp, block or split-full.
    Inner,
    /// The innermost loop kept: column, column-narrow or one thread per
    /// output.
    Column,
    /// A reduction and the row-wise work after it (a row group).
    RowGroup,
  };
  Form form = Form::Inner;
  /// Output and reduced element counts (nullopt: known at run time only).
  std::optional<int64_t> outputs, reduced;
  /// Bits of the accumulator; the row element (the narrowest float the
  /// row group keeps in memory over the loop space).
  unsigned accumulatorBits = 32;
  Type element;
  /// Threads of the reduction's block (a power of two for a combiner).
  unsigned threads = 256;
  /// Row groups: the row is the innermost dim alone and read through the
  /// identity map (a row program or stream can hold it); its buffers take
  /// vector chunks.
  bool rowInnermost = false, vectorizable = false;
  /// Columns: the static kept elements per outer index if the
  /// column-narrow schedules take them (else 0), and whether one chunk of
  /// at most column-chunk-rows rows covers the reduced elements.
  int64_t narrowInner = 0;
  bool singleShortChunk = false;
};

/// The schedules of `shape` on `target` with `tuning`, in the order the
/// host tries their guards (statically decided guards are resolved: a
/// static shape gets one schedule).
ScheduleList chooseReductionSchedule(const ReductionShape &shape,
                                     const ReductionTarget &target,
                                     const ReductionTuning &tuning);

/// One line for remarks and tests: "row-program(team 256, 2 x 4, block
/// 1024)" and the guard, "if reduced <= 4096".
std::string describeSchedule(const ReductionSchedule &schedule);
std::string describeGuard(const ScheduleGuard &guard);

/// The schedule list written as `entries` of "GUARD: SCHEDULE" in the form
/// describeGuard and describeSchedule print (the
/// ferric.reduction_schedule attribute), or none with `error` set.
std::optional<ScheduleList>
parseScheduleList(llvm::ArrayRef<std::string> entries, std::string &error);

/// Why `list` (a pinned schedule) cannot be emitted for `shape` on `target`
/// (a kernel of another form, a row program too small for the rows its
/// guard admits, ...), or none if it can.
std::optional<std::string> checkSchedules(const ScheduleList &list,
                                          const ReductionShape &shape,
                                          const ReductionTarget &target);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONSCHEDULE_H
