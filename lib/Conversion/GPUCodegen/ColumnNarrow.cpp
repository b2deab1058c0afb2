//===- ColumnNarrow.cpp - Column reductions over few columns --------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The column schedules give each thread one column: with 8 columns, a
// block of 256 threads has 8 working, and [100000, 8] reads at a fraction
// of the bandwidth. The column-narrow schedules give a block all `inner`
// kept elements of an outer index (the columns of [N, C], the C of a
// middle-dim [A, N, C]) and tile the reduced rows across its threads:
// thread t folds column t % inner of rows t / inner, + groups, ... (groups
// = threads / inner row groups), so a block reads groups * inner
// consecutive elements per step. A tree over the row groups in workgroup
// memory combines them in a fixed order; with several chunks of rows, a
// second kernel folds the chunks' partials the same way. No atomics.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilders.h"
#include "ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::ferric;

int64_t ReductionWriter::narrowInner() const {
  linalg::GenericOp g = generic; // the accessors are not const
  SmallVector<int64_t> ranges = g.getStaticLoopRanges();
  SmallVector<utils::IteratorType> its = g.getIteratorTypesArray();
  int64_t inner = 1;
  for (unsigned d = its.size(); d-- > 0;) {
    if (its[d] == utils::IteratorType::reduction)
      break;
    if (ShapedType::isDynamic(ranges[d]))
      return 0;
    inner *= ranges[d];
  }
  if (inner < 1 || inner > (int64_t)tuning.narrowColumns || inner * 2 > threads)
    return 0;
  return inner;
}

void ReductionWriter::rowGroupTree(OpBuilder &b, Operation *combiner,
                                   Value smem, Value tid, Value group,
                                   int64_t groups, int64_t inner,
                                   Value partial) {
  BlockArgument accArg = generic.getRegionOutputArgs()[0];
  memref::StoreOp::create(b, loc, partial, smem, tid);
  gpu::BarrierOp::create(b, loc);
  int64_t width = llvm::PowerOf2Ceil(groups);
  for (int64_t s = width / 2; s >= 1; s /= 2) {
    // Row group g < s takes g + s if there is one.
    Value sv = arith::ConstantIndexOp::create(b, loc, s);
    Value lo =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, group, sv);
    Value hi =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                              arith::AddIOp::create(b, loc, group, sv),
                              arith::ConstantIndexOp::create(b, loc, groups));
    auto active =
        scf::IfOp::create(b, loc, arith::AndIOp::create(b, loc, lo, hi),
                          /*withElse=*/false);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&active.getThenRegion().front());
      Value mine = memref::LoadOp::create(b, loc, smem, tid);
      Value other = memref::LoadOp::create(
          b, loc, smem,
          ValueRange{arith::AddIOp::create(
              b, loc, tid, arith::ConstantIndexOp::create(b, loc, s * inner))});
      memref::StoreOp::create(b, loc, combine(b, combiner, accArg, mine, other),
                              smem, tid);
    }
    gpu::BarrierOp::create(b, loc);
  }
}

