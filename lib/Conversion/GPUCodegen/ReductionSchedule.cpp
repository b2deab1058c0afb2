//===- ReductionSchedule.cpp - Which kernels a reduction gets -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ReductionSchedule.h"

#include "KernelBuilders.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::ferric;

//===----------------------------------------------------------------------===//
// The target and the knobs
//===----------------------------------------------------------------------===//

std::optional<ReductionTarget> ReductionTarget::forChip(llvm::StringRef chip) {
  unsigned version;
  // sm_90a, sm_100f: a letter suffix names a feature set of the same chip.
  if (!chip.consume_front("sm_") || chip.consumeInteger(10, version) ||
      !llvm::all_of(chip, llvm::isAlpha))
    return std::nullopt;
  ReductionTarget target;
  // Thread-block clusters are sm_90's; sm_86 and sm_89 keep 1536 resident
  // threads per SM (CUDA C programming guide, compute capabilities table).
  target.maxCluster = version >= 90 ? 16 : 1;
  if (version == 86 || version == 89)
    target.maxThreadsPerSM = 1536;
  return target;
}

ReductionTarget ReductionTarget::portable() {
  ReductionTarget target;
  target.warpSize = 0;
  target.maxCluster = 1;
  return target;
}

ReductionTuning ReductionTuning::forCUDA() {
  ReductionTuning t;
  // Re-reading row groups (rows no row program holds) over rows of 2048 or
  // more: a block per row.
  t.rowGroupBlockElements = 2048;
  t.rowProgram = t.rowGroupProducers = true;
  t.rows.maxCluster = 16;
  t.rows.clusterBlock = 256;
  t.rows.stream = true;
  // One 4-byte vector of adjacent columns per row (two bf16 columns), 16
  // bytes per load of a split full reduction.
  t.columnLoadBytes = 4;
  t.splitLoadBytes = 16;
  return t;
}

static bool isPow2In(unsigned v, unsigned lo, unsigned hi) {
  return v >= lo && v <= hi && llvm::isPowerOf2_32(v);
}

std::optional<std::string>
ReductionTuning::validate(const ReductionTarget &target) const {
  std::string msg;
  llvm::raw_string_ostream os(msg);
  const RowProgramLimits &r = rows;
  if (blockSize == 0 || blockSize > 1024)
    os << "block-size must be in [1, 1024], got " << blockSize;
  else if (splitMaxBlocks < 2 || splitMaxBlocks > 65535)
    os << "split-max-blocks must be in [2, 65535], got " << splitMaxBlocks;
  else if (!isPow2In(foldBytes, 32, 1024))
    os << "split-fold-bytes must be a power of two in [32, 1024], got "
       << foldBytes;
  else if (columnLoadBytes > 16 ||
           (columnLoadBytes && !llvm::isPowerOf2_32(columnLoadBytes)))
    os << "column-load-bytes must be 0 or a power of two up to 16, got "
       << columnLoadBytes;
  else if (splitLoadBytes > 16 ||
           (splitLoadBytes && !llvm::isPowerOf2_32(splitLoadBytes)))
    os << "split-load-bytes must be 0 or a power of two up to 16, got "
       << splitLoadBytes;
  else if (narrowColumns > 1024)
    os << "column-narrow-columns must be at most 1024, got " << narrowColumns;
  else if (columnChunkRows == 0)
    os << "column-chunk-rows must be at least 1, got 0";
  else if (r.maxCluster > 16 || !llvm::isPowerOf2_32(r.maxCluster))
    os << "row-program-cluster must be 0, 1, 2, 4, 8 or 16, got "
       << r.maxCluster;
  else if (!isPow2In(r.clusterBlock, 128, 1024))
    os << "row-program-cluster-block must be 128, 256, 512 or 1024, got "
       << r.clusterBlock;
  else if (!isPow2In(r.threadBytes, 16, 256))
    os << "row-program-thread-bytes must be 16, 32, 64, 128 or 256, got "
       << r.threadBytes;
  else if (!isPow2In(r.streamThreads, 64, 1024))
    os << "row-stream-threads must be 64, 128, 256, 512 or 1024, got "
       << r.streamThreads;
  else if (r.streamThreadBytes != 0 && !isPow2In(r.streamThreadBytes, 16, 256))
    os << "row-stream-thread-bytes must be 0, 16, 32, 64, 128 or 256, got "
       << r.streamThreadBytes;
  else if (r.streamMinBlocks * r.streamThreads > target.maxThreadsPerSM)
    os << "row-stream-min-blocks = " << r.streamMinBlocks << " blocks of "
       << r.streamThreads << " threads exceed the " << target.maxThreadsPerSM
       << " resident threads of an SM";
  else if (r.maxValues != 0 && (r.maxValues < 8 || r.maxValues > 64))
    os << "row-program-max-values must be 0 or in [8, 64], got " << r.maxValues;
  else if (r.maxRegisters != 0 && (r.maxRegisters < 32 || r.maxRegisters > 255))
    os << "row-program-max-registers must be 0 or in [32, 255], got "
       << r.maxRegisters;
  if (msg.empty())
    return std::nullopt;
  return msg;
}

