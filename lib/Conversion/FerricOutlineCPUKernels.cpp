//===- FerricOutlineCPUKernels.cpp - A function per CPU loop nest ---------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// See the pass description in include/FerricDialect/Conversion/CPUPasses.td:
// a function with many linalg ops (an unfused program) gets each of them in
// a private, non-inlined function of its own, so that the lowering to loops,
// the CFG and LLVM's function passes see many small functions instead of one
// with thousands of loops.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"
#include "FerricDialect/Transforms/Outlining.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICOUTLINECPUKERNELSPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// Moves `op` into a new private function named after `func`, inserted
/// through `symbols` after `after` (which becomes the new function), and
/// calls it in `op`'s place.
static void outline(linalg::LinalgOp op, func::FuncOp func,
                    SymbolTable &symbols, Operation *&after) {
  // What the new function takes: the op's operands and the values its
  // regions capture, except constants, which are cloned into it.
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  llvm::SetVector<Value> args(op->getOperands().begin(),
                              op->getOperands().end());
  SmallVector<Operation *> constants;
  for (Value v : captured) {
    Operation *def = v.getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>())
      constants.push_back(def);
    else
      args.insert(v);
  }
  OpBuilder b(func.getContext());
  IRMapping map;
  auto kernel = createOutlinedFunction(
      b, op.getLoc(), func.getSymName() + "_kernel", args.getArrayRef(),
      /*resultTypes=*/{}, constants, symbols, after, map);
  kernel->setAttr("passthrough", b.getStrArrayAttr({"noinline"}));
  b.clone(*op, map);
  func::ReturnOp::create(b, op.getLoc());

  b.setInsertionPoint(op);
  func::CallOp::create(b, op.getLoc(), kernel, args.getArrayRef());
  op->erase();
}

namespace {
struct FerricOutlineCPUKernelsPass
    : ferric::impl::FerricOutlineCPUKernelsPassBase<
          FerricOutlineCPUKernelsPass> {
  using FerricOutlineCPUKernelsPassBase::FerricOutlineCPUKernelsPassBase;

  void runOnOperation() override {
    if (minKernels == 0)
      return;
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (func.isExternal())
        continue;
      // Linalg ops on buffers (results would need returning: none are left
      // after bufferization, but a tensor-level input stays as it is).
      SmallVector<linalg::LinalgOp> ops;
      func.walk([&](linalg::LinalgOp op) {
        if (op.hasPureBufferSemantics() && op->getNumResults() == 0)
          ops.push_back(op);
      });
      if (ops.size() < minKernels)
        continue;
      Operation *after = func;
      for (linalg::LinalgOp op : ops)
        outline(op, func, symbols, after);
    }
  }
};
} // namespace
