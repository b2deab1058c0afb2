//===- RowGroupsBlock.cpp - Row groups over long rows, a block per row ----===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// A softmax or a norm over rows of thousands of elements: with one warp per
// row (RowGroups.cpp) each lane walks a long strided share of the row and
// few rows keep few warps busy. Here one block takes a row at a time: each
// of its threads folds a strided share of every reduction (consecutive
// threads read consecutive elements), the block combines the partials with
// a tree in workgroup memory, and every thread reads the total for the
// members after it. The elementwise members walk the row in the order the
// reductions read it, so each thread re-reads the elements it read last.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilders.h"
#include "ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ferric;

void ReductionWriter::writeRowGroupBlock(OpBuilder &b,
                                         ArrayRef<linalg::GenericOp> members,
                                         ArrayRef<Value> fills) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // One tree buffer per reduction: a row's results are read by every
  // thread after its tree, so the next reduction must not reuse it.
  SmallVector<Type> shared;
  for (linalg::GenericOp g : members)
    if (g.getNumReductionLoops() != 0)
      shared.push_back(getWorkgroupMemRefType(
          {(int64_t)threads}, g.getRegionOutputArgs()[0].getType()));
  Value grid = arith::MinUIOp::create(b, loc, numOut, index(65535));
  gpu::LaunchOp op =
      launch(b, grid, workgroupAlloc ? TypeRange{} : TypeRange(shared),
             "row-group-block");
  SmallVector<Value> smem =
      getWorkgroupBuffers(b, loc, op, shared, workgroupAlloc);
  Value tid = op.getThreadIds().x;
  Value isThread0 =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(0));
  Value bs = index(threads);

  // One row per iteration; every thread of the block takes part, so the
  // barriers of the trees are reached by all.
  auto rowLoop = scf::ForOp::create(b, loc, op.getBlockIds().x, numOut,
                                    op.getGridSize().x);
  b.setInsertionPointToStart(rowLoop.getBody());
  SmallVector<Value> idx(sizes.size());
  delinearize(b, rowLoop.getInductionVar(), parallelDims, idx);
  RowValues rowValues;
  unsigned nextBuffer = 0;
  for (auto [member, fill] : llvm::zip_equal(members, fills)) {
    linalg::GenericOp g = member;
    if (isRowMember(g, members)) {
      rowMember(b, members, g, idx, isThread0, rowValues);
      continue;
    }
    if (g.getNumReductionLoops() != 0) {
      Operation *combiner = blockCombiner(g);
      Value partial =
          warpPartial(b, g, combiner, idx, tid, &rowValues, threads);
      Value buffer = smem[nextBuffer++];
      blockTree(b, combiner, buffer, tid, partial, g);
      Value total = memref::LoadOp::create(b, loc, buffer, index(0));
      rowValues[g.getDpsInits()[0]] =
          finishRowReduction(b, members, g, fill, total, idx, isThread0);
      continue;
    }
    auto loop = scf::ForOp::create(b, loc, tid, numRed, bs);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    rowElement(b, g, idx, loop.getInductionVar(), rowValues);
  }
  // The next row's trees overwrite the totals every thread reads.
  gpu::BarrierOp::create(b, loc);
}
