//===- ReductionSite.h - What the reduction passes see of a reduction -----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Shared by ferric-choose-reduction-schedule (which records the schedule
// list of each reduction as its ferric.reduction_schedule attribute) and
// ferric-reduction-to-gpu (which emits it): the options both passes take
// (one TableGen list), the reductions they handle, and the row group each
// heads.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONSITE_H
#define FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONSITE_H

#include "ReductionSchedule.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace ferric {

/// The discardable attribute holding a reduction's schedule list: an array
/// of "GUARD: SCHEDULE" strings (parseScheduleList).
constexpr llvm::StringLiteral kReductionScheduleAttr =
    "ferric.reduction_schedule";

/// The reductions under `root` whose kernels ferric-reduction-to-gpu
/// writes, in program order.
SmallVector<linalg::GenericOp> supportedReductions(Operation *root);

/// The linalg.fill of `generic`'s output with a constant that can be folded
/// into the reduction's kernel: the closest preceding op with memory
/// effects, filling exactly the output buffer. The kernel writes every
/// output element, so the fill's own kernel is not needed.
linalg::FillOp foldableFill(linalg::GenericOp generic);

/// A reduction as the passes see it.
struct ReductionSite {
  /// The combiner folding the accumulator with the innermost loop reduced,
  /// or with it kept (a column reduction); null if none.
  Operation *combiner = nullptr, *columnCombiner = nullptr;
  /// Threads of its block (a power of two for a combiner's tree).
  unsigned threads = 0;
  /// The row group it heads (empty: none), the folded fill constant of each
  /// member's output and the fills those replace.
  SmallVector<linalg::GenericOp> group;
  SmallVector<Value> fills;
  SmallVector<linalg::FillOp> foldedFills;
};

/// The site of reduction `g` with the passes' options.
ReductionSite analyzeReduction(linalg::GenericOp g, unsigned blockSize,
                               const ReductionTarget &target,
                               const ReductionTuning &tuning);

/// The schedules of `g` (whose chooser view is `shape`): its
/// ferric.reduction_schedule attribute if set (a pinned schedule: an error
/// at `g` if it is malformed or cannot run there), else the chooser's.
FailureOr<ScheduleList> schedulesFor(linalg::GenericOp g,
                                     const ReductionShape &shape,
                                     const ReductionTarget &target,
                                     const ReductionTuning &tuning,
                                     llvm::StringRef passName);

/// `t` as the options of either reduction pass (`Options`: its generated
/// options struct).
template <typename Options>
void setTuningOptions(Options &o, const ReductionTuning &t) {
  o.blockSize = t.blockSize;
  o.warpMaxElements = t.warpMaxElements;
  o.rowGroups = t.rowGroups;
  o.rowGroupProducers = t.rowGroupProducers;
  o.rowProgram = t.rowProgram;
  o.rowGroupBlockElements = t.rowGroupBlockElements;
  const RowProgramLimits &r = t.rows;
  o.rowProgramCluster = r.maxCluster;
  o.rowProgramClusterBlock = r.clusterBlock;
  o.rowProgramThreadBytes = r.threadBytes;
  o.rowProgramMaxValues = r.maxValues;
  o.rowProgramClusterGrid = r.clusterGrid;
  o.rowProgramMaxRegisters = r.maxRegisters;
  o.rowProgramInvariantValues = r.invariantValues;
  o.rowProgramAlignedChunks = r.alignedChunks;
  o.rowStream = r.stream;
  o.rowStreamMinLength = r.streamMinLength;
  o.rowStreamThreads = r.streamThreads;
  o.rowStreamThreadBytes = r.streamThreadBytes;
  o.rowStreamMinBlocks = r.streamMinBlocks;
  o.rowReciprocal = r.reciprocal;
  o.splitMaxBlocks = t.splitMaxBlocks;
  o.splitFoldBytes = t.foldBytes;
  o.columnLoadBytes = t.columnLoadBytes;
  o.splitLoadBytes = t.splitLoadBytes;
  o.columnChunkRows = t.columnChunkRows;
  o.columnNarrowColumns = t.narrowColumns;
}

/// The options of ferric-choose-reduction-schedule and
/// ferric-reduction-to-gpu (one TableGen list) as the chooser's target and
/// knobs: `Base` is either pass's generated base class.
template <typename Base> class ReductionOptionsReader : public Base {
public:
  using Base::Base;

protected:
  /// The target of the `chip` option (sm_90 when empty) with `warp-size`
  /// warps; without warps a portable one.
  ReductionTarget target() const {
    if (!this->warpSize)
      return ReductionTarget::portable();
    std::string chip = this->chip;
    ReductionTarget t = ReductionTarget::forChip(chip.empty() ? "sm_90" : chip)
                            .value_or(ReductionTarget());
    t.warpSize = this->warpSize;
    return t;
  }
  /// The chooser's knobs from this pass's options.
  ReductionTuning tuning() const {
    ReductionTuning t;
    t.blockSize = this->blockSize;
    t.warpMaxElements = this->warpMaxElements;
    t.rowGroups = this->rowGroups;
    t.rowGroupProducers = this->rowGroupProducers;
    t.rowProgram = this->rowProgram;
    t.rowGroupBlockElements = this->rowGroupBlockElements;
    RowProgramLimits &r = t.rows;
    r.maxCluster = std::max<unsigned>(this->rowProgramCluster, 1);
    r.clusterBlock = this->rowProgramClusterBlock;
    r.threadBytes = this->rowProgramThreadBytes;
    r.maxValues = this->rowProgramMaxValues;
    r.clusterGrid = this->rowProgramClusterGrid;
    r.maxRegisters = this->rowProgramMaxRegisters;
    r.invariantValues = this->rowProgramInvariantValues;
    r.alignedChunks = this->rowProgramAlignedChunks;
    r.stream = this->rowStream;
    r.streamMinLength = this->rowStreamMinLength;
    r.streamThreads = this->rowStreamThreads;
    r.streamThreadBytes = this->rowStreamThreadBytes;
    r.streamMinBlocks = this->rowStreamMinBlocks;
    r.reciprocal = this->rowReciprocal;
    t.splitMaxBlocks = this->splitMaxBlocks;
    t.foldBytes = this->splitFoldBytes;
    t.columnLoadBytes = this->columnLoadBytes;
    t.splitLoadBytes = this->splitLoadBytes;
    t.columnChunkRows = this->columnChunkRows;
    t.narrowColumns = this->columnNarrowColumns;
    return t;
  }

public:
  /// Why the options are out of range, or none.
  std::optional<std::string> optionError() const {
    if (this->warpSize &&
        (!llvm::isPowerOf2_32(this->warpSize) || this->warpSize > 64))
      return "warp-size must be 0 or a power of two up to 64, got " +
             std::to_string(this->warpSize);
    if (std::string chip = this->chip;
        !chip.empty() && !ReductionTarget::forChip(chip))
      return "chip must be sm_<digits>, got '" + chip + "'";
    return tuning().validate(target());
  }

protected:
  /// Reports options out of range on the pass's function; false if any.
  bool checkOptions(llvm::StringRef passName) {
    std::optional<std::string> error = optionError();
    if (!error)
      return true;
    this->getOperation().emitError(passName + ": " + *error);
    return false;
  }
};

} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_CONVERSION_GPUCODEGEN_REDUCTIONSITE_H
