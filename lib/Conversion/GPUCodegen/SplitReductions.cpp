//===- SplitReductions.cpp - Reductions split across the GPU --------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The schedules of ferric-reduction-to-gpu for reductions that one block
// (or one thread) per output would leave the GPU nearly idle on: full
// reductions and other few-output reductions (split-full), and reductions
// whose innermost loop is kept, such as column sums (column, split-column).
// Both split the reduced elements into shares whose partial results go to
// a temporary buffer that a second kernel folds in a fixed order: no float
// atomics, so results are the same run to run. Every thread folds its share
// with blockedFold, which bounds the rounding error of long f32 sums the
// way a pairwise (cascade) sum does.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilders.h"
#include "ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::ferric;

unsigned ReductionWriter::inputBytes() {
  unsigned bytes = 1;
  for (Value input : generic.getDpsInputs())
    if (auto type = dyn_cast<ShapedType>(input.getType()))
      bytes = std::max(bytes,
                       (type.getElementType().getIntOrFloatBitWidth() + 7) / 8);
  return bytes;
}

unsigned ReductionWriter::foldDepth(unsigned width) {
  return std::max(kBlockDepth,
                  tuning.foldBytes / (kBlockLanes * inputBytes() * width));
}

Value ReductionWriter::blockedFold(OpBuilder &b, Operation *combiner,
                                   Value count, Value identity, FoldStep step) {
  return blockedFolds(b, combiner, count, identity, /*width=*/1,
                      [&](OpBuilder &b, Value j, MutableArrayRef<Value> accs) {
                        accs[0] = step(b, j, accs[0]);
                      })[0];
}

SmallVector<Value>
ReductionWriter::blockedFolds(OpBuilder &b, Operation *combiner, Value count,
                              Value identity, unsigned width, FoldSteps step) {
  BlockArgument accArg = generic.getRegionOutputArgs()[0];
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  SmallVector<Value> identities(width, identity);
  const unsigned depth = foldDepth(width);
  Value block = index((int64_t)kBlockLanes * depth);
  Value whole = b.createOrFold<arith::SubIOp>(
      loc, count, b.createOrFold<arith::RemUIOp>(loc, count, block));
  auto [outer, blocks] =
      createNonEmptyLoop(b, loc, index(0), whole, block, identities);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(outer.getBody());
    Value base = outer.getInductionVar();
    // One column: a loop of constant trip count, which LLVM unrolls as it
    // sees fit (all of an f32 block, 2 of the 16 steps of a bf16 one; written
    // out, bf16 column-narrow maxima took 1.24x and full sums 1.05x the time
    // on an H100). Several columns: written out (bf16 column pairs: 0.87x
    // the time of one column per thread; the pairs with LLVM's unrolling
    // not measured). Lane k of column c is accumulator k * width + c; it
    // folds elements k, k + kBlockLanes, ... of the block in order.
    SmallVector<Value> lanes(kBlockLanes * width, identity);
    if (width == 1) {
      auto inner =
          scf::ForOp::create(b, loc, index(0), index(depth), index(1), lanes);
      OpBuilder::InsertionGuard innerGuard(b);
      b.setInsertionPointToStart(inner.getBody());
      Value row = arith::AddIOp::create(
          b, loc, base,
          arith::MulIOp::create(b, loc, inner.getInductionVar(),
                                index(kBlockLanes)));
      SmallVector<Value> next(inner.getRegionIterArgs());
      for (unsigned k = 0; k < kBlockLanes; ++k)
        step(b, arith::AddIOp::create(b, loc, row, index(k)),
             MutableArrayRef<Value>(next).slice(k, 1));
      scf::YieldOp::create(b, loc, next);
      lanes.assign(inner.getResults().begin(), inner.getResults().end());
    } else {
      for (unsigned d = 0; d < depth; ++d)
        for (unsigned k = 0; k < kBlockLanes; ++k)
          step(b,
               b.createOrFold<arith::AddIOp>(loc, base,
                                             index(d * kBlockLanes + k)),
               MutableArrayRef<Value>(lanes).slice(k * width, width));
    }
    SmallVector<Value> totals;
    for (unsigned c = 0; c < width; ++c) {
      SmallVector<Value> tree;
      for (unsigned k = 0; k < kBlockLanes; ++k)
        tree.push_back(lanes[k * width + c]);
      for (unsigned w = kBlockLanes; w > 1; w /= 2)
        for (unsigned k = 0; k < w / 2; ++k)
          tree[k] = combine(b, combiner, accArg, tree[2 * k], tree[2 * k + 1]);
      totals.push_back(
          combine(b, combiner, accArg, outer.getRegionIterArgs()[c], tree[0]));
    }
    scf::YieldOp::create(b, loc, totals);
  }
  auto [rest, result] =
      createNonEmptyLoop(b, loc, whole, count, index(1), ValueRange(blocks));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(rest.getBody());
  SmallVector<Value> accs(rest.getRegionIterArgs());
  step(b, rest.getInductionVar(), accs);
  scf::YieldOp::create(b, loc, accs);
  return result;
}

