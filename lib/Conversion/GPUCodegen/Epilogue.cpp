//===- Epilogue.cpp - Elementwise work at a reduction's final stores ------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// A reduction of bf16/f16 values accumulates in f32 and is cast back by an
// elementwise generic after it; a mean divides the sum by the count the
// same way. As a kernel of its own, that generic costs a launch and a
// write and read of every output. The split-full, column and
// thread-per-output schedules apply it instead where they write each
// output's final value.
//
//===----------------------------------------------------------------------===//

#include "ReductionWriter.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::ferric;

/// True if `op` can be moved across the reduction: no memory effects, or a
/// fresh allocation.
static bool isMovable(Operation *op) {
  return isMemoryEffectFree(op) || isa<memref::AllocOp>(op);
}

static bool hasIdentityLayout(Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  return type && type.getLayout().isIdentity();
}

linalg::GenericOp mlir::ferric::findEpilogue(linalg::GenericOp g,
                                             bool &storeResult, bool inPlace) {
  Value out = g.getDpsInits()[0];
  Operation *next = g->getNextNode();
  while (next && isMovable(next))
    next = next->getNextNode();
  auto e = dyn_cast_or_null<linalg::GenericOp>(next);
  if (!e || !e.hasPureBufferSemantics() ||
      e.getNumLoops() != cast<MemRefType>(out.getType()).getRank() ||
      e.getNumReductionLoops() != 0 ||
      !e.getBody()->getOps<linalg::IndexOp>().empty())
    return {};
  unsigned reads = 0;
  for (OpOperand *in : e.getDpsInputOperands()) {
    if (!isa<MemRefType>(in->get().getType()))
      continue;
    AffineMap map = e.getMatchingIndexingMap(in);
    if (!hasIdentityLayout(in->get()) || !map.isProjectedPermutation())
      return {};
    if (in->get() == out) {
      if (!map.isIdentity())
        return {};
      ++reads;
    }
  }
  if (reads != 1)
    return {};
  bool overwritesOut = false;
  for (OpOperand &init : e.getDpsInitsMutable()) {
    // In place over g's output (a row group's mean divided where it was
    // summed): element i is read and rewritten by the thread that stored it.
    if (inPlace && init.get() == out) {
      if (!e.getMatchingIndexingMap(&init).isIdentity() ||
          !e.getMatchingBlockArgument(&init).use_empty())
        return {};
      overwritesOut = true;
      continue;
    }
    // Fresh buffers, each element written once: nothing the reduction's
    // kernels read, nothing another thread writes.
    if (init.get() == out || !init.get().getDefiningOp<memref::AllocOp>() ||
        !hasIdentityLayout(init.get()) ||
        !e.getMatchingIndexingMap(&init).isPermutation() ||
        !e.getMatchingBlockArgument(&init).use_empty())
      return {};
  }
  // Rewritten in place, g's own value is read by nobody after e.
  storeResult =
      !overwritesOut && llvm::any_of(out.getUsers(), [&](Operation *user) {
        return user != g.getOperation() && user != e.getOperation() &&
               !isa<memref::DeallocOp>(user);
      });
  return e;
}

void ReductionWriter::storeResult(OpBuilder &b, ArrayRef<Value> idx,
                                  Value value, linalg::GenericOp reduction) {
  if (!reduction)
    reduction = generic;
  OpOperand *init = reduction.getDpsInitOperand(0);
  if (!epilogue || storeReduced)
    memref::StoreOp::create(b, loc, value, init->get(), indicesOf(init, idx));
  if (!epilogue)
    return;
  epilogueUsed = true;
  // The epilogue reads the output through the identity map: its loop k is
  // the output's dim k, which is this reduction's loop outMap(k).
  AffineMap outMap = reduction.getMatchingIndexingMap(init);
  SmallVector<Value> at;
  for (unsigned k = 0; k < outMap.getNumResults(); ++k)
    at.push_back(idx[outMap.getDimPosition(k)]);
  RowValues values;
  values[init->get()] = value;
  // The epilogue's output arguments are unused (findEpilogue).
  SmallVector<Value> outArgs(epilogue.getNumDpsInits(), value);
  SmallVector<Value> results = applyBody(b, epilogue, at, outArgs, &values);
  for (auto [operand, result] :
       llvm::zip_equal(epilogue.getDpsInitsMutable(), results))
    memref::StoreOp::create(b, loc, result, operand.get(),
                            indicesOf(&operand, at));
}