//===----------------------------------------------------------------------===//
// Guards and schedules
//===----------------------------------------------------------------------===//

static constexpr std::pair<ReductionKernel, llvm::StringLiteral>
    kKernelNames[] = {{ReductionKernel::ThreadPerOutput, "thread-per-output"},
                      {ReductionKernel::Warp, "warp"},
                      {ReductionKernel::Block, "block"},
                      {ReductionKernel::SplitFull, "split-full"},
                      {ReductionKernel::Column, "column"},
                      {ReductionKernel::ColumnNarrow, "column-narrow"},
                      {ReductionKernel::RowWarp, "row-group"},
                      {ReductionKernel::RowBlock, "row-group-block"},
                      {ReductionKernel::RowProgram, "row-program"},
                      {ReductionKernel::RowStream, "row-stream"}};

llvm::StringRef mlir::ferric::stringifyReductionKernel(ReductionKernel kernel) {
  for (auto [k, name] : kKernelNames)
    if (k == kernel)
      return name;
  llvm_unreachable("unknown reduction kernel");
}

std::optional<ReductionKernel>
mlir::ferric::symbolizeReductionKernel(llvm::StringRef name) {
  for (auto [k, n] : kKernelNames)
    if (n == name)
      return k;
  return std::nullopt;
}

bool ScheduleGuard::operator==(const ScheduleGuard &other) const {
  return minReduced == other.minReduced && maxReduced == other.maxReduced &&
         minOutputs == other.minOutputs &&
         reducedMultipleOf == other.reducedMultipleOf;
}

std::optional<bool>
ScheduleGuard::evaluate(std::optional<int64_t> outputs,
                        std::optional<int64_t> reduced) const {
  ScheduleGuard rest = residual(outputs, reduced);
  bool holds = true;
  if (reduced && ((minReduced > 0 && *reduced < minReduced) ||
                  (maxReduced > 0 && *reduced > maxReduced) ||
                  (reducedMultipleOf > 1 && *reduced % reducedMultipleOf)))
    holds = false;
  if (outputs && minOutputs > 0 && *outputs < minOutputs)
    holds = false;
  if (!holds)
    return false;
  if (rest.isAlways())
    return true;
  return std::nullopt;
}

ScheduleGuard ScheduleGuard::residual(std::optional<int64_t> outputs,
                                      std::optional<int64_t> reduced) const {
  ScheduleGuard rest = *this;
  if (reduced) {
    rest.minReduced = 0;
    rest.maxReduced = 0;
    rest.reducedMultipleOf = 1;
  }
  if (outputs)
    rest.minOutputs = 0;
  return rest;
}

bool ReductionSchedule::operator==(const ReductionSchedule &other) const {
  if (kernel != other.kernel)
    return false;
  const RowProgramShape &p = program, &q = other.program;
  const RowStreamShape &s = stream, &t = other.stream;
  switch (kernel) {
  case ReductionKernel::RowProgram:
    return p.team == q.team && p.chunks == q.chunks && p.width == q.width &&
           p.blockThreads == q.blockThreads && p.cluster == q.cluster &&
           p.aligned == q.aligned && p.minBlocksPerSM == q.minBlocksPerSM;
  case ReductionKernel::RowStream:
    return s.blockThreads == t.blockThreads && s.chunks == t.chunks &&
           s.width == t.width && s.aligned == t.aligned &&
           s.minBlocksPerSM == t.minBlocksPerSM;
  default:
    return true;
  }
}

//===----------------------------------------------------------------------===//
// The chooser
//===----------------------------------------------------------------------===//

