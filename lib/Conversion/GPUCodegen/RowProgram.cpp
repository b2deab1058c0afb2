//===- RowProgram.cpp - Row groups that hold the row on chip --------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The row-group kernels of RowGroups.cpp and RowGroupsBlock.cpp read the row
// from memory once per member: softmax reads x three times, LayerNorm three
// times, and only the caches keep that from costing bandwidth. A row program
// reads each row-space operand once into registers and runs every member over
// the registers: a team of G threads takes a row, thread t holding K chunks
// of V consecutive elements, chunk k at elements (k * G + t) * V ... + V - 1
// (V-wide loads when the row length is a multiple of V: 128-bit loads of f32
// or bf16; consecutive threads read consecutive chunks). A row length that
// no chunk width divides (GPT-2's 50257) takes 16-byte chunks aligned in
// memory instead (row-program-aligned-chunks): the row's first h < V
// elements (up to the first 16-byte boundary) and its last few (after the
// last whole chunk) are one extra slot each of threads 0 .. h + tail - 1,
// the whole chunks between are spread as above, and operands not indexed
// like the loop space are read one element per slot with every row.
// Operands that depend only on the reduced dim (LayerNorm's gamma and beta)
// are loaded once per thread before the row loop if they take few registers
// (row-program-invariant-values), else with every row: after the first
// reduction, chunk by chunk where first used (kRowProgramLazyBytes). Each
// reduction folds the thread's elements with a tree, the team with warp
// shuffles (and, for teams wider than a warp, one value per warp through
// workgroup memory), and every thread of the team gets the total. Elementwise
// members keep their results in registers for the members after them and store
// only what is read after the group.
//
// A row too long for one block's registers (more than 1024 threads x 40
// values, row-program-max-values) takes a thread-block cluster (sm_90):
// its C blocks of Gb threads are one team of G = C * Gb, block r holding
// team threads r * Gb ...; each block folds its total as above, thread
// i < C writes it into block i's workgroup memory through distributed
// shared memory (nvvm.mapa), and after a cluster barrier every thread folds
// the C totals in block order. The row is still read from memory once, and
// a few long rows keep C times more SMs busy.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilders.h"
#include "ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::ferric;

namespace {
/// The registers of one row program: per operand (buffer and indexing map),
/// the values of the thread's elements (slot k * width + v), loaded once.
class RowRegisters {
public:
  using Key = std::pair<Value, AffineMap>;
  /// The values of `buffer` read through `map`, if loaded (the pointer is
  /// valid until the next insertion).
  SmallVector<Value> *lookup(Value buffer, AffineMap map) {
    auto it = values.find(Key(buffer, map));
    return it == values.end() ? nullptr : &it->second;
  }
  SmallVector<Value> &operator[](Key key) { return values[key]; }
  /// Forgets what was read of a buffer that a member overwrites.
  void overwrite(Value buffer) {
    SmallVector<Key> stale;
    for (auto &entry : values)
      if (entry.first.first == buffer)
        stale.push_back(entry.first);
    for (const Key &key : stale)
      values.erase(key);
  }

private:
  llvm::DenseMap<Key, SmallVector<Value>> values;
};
} // namespace

namespace {
/// Per row of a row program with aligned chunks (RowProgramShape::aligned):
/// for each chunk of the thread, its flat index (clamped to the row's last
/// whole chunk), its first element of the row and whether it is one of the
/// row's whole chunks; the thread's element of the row's ends, flat and in
/// the row (clamped into it), and whether it has one.
struct AlignedRow {
  SmallVector<Value> chunkAt, chunkElement, chunkValid;
  Value endAt, endElement, endValid;
};
} // namespace