/// Whether `generic` reads input `in` through the identity map from a
/// buffer of identity layout: its elements in loop order are consecutive
/// in memory, so a flat view of it (FlatViews) takes vector loads.
static bool readsFlat(linalg::GenericOp generic, OpOperand *in) {
  auto type = dyn_cast<MemRefType>(in->get().getType());
  return type && type.getLayout().isIdentity() &&
         generic.getMatchingIndexingMap(in).isIdentity();
}

unsigned ReductionWriter::splitFullWidth() {
  unsigned width = tuning.splitLoadBytes / inputBytes();
  if (width <= 1 || generic.getNumParallelLoops() != 0)
    return 1;
  return llvm::any_of(generic.getDpsInputOperands(),
                      [&](OpOperand *in) { return readsFlat(generic, in); })
             ? width
             : 1;
}

Value ReductionWriter::splitBlocks(OpBuilder &b, int64_t outputs,
                                   unsigned width) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  int64_t perThread = (int64_t)kBlockLanes * foldDepth(width) * width;
  Value wanted = ceilDivIndex(b, loc, numRed, index(threads * perThread));
  Value capped = b.createOrFold<arith::MinUIOp>(
      loc, wanted,
      index(std::max<int64_t>(1, tuning.splitMaxBlocks / outputs)));
  return b.createOrFold<arith::MaxUIOp>(loc, capped, index(1));
}

/// How many of first, first + stride, ... are below `end`.
static Value stridedCount(OpBuilder &b, Location loc, Value first, Value end,
                          Value stride) {
  return ceilDivIndex(
      b, loc,
      arith::SubIOp::create(b, loc, end,
                            arith::MinUIOp::create(b, loc, first, end)),
      stride);
}

