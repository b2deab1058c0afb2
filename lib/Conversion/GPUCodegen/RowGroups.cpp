//===- RowGroups.cpp - One kernel for a reduction and its row consumers ---===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// RMSNorm and softmax are reductions over the rows of x followed by
// elementwise work on the same rows that reads the reductions' results:
// separate kernels read x from memory once per kernel. A row group runs them
// all in one kernel, one warp per row: each reduction's result stays in a
// register for the members after it, and x is read again while the row is
// still in the caches.
//
//===----------------------------------------------------------------------===//

#include "ReductionWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::ferric;

/// Can `g` join the group of `first` (full input `x`, row outputs so far in
/// `rowOutputs`, read through `rowMap`)?
static bool fitsGroup(linalg::GenericOp g, linalg::GenericOp first, Value x,
                      const llvm::DenseSet<Value> &rowOutputs,
                      const llvm::DenseSet<Value> &elementOutputs,
                      AffineMap rowMap, bool inPlace) {
  if (!g.hasPureBufferSemantics() || g.getNumLoops() != first.getNumLoops() ||
      !g.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  // Reading x, or an earlier elementwise member's output, through the
  // identity map: the same loop space.
  bool readsX = llvm::any_of(g.getDpsInputOperands(), [&](OpOperand *in) {
    return (in->get() == x || elementOutputs.contains(in->get())) &&
           g.getMatchingIndexingMap(in).isIdentity();
  });
  if (!readsX)
    return false;
  bool reduction = g.getIteratorTypesArray() == first.getIteratorTypesArray();
  if (!reduction && g.getNumReductionLoops() != 0)
    return false;
  if (reduction) {
    auto acc = dyn_cast<FloatType>(g.getRegionOutputArgs()[0].getType());
    if (g.getNumDpsInits() != 1 || !blockCombiner(g) || !acc ||
        acc.getWidth() > 32 ||
        g.getMatchingIndexingMap(g.getDpsInitOperand(0)) != rowMap)
      return false;
  }
  for (OpOperand *in : g.getDpsInputOperands()) {
    Value v = in->get();
    if (!isa<MemRefType>(v.getType()))
      continue;
    AffineMap map = g.getMatchingIndexingMap(in);
    // An earlier elementwise member's output is read by the lane that wrote
    // it only through the identity map.
    if (rowOutputs.contains(v)       ? map != rowMap
        : elementOutputs.contains(v) ? !map.isIdentity()
                                     : !map.isProjectedPermutation())
      return false;
  }
  // Outputs: fresh buffers, written through the identity map (elementwise)
  // or the row map (reductions), read by no earlier member.
  for (OpOperand &out : g.getDpsInitsMutable()) {
    Value v = out.get();
    // In place (a buffer the group read or wrote before, through the
    // identity map): element j is read and written by one thread only, in
    // program order.
    if (!v.getDefiningOp<memref::AllocOp>() || rowOutputs.contains(v) ||
        (!(inPlace && !reduction) && (v == x || elementOutputs.contains(v))))
      return false;
    if (!reduction && !g.getMatchingIndexingMap(&out).isIdentity())
      return false;
  }
  return true;
}

/// The buffer `v` is a view of (through collapse_shape, subview, ...).
static Value rootBuffer(Value v) {
  while (v) {
    auto view = v.getDefiningOp<ViewLikeOpInterface>();
    if (!view || !view.getViewSource())
      break;
    v = view.getViewSource();
  }
  return v;
}

/// Is `v` a buffer allocated for the group to write: an allocation, or a
/// reshaped view of one that is otherwise only returned or freed (a saved
/// [1, T, 1] statistic written through its [1, T] view)?
static bool freshBuffer(Value v) {
  if (v.getDefiningOp<memref::AllocOp>())
    return true;
  auto view = v.getDefiningOp<ViewLikeOpInterface>();
  if (!view || !isa<memref::CollapseShapeOp, memref::ExpandShapeOp>(view))
    return false;
  Value root = view.getViewSource();
  return root.getDefiningOp<memref::AllocOp>() &&
         llvm::all_of(root.getUsers(), [&](Operation *user) {
           return user == view.getOperation() ||
                  isa<func::ReturnOp, memref::DeallocOp>(user);
         });
}

/// Can `op`, between two members of a row group, stay where it is while the
/// group becomes one kernel at its last member? It then runs before every
/// member instead of after the earlier ones, so it must not read what they
/// write (`outputs`) nor write what they read or write (`inputs`, `outputs`),
/// compared buffer by buffer through views; later members may read what it
/// writes. Its memory effects must be known per buffer. A column sum between
/// the two row sums of a LayerNorm backward is such an op.
static bool skipsGroup(Operation *op, const llvm::DenseSet<Value> &inputs,
                       const llvm::DenseSet<Value> &outputs) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || (op->getNumRegions() != 0 && !isa<linalg::LinalgOp>(op)))
    return false;
  llvm::DenseSet<Value> read, written;
  for (Value v : inputs)
    read.insert(rootBuffer(v));
  for (Value v : outputs)
    written.insert(rootBuffer(v));
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::all_of(instances, [&](MemoryEffects::EffectInstance &e) {
    if (!e.getValue())
      return false;
    Value v = rootBuffer(e.getValue());
    return !written.contains(v) &&
           (isa<MemoryEffects::Read>(e.getEffect()) || !read.contains(v));
  });
}

