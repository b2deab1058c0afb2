//===- RowStream.cpp - Row groups over rows streamed in tiles -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// A row program (RowProgram.cpp) holds the row in registers: one block's, or
// a cluster's for rows of up to a few hundred thousand elements. Past that
// the row does not fit, and long before it a cluster holding one row per SM
// leaves no other block to overlap its loads with its exchanges and
// arithmetic (H100, softmax over 524288 at 2^28: 39% of copy bandwidth in
// bf16). A row stream gives each row one block and walks the row in tiles of
// T threads x U chunks of V consecutive elements (16-byte loads where V
// divides the row), once per pass: a pass per reduction, each recomputing
// the elementwise members before it, then a last pass that computes and
// stores the elementwise members. Each thread folds its elements of every
// tile into loop-carried accumulators; the block combines them once per
// row (teamAllReduce). Blocks are small enough for several per SM.
//
// A row length that no 16-byte chunk divides (GPT-2's 50257, or a length
// known only at run time) starts each row at a different offset from a
// 16-byte boundary. With aligned chunks (row-program-aligned-chunks) the
// tiles then cover the row's whole 16-byte chunks from its first boundary,
// read and written through a flat view of each buffer indexed like the loop
// space, and the row's head (up to that boundary) and tail (after its last
// whole chunk), fewer than two chunks, are one more tile of one element per
// thread that every pass folds first; operands indexed otherwise (gamma)
// take one element per slot.
//
// Softmax's two reductions share one pass: a sum of exp(v - m) right after
// the max m of the same row (log-softmax's too) is folded *online*: each
// thread keeps its running max and its sum relative to it, rescaling the
// sum by exp(old - new) when the max grows, and the block rescales each
// thread's sum to the row's max before adding them. Softmax then reads the
// row twice and writes it once, instead of three reads and a write. The
// terms are those of the sum's own body with the running max in place of
// the row's, so each differs from the exact one by the rounding of the
// narrow intermediate (a bf16 exp(x - m)), not more.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilders.h"
#include "ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::ferric;

static bool isFloatCast(Operation *op) {
  return isa_and_nonnull<arith::ExtFOp, arith::TruncFOp>(op);
}

/// `v` before the float casts that produce it.
static Value throughCasts(Value v) {
  while (isFloatCast(v.getDefiningOp()))
    v = v.getDefiningOp()->getOperand(0);
  return v;
}

std::optional<OnlineSum> mlir::ferric::matchOnlineSum(linalg::GenericOp max,
                                                      linalg::GenericOp sum) {
  Operation *maxOp = blockCombiner(max), *sumOp = blockCombiner(sum);
  if (!isa_and_nonnull<arith::MaximumFOp, arith::MaxNumFOp>(maxOp) ||
      !isa_and_nonnull<arith::AddFOp>(sumOp) ||
      sum.getNumReductionLoops() != max.getNumReductionLoops())
    return std::nullopt;
  // The sum reads the max once, through the row map, and only to subtract
  // it inside exp.
  Value out = max.getDpsInits()[0];
  OnlineSum match;
  for (OpOperand *in : sum.getDpsInputOperands()) {
    if (in->get() != out)
      continue;
    if (match.maxArg ||
        sum.getMatchingIndexingMap(in) !=
            max.getMatchingIndexingMap(max.getDpsInitOperand(0)))
      return std::nullopt;
    match.maxArg = sum.getMatchingBlockArgument(in);
  }
  if (!match.maxArg)
    return std::nullopt;
  BlockArgument acc = sum.getRegionOutputArgs()[0];
  Value term =
      sumOp->getOperand(0) == acc ? sumOp->getOperand(1) : sumOp->getOperand(0);
  auto exp = throughCasts(term).getDefiningOp<math::ExpOp>();
  auto sub = exp ? throughCasts(exp.getOperand()).getDefiningOp<arith::SubFOp>()
                 : arith::SubFOp();
  if (!sub)
    return std::nullopt;
  // From the max to the subtrahend: single-use float casts only.
  Value v = sub.getRhs();
  while (v != match.maxArg) {
    Operation *def = v.getDefiningOp();
    if (!isFloatCast(def) || !v.hasOneUse())
      return std::nullopt;
    match.shift.insert(match.shift.begin(), def);
    v = def->getOperand(0);
  }
  if (!match.maxArg.hasOneUse())
    return std::nullopt;
  return match;
}

