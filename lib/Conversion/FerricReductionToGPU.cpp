//===- FerricReductionToGPU.cpp - GPU reduction kernels -------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Upstream's parallel-loop mapping gives one thread per output element with
// the outer loops on the host: a full reduction runs on a single thread, and
// a reduction over an outer dim launches once per reduced index (passing
// that index to the kernel, which the Vulkan ABI cannot). This pass writes
// the kernels of each reduction with every loop inside them: a block or warp
// reduction when the innermost loop is reduced, split across blocks in two
// kernels when the outputs are few (SplitReductions.cpp), the column
// schedules when the innermost loop is kept, else one thread per output.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "GPUCodegen/KernelBuilders.h"
#include "GPUCodegen/ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICREDUCTIONTOGPUPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// True if this pass writes a kernel for `generic`.
static bool isSupported(linalg::GenericOp generic) {
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1 ||
      generic.getNumReductionLoops() == 0 ||
      generic->getParentOfType<gpu::LaunchOp>() ||
      !generic.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  for (OpOperand &operand : generic->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      if (generic.isDpsInit(&operand))
        return false;
      continue;
    }
    if (!type.getLayout().isIdentity() ||
        !generic.getMatchingIndexingMap(&operand).isProjectedPermutation())
      return false;
  }
  return true;
}

/// The linalg.fill of `generic`'s output with a constant that can be folded
/// into the reduction's kernel: the closest preceding op with memory
/// effects, filling exactly the output buffer. The kernel writes every
/// output element, so the fill's own kernel is not needed.
static linalg::FillOp foldableFill(linalg::GenericOp generic) {
  Operation *prev = generic->getPrevNode();
  while (prev && isMemoryEffectFree(prev))
    prev = prev->getPrevNode();
  auto fill = dyn_cast_or_null<linalg::FillOp>(prev);
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getDpsInits()[0] != generic.getDpsInits()[0] ||
      !fill.value().getDefiningOp<arith::ConstantOp>())
    return {};
  return fill;
}