/// Can `g` join the group as a row member (isRowMember): elementwise over the
/// rows (`rowMap`'s dims), reading at least one row result of the group
/// through the identity map and other buffers (no full-space member output)
/// through projected permutations, writing fresh buffers it does not read.
static bool fitsRowMember(linalg::GenericOp g, linalg::GenericOp first,
                          AffineMap rowMap,
                          const llvm::DenseSet<Value> &rowOutputs,
                          const llvm::DenseSet<Value> &elementOutputs) {
  // Rows, not one whole-tensor "row" (a full reduction's cast stays its
  // epilogue, on the split-full schedule).
  if (!g.hasPureBufferSemantics() || g.getNumReductionLoops() != 0 ||
      rowMap.getNumResults() == 0 ||
      g.getNumLoops() != rowMap.getNumResults() ||
      g.getNumLoops() >= first.getNumLoops() ||
      !g.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  bool readsRow = false;
  for (OpOperand *in : g.getDpsInputOperands()) {
    Value v = in->get();
    if (!isa<MemRefType>(v.getType()))
      continue;
    AffineMap map = g.getMatchingIndexingMap(in);
    if (elementOutputs.contains(v) || !map.isProjectedPermutation() ||
        (rowOutputs.contains(v) && !map.isIdentity()))
      return false;
    readsRow |= rowOutputs.contains(v);
  }
  return readsRow && llvm::all_of(g.getDpsInitsMutable(), [&](OpOperand &out) {
           Value v = out.get();
           return freshBuffer(v) &&
                  g.getMatchingIndexingMap(&out).isIdentity() &&
                  g.getMatchingBlockArgument(&out).use_empty() &&
                  !rowOutputs.contains(v) && !elementOutputs.contains(v) &&
                  !llvm::is_contained(g.getDpsInputs(), v);
         });
}

bool mlir::ferric::isRowMember(linalg::GenericOp g,
                               ArrayRef<linalg::GenericOp> members) {
  linalg::GenericOp front = members.front(); // the accessors are not const
  return g.getNumLoops() < front.getNumLoops();
}

/// The elementwise generic that writes what `first` reduces, just before it
/// (past its output's fill): it reads and writes buffers of the row space
/// through the identity map, so its element j can be computed by the thread
/// that then reads it in the row group.
static linalg::GenericOp producerOf(linalg::GenericOp first, Value x) {
  // Fills and copies between (the accumulator's start: a zero fill, copied
  // when bufferization keeps the filled buffer for a later sum) stay where
  // they are, so they must not touch what the producer reads or writes.
  SmallVector<Operation *> between;
  Operation *op = first->getPrevNode();
  for (; op; op = op->getPrevNode()) {
    if (isMemoryEffectFree(op) || isa<memref::AllocOp>(op))
      continue;
    if (!isa<linalg::FillOp, memref::CopyOp>(op))
      break;
    between.push_back(op);
  }
  auto p = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!p || !p.hasPureBufferSemantics() || p.getNumReductionLoops() != 0 ||
      p.getNumLoops() != first.getNumLoops() ||
      !p.getBody()->getOps<linalg::IndexOp>().empty() ||
      !llvm::is_contained(p.getDpsInits(), x))
    return {};
  // (getDpsInputs() returns a fresh vector: one call, then its elements.)
  llvm::DenseSet<Value> reads, writes;
  for (Value v : p.getDpsInputs())
    reads.insert(v);
  for (Value v : p.getDpsInits())
    writes.insert(v);
  if (!llvm::all_of(between,
                    [&](Operation *o) { return skipsGroup(o, reads, writes); }))
    return {};
  for (OpOperand &operand : p->getOpOperands()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    AffineMap map = p.getMatchingIndexingMap(&operand);
    if (p.isDpsInit(&operand)
            ? !map.isIdentity() ||
                  !operand.get().getDefiningOp<memref::AllocOp>()
            : !map.isProjectedPermutation())
      return {};
  }
  // x's loop space is the producer's: every output has x's shape (its
  // element type may differ: residual-add in bf16, then the f32 cast that
  // the norm reads; each buffer is loaded and stored at its own width).
  auto xType = cast<MemRefType>(x.getType());
  for (Value out : p.getDpsInits()) {
    auto type = cast<MemRefType>(out.getType());
    if (type.getShape() != xType.getShape() ||
        type.getLayout() != xType.getLayout())
      return {};
  }
  return p;
}

