//===- FerricReductionToGPU.cpp - GPU reduction kernels -------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Upstream's parallel-loop mapping gives one thread per output element with
// the outer loops on the host: a full reduction runs on a single thread, and
// a reduction over an outer dim launches once per reduced index (passing
// that index to the kernel, which the Vulkan ABI cannot). This pass writes
// the kernels of each reduction with every loop inside them: a block or warp
// reduction when the innermost loop is reduced, split across blocks in two
// kernels when the outputs are few (SplitReductions.cpp), the column
// schedules when the innermost loop is kept, else one thread per output.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Conversion/Passes.h"

#include "GPUCodegen/KernelBuilders.h"
#include "GPUCodegen/ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICREDUCTIONTOGPUPASS
#include "FerricDialect/Conversion/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

/// The identity of the combiner `op` for `type`, or null if `op` is not a
/// combiner the block reduction handles.
TypedAttr mlir::ferric::identityOf(Operation *op, FloatType type) {
  const llvm::fltSemantics &sem = type.getFloatSemantics();
  if (isa<arith::AddFOp>(op)) // -0 + x == x for every x; +0 + -0 is +0
    return FloatAttr::get(type, APFloat::getZero(sem, /*Negative=*/true));
  if (isa<arith::MulFOp>(op))
    return FloatAttr::get(type, APFloat::getOne(sem));
  if (isa<arith::MaximumFOp, arith::MaxNumFOp>(op))
    return FloatAttr::get(type, APFloat::getInf(sem, /*Negative=*/true));
  if (isa<arith::MinimumFOp, arith::MinNumFOp>(op))
    return FloatAttr::get(type, APFloat::getInf(sem, /*Negative=*/false));
  return nullptr;
}

/// True if this pass writes a kernel for `generic`.
static bool isSupported(linalg::GenericOp generic) {
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1 ||
      generic.getNumReductionLoops() == 0 ||
      generic->getParentOfType<gpu::LaunchOp>() ||
      !generic.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  for (OpOperand &operand : generic->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      if (generic.isDpsInit(&operand))
        return false;
      continue;
    }
    if (!type.getLayout().isIdentity() ||
        !generic.getMatchingIndexingMap(&operand).isProjectedPermutation())
      return false;
  }
  return true;
}

Operation *mlir::ferric::accumulatorCombiner(linalg::GenericOp generic) {
  BlockArgument acc = generic.getRegionOutputArgs()[0];
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  Operation *combiner = yield.getValues()[0].getDefiningOp();
  auto accType = dyn_cast<FloatType>(acc.getType());
  if (!combiner || !accType || !acc.hasOneUse() ||
      acc.getUses().begin()->getOwner() != combiner ||
      combiner->getNumOperands() != 2 || !identityOf(combiner, accType))
    return nullptr;
  return combiner;
}

