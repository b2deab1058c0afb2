//===- ReductionWriter.cpp - The reduction writer's shared pieces ---------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// What every reduction kernel of ReductionWriter builds on (loop sizes,
// indices, the generic's body at an element, launches, the remark), the
// chooser's view of the reduction (shape()) and the emission of a schedule
// list as host-side guards around the kernels of ferric-reduction-to-gpu.
//
//===----------------------------------------------------------------------===//

#include "ReductionWriter.h"

#include "KernelBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

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
  cloneOps(b, g, m, perRow, tuning.rows.reciprocal);
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

//===----------------------------------------------------------------------===//
// The chooser's view of this reduction, and the schedules emitted
//===----------------------------------------------------------------------===//

/// The output and reduced element counts of `g` when static.
static std::pair<std::optional<int64_t>, std::optional<int64_t>>
staticCounts(linalg::GenericOp g) {
  std::optional<int64_t> out = 1, red = 1;
  for (auto [size, it] :
       llvm::zip_equal(g.getStaticLoopRanges(), g.getIteratorTypesArray())) {
    std::optional<int64_t> &count =
        it == utils::IteratorType::reduction ? red : out;
    if (ShapedType::isDynamic(size))
      count = std::nullopt;
    else if (count)
      *count *= size;
  }
  return {out, red};
}

/// The buffer `g` reads through the identity map of all its loops, if any.
Value mlir::ferric::fullInput(linalg::GenericOp g) {
  for (OpOperand *in : g.getDpsInputOperands())
    if (isa<MemRefType>(in->get().getType()) &&
        g.getMatchingIndexingMap(in).isIdentity())
      return in->get();
  return {};
}

ReductionShape
ReductionWriter::shape(Operation *combiner,
                       ArrayRef<linalg::GenericOp> members) const {
  linalg::GenericOp g = generic; // the accessors are not const
  ReductionShape s;
  std::tie(s.outputs, s.reduced) = staticCounts(g);
  s.threads = threads;
  if (auto acc = dyn_cast<FloatType>(g.getRegionOutputArgs()[0].getType()))
    s.accumulatorBits = acc.getWidth();
  bool innerReduced =
      g.getIteratorTypesArray().back() == utils::IteratorType::reduction;
  if (!combiner) {
    s.form = ReductionShape::Form::Plain;
    return s;
  }
  if (!innerReduced) {
    s.form = ReductionShape::Form::Column;
    s.narrowInner = narrowInner();
    s.singleShortChunk =
        s.outputs && s.reduced && *s.reduced <= (int64_t)tuning.columnChunkRows;
    return s;
  }
  if (members.size() <= 1)
    return s;
  s.form = ReductionShape::Form::RowGroup;
  // A row program needs the row to be the innermost dim alone (its chunks
  // are consecutive elements).
  Value x = fullInput(g);
  s.rowInnermost = x && g.getNumReductionLoops() == 1;
  if (!x)
    return s;
  // Wider chunks need contiguous buffers. An i1 buffer holds a byte per
  // element but a vector<Nxi1> is N bits in memory (a vector store of a row
  // of masks would pack them into the first bytes), so a group with one
  // moves one element per access, like the elementwise kernels.
  s.vectorizable = llvm::all_of(members, [](linalg::GenericOp m) {
    return llvm::all_of(m->getOperands(), [](Value v) {
      auto type = dyn_cast<MemRefType>(v.getType());
      return !type || (type.getLayout().isIdentity() &&
                       !type.getElementType().isInteger(1));
    });
  });
  // Chunks of 16 bytes of the narrowest float type the members keep in
  // memory over the whole loop space (bf16 inputs and outputs of a norm
  // computed in f32 move 8 values per access; wider buffers take several).
  Type element = cast<MemRefType>(x.getType()).getElementType();
  for (linalg::GenericOp m : members)
    for (Value v : m->getOperands())
      if (auto type = dyn_cast<MemRefType>(v.getType());
          type && type.getRank() == (int64_t)g.getNumLoops() &&
          isa<FloatType>(type.getElementType()) &&
          type.getElementTypeBitWidth() < element.getIntOrFloatBitWidth())
        element = type.getElementType();
  s.element = element;
  return s;
}