SmallVector<linalg::GenericOp> mlir::ferric::findRowGroup(
    linalg::GenericOp first, SmallVectorImpl<Value> &fills,
    SmallVectorImpl<linalg::FillOp> &foldedFills, bool withProducer) {
  Value x = fullInput(first);
  auto acc = dyn_cast<FloatType>(first.getRegionOutputArgs()[0].getType());
  // Shuffles move 32 bits (narrower floats travel as f32).
  if (!x || first.getNumDpsInits() != 1 || !acc || acc.getWidth() > 32)
    return {};
  AffineMap rowMap = first.getMatchingIndexingMap(first.getDpsInitOperand(0));
  SmallVector<linalg::GenericOp> group{first};
  llvm::DenseSet<Value> rowOutputs{first.getDpsInits()[0]};
  // Inputs read through other maps than the identity (by other threads).
  llvm::DenseSet<Value> elementOutputs, inputs, crossInputs;
  auto addInputs = [&](linalg::GenericOp g) {
    for (OpOperand *in : g.getDpsInputOperands()) {
      inputs.insert(in->get());
      if (!g.getMatchingIndexingMap(in).isIdentity())
        crossInputs.insert(in->get());
    }
  };
  // Everything the members so far write (their outputs).
  auto groupOutputs = [&] {
    llvm::DenseSet<Value> outputs(rowOutputs.begin(), rowOutputs.end());
    outputs.insert(elementOutputs.begin(), elementOutputs.end());
    return outputs;
  };
  SmallVector<Value> memberFills{Value()};
  SmallVector<linalg::FillOp> folded;
  linalg::FillOp pendingFill;
  // Leaves `op` (and the fill just before it, of its output) where it is,
  // out of the group, if skipsGroup allows.
  auto skipPast = [&](Operation *op) {
    llvm::DenseSet<Value> outputs = groupOutputs();
    if (!skipsGroup(op, inputs, outputs) ||
        (pendingFill && !skipsGroup(pendingFill, inputs, outputs)))
      return false;
    pendingFill = {};
    return true;
  };
  bool hasElementwise = false;
  // The producer of x (residual add + RMSNorm: x + r and its square) joins
  // as the first member, writing its outputs for the members after it.
  linalg::GenericOp producer = withProducer ? producerOf(first, x) : nullptr;
  if (producer) {
    group.insert(group.begin(), producer);
    memberFills.insert(memberFills.begin(), Value());
    elementOutputs.insert(producer.getDpsInits().begin(),
                          producer.getDpsInits().end());
    addInputs(producer);
  }
  addInputs(first);
  for (Operation *op = first->getNextNode(); op; op = op->getNextNode()) {
    if (isMemoryEffectFree(op) || isa<memref::AllocOp>(op))
      continue;
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      // Only the fill of the next member's output, with a constant.
      if (pendingFill || !fill.hasPureBufferSemantics() ||
          !fill.value().getDefiningOp<arith::ConstantOp>())
        break;
      pendingFill = fill;
      continue;
    }
    auto g = dyn_cast<linalg::GenericOp>(op);
    if (!g) {
      if (skipPast(op))
        continue;
      break;
    }
    // A row member (the mean's division before the variance's sum) is
    // computed once per row; later members read its results as row results.
    if (!pendingFill &&
        fitsRowMember(g, first, rowMap, rowOutputs, elementOutputs) &&
        llvm::none_of(g.getDpsInits(),
                      [&](Value v) { return inputs.contains(v); })) {
      addInputs(g);
      group.push_back(g);
      memberFills.push_back(Value());
      rowOutputs.insert(g.getDpsInits().begin(), g.getDpsInits().end());
      continue;
    }
    if (!fitsGroup(g, first, x, rowOutputs, elementOutputs, rowMap,
                   withProducer)) {
      if (skipPast(op))
        continue;
      break;
    }
    // A member must not overwrite what an earlier member reads (with
    // withProducer: what another thread reads).
    if (llvm::any_of(g.getDpsInits(), [&](Value v) {
          return (withProducer ? crossInputs : inputs).contains(v);
        }))
      break;
    bool reduction = g.getNumReductionLoops() != 0;
    Value fillValue;
    if (pendingFill) {
      if (!reduction || pendingFill.getDpsInits()[0] != g.getDpsInits()[0])
        break;
      fillValue = pendingFill.value();
      folded.push_back(pendingFill);
      pendingFill = {};
    }
    addInputs(g);
    group.push_back(g);
    memberFills.push_back(fillValue);
    if (reduction) {
      rowOutputs.insert(g.getDpsInits()[0]);
    } else {
      hasElementwise = true;
      elementOutputs.insert(g.getDpsInits().begin(), g.getDpsInits().end());
    }
  }
  // Does the reduction `g` read the result of an earlier reduction of the
  // group (a variance's sum of (x - mean)^2 after the mean, log-sum-exp's
  // sum after the max)? It needs that row's result, in a register in the
  // group, and reads x again while the row is still in the caches.
  auto readsRowResult = [&](linalg::GenericOp g) {
    return g.getNumReductionLoops() != 0 &&
           llvm::any_of(g.getDpsInputOperands(), [&](OpOperand *in) {
             return g != first && rowOutputs.contains(in->get()) &&
                    in->get() != g.getDpsInits()[0];
           });
  };
  // End the group at its last elementwise member or dependent reduction: a
  // trailing reduction of x alone shares nothing with the members before it.
  while (group.back().getNumReductionLoops() != 0 &&
         !readsRowResult(group.back())) {
    if (memberFills.back())
      folded.pop_back();
    group.pop_back();
    memberFills.pop_back();
    if (group.empty())
      return {};
  }
  // Only independent reductions: nothing to share; the single-reduction
  // kernels do.
  if (!hasElementwise && !llvm::any_of(group, readsRowResult))
    return {};
  fills.append(memberFills.begin(), memberFills.end());
  foldedFills.append(folded.begin(), folded.end());
  return group;
}

