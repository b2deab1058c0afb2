//===- RowPieces.cpp - Pieces shared by the row-group kernels -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// What the row programs, row streams and re-reading row groups build on: a
// generic's body cloned at an element (divisions by a per-row value through
// its reciprocal), a balanced tree fold of a thread's values, and the
// all-reduce of a team of threads (warp shuffles, then one value per warp
// through workgroup memory).
//
//===----------------------------------------------------------------------===//

#include "KernelBuilders.h"
#include "ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::ferric;

Value mlir::ferric::treeFold(OpBuilder &b, Operation *combiner,
                             BlockArgument accArg, SmallVector<Value> values) {
  while (values.size() > 1) {
    SmallVector<Value> next;
    for (unsigned i = 0; i + 1 < values.size(); i += 2)
      next.push_back(combine(b, combiner, accArg, values[i], values[i + 1]));
    // An odd count must not drop one.
    if (values.size() % 2)
      next.push_back(values.back());
    values = std::move(next);
  }
  return values[0];
}

/// Every thread of every block of the cluster waits for all the others; the
/// writes (to workgroup memory too) before it are seen by the reads after.
SmallVector<Value>
mlir::ferric::cloneBody(OpBuilder &b, linalg::GenericOp g, Value acc,
                        llvm::function_ref<Value(OpOperand *)> input,
                        const RowValues *rowValues, bool reciprocal) {
  IRMapping m;
  SmallVector<BlockArgument> perRow;
  for (OpOperand &operand : g->getOpOperands()) {
    BlockArgument arg = g.getMatchingBlockArgument(&operand);
    if (g.isDpsInit(&operand) && acc)
      m.map(arg, acc);
    else if (!g.isDpsInit(&operand) || !arg.use_empty())
      m.map(arg, input(&operand));
    if (rowValues && !g.isDpsInit(&operand) && rowValues->count(operand.get()))
      perRow.push_back(arg);
  }
  cloneOps(b, g, m, perRow, reciprocal);
  return llvm::map_to_vector(g.getBody()->getTerminator()->getOperands(),
                             [&](Value v) { return m.lookupOrDefault(v); });
}

/// lhs / rhs as lhs * (1 / rhs), in f32 for narrower floats.
static Value timesReciprocal(OpBuilder &b, arith::DivFOp div, Value lhs,
                             Value rhs) {
  Location loc = div.getLoc();
  Type type = div.getType(), f32 = b.getF32Type();
  arith::FastMathFlags flags = div.getFastmath();
  auto widen = [&](Value v) -> Value {
    return type == f32 ? v : arith::ExtFOp::create(b, loc, f32, v);
  };
  Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0));
  Value inverse = arith::DivFOp::create(b, loc, one, widen(rhs), flags);
  Value product = arith::MulFOp::create(b, loc, widen(lhs), inverse, flags);
  return type == f32 ? product : arith::TruncFOp::create(b, loc, type, product);
}

void mlir::ferric::cloneOps(OpBuilder &b, linalg::GenericOp g, IRMapping &m,
                            ArrayRef<BlockArgument> perRow, bool reciprocal) {
  Block *body = g.getBody();
  // Values of the body that are the same at every element of a row
  // (constants, values from outside), and those of them that depend on a
  // per-row argument.
  llvm::SmallPtrSet<Value, 8> uniform(perRow.begin(), perRow.end());
  llvm::SmallPtrSet<Value, 8> rowDependent(perRow.begin(), perRow.end());
  auto isUniform = [&](Value v) {
    return uniform.contains(v) || v.getParentBlock() != body;
  };
  for (Operation &o : body->without_terminator()) {
    auto div = dyn_cast<arith::DivFOp>(o);
    auto type = div ? dyn_cast<FloatType>(div.getType()) : FloatType();
    if (reciprocal && type && type.getWidth() <= 32 &&
        rowDependent.contains(div.getRhs()) && !isUniform(div.getLhs())) {
      m.map(div.getResult(),
            timesReciprocal(b, div, m.lookupOrDefault(div.getLhs()),
                            m.lookupOrDefault(div.getRhs())));
      continue;
    }
    b.clone(o, m);
    if (o.getNumRegions() != 0 || !isMemoryEffectFree(&o) ||
        !llvm::all_of(o.getOperands(), isUniform))
      continue;
    uniform.insert(o.result_begin(), o.result_end());
    if (llvm::any_of(o.getOperands(),
                     [&](Value v) { return rowDependent.contains(v); }))
      rowDependent.insert(o.result_begin(), o.result_end());
  }
}

