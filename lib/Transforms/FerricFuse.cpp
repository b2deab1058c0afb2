//===- FerricFuse.cpp - The ferric-fuse pass ------------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Passes.h"
#include "FerricDialect/Transforms/Report.h"
#include "FusionPlan.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICFUSEPASS
#include "FerricDialect/Transforms/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// The function's name as its author wrote it: the runner prefixes the
/// names of the functions it JIT-compiles and keeps the original in
/// `ferric.source_name` for reports and remarks.
static StringRef sourceName(func::FuncOp func) {
  if (auto name = func->getAttrOfType<StringAttr>("ferric.source_name"))
    return name.getValue();
  return func.getSymName();
}

namespace {

/// Counts one function's kernels: every ferric op outside a fused body is
/// one launch when unfused.
unsigned countKernels(func::FuncOp func) {
  unsigned n = 0;
  func.walk([&](Operation *op) {
    if (isa<FerricDialect>(op->getDialect()) && !isa<YieldOp>(op) &&
        !op->getParentOfType<FusedOp>())
      ++n;
  });
  return n;
}

/// Erases the ops nothing uses that have no side effects, users before
/// producers, so whole dead chains go: CSE alone keeps a producer whose last
/// user it erases after visiting it, and planning around such an op would
/// keep, say, a broadcast materialized for nothing.
void eraseDeadOps(func::FuncOp func) {
  func.walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
    if (op != func.getOperation() && isOpTriviallyDead(op))
      op->erase();
  });
}

std::string describe(Operation *op) {
  std::string s = "'" + op->getName().getStringRef().str() + "'";
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    s += " (line " + std::to_string(loc.getLine()) + ")";
  return s;
}

/// Bytes of the intermediate tensors a group no longer writes and reads.
/// Tensors of a dynamic shape count per shape, as bytes-per-element times
/// the shape: "1024 + 24*(?x768)".
struct ByteCount {
  uint64_t fixed = 0;
  /// (shape, bytes per element), in the order first seen.
  SmallVector<std::pair<std::string, uint64_t>> symbolic;
  void add(RankedTensorType t, unsigned accesses) {
    if (!accesses)
      return;
    uint64_t perElem = (t.getElementTypeBitWidth() + 7) / 8 * accesses;
    if (t.hasStaticShape()) {
      fixed += perElem * t.getNumElements();
      return;
    }
    std::string shape;
    llvm::raw_string_ostream os(shape);
    llvm::interleave(
        t.getShape(), os,
        [&](int64_t d) {
          if (ShapedType::isDynamic(d))
            os << "?";
          else
            os << d;
        },
        "x");
    auto *it = llvm::find_if(
        symbolic, [&](const auto &term) { return term.first == shape; });
    if (it == symbolic.end())
      symbolic.push_back({shape, perElem});
    else
      it->second += perElem;
  }
  std::string str() const {
    std::string s;
    if (fixed || symbolic.empty())
      s = std::to_string(fixed);
    for (const auto &[shape, perElem] : symbolic)
      s += (s.empty() ? "" : " + ") + std::to_string(perElem) + "*(" + shape +
           ")";
    return s;
  }
};

struct FerricFusePass : ferric::impl::FerricFusePassBase<FerricFusePass> {
  using FerricFusePassBase::FerricFusePassBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    IRRewriter rewriter(&getContext());
    {
      // Only these rewrites: no folding, no constant CSE, no region
      // simplification (the rest of the function stays as written).
      RewritePatternSet patterns(&getContext());
      populateFusionPreparePatterns(patterns, cheapCost);
      GreedyRewriteConfig config;
      config.enableFolding(false).enableConstantCSE(false);
      config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
      if (failed(applyPatternsGreedily(func, std::move(patterns), config)))
        return signalPassFailure();
    }
    eraseDeadOps(func);
    {
      DominanceInfo dom(func);
      eliminateCommonSubExpressions(rewriter, dom, func);
    }
    unsigned kernelsBefore = countKernels(func);

    FusionOptions options;
    options.maxInputs = maxInputs;
    options.maxBuffers = maxBuffers;
    options.maxOps = maxOps;
    options.maxBodyCost = maxBodyCost;
    options.minOps = minOps;
    options.multiOutput = multiOutput;
    options.recomputeCheap = recomputeCheap;
    options.cheapCost = cheapCost;

    SmallVector<Block *> blocks;
    func.walk([&](Block *block) {
      if (llvm::any_of(*block, [](Operation &op) {
            return FusionPlanner::isFusible(&op);
          }))
        blocks.push_back(block);
    });