bool mlir::ferric::readAfterGroup(Value buffer,
                                  ArrayRef<linalg::GenericOp> members) {
  auto readElsewhere = [&](Value v, Operation *through) {
    return llvm::any_of(v.getUsers(), [&](Operation *user) {
      return user != through && !isa<memref::DeallocOp>(user) &&
             !llvm::is_contained(members, user);
    });
  };
  // A reshaped view of an allocation (freshBuffer): the allocation's other
  // users (a return) read it too.
  auto view = buffer.getDefiningOp<ViewLikeOpInterface>();
  return readElsewhere(buffer, nullptr) ||
         (view && readElsewhere(view.getViewSource(), view));
}

Value ReductionWriter::finishRowReduction(OpBuilder &b,
                                          ArrayRef<linalg::GenericOp> members,
                                          linalg::GenericOp g, Value fill,
                                          Value total, ArrayRef<Value> idx,
                                          Value isStorer) {
  OpOperand *init = g.getDpsInitOperand(0);
  SmallVector<Value> at = indicesOf(init, idx);
  Value result = combine(b, blockCombiner(g), g.getRegionOutputArgs()[0],
                         startValue(b, init, at, fill), total);
  // Every thread holds the row's result; one also stores it unless only the
  // group reads it (and a dealloc frees it). The epilogue after the group's
  // last reduction (a mean's division, a std's sqrt) is applied there too.
  bool withEpilogue = epilogue && g == members.back();
  if (withEpilogue || readAfterGroup(init->get(), members)) {
    auto store = scf::IfOp::create(b, loc, isStorer, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&store.getThenRegion().front());
    if (withEpilogue)
      storeResult(b, idx, result, g);
    else
      memref::StoreOp::create(b, loc, result, init->get(), at);
  }
  return result;
}

