//===- WarpBlock.cpp - Warp, block and thread-per-output reductions -------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The kernels of one reduction whose innermost loop is reduced: a warp per
// output (four independent partials per lane, then gpu.shuffle xor), a
// block per output (a tree in workgroup memory), and one thread per output
// for reductions without a combiner the trees fold with.
//
//===----------------------------------------------------------------------===//

#include "ReductionWriter.h"

#include "KernelBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ferric;

Value ReductionWriter::warpAllReduce(OpBuilder &b, linalg::GenericOp g,
                                     Operation *combiner, Value partial) {
  return teamAllReduce(b, loc, combiner, g.getRegionOutputArgs()[0], partial,
                       warpSize, warpSize, /*tid=*/{}, /*team=*/{},
                       /*isLane0=*/{}, /*buffer=*/{});
}

Value ReductionWriter::warpRows(OpBuilder &b, SmallVectorImpl<Value> &idx,
                                StringRef schedule) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  Value warps = index(threads / warpSize);
  Value grid = arith::MinUIOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, numOut, warps), index(65535));
  gpu::LaunchOp op = launch(b, grid, {}, schedule);
  Value ws = index(warpSize);
  Value tid = op.getThreadIds().x;
  Value lane = arith::RemUIOp::create(b, loc, tid, ws);
  Value first = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, op.getBlockIds().x, warps),
      arith::DivUIOp::create(b, loc, tid, ws));
  Value stride = arith::MulIOp::create(b, loc, op.getGridSize().x, warps);
  // One output per warp at a time; the bounds are uniform across a warp, so
  // every lane takes part in the shuffles.
  auto outLoop = scf::ForOp::create(b, loc, first, numOut, stride);
  b.setInsertionPointToStart(outLoop.getBody());
  idx.assign(sizes.size(), Value());
  delinearize(b, outLoop.getInductionVar(), parallelDims, idx);
  return lane;
}

Value ReductionWriter::wholeChunksEnd(OpBuilder &b, Value chunk) {
  return b.createOrFold<arith::SubIOp>(
      loc, numRed, b.createOrFold<arith::RemUIOp>(loc, numRed, chunk));
}

Value ReductionWriter::warpPartial(OpBuilder &b, linalg::GenericOp g,
                                   Operation *combiner, ArrayRef<Value> idx,
                                   Value lane, const RowValues *rowValues,
                                   unsigned stride) {
  if (!stride)
    stride = warpSize;
  BlockArgument accArg = g.getRegionOutputArgs()[0];
  auto accType = cast<FloatType>(accArg.getType());
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  Value identity =
      arith::ConstantOp::create(b, loc, identityOf(combiner, accType));
  // Whole chunks of kPartials * stride elements: lane l folds element
  // base + l + k * stride into partial k. Then the rest, one at a time.
  Value chunk = index(kPartials * stride);
  Value mainEnd = wholeChunksEnd(b, chunk);
  auto main = scf::ForOp::create(b, loc, index(0), mainEnd, chunk,
                                 SmallVector<Value>(kPartials, identity));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(main.getBody());
    Value base = arith::AddIOp::create(b, loc, main.getInductionVar(), lane);
    SmallVector<Value> next;
    for (unsigned k = 0; k < kPartials; ++k) {
      SmallVector<Value> full(idx);
      delinearize(b, arith::AddIOp::create(b, loc, base, index(k * stride)),
                  reductionDims, full);
      next.push_back(
          foldElement(b, g, full, main.getRegionIterArgs()[k], rowValues));
    }
    scf::YieldOp::create(b, loc, next);
  }
  Value partial =
      foldRange(b, arith::AddIOp::create(b, loc, mainEnd, lane), index(stride),
                main.getResult(0), idx, g, rowValues);
  for (unsigned k = 1; k < kPartials; ++k)
    partial = combine(b, combiner, accArg, partial, main.getResult(k));
  return partial;
}

void ReductionWriter::writeWarpReduction(OpBuilder &b, Operation *combiner) {
  SmallVector<Value> idx;
  Value lane = warpRows(b, idx);
  Value partial = warpPartial(b, generic, combiner, idx, lane, nullptr);
  Value total = warpAllReduce(b, generic, combiner, partial);
  auto lane0 = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                            arith::ConstantIndexOp::create(b, loc, 0)),
      /*withElse=*/false);
  b.setInsertionPointToStart(&lane0.getThenRegion().front());
  OpOperand *init = generic.getDpsInitOperand(0);
  SmallVector<Value> at = indicesOf(init, idx);
  memref::StoreOp::create(b, loc,
                          combine(b, combiner, generic.getRegionOutputArgs()[0],
                                  startValue(b, init, at, fillValue), total),
                          init->get(), at);
}