/// The op folding the accumulator if `generic` can be a block reduction:
/// innermost loop reduced, body yielding combiner(acc, value) with the
/// accumulator used nowhere else.
Operation *mlir::ferric::blockCombiner(linalg::GenericOp generic) {
  if (generic.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return nullptr;
  return accumulatorCombiner(generic);
}

/// `combiner` applied to (acc, value) in the operand order of the original.
Value mlir::ferric::combine(OpBuilder &b, Operation *combiner,
                            BlockArgument accArg, Value acc, Value value) {
  unsigned accPos = combiner->getOperand(0) == accArg ? 0 : 1;
  IRMapping m;
  m.map(combiner->getOperand(accPos), acc);
  m.map(combiner->getOperand(1 - accPos), value);
  return b.clone(*combiner, m)->getResult(0);
}

void ReductionWriter::computeSizes(OpBuilder &b) {
  for (Range r :
       cast<linalg::LinalgOp>(generic.getOperation()).createLoopRanges(b, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, r.size));
  for (auto [d, it] : llvm::enumerate(generic.getIteratorTypesArray()))
    (it == utils::IteratorType::reduction ? reductionDims : parallelDims)
        .push_back(d);
  // createOrFold: static sizes give constant counts (see write()).
  numOut = numRed = arith::ConstantIndexOp::create(b, loc, 1);
  for (unsigned d : parallelDims)
    numOut = b.createOrFold<arith::MulIOp>(loc, numOut, sizes[d]);
  for (unsigned d : reductionDims)
    numRed = b.createOrFold<arith::MulIOp>(loc, numRed, sizes[d]);
}

void ReductionWriter::delinearize(OpBuilder &b, Value linear,
                                  ArrayRef<unsigned> dims,
                                  SmallVectorImpl<Value> &idx) {
  if (dims.empty())
    return;
  // linear < the product of the sizes, so the outermost index is what is
  // left after the others (no division for a single dim).
  Value rest = linear;
  ArrayRef<unsigned> inner = dims.drop_front();
  for (unsigned d : llvm::reverse(inner)) {
    idx[d] = arith::RemUIOp::create(b, loc, rest, sizes[d]);
    rest = arith::DivUIOp::create(b, loc, rest, sizes[d]);
  }
  idx[dims.front()] = rest;
}

SmallVector<Value> ReductionWriter::indicesOf(OpOperand *operand,
                                              ArrayRef<Value> idx) {
  AffineMap map = cast<linalg::LinalgOp>(operand->getOwner())
                      .getMatchingIndexingMap(operand);
  SmallVector<Value> at;
  for (unsigned k = 0; k < map.getNumResults(); ++k)
    at.push_back(idx[map.getDimPosition(k)]);
  return at;
}

SmallVector<Value> ReductionWriter::applyBody(OpBuilder &b, linalg::GenericOp g,
                                              ArrayRef<Value> idx,
                                              ValueRange outArgs,
                                              const RowValues *rowValues) {
  IRMapping m;
  SmallVector<BlockArgument> perRow;
  for (OpOperand *in : g.getDpsInputOperands()) {
    Value v = in->get();
    if (rowValues && rowValues->count(v)) {
      v = rowValues->lookup(v);
      perRow.push_back(g.getMatchingBlockArgument(in));
    } else if (isa<MemRefType>(v.getType()))
      v = memref::LoadOp::create(b, loc, v, indicesOf(in, idx));
    m.map(g.getMatchingBlockArgument(in), v);
  }
  m.map(g.getRegionOutputArgs(), outArgs);
  cloneOps(b, g, m, perRow, rowLimits.reciprocal);
  return llvm::map_to_vector(g.getBody()->getTerminator()->getOperands(),
                             [&](Value v) { return m.lookupOrDefault(v); });
}

Value ReductionWriter::foldElement(OpBuilder &b, linalg::GenericOp g,
                                   ArrayRef<Value> idx, Value acc,
                                   const RowValues *rowValues) {
  return applyBody(b, g, idx, acc, rowValues)[0];
}

Value ReductionWriter::foldRange(OpBuilder &b, Value lb, Value step, Value init,
                                 ArrayRef<Value> idx, linalg::GenericOp g,
                                 const RowValues *rowValues) {
  if (!g)
    g = generic;
  auto [loop, result] = createNonEmptyLoop(b, loc, lb, numRed, step, init);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> full(idx);
  delinearize(b, loop.getInductionVar(), reductionDims, full);
  scf::YieldOp::create(
      b, loc, foldElement(b, g, full, loop.getRegionIterArgs()[0], rowValues));
  return result;
}

gpu::LaunchOp ReductionWriter::launch(OpBuilder &b, Value grid,
                                      TypeRange workgroup, StringRef schedule,
                                      unsigned cluster) {
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  auto guard = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, numOut, c0),
      /*withElse=*/false);
  b.setInsertionPointToStart(&guard.getThenRegion().front());
  Value bs = arith::ConstantIndexOp::create(b, loc, threads);
  Value clusterX =
      cluster > 1 ? arith::ConstantIndexOp::create(b, loc, cluster) : Value();
  auto op =
      gpu::LaunchOp::create(b, loc, grid, c1, c1, bs, c1, c1,
                            /*dynamicSharedMemorySize=*/nullptr,
                            /*asyncTokenType=*/nullptr,
                            /*asyncDependencies=*/{}, workgroup,
                            /*privateAttributions=*/{}, clusterX,
                            clusterX ? c1 : Value(), clusterX ? c1 : Value());
  // MLIR 22's builder gives the body no cluster id and size arguments
  // (the parser and every accessor expect them after the 12 others).
  Block &body = op.getBody().front();
  if (clusterX && body.getNumArguments() <
                      op.getNumConfigRegionAttributes() + workgroup.size())
    for (unsigned i = 0; i < 6; ++i)
      body.insertArgument(gpu::LaunchOp::kNumConfigRegionAttributes + i,
                          b.getIndexType(), loc);
  op->setAttr("ferric.schedule", b.getStringAttr(schedule));
  if (!llvm::is_contained(schedules, schedule))
    schedules.push_back(schedule.str());
  b.setInsertionPointToStart(&op.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&op.getBody().front());
  return op;
}