Value ReductionWriter::splitFullVectors(OpBuilder &b, Operation *combiner,
                                        Value identity, Value first,
                                        Value stride, unsigned width) {
  BlockArgument accArg = generic.getRegionOutputArgs()[0];
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // Vectors c = first, first + stride, ... below numRed / width: elements
  // c * width + e of the flat views of the identity-read inputs.
  Value vectors = b.createOrFold<arith::DivUIOp>(loc, numRed, index(width));
  Value count = stridedCount(b, loc, first, vectors, stride);
  FlatViews views;
  llvm::MapVector<Value, Value> flat;
  for (OpOperand *in : generic.getDpsInputOperands())
    if (readsFlat(generic, in) && !flat.count(in->get()))
      flat[in->get()] = views.get(b, loc, in->get());
  bool scalarLoads =
      llvm::any_of(generic.getDpsInputOperands(), [&](OpOperand *in) {
        return isa<MemRefType>(in->get().getType()) && !flat.count(in->get());
      });
  SmallVector<Value> folded = blockedFolds(
      b, combiner, count, identity, width,
      [&](OpBuilder &b, Value j, MutableArrayRef<Value> accs) {
        Value r = arith::MulIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, first,
                                  arith::MulIOp::create(b, loc, j, stride)),
            index(width));
        SmallVector<RowValues> elements(width);
        for (auto [buffer, view] : flat) {
          Value vec = loadChunk(b, loc, view, r, width);
          for (unsigned e = 0; e < width; ++e)
            elements[e][buffer] = vector::ExtractOp::create(b, loc, vec, e);
        }
        for (unsigned e = 0; e < width; ++e) {
          // Other inputs (a broadcast operand) load element by element.
          SmallVector<Value> full(sizes.size(), index(0));
          if (scalarLoads)
            delinearize(b, arith::AddIOp::create(b, loc, r, index(e)),
                        reductionDims, full);
          accs[e] = foldElement(b, generic, full, accs[e], &elements[e]);
        }
      });
  Value partial = treeFold(b, combiner, accArg, folded);
  // The last numRed mod width elements: block 0's first threads, one each.
  Value tail = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, vectors, index(width)), first);
  auto inTail = scf::IfOp::create(
      b, loc, TypeRange{partial.getType()},
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tail, numRed),
      /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&inTail.getThenRegion().front());
    SmallVector<Value> full(sizes.size());
    delinearize(b, tail, reductionDims, full);
    scf::YieldOp::create(b, loc,
                         foldElement(b, generic, full, partial, nullptr));
    b.setInsertionPointToStart(&inTail.getElseRegion().front());
    scf::YieldOp::create(b, loc, partial);
  }
  return inTail.getResult(0);
}