namespace {
/// Builds a schedule list, dropping what the static counts rule out and
/// ending at the first entry they decide.
class ListBuilder {
public:
  ListBuilder(const ReductionShape &shape) : shape(shape) {}
  /// Adds `kernel` (with `program` / `stream` shapes) under `guard`; false
  /// once the list is complete.
  bool add(ScheduleGuard guard, ReductionSchedule schedule) {
    if (done)
      return false;
    std::optional<bool> holds = guard.evaluate(shape.outputs, shape.reduced);
    if (holds && !*holds)
      return true;
    list.push_back({guard.residual(shape.outputs, shape.reduced), schedule});
    done = holds.has_value();
    return !done;
  }
  bool add(ScheduleGuard guard, ReductionKernel kernel) {
    ReductionSchedule s;
    s.kernel = kernel;
    return add(guard, s);
  }
  bool complete() const { return done; }
  ScheduleList take() {
    assert(done && "a schedule list must end with one that always holds");
    return std::move(list);
  }

private:
  const ReductionShape &shape;
  ScheduleList list;
  bool done = false;
};
} // namespace

static ReductionSchedule programSchedule(const RowProgramShape &shape) {
  ReductionSchedule s;
  s.kernel = ReductionKernel::RowProgram;
  s.program = shape;
  return s;
}

static ReductionSchedule streamSchedule(const RowStreamShape &shape) {
  ReductionSchedule s;
  s.kernel = ReductionKernel::RowStream;
  s.stream = shape;
  return s;
}

/// Outputs from which a warp per output fills the GPU (about 60 resident
/// warps per SM on 132 SMs), so that the block reduction's tree is not
/// worth its barriers even over long rows.
static constexpr int64_t kWarpManyOutputs = 8192;

/// Inner reductions: few outputs split across blocks; else a warp per
/// output for short or many rows, a block per output otherwise.
static void chooseInner(const ReductionShape &shape,
                        const ReductionTarget &target,
                        const ReductionTuning &tuning, ListBuilder &list) {
  // Few outputs (a full reduction, a handful of long rows): a block per
  // output would fill only that many SMs, so each is split across blocks
  // (the host picks their count; at least one blockedFold block per
  // thread). Only when the output count is static.
  const std::optional<int64_t> &out = shape.outputs, &red = shape.reduced;
  int64_t perBlock = (int64_t)shape.threads * kFoldLanes * kFoldDepth;
  if (out && *out >= 1 && *out * 2 <= tuning.splitMaxBlocks &&
      (!red || *red > perBlock)) {
    list.add({}, ReductionKernel::SplitFull);
    return;
  }
  if (!target.warpSize || shape.accumulatorBits > 32 ||
      shape.threads < target.warpSize) {
    list.add({}, ReductionKernel::Block);
    return;
  }
  ScheduleGuard shortRows, manyRows;
  shortRows.maxReduced = tuning.warpMaxElements;
  manyRows.minOutputs = kWarpManyOutputs;
  list.add(shortRows, ReductionKernel::Warp);
  list.add(manyRows, ReductionKernel::Warp);
  list.add({}, ReductionKernel::Block);
}

/// The re-reading row-group kernels (a warp per row, or a block per row for
/// rows of at least row-group-block-elements).
static void addRereading(const ReductionTuning &tuning, ListBuilder &list) {
  if (tuning.rowGroupBlockElements) {
    ScheduleGuard longRows;
    longRows.minReduced = tuning.rowGroupBlockElements;
    list.add(longRows, ReductionKernel::RowBlock);
  }
  list.add({}, ReductionKernel::RowWarp);
}

/// A row group over rows of a static length: held in registers (a row
/// program), streamed, or re-read.
static void chooseStaticRows(const ReductionShape &shape,
                             const ReductionTarget &target,
                             const RowProgramLimits &limits,
                             ListBuilder &list) {
  int64_t n = *shape.reduced;
  std::optional<RowProgramShape> held =
      chooseRowProgram(n, shape.element, shape.vectorizable, shape.threads,
                       target.warpSize, limits);
  if (prefersRowStream(n, shape.element, held, limits)) {
    ReductionSchedule stream = streamSchedule(
        chooseRowStream(n, shape.element, shape.vectorizable, limits,
                        /*staticLength=*/true));
    // A block per row leaves SMs idle on few rows, which a row program
    // spreads over a cluster each (unless row-stream-min-length forces the
    // stream).
    if (!held || limits.streamMinLength) {
      list.add({}, stream);
      return;
    }
    ScheduleGuard manyRows;
    manyRows.minOutputs = kRowStreamMinRows;
    list.add(manyRows, stream);
    list.add({}, programSchedule(*held));
    return;
  }
  if (held)
    list.add({}, programSchedule(*held));
}

