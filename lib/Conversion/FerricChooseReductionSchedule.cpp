//===- FerricChooseReductionSchedule.cpp - Schedules as attributes --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Records the schedule list the chooser gives each reduction (the one
// ferric-reduction-to-gpu would emit) as its ferric.reduction_schedule
// attribute: the choice becomes data that lit tests check alone and users
// pin.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "GPUCodegen/ReductionSite.h"
#include "GPUCodegen/ReductionWriter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Remarks.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICCHOOSEREDUCTIONSCHEDULEPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

namespace {
struct FerricChooseReductionSchedulePass
    : ReductionOptionsReader<
          ferric::impl::FerricChooseReductionSchedulePassBase<
              FerricChooseReductionSchedulePass>> {
  using ReductionOptionsReader::ReductionOptionsReader;

  void runOnOperation() override {
    if (!checkOptions(getArgument()))
      return signalPassFailure();
    ReductionTarget target = this->target();
    ReductionTuning tuning = this->tuning();
    llvm::DenseSet<Operation *> members;
    Builder b(&getContext());
    for (linalg::GenericOp g : supportedReductions(getOperation())) {
      // A row group's members are emitted with its first reduction.
      if (members.contains(g))
        continue;
      ReductionSite site = analyzeReduction(g, blockSize, target, tuning);
      for (linalg::GenericOp m : site.group)
        members.insert(m);
      linalg::FillOp fill = foldableFill(g);
      ReductionWriter writer(g, site.threads, /*workgroupAlloc=*/false,
                             fill ? fill.value() : Value(), target, tuning);
      FailureOr<ScheduleList> list = schedulesFor(
          g,
          writer.shape(site.combiner ? site.combiner : site.columnCombiner,
                       site.group),
          target, tuning, getArgument());
      if (failed(list))
        return signalPassFailure();
      SmallVector<Attribute> entries;
      SmallVector<std::string> text;
      for (const GuardedSchedule &s : *list) {
        text.push_back(describeGuard(s.guard) + ": " +
                       describeSchedule(s.schedule));
        entries.push_back(b.getStringAttr(text.back()));
      }
      g->setDiscardableAttr(kReductionScheduleAttr, b.getArrayAttr(entries));
      remark::passed(g.getLoc(), remark::RemarkOpts::name("Schedule")
                                     .category(getArgument())
                                     .function(getOperation().getSymName()))
          << llvm::join(text, "; ");
    }
  }
};
} // namespace