void ReductionWriter::writeColumnNarrow(OpBuilder &b, Operation *combiner,
                                        int64_t inner) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  int64_t groups = threads / inner;
  Value outer = b.createOrFold<arith::DivUIOp>(loc, numOut, index(inner));
  // Chunks of rows: enough blocks for splitMaxBlocks in all, each thread
  // folding at least one blockedFold block of rows.
  Value wanted =
      ceilDivIndex(b, loc, index(tuning.splitMaxBlocks),
                   b.createOrFold<arith::MaxUIOp>(loc, outer, index(1)));
  Value most =
      b.createOrFold<arith::DivUIOp>(loc, numRed, index(groups * foldBlock()));
  Value chunks = b.createOrFold<arith::MaxUIOp>(
      loc,
      b.createOrFold<arith::MinUIOp>(
          loc, b.createOrFold<arith::MinUIOp>(loc, wanted, most), index(65535)),
      index(1));
  Value rows = ceilDivIndex(b, loc, numRed, chunks);
  noteSplit("chunks", chunks);
  std::optional<int64_t> staticChunks = getConstantIntValue(chunks);
  if (staticChunks)
    return writeColumnNarrowStages(b, combiner, inner, chunks, rows,
                                   *staticChunks > 1);
  hostChoice = true;
  auto choice =
      scf::IfOp::create(b, loc,
                        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                              chunks, index(1)),
                        /*withElseRegion=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&choice.getThenRegion().front());
  writeColumnNarrowStages(b, combiner, inner, chunks, rows, true);
  b.setInsertionPointToStart(&choice.getElseRegion().front());
  writeColumnNarrowStages(b, combiner, inner, chunks, rows, false);
}

void ReductionWriter::writeColumnNarrowStages(OpBuilder &b, Operation *combiner,
                                              int64_t inner, Value chunks,
                                              Value rows, bool twoStages) {
  BlockArgument accArg = generic.getRegionOutputArgs()[0];
  auto accType = cast<FloatType>(accArg.getType());
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  int64_t groups = threads / inner;
  Value outer = b.createOrFold<arith::DivUIOp>(loc, numOut, index(inner));
  OpOperand *init = generic.getDpsInitOperand(0);
  Type shared = getWorkgroupMemRefType({(int64_t)threads}, accType);
  SmallVector<Type> attributions;
  if (!workgroupAlloc)
    attributions.push_back(shared);

  Value partials = openOutputsGuard(b, loc, numOut, chunks, twoStages, accType);

  // One kernel: block-uniform work items w < work (grid-strided), each an
  // outer index and a chunk of `length` rows starting at `first(w)`. The
  // row groups fold `count` steps of `step(j)`, which returns the element
  // for reduced index first + group + j * groups, and `finish` gets the
  // fold of column c (threads c < inner).
  auto kernel = [&](StringRef schedule, Value work, Value perOuter,
                    Value length, Value total,
                    llvm::function_ref<Value(OpBuilder &, Value out, Value r,
                                             Value chunk, Value acc)>
                        step,
                    llvm::function_ref<void(OpBuilder &, Value out, Value chunk,
                                            Value folded)>
                        finish) {
    OpBuilder::InsertionGuard g(b);
    Value grid = b.createOrFold<arith::MinUIOp>(loc, work, index(65535));
    gpu::LaunchOp op = launch(b, grid, attributions, schedule);
    Value smem = getWorkgroupBuffers(b, loc, op, shared, workgroupAlloc)[0];
    Value tid = op.getThreadIds().x;
    Value col = arith::RemUIOp::create(b, loc, tid, index(inner));
    Value group = arith::DivUIOp::create(b, loc, tid, index(inner));
    Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         group, index(groups));
    Value identity =
        arith::ConstantOp::create(b, loc, identityOf(combiner, accType));
    auto loop = scf::ForOp::create(b, loc, op.getBlockIds().x, work,
                                   op.getGridSize().x);
    b.setInsertionPointToStart(loop.getBody());
    Value w = loop.getInductionVar();
    Value a = b.createOrFold<arith::DivUIOp>(loc, w, perOuter);
    Value chunk = b.createOrFold<arith::RemUIOp>(loc, w, perOuter);
    Value out = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, a, index(inner)), col);
    Value first = arith::MulIOp::create(b, loc, chunk, length);
    Value left = arith::MinUIOp::create(
        b, loc, length,
        arith::SubIOp::create(b, loc, total,
                              arith::MinUIOp::create(b, loc, first, total)));
    Value mine = ceilDivIndex(
        b, loc,
        arith::SubIOp::create(b, loc, left,
                              arith::MinUIOp::create(b, loc, group, left)),
        index(groups));
    Value count = arith::SelectOp::create(b, loc, active, mine, index(0));
    Value start = arith::AddIOp::create(b, loc, first, group);
    Value partial = blockedFold(
        b, combiner, count, identity, [&](OpBuilder &b, Value j, Value acc) {
          Value r = arith::AddIOp::create(
              b, loc, start, arith::MulIOp::create(b, loc, j, index(groups)));
          return step(b, out, r, chunk, acc);
        });
    rowGroupTree(b, combiner, smem, tid, group, groups, inner, partial);
    auto first0 = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid,
                              index(inner)),
        /*withElse=*/false);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&first0.getThenRegion().front());
      finish(b, out, chunk, memref::LoadOp::create(b, loc, smem, tid));
    }
    // The next work item reuses workgroup memory.
    gpu::BarrierOp::create(b, loc);
  };

  // The final value of output `out`: folded into its start value, stored,
  // the epilogue applied.
  auto store = [&](OpBuilder &b, Value out, Value folded) {
    SmallVector<Value> idx(sizes.size());
    delinearize(b, out, parallelDims, idx);
    Value start = startValue(b, init, indicesOf(init, idx), fillValue);
    storeResult(b, idx, combine(b, combiner, accArg, start, folded));
  };

  // Stage 1 (or the only one): outer index a, chunk k of `rows` rows.
  kernel(
      twoStages ? "split-column-narrow" : "column-narrow",
      b.createOrFold<arith::MulIOp>(loc, outer, chunks), chunks, rows, numRed,
      [&](OpBuilder &b, Value out, Value r, Value, Value acc) {
        SmallVector<Value> full(sizes.size());
        delinearize(b, out, parallelDims, full);
        delinearize(b, r, reductionDims, full);
        return foldElement(b, generic, full, acc, nullptr);
      },
      [&](OpBuilder &b, Value out, Value chunk, Value folded) {
        if (!twoStages)
          return store(b, out, folded);
        memref::StoreOp::create(
            b, loc, folded, partials,
            ValueRange{arith::AddIOp::create(
                b, loc, arith::MulIOp::create(b, loc, chunk, numOut), out)});
      });
  if (!twoStages)
    return;

  // Stage 2: outer index a folds partials[k][a * inner + c] over the chunks
  // k with the same row-group tiling (one chunk of all of them).
  kernel(
      "split-column-narrow-stage2", outer, index(1), chunks, chunks,
      [&](OpBuilder &b, Value out, Value k, Value, Value acc) {
        Value p = memref::LoadOp::create(
            b, loc, partials,
            ValueRange{arith::AddIOp::create(
                b, loc, arith::MulIOp::create(b, loc, k, numOut), out)});
        return combine(b, combiner, accArg, acc, p);
      },
      [&](OpBuilder &b, Value out, Value, Value folded) {
        store(b, out, folded);
      });
  memref::DeallocOp::create(b, loc, partials);
}