namespace {
struct FerricReductionToGPUPass
    : ferric::impl::FerricReductionToGPUPassBase<FerricReductionToGPUPass> {
  using FerricReductionToGPUPassBase::FerricReductionToGPUPassBase;

  // Row programs load and store rows in vector chunks.
  void getDependentDialects(DialectRegistry &registry) const override {
    FerricReductionToGPUPassBase::getDependentDialects(registry);
    registry.insert<vector::VectorDialect, memref::MemRefDialect>();
  }

  /// The chooser's knobs from this pass's options.
  ReductionTuning tuningFromOptions() const {
    ReductionTuning t;
    t.blockSize = blockSize;
    t.warpMaxElements = warpMaxElements;
    t.rowGroups = rowGroups;
    t.rowGroupProducers = rowGroupProducers;
    t.rowProgram = rowProgram;
    t.rowGroupBlockElements = rowGroupBlockElements;
    RowProgramLimits &r = t.rows;
    r.maxCluster = std::max<unsigned>(rowProgramCluster, 1);
    r.clusterBlock = rowProgramClusterBlock;
    r.threadBytes = rowProgramThreadBytes;
    r.maxValues = rowProgramMaxValues;
    r.clusterGrid = rowProgramClusterGrid;
    r.maxRegisters = rowProgramMaxRegisters;
    r.invariantValues = rowProgramInvariantValues;
    r.alignedChunks = rowProgramAlignedChunks;
    r.stream = rowStream;
    r.streamMinLength = rowStreamMinLength;
    r.streamThreads = rowStreamThreads;
    r.streamThreadBytes = rowStreamThreadBytes;
    r.streamMinBlocks = rowStreamMinBlocks;
    r.reciprocal = rowReciprocal;
    t.splitMaxBlocks = splitMaxBlocks;
    t.foldBytes = splitFoldBytes;
    t.columnLoadBytes = columnLoadBytes;
    t.splitLoadBytes = splitLoadBytes;
    t.columnChunkRows = columnChunkRows;
    t.narrowColumns = columnNarrowColumns;
    return t;
  }

  void runOnOperation() override {
    ReductionTarget target = ReductionTarget::portable();
    if (warpSize) {
      target = *ReductionTarget::forChip("sm_90");
      target.warpSize = warpSize;
    }
    ReductionTuning tuning = tuningFromOptions();
    if (warpSize && (!llvm::isPowerOf2_32(warpSize) || warpSize > 64)) {
      getOperation().emitError("ferric-reduction-to-gpu: warp-size must be 0 "
                               "or a power of two up to 64, got ")
          << warpSize.getValue();
      return signalPassFailure();
    }
    if (std::optional<std::string> error = tuning.validate(target)) {
      getOperation().emitError("ferric-reduction-to-gpu: ") << *error;
      return signalPassFailure();
    }
    SmallVector<linalg::GenericOp> found;
    getOperation().walk([&](linalg::GenericOp g) {
      if (isSupported(g))
        found.push_back(g);
    });
    llvm::DenseSet<Operation *> done;
    for (linalg::GenericOp g : found) {
      if (done.contains(g))
        continue;
      Operation *combiner = blockCombiner(g);
      // A block reduction's tree needs a power of two of threads.
      unsigned threads = blockSize;
      if (combiner) {
        threads = 32;
        while (threads * 2 <= blockSize)
          threads *= 2;
      }
      linalg::FillOp fill = foldableFill(g);
      ReductionWriter writer(g, threads, workgroupAlloc,
                             fill ? fill.value() : Value(), target, tuning);
      // The innermost loop kept (a column or middle-dim reduction): the
      // column schedules, coalesced along it.
      Operation *columnCombiner = nullptr;
      if (!combiner &&
          g.getIteratorTypesArray().back() == utils::IteratorType::parallel)
        columnCombiner = accumulatorCombiner(g);
      // A reduction and the row-wise work after it: one warp-per-row kernel
      // at the last member (every buffer it touches is defined by then).
      SmallVector<Value> fills;
      SmallVector<linalg::FillOp> foldedFills;
      SmallVector<linalg::GenericOp> group;
      if (combiner && rowGroups && warpSize && threads >= warpSize)
        group = findRowGroup(g, fills, foldedFills, rowGroupProducers);
      if (group.size() > 1)
        fills[llvm::find(group, g) - group.begin()] =
            fill ? fill.value() : Value();
      else
        group.clear();
      ScheduleList schedules = chooseReductionSchedule(
          writer.shape(combiner ? combiner : columnCombiner, group), target,
          tuning);
      // Folded fills go first: the writers take their constants, and a
      // buffer's remaining users say whether a row result must be stored.
      if (fill)
        fill.erase();
      // The split-full and column schedules apply the elementwise generic
      // after the reduction (a cast back to bf16, a mean's division) where
      // they write the outputs. The pure ops and allocations between the
      // two move above the reduction so that its kernels see them.
      linalg::GenericOp epilogue;
      bool storeResult = true;
      if (group.empty() &&
          (columnCombiner ||
           schedules.front().schedule.kernel == ReductionKernel::SplitFull))
        epilogue = findEpilogue(g, storeResult);
      if (epilogue) {
        for (Operation *op = g->getNextNode(); op != epilogue;) {
          Operation *next = op->getNextNode();
          op->moveBefore(g);
          op = next;
        }
        writer.setEpilogue(epilogue, storeResult);
      }
      if (!group.empty()) {
        for (linalg::FillOp f : foldedFills)
          f.erase();
        // Starts filled (or copied) earlier: the constant, and the fill and
        // copy gone when nothing else reads them.
        SetVector<Operation *> toErase;
        for (auto [member, start] : llvm::zip_equal(group, fills))
          if (!start && member.getNumReductionLoops() != 0)
            start = constantBefore(member.getDpsInits()[0], group.front(),
                                   group, toErase);
        // Copies go; fills are looked at below (not through toErase, which
        // then holds the erased copies).
        SmallVector<linalg::FillOp> startFills;
        for (Operation *op : toErase) {
          if (isa<memref::CopyOp>(op))
            op->erase();
          else if (auto f = dyn_cast<linalg::FillOp>(op))
            startFills.push_back(f);
        }
        for (linalg::FillOp fillOp : startFills) {
          Operation *op = fillOp;
          Value buffer = fillOp.getDpsInits()[0];
          // The fill stays unless the buffer is the output of a member now
          // starting from the constant and every other reader is a later
          // member (which reads that member's result in the kernel).
          auto writer = llvm::find_if(group, [&](linalg::GenericOp m) {
            return m.getNumReductionLoops() != 0 &&
                   m.getDpsInits()[0] == buffer;
          });
          bool needed =
              writer == group.end() || !fills[writer - group.begin()] ||
              llvm::any_of(buffer.getUsers(), [&](Operation *user) {
                if (user == op || isa<memref::DeallocOp>(user) ||
                    user == writer->getOperation())
                  return false;
                auto later = llvm::find_if(group, [&](linalg::GenericOp m) {
                  return m.getOperation() == user;
                });
                return later == group.end() || later < writer;
              });
          if (!needed)
            op->erase();
        }
        OpBuilder b(group.back());
        writer.write(b, schedules, combiner, group, fills);
      } else {
        OpBuilder b(g);
        writer.write(b, schedules, combiner ? combiner : columnCombiner);
      }
      // Which schedule each reduction got, for --remarks-filter.
      remark::passed(g.getLoc(), remark::RemarkOpts::name("Reduction")
                                     .category("ferric-reduction-to-gpu")
                                     .function(getOperation().getSymName()))
          << writer.describe();
      if (!group.empty()) {
        for (linalg::GenericOp member : group) {
          done.insert(member);
          member.erase();
        }
      } else {
        Value out = g.getDpsInits()[0];
        g.erase();
        if (epilogue && writer.usedEpilogue()) {
          epilogue.erase();
          // Nothing reads the reduction's own output any more.
          if (!storeResult && out.getDefiningOp<memref::AllocOp>() &&
              llvm::all_of(out.getUsers(), [](Operation *user) {
                return isa<memref::DeallocOp>(user);
              })) {
            for (Operation *user : llvm::make_early_inc_range(out.getUsers()))
              user->erase();
            out.getDefiningOp()->erase();
          }
        }
      }
    }
  }
};
} // namespace
