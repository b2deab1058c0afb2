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
#include "GPUCodegen/ReductionSite.h"
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

/// Moves the ops between `anchor` and `until` (pure ops and allocations, see
/// findEpilogue) above `anchor`, so that the kernels written there see them.
static void hoistAbove(Operation *anchor, Operation *until) {
  for (Operation *op = anchor->getNextNode(); op != until;) {
    Operation *next = op->getNextNode();
    op->moveBefore(anchor);
    op = next;
  }
}

namespace {
struct FerricReductionToGPUPass
    : ReductionOptionsReader<ferric::impl::FerricReductionToGPUPassBase<
          FerricReductionToGPUPass>> {
  using ReductionOptionsReader::ReductionOptionsReader;

  // Row programs load and store rows in vector chunks.
  void getDependentDialects(DialectRegistry &registry) const override {
    FerricReductionToGPUPassBase::getDependentDialects(registry);
    registry.insert<vector::VectorDialect, memref::MemRefDialect>();
  }

  void runOnOperation() override {
    if (!checkOptions(getArgument()))
      return signalPassFailure();
    ReductionTarget target = this->target();
    ReductionTuning tuning = this->tuning();
    llvm::DenseSet<Operation *> done;
    for (linalg::GenericOp g : supportedReductions(getOperation())) {
      if (done.contains(g))
        continue;
      ReductionSite site = analyzeReduction(g, blockSize, target, tuning);
      Operation *combiner = site.combiner,
                *columnCombiner = site.columnCombiner;
      SmallVector<linalg::GenericOp> &group = site.group;
      SmallVector<Value> &fills = site.fills;
      SmallVector<linalg::FillOp> &foldedFills = site.foldedFills;
      linalg::FillOp fill = foldableFill(g);
      ReductionWriter writer(g, site.threads, workgroupAlloc,
                             fill ? fill.value() : Value(), target, tuning);
      if (!group.empty())
        fills[llvm::find(group, g) - group.begin()] =
            fill ? fill.value() : Value();
      FailureOr<ScheduleList> chosen = schedulesFor(
          g, writer.shape(combiner ? combiner : columnCombiner, group), target,
          tuning, getArgument());
      if (failed(chosen))
        return signalPassFailure();
      ScheduleList &schedules = *chosen;
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
        hoistAbove(g, epilogue);
        writer.setEpilogue(epilogue, storeResult);
      }
      if (!group.empty()) {
        for (linalg::FillOp f : foldedFills)
          f.erase();
        // Starts filled (or copied) earlier: the constant, and the fill and
        // copy gone when nothing else reads them.
        // (Looked for before the first reduction: a producer member runs
        // in the kernel too, and the start's fill and copy may follow it.)
        SetVector<Operation *> toErase;
        linalg::GenericOp firstReduction =
            *llvm::find_if(group, [](linalg::GenericOp m) {
              return m.getNumReductionLoops() != 0;
            });
        for (auto [member, start] : llvm::zip_equal(group, fills))
          if (!start && member.getNumReductionLoops() != 0)
            start = constantBefore(member.getDpsInits()[0], firstReduction,
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
                    user == writer->getOperation() || afterGroup(user, group))
                  return false;
                auto later = llvm::find_if(group, [&](linalg::GenericOp m) {
                  return m.getOperation() == user;
                });
                return later == group.end() || later < writer;
              });
          if (!needed)
            op->erase();
        }
        // The elementwise generic after a last member that reduces (a
        // variance's division by the row length): applied where the row's
        // result is stored.
        if (group.back().getNumReductionLoops() != 0)
          epilogue = findEpilogue(group.back(), storeResult, /*inPlace=*/true);
        if (epilogue) {
          hoistAbove(group.back(), epilogue);
          writer.setEpilogue(epilogue, storeResult);
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
      // Outputs that nothing reads or writes any more (a row result only the
      // group read, a sum the epilogue replaced) lose their allocation.
      SmallVector<Value> outputs;
      for (linalg::GenericOp member : group.empty() ? ArrayRef(g) : group) {
        llvm::append_range(outputs, member.getDpsInits());
        done.insert(member);
        member.erase();
      }
      if (epilogue && writer.usedEpilogue())
        epilogue.erase();
      for (Value out : outputs)
        eraseIfOnlyFreed(out);
    }
  }
};
} // namespace

std::unique_ptr<Pass> mlir::ferric::createCUDAReductionToGPUPass(
    StringRef chip, unsigned blockSize, StringRef overrides,
    function_ref<LogicalResult(const Twine &)> emitError) {
  FerricReductionToGPUPassOptions options;
  setTuningOptions(options, ReductionTuning::forCUDA());
  options.blockSize = blockSize;
  options.warpSize = 32;
  options.chip = chip.str();
  auto pass = std::make_unique<FerricReductionToGPUPass>(options);
  if (!overrides.empty() &&
      failed(pass->initializeOptions(overrides, [&](const Twine &message) {
        // LLVM's option parser prints a bad value's message itself.
        std::string text = message.str();
        return emitError(
            "reduction={" + overrides +
            "}: " + (text.empty() ? "invalid option value (see above)" : text));
      })))
    return nullptr;
  if (std::optional<std::string> error = pass->optionError()) {
    (void)emitError("reduction={" + overrides + "}: " + *error);
    return nullptr;
  }
  return pass;
}