void ReductionWriter::writeRowProgram(OpBuilder &b,
                                      ArrayRef<linalg::GenericOp> members,
                                      ArrayRef<Value> fills,
                                      const RowProgramShape &shape) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  // G threads per row, Gb of them in each of the C blocks of a cluster
  // (C = 1: the team is in one block, with others).
  const unsigned G = shape.team, K = shape.chunks, V = shape.width,
                 T = shape.blockThreads, C = shape.cluster, Gb = G / C,
                 slots = K * V + (shape.aligned ? 1 : 0);
  if (!hostChoice)
    rowShape = (C > 1 ? std::to_string(C) + " blocks of " + std::to_string(Gb) +
                            " threads"
                      : std::to_string(G) + (G == 1 ? " thread" : " threads")) +
               " per row, " + std::to_string(slots) + " values each" +
               (shape.aligned ? " (chunks of " + std::to_string(V) +
                                    " aligned in memory, one of the row's ends)"
                              : "");
  const unsigned teamsPerBlock = T / Gb;
  const bool wide = Gb > warpSize;
  unsigned lastDim = sizes.size() - 1;

  // Workgroup memory: one value per warp for each reduction of a wide team
  // (its own buffer: every thread reads a total after the barrier, so the
  // next reduction must not overwrite it); in a cluster, C more f32
  // per reduction: the C blocks' totals, which each block writes into all.
  SmallVector<Type> shared;
  unsigned numReductions = 0;
  if (wide)
    for (linalg::GenericOp g : members)
      if (g.getNumReductionLoops() != 0) {
        ++numReductions;
        shared.push_back(getWorkgroupMemRefType(
            {(int64_t)(T / warpSize)}, g.getRegionOutputArgs()[0].getType()));
      }
  if (C > 1)
    shared.append(numReductions,
                  getWorkgroupMemRefType({(int64_t)C}, b.getF32Type()));
  // Whole clusters, each taking rows at a time: at most clusterGrid of them
  // (0: up to 65535 blocks), so that they stay resident and loop over rows
  // instead of waiting for C free SMs at once for every row.
  unsigned maxGroups = 65535 / C;
  if (C > 1 && tuning.rows.clusterGrid)
    maxGroups = std::min(maxGroups, tuning.rows.clusterGrid);
  Value grid = arith::MulIOp::create(
      b, loc,
      arith::MinUIOp::create(
          b, loc,
          arith::CeilDivUIOp::create(b, loc, numOut, index(teamsPerBlock)),
          index(maxGroups)),
      index(C));
  unsigned savedThreads = threads;
  threads = T;
  gpu::LaunchOp op =
      launch(b, grid, workgroupAlloc ? TypeRange{} : TypeRange(shared),
             C > 1          ? "row-program-cluster"
             : G < warpSize ? "row-program-subwarp"
                            : "row-program-registers",
             C);
  threads = savedThreads;
  SmallVector<Value> smem =
      getWorkgroupBuffers(b, loc, op, shared, workgroupAlloc);
  Value tid = op.getThreadIds().x;
  Value team = arith::DivUIOp::create(b, loc, tid, index(Gb));
  // The thread's place in its row's team: blocks of a cluster (rank r in
  // it) hold consecutive runs of Gb chunks.
  Value rank =
      b.createOrFold<arith::RemUIOp>(loc, op.getBlockIds().x, index(C));
  Value t = b.createOrFold<arith::AddIOp>(
      loc, b.createOrFold<arith::MulIOp>(loc, rank, index(Gb)),
      arith::RemUIOp::create(b, loc, tid, index(Gb)));
  Value lane = arith::RemUIOp::create(b, loc, tid, index(warpSize));
  Value isLane0 =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, index(0));

  // Slot s = k * V + v: element (k * G + t) * V + v; in the row when its
  // chunk starts in it (V divides the row length when V > 1). Out-of-row
  // slots read the row's last chunk (in bounds) and are masked.
  // With aligned chunks (shape.aligned), chunkStart[k] is the chunk's index
  // among the row's whole chunks, k * G + t, and slot K * V the thread's
  // element of the row's ends (see AlignedRow).
  const bool aligned = shape.aligned;
  SmallVector<Value> chunkStart, chunkValid;
  bool allValid = false;
  if (std::optional<int64_t> n = getConstantIntValue(numRed))
    allValid = !aligned && (int64_t)K * G * V == *n;
  for (unsigned k = 0; k < K; ++k) {
    if (aligned) {
      chunkStart.push_back(arith::AddIOp::create(b, loc, t, index(k * G)));
      continue;
    }
    Value start = arith::MulIOp::create(
        b, loc, arith::AddIOp::create(b, loc, t, index(k * G)), index(V));
    Value valid = allValid
                      ? arith::ConstantIntOp::create(b, loc, 1, 1)
                      : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                              start, numRed)
                            .getResult();
    Value lastChunk = b.createOrFold<arith::SubIOp>(loc, numRed, index(V));
    chunkStart.push_back(
        allValid
            ? start
            : arith::MinUIOp::create(b, loc, start, lastChunk).getResult());
    chunkValid.push_back(valid);
  }

  // Does `map` read through the reduced dim only in its last result, the
  // memref being contiguous (so that chunk k is V consecutive elements)?
  auto isRowSpace = [&](OpOperand *operand, AffineMap map) {
    if (map.getNumResults() == 0 || !map.isProjectedPermutation())
      return false;
    for (unsigned r = 0; r + 1 < map.getNumResults(); ++r)
      if (map.getDimPosition(r) == lastDim)
        return false;
    return map.getDimPosition(map.getNumResults() - 1) == lastDim;
  };
  auto usesRowDims = [&](AffineMap map) {
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      if (map.getDimPosition(r) != lastDim)
        return true;
    return false;
  };
  // Aligned chunks: an operand indexed like the loop space is read through
  // a flat view (the row at element row * numRed of it); the others one
  // element per slot, at the slot's element of the row.
  AlignedRow arow;
  FlatViews flatViews;
  auto flatView = [&](Value buffer) { return flatViews.get(b, loc, buffer); };
  auto isLoopSpace = [&](AffineMap map) {
    return isLoopSpaceMap(map, sizes.size());
  };
  // The element of the row at slot s (in the row, clamped if masked), and
  // whether it is in the row.
  auto slotElement = [&](unsigned s) -> Value {
    if (!aligned)
      return arith::AddIOp::create(b, loc, chunkStart[s / V], index(s % V));
    if (s == K * V)
      return arow.endElement;
    return b.createOrFold<arith::AddIOp>(loc, arow.chunkElement[s / V],
                                         index(s % V));
  };
  auto slotValid = [&](unsigned s) {
    if (!aligned)
      return chunkValid[s / V];
    return s == K * V ? arow.endValid : arow.chunkValid[s / V];
  };

  // The slots a load of the row-space operand read through `map` fills
  // together with slot s: its chunk (or, with aligned chunks, the row's end
  // alone, and every slot alone for operands not indexed like the loop
  // space, which are read one element per slot).
  auto slotGroup = [&](AffineMap map,
                       unsigned s) -> std::pair<unsigned, unsigned> {
    if (aligned && (!isLoopSpace(map) || s == K * V))
      return {s, 1};
    return {s - s % V, V};
  };
  // Loads the slots of slotGroup(map, s) of a row-space operand, in the row
  // at `idx`, into `values` (one entry per slot).
  auto loadGroup = [&](OpBuilder &b, OpOperand *operand, AffineMap map,
                       ArrayRef<Value> idx, unsigned s,
                       MutableArrayRef<Value> values) {
    Value buffer = operand->get();
    if (aligned && !isLoopSpace(map)) {
      SmallVector<Value> full(idx);
      full[lastDim] = slotElement(s);
      values[s] =
          memref::LoadOp::create(b, loc, buffer, indicesOf(operand, full));
      return;
    }
    if (aligned) {
      Value flat = flatView(buffer);
      if (s == K * V) {
        values[s] = memref::LoadOp::create(b, loc, flat, arow.endAt);
        return;
      }
      Value vec = loadChunk(b, loc, flat, arow.chunkAt[s / V], V);
      for (unsigned v = 0; v < V; ++v)
        values[s - s % V + v] = vector::ExtractOp::create(b, loc, vec, v);
      return;
    }
    unsigned k = s / V;
    SmallVector<Value> full(idx);
    full[lastDim] = chunkStart[k];
    SmallVector<Value> at;
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      at.push_back(full[map.getDimPosition(r)]);
    if (V == 1) {
      values[s] = memref::LoadOp::create(b, loc, buffer, at);
      return;
    }
    Value vec = loadChunk(b, loc, buffer, at, V);
    for (unsigned v = 0; v < V; ++v)
      values[k * V + v] = vector::ExtractOp::create(b, loc, vec, v);
  };
  // The values of a row-space operand at every slot of the row at `idx`.
  auto loadSlots = [&](OpBuilder &b, OpOperand *operand, AffineMap map,
                       ArrayRef<Value> idx) {
    SmallVector<Value> values(slots);
    for (unsigned s = 0; s < slots; s += slotGroup(map, s).second)
      loadGroup(b, operand, map, idx, s, values);
    return values;
  };

  // Row-invariant operands (gamma, beta): loaded before the row loop, at
  // row 0 (their maps do not read it), if their values per thread are at
  // most rowLimits.invariantValues. Not with aligned chunks, whose slots
  // hold other elements in every row: loaded with the row.
  RowRegisters invariant;
  SmallVector<Value> zeroIdx(sizes.size(), index(0));
  llvm::MapVector<RowRegisters::Key, OpOperand *> invariantOperands;
  for (linalg::GenericOp g : aligned ? ArrayRef<linalg::GenericOp>() : members)
    for (OpOperand &operand : g->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()) || g.isDpsInit(&operand))
        continue;
      AffineMap map = g.getMatchingIndexingMap(&operand);
      if (usesRowDims(map) || !isRowSpace(&operand, map))
        continue;
      // Written by a member: not invariant.
      if (llvm::any_of(members, [&](linalg::GenericOp m) {
            return llvm::is_contained(m.getDpsInits(), operand.get());
          }))
        continue;
      invariantOperands.insert({{operand.get(), map}, &operand});
    }
  if (invariantOperands.size() * K * V <= tuning.rows.invariantValues)
    for (auto [key, operand] : invariantOperands)
      invariant[key] = loadSlots(b, operand, key.second, zeroIdx);

  // Teams of a block take consecutive rows; the loop bounds are uniform
  // across the block (barriers, full-warp shuffles), rows past the end
  // compute on the last row and store nothing.
  Value rowsPerStep = arith::MulIOp::create(
      b, loc, b.createOrFold<arith::DivUIOp>(loc, op.getGridSize().x, index(C)),
      index(teamsPerBlock));
  Value firstBase = arith::MulIOp::create(
      b, loc, b.createOrFold<arith::DivUIOp>(loc, op.getBlockIds().x, index(C)),
      index(teamsPerBlock));
  // In a cluster, each row ends by arriving at a cluster barrier and the
  // next row waits for it just before its first exchange: its loads and
  // block-level folds overlap the other blocks' finishing the row. The
  // first row waits for an arrival before the loop, and the last arrival
  // is waited for after it (no block exits while others read its memory).
  if (C > 1)
    NVVM::ClusterArriveOp::create(b, loc, b.getUnitAttr());
  auto rowLoop = scf::ForOp::create(b, loc, firstBase, numOut, rowsPerStep);
  flatViews.anchor = rowLoop;
  // Room for more resident blocks (ptxas caps the registers), so that one
  // block's loads overlap another's reductions and stores.
  unsigned minBlocks = shape.minBlocksPerSM;
  if (minBlocks > 1) {
    rowLoop->setAttr(kMinBlocksPerSMAttr, b.getI32IntegerAttr(minBlocks));
    if (!hostChoice)
      rowShape += ", " + std::to_string(minBlocks) + " blocks per SM";
  }
  if (C > 1) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfter(rowLoop);
    NVVM::ClusterWaitOp::create(b, loc, b.getUnitAttr());
  }
  b.setInsertionPointToStart(rowLoop.getBody());
  Value row = arith::AddIOp::create(b, loc, rowLoop.getInductionVar(), team);
  Value rowValid = arith::ConstantIntOp::create(b, loc, 1, 1);
  if (teamsPerBlock > 1) {
    rowValid =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, numOut);
    row = arith::MinUIOp::create(
        b, loc, row, b.createOrFold<arith::SubIOp>(loc, numOut, index(1)));
  }
  SmallVector<Value> idx(sizes.size(), index(0));
  delinearize(b, row, parallelDims, idx);
  if (aligned) {
    // The row's first h elements run up to a 16-byte boundary, then come
    // its whole chunks, then the tail: thread t < h holds head element t,
    // thread h + i tail element i (h + tail < 2 * V <= G).
    Value rowStart = arith::MulIOp::create(b, loc, row, numRed);
    Value head = headToAlignment(b, loc, rowStart, V);
    Value wholeChunks = arith::DivUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, numRed, head), index(V));
    Value lastChunk =
        arith::SubIOp::create(b, loc, wholeChunks, index(1)).getResult();
    arow.chunkAt.clear();
    arow.chunkElement.clear();
    arow.chunkValid.clear();
    for (unsigned k = 0; k < K; ++k) {
      arow.chunkValid.push_back(arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ult, chunkStart[k], wholeChunks));
      Value element = arith::AddIOp::create(
          b, loc, head,
          arith::MulIOp::create(
              b, loc, arith::MinUIOp::create(b, loc, chunkStart[k], lastChunk),
              index(V)));
      arow.chunkElement.push_back(element);
      arow.chunkAt.push_back(arith::AddIOp::create(b, loc, rowStart, element));
    }
    Value tailStart = arith::AddIOp::create(
        b, loc, head, arith::MulIOp::create(b, loc, wholeChunks, index(V)));
    Value inHead =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, t, head);
    Value end = arith::SelectOp::create(
        b, loc, inHead, t,
        arith::AddIOp::create(b, loc, tailStart,
                              arith::SubIOp::create(b, loc, t, head)));
    arow.endValid = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ult, t,
        arith::SubIOp::create(
            b, loc, arith::AddIOp::create(b, loc, head, numRed), tailStart));
    arow.endElement = arith::MinUIOp::create(
        b, loc, end, b.createOrFold<arith::SubIOp>(loc, numRed, index(1)));
    arow.endAt = arith::AddIOp::create(b, loc, rowStart, arow.endElement);
  }

  RowRegisters regs;
  RowValues rowValues;
  // Before the first reduction, each row-space operand is read whole where
  // first used (the reduction needs every slot before its exchange); after
  // it, one taking kRowProgramLazyBytes or more per thread is read chunk by
  // chunk where each slot is first used, so that gamma and beta read with
  // every row do not all wait in registers beside the row.
  bool lazyLoads = false;
  // An input of `g` at slot s (null slot: the per-row value).
  auto inputAt = [&](OpOperand *operand, unsigned s) -> Value {
    Value v = operand->get();
    if (!isa<MemRefType>(v.getType()))
      return v;
    if (Value r = rowValues.lookup(v))
      return r;
    AffineMap map = cast<linalg::LinalgOp>(operand->getOwner())
                        .getMatchingIndexingMap(operand);
    if (SmallVector<Value> *inv = invariant.lookup(v, map))
      return (*inv)[s];
    if (!isRowSpace(operand, map)) {
      // Per-row values (a mean) and reads across the row space (not taken
      // by row groups today): loaded where used.
      SmallVector<Value> full(idx);
      full[lastDim] = slotElement(s);
      return memref::LoadOp::create(b, loc, v, indicesOf(operand, full));
    }
    SmallVector<Value> *cached = regs.lookup(v, map);
    if (!cached) {
      bool lazy =
          lazyLoads &&
          slots * bytesOf(cast<MemRefType>(v.getType()).getElementType()) >=
              kRowProgramLazyBytes;
      regs[{v, map}] =
          lazy ? SmallVector<Value>(slots) : loadSlots(b, operand, map, idx);
      cached = regs.lookup(v, map);
    }
    if (!(*cached)[s])
      loadGroup(b, operand, map, idx, s, *cached);
    return (*cached)[s];
  };
  // The body of `g` at slot s with the accumulator (if any) bound to `acc`.
  auto bodyAt = [&](linalg::GenericOp g, unsigned s, Value acc) {
    return cloneBody(
        b, g, acc, [&](OpOperand *operand) { return inputAt(operand, s); },
        &rowValues, tuning.rows.reciprocal);
  };

  // Stores a row's `values` (every slot) through the flat view `flat` with
  // aligned chunks: each whole chunk in one vector store, the thread's
  // element of the row's ends alone.
  auto storeAlignedChunks = [&](OpBuilder &b, ArrayRef<Value> values,
                                Value flat, Value rowValid) {
    for (unsigned s = 0; s < slots; s += V) {
      auto store = scf::IfOp::create(
          b, loc, arith::AndIOp::create(b, loc, rowValid, slotValid(s)),
          /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&store.getThenRegion().front());
      if (s == K * V)
        memref::StoreOp::create(b, loc, values[s], flat, arow.endAt);
      else
        storeChunk(b, loc, values.slice(s, V), flat, arow.chunkAt[s / V]);
    }
  };

  Value isStorer = arith::AndIOp::create(
      b, loc, rowValid,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, t, index(0)));
  unsigned nextBuffer = 0;
  for (auto [member, fill] : llvm::zip_equal(members, fills)) {
    linalg::GenericOp g = member;
    if (isRowMember(g, members)) {
      rowMember(b, members, g, idx, isStorer, rowValues);
      continue;
    }
    if (g.getNumReductionLoops() != 0) {
      Operation *combiner = blockCombiner(g);
      BlockArgument accArg = g.getRegionOutputArgs()[0];
      Value identity = arith::ConstantOp::create(
          b, loc, identityOf(combiner, cast<FloatType>(accArg.getType())));
      // Each slot's value folded into the identity (the value itself), then
      // a tree over the slots: few roundings, independent operations.
      SmallVector<Value> level;
      for (unsigned s = 0; s < slots; ++s) {
        Value c = bodyAt(g, s, identity)[0];
        if (!allValid)
          c = arith::SelectOp::create(b, loc, slotValid(s), c, identity);
        level.push_back(c);
      }
      Value partial = treeFold(b, combiner, accArg, std::move(level));
      Value buffer = wide ? smem[nextBuffer++] : Value();
      partial = teamAllReduce(b, loc, combiner, accArg, partial, Gb, warpSize,
                              tid, team, isLane0, buffer);
      if (C > 1)
        partial = clusterTotal(b, loc, combiner, accArg, partial,
                               smem[numReductions + nextBuffer - 1], tid, rank,
                               C, /*finishArrival=*/nextBuffer == 1);
      rowValues[g.getDpsInits()[0]] =
          finishRowReduction(b, members, g, fill, partial, idx, isStorer);
      lazyLoads = true;
      continue;
    }
    // Elementwise: every slot, results kept for the members after it.
    SmallVector<SmallVector<Value>> results(g.getNumDpsInits());
    for (unsigned s = 0; s < slots; ++s)
      for (auto [i, v] : llvm::enumerate(bodyAt(g, s, Value())))
        results[i].push_back(v);
    AffineMap identityMap =
        AffineMap::getMultiDimIdentityMap(sizes.size(), b.getContext());
    for (auto [i, out] : llvm::enumerate(g.getDpsInitsMutable())) {
      Value buffer = out.get();
      regs.overwrite(buffer);
      regs[{buffer, identityMap}] = results[i];
      // Stored unless only the group reads it (and a dealloc frees it).
      if (!readAfterGroup(buffer, members))
        continue;
      if (aligned) {
        storeAlignedChunks(b, results[i], flatView(buffer), rowValid);
        continue;
      }
      for (unsigned k = 0; k < K; ++k) {
        Value valid =
            allValid ? rowValid
                     : arith::AndIOp::create(b, loc, rowValid, chunkValid[k])
                           .getResult();
        auto store = scf::IfOp::create(b, loc, valid, /*withElse=*/false);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&store.getThenRegion().front());
        SmallVector<Value> at(idx);
        at[lastDim] = chunkStart[k];
        ArrayRef<Value> chunk = ArrayRef(results[i]).slice(k * V, V);
        if (V == 1) {
          memref::StoreOp::create(b, loc, chunk[0], buffer, at);
          continue;
        }
        storeChunk(b, loc, chunk, buffer, at);
      }
    }
  }
  // The next row's reductions overwrite the totals every thread reads (in a
  // cluster, every block's: the next row's first exchange waits for this
  // arrival; each warp buffer was last read before an exchange's barrier).
  if (C > 1)
    NVVM::ClusterArriveOp::create(b, loc, b.getUnitAttr());
  else if (wide)
    gpu::BarrierOp::create(b, loc);
}