    std::string body;
    llvm::raw_string_ostream os(body);
    unsigned groupsFormed = 0, opsFused = 0;
    ByteCount saved;
    for (Block *block : blocks) {
      FusionPlanner planner(*block, options);
      planner.plan();
      describeGroups(planner, os, groupsFormed, opsFused, saved);
      describeUnfusedEdges(*block, planner, os);
      for (FusedOp fused : emitFusedOps(planner))
        remark::passed(fused.getLoc(), remark::RemarkOpts::name("Fused")
                                           .category("ferric-fuse")
                                           .function(sourceName(func)))
            << ("fused into one kernel with " +
                std::to_string(fused.getInputs().size()) + " inputs and " +
                std::to_string(fused.getNumResults()) + " results");
    }
    {
      DominanceInfo dom(func);
      eliminateCommonSubExpressions(rewriter, dom, func);
    }
    eraseDeadOps(func);
    if (!report.empty())
      writeReport(func, kernelsBefore, groupsFormed, opsFused, saved, body);
  }

  void describeGroups(FusionPlanner &planner, llvm::raw_ostream &os,
                      unsigned &groupsFormed, unsigned &opsFused,
                      ByteCount &saved) {
    for (const auto &g : planner.getGroups()) {
      if (g->dissolved || g->members.empty())
        continue;
      ++groupsFormed;
      opsFused += g->numComputeOps;
      os << "  group " << g->id << " at " << describe(g->members.back()) << ": "
         << g->numComputeOps << " ops, " << g->inputs.size() << " inputs:";
      for (Operation *m : g->members)
        os << " " << m->getName().stripDialect();
      os << "\n";
      for (Operation *m : g->members)
        for (Value r : m->getResults()) {
          unsigned inside = 0, outside = 0;
          llvm::SmallPtrSet<Operation *, 4> readers;
          for (Operation *u : r.getUsers()) {
            if (planner.groupOf(u) == g.get())
              readers.insert(u);
            else
              ++outside;
          }
          inside = readers.size();
          saved.add(cast<RankedTensorType>(r.getType()),
                    inside + (outside == 0 ? 1 : 0));
        }
    }
  }

  void describeUnfusedEdges(Block &block, FusionPlanner &planner,
                            llvm::raw_ostream &os) {
    bool header = false;
    for (Operation &consumer : block) {
      if (consumer.hasTrait<OpTrait::IsTerminator>())
        continue;
      llvm::SmallPtrSet<Operation *, 4> seen;
      for (Value v : consumer.getOperands()) {
        Operation *producer = v.getDefiningOp();
        if (!producer || producer->getBlock() != &block ||
            !seen.insert(producer).second)
          continue;
        bool ferricEdge = isa<FerricDialect>(producer->getDialect()) ||
                          isa<FerricDialect>(consumer.getDialect());
        if (!ferricEdge || isa<arith::ConstantOp>(producer))
          continue;
        Group *pg = planner.groupOf(producer), *cg = planner.groupOf(&consumer);
        if (pg && pg == cg && !pg->dissolved)
          continue;
        // A fused broadcast reads through the broadcast it broadcasts.
        if (isa<BroadcastOp>(producer) && isa<BroadcastOp>(consumer) && cg &&
            !cg->dissolved)
          continue;
        std::string kind, reason;
        if (const UnfusedEdge *e = planner.reasonFor(producer, &consumer)) {
          kind = e->kind;
          reason = e->reason;
        } else if (!FusionPlanner::isFusible(producer)) {
          kind = "barrier";
          reason = "'" + producer->getName().getStringRef().str() +
                   "' is not fusible";
        } else if (!FusionPlanner::isFusible(&consumer)) {
          kind = "barrier";
          reason = "'" + consumer.getName().getStringRef().str() +
                   "' is not fusible";
        } else {
          kind = "min-ops";
          reason = "the group would have fewer than min-ops=" +
                   std::to_string(minOps) + " ops";
        }
        if (!header)
          os << "  unfused edges:\n";
        header = true;
        os << "    " << describe(producer) << " -> " << describe(&consumer)
           << ": " << kind << ": " << reason << "\n";
        remark::missed(consumer.getLoc(),
                       remark::RemarkOpts::name("NotFused")
                           .category("ferric-fuse")
                           .function(sourceName(getOperation())))
            << ("not fused with producer " + describe(producer) + ": " + kind +
                ": " + reason);
      }
    }
  }

  void writeReport(func::FuncOp func, unsigned kernelsBefore,
                   unsigned groupsFormed, unsigned opsFused,
                   const ByteCount &saved, StringRef body) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "ferric-fuse report for @" << sourceName(func) << "\n"
       << "  groups formed: " << groupsFormed << "\n"
       << "  ops fused: " << opsFused << "\n"
       << "  kernel launches: " << kernelsBefore << " -> " << countKernels(func)
       << "\n"
       << "  intermediate bytes no longer written or read: " << saved.str()
       << "\n"
       << body;
    if (failed(appendReport(func, "ferric-fuse", report, text)))
      return signalPassFailure();
  }
};
} // namespace