/// A row group over rows of a length known only at run time: the host
/// picks the first variant whose rows are at least as long (variants for
/// rows of up to 64, 128, 256, ... (every power of two) and the longest row
/// one block and each cluster block size hold: a row's variant is less
/// than twice as long as the row; with every fourth power of two past
/// 4096, H100, f32 softmax over rows of 4097 at 2^28 took 2.9x the static
/// kernel's time in the variant for 16384), streams where static rows of
/// that length would be streamed, else the re-reading kernels (empty rows
/// too: no element to load).
static void chooseDynamicRows(const ReductionShape &shape,
                              const ReductionTarget &target,
                              const RowProgramLimits &limits,
                              ListBuilder &list) {
  Type element = shape.element;
  SmallVector<int64_t> maxLengths = {
      (int64_t)kRowProgramBlockThreads *
      rowProgramMaxValues(limits, element, kRowProgramBlockThreads,
                          /*cluster=*/false)};
  // Longer rows are held over a cluster only.
  const int64_t oneBlock = maxLengths.front();
  if (limits.maxCluster > 1)
    for (unsigned block = limits.clusterBlock; block <= kRowProgramBlockThreads;
         block *= 2)
      maxLengths.push_back((int64_t)block *
                           rowProgramMaxValues(limits, element, block,
                                               /*cluster=*/true) *
                           limits.maxCluster);
  int64_t longest = *llvm::max_element(maxLengths);
  for (int64_t length = kRowProgramAlignedMinLength; length < longest;
       length *= 2)
    maxLengths.push_back(length);
  llvm::sort(maxLengths);
  maxLengths.erase(llvm::unique(maxLengths), maxLengths.end());
  // Rows longer than every variant, or as long as the static rows that are
  // streamed (narrow rows: those only a cluster holds; and as many:
  // kRowStreamMinRows, unless row-stream-min-length forces it), are row
  // streams: 16-byte chunks when the length is a multiple of one (each row
  // then starts aligned), else aligned 16-byte chunks and the row's ends
  // apart (chooseRowStream).
  if (std::optional<int64_t> from =
          rowStreamMinLength(element, longest + 1, oneBlock + 1, limits)) {
    SmallVector<ScheduleGuard, 2> streams(1);
    streams[0].minReduced = *from;
    if (!limits.streamMinLength && *from <= longest) {
      streams[0].minReduced = std::max(*from, longest + 1);
      streams.emplace_back();
      streams[1].minReduced = *from;
      streams[1].minOutputs = kRowStreamMinRows;
    }
    RowStreamShape wide = chooseRowStream(16, element, shape.vectorizable,
                                          limits, /*staticLength=*/false);
    RowStreamShape odd = chooseRowStream(1, element, shape.vectorizable, limits,
                                         /*staticLength=*/false);
    if (wide.width > 1)
      for (ScheduleGuard guard : streams) {
        guard.reducedMultipleOf = wide.width;
        list.add(guard, streamSchedule(wide));
      }
    for (const ScheduleGuard &guard : streams)
      list.add(guard, streamSchedule(odd));
  }
  for (int64_t maxLength : maxLengths) {
    std::optional<RowProgramShape> held =
        chooseRowProgramVariant(maxLength, element, shape.vectorizable,
                                shape.threads, target.warpSize, limits);
    if (!held)
      continue;
    // Aligned chunks need a whole chunk in every row (the variants before
    // take the shorter rows).
    ScheduleGuard fits;
    fits.minReduced = held->aligned ? kRowProgramAlignedMinLength + 1 : 1;
    fits.maxReduced = maxLength;
    list.add(fits, programSchedule(*held));
  }
}

ScheduleList
mlir::ferric::chooseReductionSchedule(const ReductionShape &shape,
                                      const ReductionTarget &target,
                                      const ReductionTuning &tuning) {
  ListBuilder list(shape);
  switch (shape.form) {
  case ReductionShape::Form::Plain:
    list.add({}, ReductionKernel::ThreadPerOutput);
    break;
  case ReductionShape::Form::Inner:
    chooseInner(shape, target, tuning, list);
    break;
  case ReductionShape::Form::Column:
    // Short columns in one chunk: what one thread per output does already.
    // Few kept elements per outer index: all of them in one block, the
    // reduced rows tiled across its threads.
    list.add({}, shape.singleShortChunk ? ReductionKernel::ThreadPerOutput
                 : shape.narrowInner    ? ReductionKernel::ColumnNarrow
                                        : ReductionKernel::Column);
    break;
  case ReductionShape::Form::RowGroup: {
    RowProgramLimits limits = tuning.rows;
    limits.maxCluster =
        std::max(1u, std::min(limits.maxCluster, target.maxCluster));
    if (tuning.rowProgram && shape.rowInnermost && target.warpSize) {
      if (shape.reduced)
        chooseStaticRows(shape, target, limits, list);
      else
        chooseDynamicRows(shape, target, limits, list);
    }
    if (!list.complete())
      addRereading(tuning, list);
    break;
  }
  }
  return list.take();
}