void ReductionWriter::rowMember(OpBuilder &b,
                                ArrayRef<linalg::GenericOp> members,
                                linalg::GenericOp g, ArrayRef<Value> idx,
                                Value isStorer, RowValues &rowValues) {
  // The row's indices, as the row results are indexed: g's loops.
  SmallVector<Value> at = indicesOf(generic.getDpsInitOperand(0), idx);
  // Its output arguments are unused (fitsRowMember).
  SmallVector<Value> outArgs;
  for (BlockArgument arg : g.getRegionOutputArgs())
    outArgs.push_back(arith::ConstantOp::create(
        b, loc, cast<TypedAttr>(b.getZeroAttr(arg.getType()))));
  SmallVector<Value> values = applyBody(b, g, at, outArgs, &rowValues);
  for (auto [out, v] : llvm::zip_equal(g.getDpsInitsMutable(), values)) {
    rowValues[out.get()] = v;
    if (!readAfterGroup(out.get(), members))
      continue;
    auto store = scf::IfOp::create(b, loc, isStorer, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&store.getThenRegion().front());
    memref::StoreOp::create(b, loc, v, out.get(), indicesOf(&out, at));
  }
}

void ReductionWriter::rowElement(OpBuilder &b, linalg::GenericOp g,
                                 ArrayRef<Value> idx, Value j,
                                 const RowValues &rowValues) {
  SmallVector<Value> full(idx);
  delinearize(b, j, reductionDims, full);
  // Output arguments the body reads are loaded; the others get a zero
  // (nothing reads it).
  SmallVector<Value> outArgs;
  for (OpOperand &out : g.getDpsInitsMutable()) {
    BlockArgument arg = g.getMatchingBlockArgument(&out);
    outArgs.push_back(
        arg.use_empty()
            ? arith::ConstantOp::create(
                  b, loc, cast<TypedAttr>(b.getZeroAttr(arg.getType())))
                  .getResult()
            : memref::LoadOp::create(b, loc, out.get(), indicesOf(&out, full))
                  .getResult());
  }
  SmallVector<Value> values = applyBody(b, g, full, outArgs, &rowValues);
  for (auto [out, v] : llvm::zip_equal(g.getDpsInitsMutable(), values))
    memref::StoreOp::create(b, loc, v, out.get(), indicesOf(&out, full));
}