void ReductionWriter::writeSplitFull(OpBuilder &b, Operation *combiner) {
  BlockArgument accArg = generic.getRegionOutputArgs()[0];
  auto accType = cast<FloatType>(accArg.getType());
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  int64_t outputs = *getConstantIntValue(numOut);
  const unsigned width = splitFullWidth();
  Value blocks = splitBlocks(b, outputs, width);
  noteSplit("blocks per output", blocks);
  if (width > 1)
    split += ", " + std::to_string(width) + " elements per load";
  Value numPartials =
      b.createOrFold<arith::MulIOp>(loc, blocks, index(outputs));
  std::optional<int64_t> staticPartials = getConstantIntValue(numPartials);
  auto partialsType = MemRefType::get(
      {staticPartials ? *staticPartials : ShapedType::kDynamic}, accType);
  Value partials = memref::AllocOp::create(
      b, loc, partialsType,
      staticPartials ? ValueRange{} : ValueRange{numPartials});
  Type shared = getWorkgroupMemRefType({(int64_t)threads}, accType);
  SmallVector<Type> attributions;
  if (!workgroupAlloc)
    attributions.push_back(shared);
  Value bs = index(threads);

  // Stage 1: block `bid` folds share `bid % blocks` of output `bid / blocks`
  // (grid-strided: consecutive threads read consecutive elements) into
  // partials[bid].
  {
    OpBuilder::InsertionGuard guard(b);
    gpu::LaunchOp op = launch(b, numPartials, attributions, "split-full");
    Value smem = getWorkgroupBuffers(b, loc, op, shared, workgroupAlloc)[0];
    Value tid = op.getThreadIds().x;
    Value bid = op.getBlockIds().x;
    Value identity =
        arith::ConstantOp::create(b, loc, identityOf(combiner, accType));
    Value out = b.createOrFold<arith::DivUIOp>(loc, bid, blocks);
    Value share = b.createOrFold<arith::RemUIOp>(loc, bid, blocks);
    Value first = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, share, bs), tid);
    Value stride = b.createOrFold<arith::MulIOp>(loc, blocks, bs);
    SmallVector<Value> idx(sizes.size());
    delinearize(b, out, parallelDims, idx);
    Value partial;
    if (width > 1) {
      partial = splitFullVectors(b, combiner, identity, first, stride, width);
    } else {
      // Elements first, first + stride, ... below numRed.
      Value count = stridedCount(b, loc, first, numRed, stride);
      partial = blockedFold(
          b, combiner, count, identity, [&](OpBuilder &b, Value j, Value acc) {
            Value r = arith::AddIOp::create(
                b, loc, first, arith::MulIOp::create(b, loc, j, stride));
            SmallVector<Value> full(idx);
            delinearize(b, r, reductionDims, full);
            return foldElement(b, generic, full, acc, nullptr);
          });
    }
    blockTree(b, combiner, smem, tid, partial);
    auto thread0 = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(0)),
        /*withElse=*/false);
    b.setInsertionPointToStart(&thread0.getThenRegion().front());
    memref::StoreOp::create(
        b, loc, memref::LoadOp::create(b, loc, smem, index(0)), partials, bid);
  }

  // Stage 2: block `out` folds partials[out * blocks + t] (t < blocks) with
  // a tree and the output's initial value.
  {
    OpBuilder::InsertionGuard guard(b);
    gpu::LaunchOp op =
        launch(b, index(outputs), attributions, "split-full-stage2");
    Value smem = getWorkgroupBuffers(b, loc, op, shared, workgroupAlloc)[0];
    Value tid = op.getThreadIds().x;
    Value out = op.getBlockIds().x;
    Value id = arith::ConstantOp::create(b, loc, identityOf(combiner, accType));
    Value base = b.createOrFold<arith::MulIOp>(loc, out, blocks);
    auto [loop, partial] = createNonEmptyLoop(b, loc, tid, blocks, bs, id);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(loop.getBody());
      Value p =
          memref::LoadOp::create(b, loc, partials,
                                 ValueRange{arith::AddIOp::create(
                                     b, loc, base, loop.getInductionVar())});
      scf::YieldOp::create(
          b, loc, combine(b, combiner, accArg, loop.getRegionIterArgs()[0], p));
    }
    blockTree(b, combiner, smem, tid, partial);
    auto thread0 = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(0)),
        /*withElse=*/false);
    b.setInsertionPointToStart(&thread0.getThenRegion().front());
    SmallVector<Value> idx(sizes.size());
    delinearize(b, out, parallelDims, idx);
    OpOperand *init = generic.getDpsInitOperand(0);
    Value start = startValue(b, init, indicesOf(init, idx), fillValue);
    Value total = memref::LoadOp::create(b, loc, smem, index(0));
    storeResult(b, idx, combine(b, combiner, accArg, start, total));
  }
  memref::DeallocOp::create(b, loc, partials);
}

std::pair<Value, Value> ReductionWriter::columnLoop(OpBuilder &b, Value chunks,
                                                    SmallVectorImpl<Value> &idx,
                                                    StringRef schedule,
                                                    unsigned width) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  Value bs = index(threads);
  Value tiles = ceilDivIndex(b, loc, numOut, index(threads * width));
  Value work = b.createOrFold<arith::MulIOp>(loc, tiles, chunks);
  // Within Vulkan's guaranteed 65535 workgroups; the loop covers the rest.
  Value grid = b.createOrFold<arith::MinUIOp>(loc, work, index(65535));
  gpu::LaunchOp op = launch(b, grid, {}, schedule);
  auto loop =
      scf::ForOp::create(b, loc, op.getBlockIds().x, work, op.getGridSize().x);
  b.setInsertionPointToStart(loop.getBody());
  Value w = loop.getInductionVar();
  Value chunk = b.createOrFold<arith::DivUIOp>(loc, w, tiles);
  Value tile = b.createOrFold<arith::RemUIOp>(loc, w, tiles);
  Value col = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, tile, bs), op.getThreadIds().x);
  if (width > 1)
    col = arith::MulIOp::create(b, loc, col, index(width));
  auto inside = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col, numOut),
      /*withElse=*/false);
  b.setInsertionPointToStart(&inside.getThenRegion().front());
  idx.assign(sizes.size(), Value());
  delinearize(b, col, parallelDims, idx);
  return {chunk, col};
}