void ReductionWriter::writeThreadPerOutput(OpBuilder &b) {
  Value bs = arith::ConstantIndexOp::create(b, loc, threads);
  // Enough blocks for one output per thread, within Vulkan's guaranteed
  // 65535 workgroups; the grid-stride loop covers the rest.
  Value grid = arith::MinUIOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, numOut, bs),
      arith::ConstantIndexOp::create(b, loc, 65535));
  gpu::LaunchOp op = launch(b, grid, {}, "thread-per-output");
  Value tid = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, op.getBlockIds().x, bs),
      op.getThreadIds().x);
  Value stride = arith::MulIOp::create(b, loc, op.getGridSize().x, bs);
  auto outLoop = scf::ForOp::create(b, loc, tid, numOut, stride);
  b.setInsertionPointToStart(outLoop.getBody());
  SmallVector<Value> idx(sizes.size());
  delinearize(b, outLoop.getInductionVar(), parallelDims, idx);
  OpOperand *init = generic.getDpsInitOperand(0);
  Value start = startValue(b, init, indicesOf(init, idx), fillValue);
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  Value folded = foldRange(b, c0, c1, start, idx);
  storeResult(b, idx, folded);
}

void ReductionWriter::blockTree(OpBuilder &b, Operation *combiner, Value smem,
                                Value tid, Value partial, linalg::GenericOp g) {
  BlockArgument accArg = (g ? g : generic).getRegionOutputArgs()[0];
  // Tree over workgroup memory: after the step of stride s, smem[t] (t < s)
  // holds the fold of smem[t] and smem[t + s].
  memref::StoreOp::create(b, loc, partial, smem, tid);
  gpu::BarrierOp::create(b, loc);
  for (unsigned s = threads / 2; s >= 1; s /= 2) {
    Value sv = arith::ConstantIndexOp::create(b, loc, s);
    auto active = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid, sv),
        /*withElse=*/false);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&active.getThenRegion().front());
      Value mine = memref::LoadOp::create(b, loc, smem, tid);
      Value other = memref::LoadOp::create(
          b, loc, smem, arith::AddIOp::create(b, loc, tid, sv).getResult());
      memref::StoreOp::create(b, loc, combine(b, combiner, accArg, mine, other),
                              smem, tid);
    }
    gpu::BarrierOp::create(b, loc);
  }
}

void ReductionWriter::writeBlockReduction(OpBuilder &b, Operation *combiner) {
  BlockArgument accArg = generic.getRegionOutputArgs()[0];
  auto accType = cast<FloatType>(accArg.getType());
  Value bs = arith::ConstantIndexOp::create(b, loc, threads);
  Value grid = arith::MinUIOp::create(
      b, loc, numOut, arith::ConstantIndexOp::create(b, loc, 65535));
  Type shared = getWorkgroupMemRefType({(int64_t)threads}, accType);
  gpu::LaunchOp op = launch(
      b, grid, workgroupAlloc ? TypeRange{} : TypeRange{shared}, "block");
  Value smem = getWorkgroupBuffers(b, loc, op, shared, workgroupAlloc)[0];
  Value tid = op.getThreadIds().x;
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value identity =
      arith::ConstantOp::create(b, loc, identityOf(combiner, accType));

  // One output per iteration; every thread of the block takes part.
  auto outLoop = scf::ForOp::create(b, loc, op.getBlockIds().x, numOut,
                                    op.getGridSize().x);
  b.setInsertionPointToStart(outLoop.getBody());
  SmallVector<Value> idx(sizes.size());
  delinearize(b, outLoop.getInductionVar(), parallelDims, idx);
  Value partial = foldRange(b, tid, bs, identity, idx);
  blockTree(b, combiner, smem, tid, partial);
  auto first = scf::IfOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, c0),
      /*withElse=*/false);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&first.getThenRegion().front());
    OpOperand *init = generic.getDpsInitOperand(0);
    SmallVector<Value> at = indicesOf(init, idx);
    Value start = startValue(b, init, at, fillValue);
    Value total = memref::LoadOp::create(b, loc, smem, c0);
    memref::StoreOp::create(b, loc, combine(b, combiner, accArg, start, total),
                            init->get(), at);
  }
  // The next output reuses workgroup memory.
  gpu::BarrierOp::create(b, loc);
}