Value ReductionWriter::guardHolds(OpBuilder &b, const ScheduleGuard &guard) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  SmallVector<Value> terms;
  auto cmp = [&](arith::CmpIPredicate p, Value lhs, int64_t rhs) {
    terms.push_back(arith::CmpIOp::create(b, loc, p, lhs, index(rhs)));
  };
  if (guard.minReduced > 0)
    cmp(arith::CmpIPredicate::uge, numRed, guard.minReduced);
  if (guard.maxReduced > 0)
    cmp(arith::CmpIPredicate::ule, numRed, guard.maxReduced);
  if (guard.reducedMultipleOf > 1)
    cmp(arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, numRed, index(guard.reducedMultipleOf)),
        0);
  if (guard.minOutputs > 0)
    cmp(arith::CmpIPredicate::uge, numOut, guard.minOutputs);
  assert(!terms.empty() && "an always-true guard needs no test");
  Value all = terms.front();
  for (Value t : ArrayRef(terms).drop_front())
    all = arith::AndIOp::create(b, loc, all, t);
  return all;
}

void ReductionWriter::write(OpBuilder &b, const ScheduleList &schedules,
                            Operation *combiner,
                            ArrayRef<linalg::GenericOp> members,
                            ArrayRef<Value> fills) {
  assert(!schedules.empty() && schedules.back().guard.isAlways() &&
         "a schedule list ends with one that always holds");
  computeSizes(b);
  OpBuilder::InsertionGuard insertion(b);
  hostChoice = schedules.size() > 1;
  // Consecutive entries of one schedule are one branch: the OR of their
  // guards. The last branch needs no test.
  for (size_t i = 0; i < schedules.size();) {
    size_t j = i + 1;
    while (j < schedules.size() &&
           schedules[j].schedule == schedules[i].schedule)
      ++j;
    const ReductionSchedule &s = schedules[i].schedule;
    if (j == schedules.size())
      return emit(b, s, combiner, members, fills);
    Value cond = guardHolds(b, schedules[i].guard);
    for (size_t k = i + 1; k < j; ++k)
      cond =
          arith::OrIOp::create(b, loc, cond, guardHolds(b, schedules[k].guard));
    auto choice = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/true);
    b.setInsertionPointToStart(&choice.getThenRegion().front());
    emit(b, s, combiner, members, fills);
    b.setInsertionPointToStart(&choice.getElseRegion().front());
    i = j;
  }
}

void ReductionWriter::emit(OpBuilder &b, const ReductionSchedule &s,
                           Operation *combiner,
                           ArrayRef<linalg::GenericOp> members,
                           ArrayRef<Value> fills) {
  OpBuilder::InsertionGuard insertion(b);
  switch (s.kernel) {
  case ReductionKernel::ThreadPerOutput:
    return writeThreadPerOutput(b);
  case ReductionKernel::Warp:
    return writeWarpReduction(b, combiner);
  case ReductionKernel::Block:
    return writeBlockReduction(b, combiner);
  case ReductionKernel::SplitFull:
    return writeSplitFull(b, combiner);
  case ReductionKernel::Column:
    return writeColumn(b, combiner);
  case ReductionKernel::ColumnNarrow:
    return writeColumnNarrow(b, combiner, narrowInner());
  case ReductionKernel::RowWarp:
    return writeRowGroupWarp(b, members, fills);
  case ReductionKernel::RowBlock:
    return writeRowGroupBlock(b, members, fills);
  case ReductionKernel::RowProgram:
    return writeRowProgram(b, members, fills, s.program);
  case ReductionKernel::RowStream:
    return writeRowStream(b, members, fills, s.stream);
  }
}
