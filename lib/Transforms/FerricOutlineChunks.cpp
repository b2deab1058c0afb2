//===- FerricOutlineChunks.cpp - Bound the ops of a function -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One-shot bufferization and the buffer deallocation passes take time
// quadratic in the number of ops of one function (a 3000-op unfused chain
// spent 14 s of CPU in them, a 1500-op one 4 s). This pass cuts a function's
// body into runs of at most `max-ops` consecutive ops, each moved into a
// private function called in its place, and cuts the calls again while there
// are more than `max-ops` of them: every function then has at most `max-ops`
// ops, and the functions add up to about N / (max-ops - 1) more.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Outlining.h"
#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICOUTLINECHUNKSPASS
#include "FerricDialect/Transforms/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

static bool isConstant(Operation *op) {
  return op->hasTrait<OpTrait::ConstantLike>();
}

namespace {
/// Moves runs of ops of one function into functions of their own.
class ChunkOutliner {
public:
  ChunkOutliner(func::FuncOp func, SymbolTable &symbols, unsigned maxOps)
      : func(func), symbols(symbols), maxOps(maxOps), after(func) {}

  /// Cuts `func` until it holds at most maxOps ops besides constants and its
  /// terminator.
  void run() {
    while (true) {
      SmallVector<Operation *> ops;
      for (Operation &op : func.getBody().front().without_terminator())
        if (!isConstant(&op))
          ops.push_back(&op);
      if (ops.size() <= maxOps)
        return;
      for (size_t begin = 0; begin < ops.size(); begin += maxOps)
        outline(ArrayRef(ops).slice(
            begin, std::min<size_t>(maxOps, ops.size() - begin)));
    }
  }

private:
  /// Moves `run` (consecutive non-constant ops of the body, in order) into a
  /// new private function: values it uses from before become arguments
  /// (constants are cloned instead), values used after it become results.
  void outline(ArrayRef<Operation *> run) {
    llvm::SmallPtrSet<Operation *, 32> inRun(run.begin(), run.end());
    llvm::SetVector<Value> args, results;
    SmallVector<Operation *> constants;
    llvm::SmallPtrSet<Operation *, 8> seenConstants;
    auto use = [&](Value v) {
      Operation *def = v.getDefiningOp();
      if (def && inRun.contains(def))
        return;
      if (def && isConstant(def)) {
        if (seenConstants.insert(def).second)
          constants.push_back(def);
        return;
      }
      args.insert(v);
    };
    for (Operation *op : run) {
      for (Value v : op->getOperands())
        use(v);
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(op->getRegions(), captured);
      for (Value v : captured)
        use(v);
      for (Value r : op->getResults())
        if (llvm::any_of(r.getUsers(), [&](Operation *user) {
              return !inRun.contains(
                  func.getBody().front().findAncestorOpInBlock(*user));
            }))
          results.insert(r);
    }

    Operation *first = run.front();
    OpBuilder b(func.getContext());
    IRMapping map;
    auto chunk = createOutlinedFunction(
        b, first->getLoc(), func.getSymName() + "_chunk" + Twine(count++),
        args.getArrayRef(), TypeRange(results.getArrayRef()), constants,
        symbols, after, map);
    for (Operation *op : run)
      b.clone(*op, map);
    SmallVector<Value> returned;
    for (Value r : results)
      returned.push_back(map.lookup(r));
    func::ReturnOp::create(b, first->getLoc(), returned);

    b.setInsertionPoint(first);
    auto call =
        func::CallOp::create(b, first->getLoc(), chunk, args.getArrayRef());
    for (auto [r, replacement] : llvm::zip_equal(results, call.getResults()))
      Value(r).replaceAllUsesWith(replacement);
    for (Operation *op : llvm::reverse(run)) {
      op->dropAllUses();
      op->erase();
    }
  }

  func::FuncOp func;
  SymbolTable &symbols;
  unsigned maxOps;
  Operation *after;
  unsigned count = 0;
};

struct FerricOutlineChunksPass
    : ferric::impl::FerricOutlineChunksPassBase<FerricOutlineChunksPass> {
  using FerricOutlineChunksPassBase::FerricOutlineChunksPassBase;

  void runOnOperation() override {
    if (maxOps == 0)
      return;
    if (maxOps == 1) {
      // A run of one op would be cut again forever.
      getOperation().emitError("ferric-outline-chunks: max-ops must be 0 or "
                               "at least 2");
      return signalPassFailure();
    }
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
      // One block only: a run must not cross a branch.
      if (func.isExternal() || !func.getBody().hasOneBlock())
        continue;
      ChunkOutliner(func, symbols, maxOps).run();
    }
  }
};
} // namespace