unsigned ReductionWriter::columnWidth() {
  if (!tuning.columnLoadBytes)
    return 1;
  unsigned width = tuning.columnLoadBytes / inputBytes();
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  unsigned last = ranges.size() - 1;
  if (width <= 1 ||
      generic.getIteratorTypesArray()[last] != utils::IteratorType::parallel ||
      ShapedType::isDynamic(ranges[last]) || ranges[last] % width != 0)
    return 1;
  // Every input read through the columns reads them in its last dim (its
  // layout is the identity: the pass takes no other), each buffer through
  // one map (the loaded vector stands for the buffer in the body).
  llvm::DenseMap<Value, AffineMap> maps;
  for (OpOperand *in : generic.getDpsInputOperands()) {
    if (!isa<MemRefType>(in->get().getType()))
      continue;
    AffineMap map = generic.getMatchingIndexingMap(in);
    for (unsigned r = 0; r + 1 < map.getNumResults(); ++r)
      if (map.getDimPosition(r) == last)
        return 1;
    auto [it, inserted] = maps.try_emplace(in->get(), map);
    if (!inserted && it->second != map)
      return 1;
  }
  return width;
}

void ReductionWriter::writeColumn(OpBuilder &b, Operation *combiner) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // Chunks of rows: enough (chunk, column group) threads for
  // splitMaxBlocks blocks, each chunk at least columnChunkRows rows long.
  unsigned width = columnWidth();
  Value wanted = ceilDivIndex(
      b, loc, index((int64_t)tuning.splitMaxBlocks * threads),
      b.createOrFold<arith::MaxUIOp>(
          loc, b.createOrFold<arith::DivUIOp>(loc, numOut, index(width)),
          index(1)));
  Value most = b.createOrFold<arith::MaxUIOp>(
      loc,
      b.createOrFold<arith::DivUIOp>(loc, numRed,
                                     index(tuning.columnChunkRows)),
      index(1));
  Value chunks = b.createOrFold<arith::MinUIOp>(
      loc, b.createOrFold<arith::MinUIOp>(loc, wanted, most), index(65535));
  Value rows = ceilDivIndex(b, loc, numRed, chunks);
  std::optional<int64_t> staticChunks = getConstantIntValue(chunks);
  noteSplit("chunks", chunks);
  if (width > 1)
    split += ", " + std::to_string(width) + " columns per thread";
  if (staticChunks)
    return writeColumnStages(b, combiner, chunks, rows, *staticChunks > 1,
                             width);
  // Chosen on the host: with one chunk, the partials would only add a write
  // and a read of every output.
  hostChoice = true;
  auto choice =
      scf::IfOp::create(b, loc,
                        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                              chunks, index(1)),
                        /*withElseRegion=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&choice.getThenRegion().front());
  writeColumnStages(b, combiner, chunks, rows, /*twoStages=*/true, width);
  b.setInsertionPointToStart(&choice.getElseRegion().front());
  writeColumnStages(b, combiner, chunks, rows, /*twoStages=*/false, width);
}

