//===- ReductionSite.cpp - What the reduction passes see of a reduction ---===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ReductionSite.h"

#include "ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::ferric;

/// True if ferric-reduction-to-gpu writes the kernels of `generic`.
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

SmallVector<linalg::GenericOp>
mlir::ferric::supportedReductions(Operation *root) {
  SmallVector<linalg::GenericOp> found;
  root->walk([&](linalg::GenericOp g) {
    if (isSupported(g))
      found.push_back(g);
  });
  return found;
}

linalg::FillOp mlir::ferric::foldableFill(linalg::GenericOp generic) {
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

ReductionSite mlir::ferric::analyzeReduction(linalg::GenericOp g,
                                             unsigned blockSize,
                                             const ReductionTarget &target,
                                             const ReductionTuning &tuning) {
  ReductionSite site;
  site.combiner = blockCombiner(g);
  // A block reduction's tree needs a power of two of threads.
  site.threads = blockSize;
  if (site.combiner) {
    site.threads = 32;
    while (site.threads * 2 <= blockSize)
      site.threads *= 2;
  }
  // The innermost loop kept (a column or middle-dim reduction): the column
  // schedules, coalesced along it.
  if (!site.combiner &&
      g.getIteratorTypesArray().back() == utils::IteratorType::parallel)
    site.columnCombiner = accumulatorCombiner(g);
  // A reduction and the row-wise work after it: one kernel at the last
  // member (every buffer it touches is defined by then).
  if (site.combiner && tuning.rowGroups && target.warpSize &&
      site.threads >= target.warpSize)
    site.group =
        findRowGroup(g, site.fills, site.foldedFills, tuning.rowGroupProducers);
  if (site.group.size() <= 1) {
    site.group.clear();
    site.fills.clear();
    site.foldedFills.clear();
  }
  return site;
}

FailureOr<ScheduleList>
mlir::ferric::schedulesFor(linalg::GenericOp g, const ReductionShape &shape,
                           const ReductionTarget &target,
                           const ReductionTuning &tuning,
                           llvm::StringRef passName) {
  Attribute attr = g->getDiscardableAttr(kReductionScheduleAttr);
  if (!attr)
    return chooseReductionSchedule(shape, target, tuning);
  auto fail = [&](const llvm::Twine &why) {
    return g.emitError(passName + ": " + kReductionScheduleAttr + ": " + why);
  };
  auto array = dyn_cast<ArrayAttr>(attr);
  SmallVector<std::string> entries;
  for (Attribute entry : array ? array.getValue() : ArrayRef<Attribute>()) {
    auto text = dyn_cast<StringAttr>(entry);
    if (!text)
      break;
    entries.push_back(text.str());
  }
  if (!array || entries.size() != array.size())
    return fail("expected an array of strings \"GUARD: SCHEDULE\"");
  std::string error;
  std::optional<ScheduleList> list = parseScheduleList(entries, error);
  if (!list)
    return fail(error);
  if (std::optional<std::string> why = checkSchedules(*list, shape, target))
    return fail(*why);
  return *list;
}