void ReductionWriter::writeRowStream(OpBuilder &b,
                                     ArrayRef<linalg::GenericOp> members,
                                     ArrayRef<Value> fills,
                                     const RowStreamShape &shape) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  const unsigned T = shape.blockThreads, U = shape.chunks, V = shape.width;
  const bool aligned = shape.aligned;
  // A row length known only at run time: at least V unless aligned (the
  // host checks).
  const std::optional<int64_t> n = getConstantIntValue(numRed);
  const int64_t tile = (int64_t)T * U * V;
  const bool allValid = !aligned && n && *n % tile == 0;
  const unsigned lastDim = sizes.size() - 1;

  // The sums folded online with the max before them, by member.
  SmallVector<std::optional<OnlineSum>> online(members.size());
  unsigned passes = 1, onlinePairs = 0;
  SmallVector<Type> shared;
  for (auto [i, member] : llvm::enumerate(members)) {
    linalg::GenericOp g = member;
    if (g.getNumReductionLoops() == 0)
      continue;
    shared.push_back(getWorkgroupMemRefType(
        {(int64_t)(T / warpSize)}, g.getRegionOutputArgs()[0].getType()));
    linalg::GenericOp previous = i > 0 ? members[i - 1] : nullptr;
    if (previous && previous.getNumReductionLoops() != 0 && !online[i - 1] &&
        (online[i] = matchOnlineSum(previous, g))) {
      ++onlinePairs;
      continue;
    }
    ++passes;
  }
  if (!hostChoice)
    rowShape =
        "a block of " + std::to_string(T) + " threads per row, " +
        std::to_string(passes) + " passes over tiles of " + std::to_string(U) +
        " x " + std::to_string(V) + " values per thread" +
        (aligned ? " (16-byte chunks aligned in memory, the row's ends "
                   "one element per thread)"
                 : "") +
        (onlinePairs ? ", max and sum of exp in one pass" : "") +
        (shape.minBlocksPerSM > 1
             ? ", " + std::to_string(shape.minBlocksPerSM) + " blocks per SM"
             : "");

  Value grid = arith::MinUIOp::create(b, loc, numOut, index(65535));
  unsigned savedThreads = threads;
  threads = T;
  gpu::LaunchOp op = launch(
      b, grid, workgroupAlloc ? TypeRange{} : TypeRange(shared), "row-stream");
  threads = savedThreads;
  SmallVector<Value> smem =
      getWorkgroupBuffers(b, loc, op, shared, workgroupAlloc);
  Value tid = op.getThreadIds().x;
  Value lane = arith::RemUIOp::create(b, loc, tid, index(warpSize));
  Value isLane0 =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, index(0));
  Value isThread0 =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(0));
  Value tiles = aligned ? Value() : ceilDivIndex(b, loc, numRed, index(tile));
  auto rowLoop = scf::ForOp::create(b, loc, op.getBlockIds().x, numOut,
                                    op.getGridSize().x);
  if (shape.minBlocksPerSM > 1)
    rowLoop->setAttr(kMinBlocksPerSMAttr,
                     b.getI32IntegerAttr(shape.minBlocksPerSM));
  b.setInsertionPointToStart(rowLoop.getBody());
  SmallVector<Value> idx(sizes.size(), index(0));
  delinearize(b, rowLoop.getInductionVar(), parallelDims, idx);

  // Aligned chunks: operands indexed like the loop space are read through a
  // flat view, the row at element rowStart. Its first `head` elements run
  // up to a 16-byte boundary, then come its `whole` chunks (the tiles), then
  // the tail; the head and the tail (endCount < 2 * V <= T elements) are the
  // ends tile: thread t < head holds head element t, thread head + i tail
  // element i.
  Value rowStart, head, whole, endAt, endElement, endValid;
  FlatViews flatViews;
  flatViews.anchor = rowLoop;
  auto flatView = [&](Value buffer) { return flatViews.get(b, loc, buffer); };
  auto isLoopSpace = [&](AffineMap map) {
    return isLoopSpaceMap(map, sizes.size());
  };
  if (aligned) {
    rowStart = arith::MulIOp::create(b, loc, rowLoop.getInductionVar(), numRed);
    head = arith::MinUIOp::create(b, loc, headToAlignment(b, loc, rowStart, V),
                                  numRed);
    whole = arith::DivUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, numRed, head), index(V));
    tiles = ceilDivIndex(b, loc, whole, index((int64_t)T * U));
    Value wholeLength = arith::MulIOp::create(b, loc, whole, index(V));
    Value inHead =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid, head);
    // Tail element i = tid - head is element head + whole * V + i.
    Value end = arith::SelectOp::create(
        b, loc, inHead, tid, arith::AddIOp::create(b, loc, wholeLength, tid));
    endValid = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ult, tid,
        arith::SubIOp::create(b, loc, numRed, wholeLength));
    endElement = arith::MinUIOp::create(
        b, loc, end, b.createOrFold<arith::SubIOp>(loc, numRed, index(1)));
    endAt = arith::AddIOp::create(b, loc, rowStart, endElement);
  }

  // Per tile: chunk u of the thread starts at element p * tile + (u * T +
  // tid) * V; past the row's end it reads the last chunk and is masked.
  // Aligned: whole chunk p * T * U + u * T + tid, at element head + its
  // index * V of the row (chunkAt) and rowStart + that of the flat view
  // (chunkFlat). The ends tile (endsTile) has one slot.
  SmallVector<Value> chunkAt, chunkFlat, chunkValid;
  bool endsTile = false;
  unsigned slots = U * V;
  auto openTile = [&](Value p) {
    chunkAt.clear();
    chunkFlat.clear();
    chunkValid.clear();
    endsTile = false;
    slots = U * V;
    if (aligned) {
      Value lastWhole = arith::SubIOp::create(b, loc, whole, index(1));
      Value firstChunk =
          arith::MulIOp::create(b, loc, p, index((int64_t)T * U));
      for (unsigned u = 0; u < U; ++u) {
        Value chunk = arith::AddIOp::create(
            b, loc, firstChunk,
            b.createOrFold<arith::AddIOp>(loc, tid, index(u * T)));
        chunkValid.push_back(arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::ult, chunk, whole));
        Value element = arith::AddIOp::create(
            b, loc, head,
            arith::MulIOp::create(
                b, loc, arith::MinUIOp::create(b, loc, chunk, lastWhole),
                index(V)));
        chunkAt.push_back(element);
        chunkFlat.push_back(arith::AddIOp::create(b, loc, rowStart, element));
      }
      return;
    }
    Value tileStart = arith::MulIOp::create(b, loc, p, index(tile));
    Value lastChunk = b.createOrFold<arith::SubIOp>(loc, numRed, index(V));
    for (unsigned u = 0; u < U; ++u) {
      Value start = arith::AddIOp::create(
          b, loc, tileStart,
          arith::MulIOp::create(
              b, loc, arith::AddIOp::create(b, loc, tid, index(u * T)),
              index(V)));
      if (allValid) {
        chunkAt.push_back(start);
        continue;
      }
      chunkValid.push_back(arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ult, start, numRed));
      chunkAt.push_back(arith::MinUIOp::create(b, loc, start, lastChunk));
    }
  };
  auto openEnds = [&] {
    chunkAt.clear();
    chunkFlat.clear();
    chunkValid.clear();
    endsTile = true;
    slots = 1;
  };
  auto masked = [&](unsigned s, Value v, Value otherwise) {
    return allValid ? v
                    : arith::SelectOp::create(
                          b, loc, endsTile ? endValid : chunkValid[s / V], v,
                          otherwise)
                          .getResult();
  };

  // The tile's values of each operand (by buffer and map), one per slot
  // s = u * V + v, loaded where first used.
  using Key = std::pair<Value, AffineMap>;
  llvm::DenseMap<Key, SmallVector<Value>> tileValues;
  RowValues rowValues;
  auto inputAt = [&](OpOperand *operand, unsigned s) -> Value {
    Value v = operand->get();
    if (!isa<MemRefType>(v.getType()))
      return v;
    if (Value r = rowValues.lookup(v))
      return r;
    AffineMap map = cast<linalg::LinalgOp>(operand->getOwner())
                        .getMatchingIndexingMap(operand);
    SmallVector<Value> &values = tileValues[Key(v, map)];
    if (values.empty())
      values.resize(slots);
    if (values[s])
      return values[s];
    std::optional<unsigned> position =
        map.getResultPosition(getAffineDimExpr(lastDim, b.getContext()));
    // Aligned: operands indexed like the loop space through the flat view
    // (the chunk at once), the others one element per slot.
    if (aligned && isLoopSpace(map)) {
      Value flat = flatView(v);
      if (endsTile) {
        values[s] = memref::LoadOp::create(b, loc, flat, endAt);
        return values[s];
      }
      Value vec = loadChunk(b, loc, flat, chunkFlat[s / V], V);
      for (unsigned e = 0; e < V; ++e)
        values[s - s % V + e] = vector::ExtractOp::create(b, loc, vec, e);
      return values[s];
    }
    SmallVector<Value> full(idx);
    full[lastDim] = endsTile ? endElement : chunkAt[s / V];
    // Read through the row's elements in its last dim: the chunk at once.
    if (!aligned && V > 1 && position && *position + 1 == map.getNumResults()) {
      Value vec = loadChunk(b, loc, v, indicesOf(operand, full), V);
      for (unsigned e = 0; e < V; ++e)
        values[s - s % V + e] = vector::ExtractOp::create(b, loc, vec, e);
      return values[s];
    }
    if (position && !endsTile)
      full[lastDim] =
          b.createOrFold<arith::AddIOp>(loc, full[lastDim], index(s % V));
    values[s] = memref::LoadOp::create(b, loc, v, indicesOf(operand, full));
    return values[s];
  };
  auto bodyAt = [&](linalg::GenericOp g, unsigned s, Value acc) {
    return cloneBody(
        b, g, acc, [&](OpOperand *operand) { return inputAt(operand, s); },
        &rowValues, tuning.rows.reciprocal);
  };
  // An elementwise member over the tile: its results kept for the members
  // after it and, with `store`, stored if read after the group.
  AffineMap identityMap =
      AffineMap::getMultiDimIdentityMap(sizes.size(), b.getContext());
  auto elementwise = [&](linalg::GenericOp g, bool store) {
    SmallVector<SmallVector<Value>> results(g.getNumDpsInits());
    for (unsigned s = 0; s < slots; ++s)
      for (auto [i, v] : llvm::enumerate(bodyAt(g, s, Value())))
        results[i].push_back(v);
    for (auto [i, out] : llvm::enumerate(g.getDpsInitsMutable())) {
      Value buffer = out.get();
      for (auto it = tileValues.begin(); it != tileValues.end();) {
        auto current = it++;
        if (current->first.first == buffer)
          tileValues.erase(current);
      }
      tileValues[Key(buffer, identityMap)] = results[i];
      if (!store || !readAfterGroup(buffer, members))
        continue;
      for (unsigned u = 0; u < (endsTile ? 1 : U); ++u) {
        OpBuilder::InsertionGuard guard(b);
        if (!allValid) {
          auto inRow = scf::IfOp::create(
              b, loc, endsTile ? endValid : chunkValid[u], /*withElse=*/false);
          b.setInsertionPointToStart(&inRow.getThenRegion().front());
        }
        if (endsTile) {
          memref::StoreOp::create(b, loc, results[i][0], flatView(buffer),
                                  endAt);
          continue;
        }
        ArrayRef<Value> chunk = ArrayRef(results[i]).slice(u * V, V);
        if (aligned) {
          storeChunk(b, loc, chunk, flatView(buffer), chunkFlat[u]);
          continue;
        }
        SmallVector<Value> at(idx);
        at[lastDim] = chunkAt[u];
        if (V == 1)
          memref::StoreOp::create(b, loc, chunk[0], buffer, at);
        else
          storeChunk(b, loc, chunk, buffer, at);
      }
    }
  };
  // A tile loop carrying `inits`: `body(carried)` fills the tile and
  // returns the values carried on. Aligned, the ends tile comes first.
  auto tileLoop = [&](ValueRange inits,
                      llvm::function_ref<SmallVector<Value>(ValueRange)> body) {
    SmallVector<Value> carried(inits);
    if (aligned) {
      tileValues.clear();
      openEnds();
      carried = body(carried);
      tileValues.clear();
    }
    auto loop = scf::ForOp::create(b, loc, index(0), tiles, index(1), carried);
    // Without carried values the builder gave the body its yield.
    if (carried.empty())
      loop.getBody()->getTerminator()->erase();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    tileValues.clear();
    openTile(loop.getInductionVar());
    scf::YieldOp::create(b, loc, body(loop.getRegionIterArgs()));
    tileValues.clear();
    return SmallVector<Value>(loop.getResults());
  };
  auto constant = [&](Type type, const APFloat &v) {
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v))
        .getResult();
  };
  // The tile's values of reduction `g`, folded with a tree.
  auto tileFold = [&](linalg::GenericOp g, Value identity) {
    Operation *combiner = blockCombiner(g);
    SmallVector<Value> level;
    for (unsigned s = 0; s < slots; ++s)
      level.push_back(masked(s, bodyAt(g, s, identity)[0], identity));
    return treeFold(b, combiner, g.getRegionOutputArgs()[0], level);
  };

  unsigned nextBuffer = 0;
  for (auto [i, member] : llvm::enumerate(members)) {
    linalg::GenericOp g = member;
    if (isRowMember(g, members)) {
      rowMember(b, members, g, idx, isThread0, rowValues);
      continue;
    }
    if (g.getNumReductionLoops() == 0 || online[i])
      continue;
    ArrayRef<linalg::GenericOp> before = members.take_front(i);
    auto runBefore = [&] {
      for (linalg::GenericOp e : before)
        if (e.getNumReductionLoops() == 0 && !isRowMember(e, members))
          elementwise(e, /*store=*/false);
    };
    Operation *combiner = blockCombiner(g);
    BlockArgument accArg = g.getRegionOutputArgs()[0];
    auto accType = cast<FloatType>(accArg.getType());
    Value identity =
        arith::ConstantOp::create(b, loc, identityOf(combiner, accType));
    linalg::GenericOp h =
        i + 1 < members.size() && online[i + 1] ? members[i + 1] : nullptr;
    if (!h) {
      Value partial = tileLoop(identity, [&](ValueRange acc) {
        runBefore();
        return SmallVector<Value>{
            combine(b, combiner, accArg, acc[0], tileFold(g, identity))};
      })[0];
      partial = teamAllReduce(b, loc, combiner, accArg, partial, T, warpSize,
                              tid, index(0), isLane0, smem[nextBuffer++]);
      rowValues[g.getDpsInits()[0]] =
          finishRowReduction(b, members, g, fills[i], partial, idx, isThread0);
      continue;
    }
    // Online: a running max and the sum of exp(v - base), base the max (0
    // while it is -inf: every term so far is exp(-inf) = 0).
    const OnlineSum &match = *online[i + 1];
    Operation *sumCombiner = blockCombiner(h);
    BlockArgument sumArg = h.getRegionOutputArgs()[0];
    auto sumType = cast<FloatType>(sumArg.getType());
    Value sumIdentity =
        arith::ConstantOp::create(b, loc, identityOf(sumCombiner, sumType));
    Value minusInf =
        constant(accType, APFloat::getInf(accType.getFloatSemantics(),
                                          /*Negative=*/true));
    Value zero =
        constant(accType, APFloat::getZero(accType.getFloatSemantics()));
    Type f32 = b.getF32Type();
    auto isMinusInf = [&](Value m) {
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, m,
                                   minusInf)
          .getResult();
    };
    auto baseOf = [&](Value m) {
      return arith::SelectOp::create(b, loc, isMinusInf(m), zero, m)
          .getResult();
    };
    // The max as the sum's body subtracts it (after its casts), in f32.
    auto shifted = [&](Value m) {
      IRMapping map;
      map.map(match.maxArg, m);
      Value v = m;
      for (Operation *cast : match.shift)
        v = b.clone(*cast, map)->getResult(0);
      if (v.getType() != f32)
        v = arith::ExtFOp::create(b, loc, f32, v);
      return v;
    };
    // `sum` relative to base(from) rescaled to base(to); 0 if `from` is
    // -inf (no finite term yet).
    auto rescale = [&](Value sum, Value from, Value to) {
      // One op after another (argument order is unspecified in C++).
      Value fromShift = shifted(baseOf(from));
      Value toShift = shifted(baseOf(to));
      Value factor = math::ExpOp::create(
          b, loc, arith::SubFOp::create(b, loc, fromShift, toShift));
      if (sumType != f32)
        factor = arith::TruncFOp::create(b, loc, sumType, factor);
      Value scaled = arith::MulFOp::create(b, loc, sum, factor);
      Value none = arith::ConstantOp::create(
          b, loc, sumType,
          b.getFloatAttr(sumType,
                         APFloat::getZero(sumType.getFloatSemantics())));
      return arith::SelectOp::create(b, loc, isMinusInf(from), none, scaled)
          .getResult();
    };
    Value maxOut = g.getDpsInits()[0];
    SmallVector<Value> partials =
        tileLoop(ValueRange{identity, sumIdentity}, [&](ValueRange acc) {
          runBefore();
          Value max =
              combine(b, combiner, accArg, acc[0], tileFold(g, identity));
          rowValues[maxOut] = baseOf(max);
          Value terms = tileFold(h, sumIdentity);
          rowValues.erase(maxOut);
          Value sum = combine(b, sumCombiner, sumArg,
                              rescale(acc[1], acc[0], max), terms);
          return SmallVector<Value>{max, sum};
        });
    Value max =
        teamAllReduce(b, loc, combiner, accArg, partials[0], T, warpSize, tid,
                      index(0), isLane0, smem[nextBuffer++]);
    max = finishRowReduction(b, members, g, fills[i], max, idx, isThread0);
    rowValues[maxOut] = max;
    Value sum = teamAllReduce(
        b, loc, sumCombiner, sumArg, rescale(partials[1], partials[0], max), T,
        warpSize, tid, index(0), isLane0, smem[nextBuffer++]);
    rowValues[h.getDpsInits()[0]] =
        finishRowReduction(b, members, h, fills[i + 1], sum, idx, isThread0);
  }
  // The last pass: every elementwise member, stored.
  tileLoop(ValueRange{}, [&](ValueRange) {
    for (linalg::GenericOp g : members)
      if (g.getNumReductionLoops() == 0 && !isRowMember(g, members))
        elementwise(g, /*store=*/true);
    return SmallVector<Value>{};
  });
  // The next row's reductions overwrite the totals every thread reads.
  gpu::BarrierOp::create(b, loc);
}