void ReductionWriter::writeColumnStages(OpBuilder &b, Operation *combiner,
                                        Value chunks, Value rows,
                                        bool twoStages, unsigned width) {
  BlockArgument accArg = generic.getRegionOutputArgs()[0];
  auto accType = cast<FloatType>(accArg.getType());
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  OpOperand *init = generic.getDpsInitOperand(0);

  // The temporary partials[chunk][column], as a flat buffer.
  Value partials = openOutputsGuard(b, loc, numOut, chunks, twoStages, accType);

  // Stage 1: thread (chunk, col) folds rows [chunk * rows, + rows) of
  // columns col .. col + width - 1; consecutive threads read consecutive
  // columns (with width > 1, one vector of each input per row).
  {
    OpBuilder::InsertionGuard g(b);
    SmallVector<Value> idx;
    auto [chunk, col] = columnLoop(
        b, chunks, idx, twoStages ? "split-column" : "column", width);
    Value identity =
        arith::ConstantOp::create(b, loc, identityOf(combiner, accType));
    Value first = arith::MulIOp::create(b, loc, chunk, rows);
    Value count = arith::MinUIOp::create(
        b, loc, rows,
        arith::SubIOp::create(b, loc, numRed,
                              arith::MinUIOp::create(b, loc, first, numRed)));
    const unsigned last = sizes.size() - 1;
    // The loop indices of column c of the thread's group at `at`.
    auto columnAt = [&](OpBuilder &b, ArrayRef<Value> at, unsigned c) {
      SmallVector<Value> shifted(at);
      if (c)
        shifted[last] = arith::AddIOp::create(b, loc, at[last], index(c));
      return shifted;
    };
    SmallVector<Value> folded = blockedFolds(
        b, combiner, count, identity, width,
        [&](OpBuilder &b, Value j, MutableArrayRef<Value> accs) {
          SmallVector<Value> full(idx);
          delinearize(b, arith::AddIOp::create(b, loc, first, j), reductionDims,
                      full);
          if (width == 1) {
            accs[0] = foldElement(b, generic, full, accs[0], nullptr);
            return;
          }
          // Each input read through the columns: one vector, whose element
          // c stands for the buffer in column c's body.
          SmallVector<RowValues> columns(width);
          for (OpOperand *in : generic.getDpsInputOperands()) {
            Value buffer = in->get();
            AffineMap map = generic.getMatchingIndexingMap(in);
            if (!isa<MemRefType>(buffer.getType()) ||
                !map.isFunctionOfDim(last) || columns[0].count(buffer))
              continue;
            Value vec = loadChunk(b, loc, buffer, indicesOf(in, full), width);
            for (unsigned c = 0; c < width; ++c)
              columns[c][buffer] = vector::ExtractOp::create(b, loc, vec, c);
          }
          for (unsigned c = 0; c < width; ++c)
            accs[c] = foldElement(b, generic, columnAt(b, full, c), accs[c],
                                  &columns[c]);
        });
    for (unsigned c = 0; c < width; ++c) {
      if (twoStages) {
        Value at = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, chunk, numOut), col);
        if (c)
          at = arith::AddIOp::create(b, loc, at, index(c));
        memref::StoreOp::create(b, loc, folded[c], partials, ValueRange{at});
        continue;
      }
      SmallVector<Value> at = columnAt(b, idx, c);
      Value start = startValue(b, init, indicesOf(init, at), fillValue);
      storeResult(b, at, combine(b, combiner, accArg, start, folded[c]));
    }
  }
  if (!twoStages)
    return;

  // Stage 2: thread col folds partials[0 .. chunks)[col] in the same
  // blocked order, then into the output's initial value.
  {
    OpBuilder::InsertionGuard g(b);
    SmallVector<Value> idx;
    auto [chunk, col] = columnLoop(b, index(1), idx, "split-column-stage2");
    (void)chunk;
    Value identity =
        arith::ConstantOp::create(b, loc, identityOf(combiner, accType));
    Value folded = blockedFold(
        b, combiner, chunks, identity, [&](OpBuilder &b, Value j, Value acc) {
          Value p = memref::LoadOp::create(
              b, loc, partials,
              ValueRange{arith::AddIOp::create(
                  b, loc, arith::MulIOp::create(b, loc, j, numOut), col)});
          return combine(b, combiner, accArg, acc, p);
        });
    Value start = startValue(b, init, indicesOf(init, idx), fillValue);
    storeResult(b, idx, combine(b, combiner, accArg, start, folded));
  }
  memref::DeallocOp::create(b, loc, partials);
}