Value mlir::ferric::teamAllReduce(OpBuilder &b, Location loc,
                                  Operation *combiner, BlockArgument accArg,
                                  Value partial, unsigned teamThreads,
                                  unsigned warpSize, Value tid, Value team,
                                  Value isLane0, Value buffer) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // Across the team's lanes of a warp: xor offsets below the team width
  // stay inside the team (nvvm.shfl moves 32-bit values: narrower floats go
  // as f32, exactly).
  Type f32 = b.getF32Type();
  Type accType = partial.getType();
  for (unsigned offset = std::min(teamThreads, warpSize) / 2; offset >= 1;
       offset /= 2) {
    Value v = accType == f32
                  ? partial
                  : arith::ExtFOp::create(b, loc, f32, partial).getResult();
    Value other = gpu::ShuffleOp::create(b, loc, v, offset, warpSize,
                                         gpu::ShuffleMode::XOR)
                      .getShuffleResult();
    if (accType != f32)
      other = arith::TruncFOp::create(b, loc, accType, other);
    partial = combine(b, combiner, accArg, partial, other);
  }
  if (teamThreads <= warpSize)
    return partial;
  // One value per warp in workgroup memory; every thread of the team folds
  // its team's values in the same order (the same total).
  Value warp = arith::DivUIOp::create(b, loc, tid, index(warpSize));
  auto store = scf::IfOp::create(b, loc, isLane0, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&store.getThenRegion().front());
    memref::StoreOp::create(b, loc, partial, buffer, warp);
  }
  gpu::BarrierOp::create(b, loc);
  unsigned warpsPerTeam = teamThreads / warpSize;
  Value base = arith::MulIOp::create(b, loc, team, index(warpsPerTeam));
  SmallVector<Value> warps;
  for (unsigned w = 0; w < warpsPerTeam; ++w)
    warps.push_back(memref::LoadOp::create(
        b, loc, buffer,
        arith::AddIOp::create(b, loc, base, index(w)).getResult()));
  return treeFold(b, combiner, accArg, warps);
}

void mlir::ferric::clusterBarrier(OpBuilder &b, Location loc) {
  NVVM::ClusterArriveOp::create(b, loc, b.getUnitAttr());
  NVVM::ClusterWaitOp::create(b, loc, b.getUnitAttr());
}

Value mlir::ferric::clusterTotal(OpBuilder &b, Location loc,
                                 Operation *combiner, BlockArgument accArg,
                                 Value partial, Value slots, Value tid,
                                 Value rank, unsigned C, bool finishArrival) {
  Type f32 = b.getF32Type();
  Type accType = partial.getType();
  MLIRContext *ctx = b.getContext();
  if (finishArrival)
    NVVM::ClusterWaitOp::create(b, loc, b.getUnitAttr());
  auto push = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid,
                            arith::ConstantIndexOp::create(b, loc, C)),
      /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&push.getThenRegion().front());
    Value v = accType == f32
                  ? partial
                  : arith::ExtFOp::create(b, loc, f32, partial).getResult();
    // This block's slot: the array's address + 4 * rank, in block tid.
    Value base = arith::IndexCastOp::create(
        b, loc, b.getI64Type(),
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, slots));
    Value offset = arith::IndexCastOp::create(
        b, loc, b.getI64Type(),
        arith::MulIOp::create(b, loc, rank,
                              arith::ConstantIndexOp::create(b, loc, 4)));
    Value local = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/3),
        arith::AddIOp::create(b, loc, base, offset).getResult());
    // Address space 7: shared memory of a block of the cluster.
    Value remote = NVVM::MapaOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/7), local,
        arith::IndexCastOp::create(b, loc, b.getI32Type(), tid));
    LLVM::StoreOp::create(b, loc, v, remote);
  }
  clusterBarrier(b, loc);
  SmallVector<Value> totals;
  for (unsigned r = 0; r < C; ++r) {
    Value v = memref::LoadOp::create(
        b, loc, slots, ValueRange{arith::ConstantIndexOp::create(b, loc, r)});
    if (accType != f32)
      v = arith::TruncFOp::create(b, loc, accType, v);
    totals.push_back(v);
  }
  return treeFold(b, combiner, accArg, totals);
}