static std::string countOf(Value v) {
  if (!v)
    return "?";
  std::optional<int64_t> c = getConstantIntValue(v);
  return c ? std::to_string(*c) : "dynamic";
}

void ReductionWriter::noteSplit(StringRef what, Value count) {
  std::optional<int64_t> c = getConstantIntValue(count);
  split = c ? std::to_string(*c) + " " + what.str()
            : what.str() + " chosen on the host";
}

std::string ReductionWriter::describe() const {
  // A split's second kernel is part of its schedule.
  SmallVector<std::string> names;
  for (const std::string &name : schedules)
    if (!StringRef(name).ends_with("-stage2"))
      names.push_back(llvm::is_contained(schedules, name + "-stage2")
                          ? name + " (2 kernels)"
                          : name);
  std::string s = hostChoice
                      ? "chosen on the host: " + llvm::join(names, " or ")
                      : llvm::join(names, " + ");
  s += " for " + countOf(numOut) + " outputs of " + countOf(numRed) +
       " reduced elements";
  if (!split.empty())
    s += ", " + split;
  if (!rowShape.empty())
    s += ", " + rowShape;
  return s;
}

Value ReductionWriter::startValue(OpBuilder &b, OpOperand *init,
                                  ArrayRef<Value> at, Value fill) {
  if (fill)
    return b.clone(*fill.getDefiningOp())->getResult(0);
  return memref::LoadOp::create(b, loc, init->get(), at);
}

void ReductionWriter::write(OpBuilder &b, Operation *combiner) {
  computeSizes(b);
  if (!combiner)
    return writeThreadPerOutput(b);
  auto accType = cast<FloatType>(generic.getRegionOutputArgs()[0].getType());
  std::optional<int64_t> red = getConstantIntValue(numRed),
                         out = getConstantIntValue(numOut);
  // Few outputs (a full reduction, a handful of long rows): the block
  // schedule would fill only `out` blocks, so split each output across
  // blocks. Decided here when the sizes are static, else always split (the
  // host picks the block count, maybe 1).
  if (writesSplitFull(out, red))
    return writeSplitFull(b, combiner);
  if (!warpSize || accType.getWidth() > 32 || threads < warpSize)
    return writeBlockReduction(b, combiner);
  // Short rows, or enough of them to fill the GPU with one warp each: the
  // warp reduction. Long rows that are few: the block reduction. Decided
  // here when the sizes are static (no dead kernel), else on the host.
  if ((red && *red <= warpMaxElements) || (out && *out >= 8192))
    return writeWarpReduction(b, combiner);
  if (red && out)
    return writeBlockReduction(b, combiner);
  Value shortRows = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ule, numRed,
      arith::ConstantIndexOp::create(b, loc, warpMaxElements));
  Value manyRows =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, numOut,
                            arith::ConstantIndexOp::create(b, loc, 8192));
  Value useWarp = arith::OrIOp::create(b, loc, shortRows, manyRows);
  hostChoice = true;
  auto choice = scf::IfOp::create(b, loc, useWarp, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&choice.getThenRegion().front());
  writeWarpReduction(b, combiner);
  b.setInsertionPointToStart(&choice.getElseRegion().front());
  writeBlockReduction(b, combiner);
}

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

/// The linalg.fill of `generic`'s output with a constant that can be folded
/// into the reduction's kernel: the closest preceding op with memory
/// effects, filling exactly the output buffer. The kernel writes every
/// output element, so the fill's own kernel is not needed.
static linalg::FillOp foldableFill(linalg::GenericOp generic) {
  Operation *prev = generic->getPrevNode();
  while (prev && isMemoryEffectFree(prev))
    prev = prev->getPrevNode();
  auto fill = dyn_cast_or_null<linalg::FillOp>(prev);
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getDpsInits()[0] != generic.getDpsInits()[0] ||
      !fill.value().getDefiningOp<arith::ConstantOp>())
    return {};
  return fill;
}