void ReductionWriter::writeRowGroupWarp(OpBuilder &b,
                                        ArrayRef<linalg::GenericOp> members,
                                        ArrayRef<Value> fills) {
  SmallVector<Value> idx;
  Value lane = warpRows(b, idx, "row-group");
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  Value isLane0 =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, index(0));
  RowValues rowValues;
  for (auto [member, fill] : llvm::zip_equal(members, fills)) {
    linalg::GenericOp g = member;
    if (isRowMember(g, members)) {
      rowMember(b, members, g, idx, isLane0, rowValues);
      continue;
    }
    if (g.getNumReductionLoops() != 0) {
      Operation *combiner = blockCombiner(g);
      Value partial = warpPartial(b, g, combiner, idx, lane, &rowValues);
      Value total = warpAllReduce(b, g, combiner, partial);
      rowValues[g.getDpsInits()[0]] =
          finishRowReduction(b, members, g, fill, total, idx, isLane0);
      continue;
    }
    // Elementwise over the row: lane l takes elements l, l + warpSize, ...,
    // the order in which the reductions read them; kPartials of them per
    // step of the main loop (that many loads in flight), then the rest.
    Value chunk = index(kPartials * warpSize);
    Value mainEnd = wholeChunksEnd(b, chunk);
    auto main = scf::ForOp::create(b, loc, index(0), mainEnd, chunk);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(main.getBody());
      Value base = arith::AddIOp::create(b, loc, main.getInductionVar(), lane);
      for (unsigned k = 0; k < kPartials; ++k)
        rowElement(b, g, idx,
                   arith::AddIOp::create(b, loc, base, index(k * warpSize)),
                   rowValues);
    }
    auto rest =
        scf::ForOp::create(b, loc, arith::AddIOp::create(b, loc, mainEnd, lane),
                           numRed, index(warpSize));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(rest.getBody());
    rowElement(b, g, idx, rest.getInductionVar(), rowValues);
  }
}

bool mlir::ferric::afterGroup(Operation *op,
                              ArrayRef<linalg::GenericOp> members) {
  Operation *last = members.back();
  Operation *inBlock = last->getBlock()->findAncestorOpInBlock(*op);
  return inBlock && inBlock != last && last->isBeforeInBlock(inBlock);
}

Value mlir::ferric::constantBefore(Value out, linalg::GenericOp first,
                                   ArrayRef<linalg::GenericOp> members,
                                   SetVector<Operation *> &toErase) {
  // Users after the group read what the group stored there (every row of a
  // member's result, read after the group, is stored): not the start.
  auto outside = [&](Value buffer) {
    SmallVector<Operation *> ops;
    for (Operation *user : buffer.getUsers())
      if (!isa<memref::DeallocOp>(user) && !llvm::is_contained(members, user) &&
          !afterGroup(user, members))
        ops.push_back(user);
    return ops;
  };
  auto before = [&](Operation *op) {
    return op->getBlock() == first->getBlock() && op->isBeforeInBlock(first);
  };
  auto constantFill = [&](Operation *op, Value buffer) -> linalg::FillOp {
    auto fill = dyn_cast<linalg::FillOp>(op);
    if (!fill || !fill.hasPureBufferSemantics() || !before(fill) ||
        fill.getDpsInits()[0] != buffer ||
        !fill.value().getDefiningOp<arith::ConstantOp>())
      return {};
    return fill;
  };
  // Copies of `out` before the group read the constant too.
  SmallVector<Operation *> writers;
  for (Operation *op : outside(out)) {
    auto copy = dyn_cast<memref::CopyOp>(op);
    if (!copy || copy.getSource() != out || !before(copy))
      writers.push_back(op);
  }
  if (writers.size() != 1)
    return {};
  if (linalg::FillOp fill = constantFill(writers[0], out)) {
    toErase.insert(fill);
    return fill.value();
  }
  auto copy = dyn_cast<memref::CopyOp>(writers[0]);
  if (!copy || copy.getTarget() != out || !before(copy))
    return {};
  // The copied buffer: filled once, then only copied (before the group) or
  // used by members.
  linalg::FillOp fill;
  for (Operation *user : outside(copy.getSource())) {
    if (linalg::FillOp f = constantFill(user, copy.getSource())) {
      if (fill)
        return {};
      fill = f;
      continue;
    }
    auto other = dyn_cast<memref::CopyOp>(user);
    if (!other || other.getSource() != copy.getSource() || !before(other))
      return {};
  }
  if (!fill || !fill->isBeforeInBlock(copy))
    return {};
  toErase.insert(copy);
  return fill.value();
}