namespace {
struct FerricReductionToGPUPass
    : ferric::impl::FerricReductionToGPUPassBase<FerricReductionToGPUPass> {
  using FerricReductionToGPUPassBase::FerricReductionToGPUPassBase;

  // Row programs load and store rows in vector chunks.
  void getDependentDialects(DialectRegistry &registry) const override {
    FerricReductionToGPUPassBase::getDependentDialects(registry);
    registry.insert<vector::VectorDialect, memref::MemRefDialect>();
  }

  void runOnOperation() override {
    if (blockSize == 0 || blockSize > 1024) {
      getOperation().emitError("ferric-reduction-to-gpu: block-size must be "
                               "in [1, 1024], got ")
          << blockSize.getValue();
      return signalPassFailure();
    }
    if (warpSize && (!llvm::isPowerOf2_32(warpSize) || warpSize > 64)) {
      getOperation().emitError("ferric-reduction-to-gpu: warp-size must be 0 "
                               "or a power of two up to 64, got ")
          << warpSize.getValue();
      return signalPassFailure();
    }
    if (splitMaxBlocks < 2 || splitMaxBlocks > 65535) {
      getOperation().emitError("ferric-reduction-to-gpu: split-max-blocks "
                               "must be in [2, 65535], got ")
          << splitMaxBlocks.getValue();
      return signalPassFailure();
    }
    if (splitFoldBytes < 32 || splitFoldBytes > 1024 ||
        !llvm::isPowerOf2_32(splitFoldBytes)) {
      getOperation().emitError("ferric-reduction-to-gpu: split-fold-bytes "
                               "must be a power of two in [32, 1024], got ")
          << splitFoldBytes.getValue();
      return signalPassFailure();
    }
    for (auto [name, bytes] :
         {std::pair{"column-load-bytes", (unsigned)columnLoadBytes},
          std::pair{"split-load-bytes", (unsigned)splitLoadBytes}})
      if (bytes > 16 || (bytes && !llvm::isPowerOf2_32(bytes))) {
        getOperation().emitError("ferric-reduction-to-gpu: ")
            << name << " must be 0 or a power of two up to 16, got " << bytes;
        return signalPassFailure();
      }
    if (columnNarrowColumns > 1024) {
      getOperation().emitError("ferric-reduction-to-gpu: column-narrow-columns "
                               "must be at most 1024, got ")
          << columnNarrowColumns.getValue();
      return signalPassFailure();
    }
    if (columnChunkRows == 0) {
      getOperation().emitError("ferric-reduction-to-gpu: column-chunk-rows "
                               "must be at least 1, got 0");
      return signalPassFailure();
    }
    if (rowProgramCluster > 16 ||
        (rowProgramCluster && !llvm::isPowerOf2_32(rowProgramCluster))) {
      getOperation().emitError("ferric-reduction-to-gpu: row-program-cluster "
                               "must be 0, 1, 2, 4, 8 or 16, got ")
          << rowProgramCluster.getValue();
      return signalPassFailure();
    }
    if (rowProgramClusterBlock < 128 || rowProgramClusterBlock > 1024 ||
        !llvm::isPowerOf2_32(rowProgramClusterBlock)) {
      getOperation().emitError("ferric-reduction-to-gpu: "
                               "row-program-cluster-block must be 128, 256, "
                               "512 or 1024, got ")
          << rowProgramClusterBlock.getValue();
      return signalPassFailure();
    }
    if (rowProgramThreadBytes < 16 || rowProgramThreadBytes > 256 ||
        !llvm::isPowerOf2_32(rowProgramThreadBytes)) {
      getOperation().emitError("ferric-reduction-to-gpu: "
                               "row-program-thread-bytes must be 16, 32, 64, "
                               "128 or 256, got ")
          << rowProgramThreadBytes.getValue();
      return signalPassFailure();
    }
    if (rowStreamThreads < 64 || rowStreamThreads > 1024 ||
        !llvm::isPowerOf2_32(rowStreamThreads)) {
      getOperation().emitError("ferric-reduction-to-gpu: row-stream-threads "
                               "must be 64, 128, 256, 512 or 1024, got ")
          << rowStreamThreads.getValue();
      return signalPassFailure();
    }
    if (rowStreamThreadBytes != 0 &&
        (rowStreamThreadBytes < 16 || rowStreamThreadBytes > 256 ||
         !llvm::isPowerOf2_32(rowStreamThreadBytes))) {
      getOperation().emitError("ferric-reduction-to-gpu: "
                               "row-stream-thread-bytes must be 0, 16, 32, "
                               "64, 128 or 256, got ")
          << rowStreamThreadBytes.getValue();
      return signalPassFailure();
    }
    if (rowStreamMinBlocks * rowStreamThreads > kMaxThreadsPerSM) {
      getOperation().emitError("ferric-reduction-to-gpu: "
                               "row-stream-min-blocks = ")
          << rowStreamMinBlocks.getValue() << " blocks of "
          << rowStreamThreads.getValue() << " threads exceed the "
          << kMaxThreadsPerSM << " resident threads of an SM";
      return signalPassFailure();
    }
    if (rowProgramMaxValues != 0 &&
        (rowProgramMaxValues < 8 || rowProgramMaxValues > 64)) {
      getOperation().emitError("ferric-reduction-to-gpu: "
                               "row-program-max-values must be 0 or in [8, "
                               "64], got ")
          << rowProgramMaxValues.getValue();
      return signalPassFailure();
    }
    if (rowProgramMaxRegisters != 0 &&
        (rowProgramMaxRegisters < 32 || rowProgramMaxRegisters > 255)) {
      getOperation().emitError("ferric-reduction-to-gpu: "
                               "row-program-max-registers must be 0 or in "
                               "[32, 255], got ")
          << rowProgramMaxRegisters.getValue();
      return signalPassFailure();
    }
    SmallVector<linalg::GenericOp> found;
    getOperation().walk([&](linalg::GenericOp g) {
      if (isSupported(g))
        found.push_back(g);
    });
    llvm::DenseSet<Operation *> done;
    for (linalg::GenericOp g : found) {
      if (done.contains(g))
        continue;
      Operation *combiner = blockCombiner(g);
      // A block reduction's tree needs a power of two of threads.
      unsigned threads = blockSize;
      if (combiner) {
        threads = 32;
        while (threads * 2 <= blockSize)
          threads *= 2;
      }
      linalg::FillOp fill = foldableFill(g);
      ReductionWriter writer(g, threads, workgroupAlloc,
                             fill ? fill.value() : Value(), warpSize,
                             warpMaxElements, splitMaxBlocks, columnChunkRows,
                             columnNarrowColumns);
      writer.setFoldBytes(splitFoldBytes);
      writer.setColumnLoadBytes(columnLoadBytes);
      writer.setSplitLoadBytes(splitLoadBytes);
      // The innermost loop kept (a column or middle-dim reduction): the
      // column schedules, coalesced along it.
      Operation *columnCombiner = nullptr;
      if (!combiner &&
          g.getIteratorTypesArray().back() == utils::IteratorType::parallel)
        columnCombiner = accumulatorCombiner(g);
      // A reduction and the row-wise work after it: one warp-per-row kernel
      // at the last member (every buffer it touches is defined by then).
      SmallVector<Value> fills;
      SmallVector<linalg::FillOp> foldedFills;
      SmallVector<linalg::GenericOp> group;
      if (combiner && rowGroups && warpSize && threads >= warpSize)
        group = findRowGroup(g, fills, foldedFills, rowGroupProducers);
      if (group.size() > 1)
        fills[llvm::find(group, g) - group.begin()] =
            fill ? fill.value() : Value();
      // Folded fills go first: the writers take their constants, and a
      // buffer's remaining users say whether a row result must be stored.
      if (fill)
        fill.erase();
      // The split-full and column schedules apply the elementwise generic
      // after the reduction (a cast back to bf16, a mean's division) where
      // they write the outputs. The pure ops and allocations between the
      // two move above the reduction so that its kernels see them.
      linalg::GenericOp epilogue;
      bool storeResult = true;
      if (group.size() <= 1 &&
          (columnCombiner || (combiner && writer.writesSplitFull())))
        epilogue = findEpilogue(g, storeResult);
      if (epilogue) {
        for (Operation *op = g->getNextNode(); op != epilogue;) {
          Operation *next = op->getNextNode();
          op->moveBefore(g);
          op = next;
        }
        writer.setEpilogue(epilogue, storeResult);
      }
      if (group.size() > 1) {
        for (linalg::FillOp f : foldedFills)
          f.erase();
        // Starts filled (or copied) earlier: the constant, and the fill and
        // copy gone when nothing else reads them.
        SetVector<Operation *> toErase;
        for (auto [member, start] : llvm::zip_equal(group, fills))
          if (!start && member.getNumReductionLoops() != 0)
            start = constantBefore(member.getDpsInits()[0], group.front(),
                                   group, toErase);
        // Copies go; fills are looked at below (not through toErase, which
        // then holds the erased copies).
        SmallVector<linalg::FillOp> startFills;
        for (Operation *op : toErase) {
          if (isa<memref::CopyOp>(op))
            op->erase();
          else if (auto f = dyn_cast<linalg::FillOp>(op))
            startFills.push_back(f);
        }
        for (linalg::FillOp fillOp : startFills) {
          Operation *op = fillOp;
          Value buffer = fillOp.getDpsInits()[0];
          // The fill stays unless the buffer is the output of a member now
          // starting from the constant and every other reader is a later
          // member (which reads that member's result in the kernel).
          auto writer = llvm::find_if(group, [&](linalg::GenericOp m) {
            return m.getNumReductionLoops() != 0 &&
                   m.getDpsInits()[0] == buffer;
          });
          bool needed =
              writer == group.end() || !fills[writer - group.begin()] ||
              llvm::any_of(buffer.getUsers(), [&](Operation *user) {
                if (user == op || isa<memref::DeallocOp>(user) ||
                    user == writer->getOperation())
                  return false;
                auto later = llvm::find_if(group, [&](linalg::GenericOp m) {
                  return m.getOperation() == user;
                });
                return later == group.end() || later < writer;
              });
          if (!needed)
            op->erase();
        }
        OpBuilder b(group.back());
        RowProgramLimits limits;
        limits.maxCluster = std::max<unsigned>(rowProgramCluster, 1);
        limits.clusterBlock = rowProgramClusterBlock;
        limits.threadBytes = rowProgramThreadBytes;
        limits.maxValues = rowProgramMaxValues;
        limits.clusterGrid = rowProgramClusterGrid;
        limits.maxRegisters = rowProgramMaxRegisters;
        limits.invariantValues = rowProgramInvariantValues;
        limits.alignedChunks = rowProgramAlignedChunks;
        limits.stream = rowStream;
        limits.streamMinLength = rowStreamMinLength;
        limits.streamThreads = rowStreamThreads;
        limits.streamThreadBytes = rowStreamThreadBytes;
        limits.streamMinBlocks = rowStreamMinBlocks;
        limits.reciprocal = rowReciprocal;
        writer.setRowProgramLimits(limits);
        writer.writeRowGroup(b, group, fills, rowGroupBlockElements,
                             rowProgram);
      } else if (columnCombiner) {
        OpBuilder b(g);
        writer.writeColumn(b, columnCombiner);
      } else {
        OpBuilder b(g);
        writer.write(b, combiner);
      }
      // Which schedule each reduction got, for --remarks-filter.
      remark::passed(g.getLoc(), remark::RemarkOpts::name("Reduction")
                                     .category("ferric-reduction-to-gpu")
                                     .function(getOperation().getSymName()))
          << writer.describe();
      if (group.size() > 1) {
        for (linalg::GenericOp member : group) {
          done.insert(member);
          member.erase();
        }
      } else {
        Value out = g.getDpsInits()[0];
        g.erase();
        if (epilogue && writer.usedEpilogue()) {
          epilogue.erase();
          // Nothing reads the reduction's own output any more.
          if (!storeResult && out.getDefiningOp<memref::AllocOp>() &&
              llvm::all_of(out.getUsers(), [](Operation *user) {
                return isa<memref::DeallocOp>(user);
              })) {
            for (Operation *user : llvm::make_early_inc_range(out.getUsers()))
              user->erase();
            out.getDefiningOp()->erase();
          }
        }
      }
    }
  }
};
} // namespace
