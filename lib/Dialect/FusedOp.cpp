//===- FusedOp.cpp - ferric.fused verification and helpers ----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/FerricDialect.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::ferric;

void FusedOp::build(OpBuilder &b, OperationState &state, TypeRange resultTypes,
                    ValueRange inputs, ArrayRef<AffineMap> maps) {
  state.addOperands(inputs);
  state.addTypes(resultTypes);
  if (!maps.empty())
    state.addAttribute(getIndexingMapsAttrName(state.name),
                       b.getAffineMapArrayAttr(maps));
  Region *body = state.addRegion();
  Block *block = new Block();
  for (Value v : inputs)
    block->addArgument(getElementTypeOrSelf(v.getType()), state.location);
  body->push_back(block);
}

int64_t FusedOp::getIterationRank() {
  return cast<RankedTensorType>(getResult(0).getType()).getRank();
}

AffineMap FusedOp::getInputMap(unsigned i) {
  if (auto maps = getIndexingMaps())
    return cast<AffineMapAttr>((*maps)[i]).getValue();
  int64_t rank = getIterationRank();
  if (isa<RankedTensorType>(getInputs()[i].getType()))
    return AffineMap::getMultiDimIdentityMap(rank, getContext());
  return AffineMap::get(rank, 0, {}, getContext());
}

SmallVector<AffineMap> FusedOp::getInputMaps() {
  SmallVector<AffineMap> maps;
  for (unsigned i = 0, e = getInputs().size(); i < e; ++i)
    maps.push_back(getInputMap(i));
  return maps;
}

YieldOp FusedOp::getYield() {
  return cast<YieldOp>(getBody().front().getTerminator());
}

OpFoldResult FusedOp::getIterationDimSize(OpBuilder &b, int64_t d) {
  auto type = cast<RankedTensorType>(getResult(0).getType());
  if (!type.isDynamicDim(d))
    return b.getIndexAttr(type.getDimSize(d));
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    AffineMap map = getInputMap(i);
    for (unsigned k = 0; k < map.getNumResults(); ++k)
      if (map.getDimPosition(k) == d)
        return tensor::DimOp::create(b, getLoc(), input, k).getResult();
  }
  llvm_unreachable("verifier guarantees every dynamic dim is read");
}

LogicalResult FusedOp::verify() {
  if (getNumResults() == 0)
    return emitOpError("expects at least one result");
  auto iter = cast<RankedTensorType>(getResult(0).getType());
  int64_t rank = iter.getRank();
  for (unsigned r = 1; r < getNumResults(); ++r) {
    auto t = cast<RankedTensorType>(getResult(r).getType());
    if (t.getShape() != iter.getShape())
      return emitOpError("result ")
             << r << " has type " << t
             << " but all results share the iteration space of result 0, "
             << iter;
  }
  unsigned numInputs = getInputs().size();
  if (auto maps = getIndexingMaps()) {
    if (maps->size() != numInputs)
      return emitOpError("expects ")
             << numInputs << " indexing maps (one per input), got "
             << maps->size();
  }
  SmallVector<bool> dimRead(rank, false);
  for (unsigned i = 0; i < numInputs; ++i) {
    Type type = getInputs()[i].getType();
    AffineMap map = getInputMap(i);
    if (map.getNumDims() != rank || map.getNumSymbols() != 0)
      return emitOpError("indexing map of input ")
             << i << " must have " << rank << " dims and no symbols, got "
             << AffineMapAttr::get(map);
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor) {
      if (!type.isIntOrIndexOrFloat())
        return emitOpError("input ")
               << i << " must be a ranked tensor or a scalar, got " << type;
      if (map.getNumResults() != 0)
        return emitOpError("scalar input ")
               << i << " must use a map with no results, got "
               << AffineMapAttr::get(map);
      continue;
    }
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return emitOpError("indexing map of input ")
             << i << " must be a projected permutation, got "
             << AffineMapAttr::get(map);
    if ((int64_t)map.getNumResults() != tensor.getRank())
      return emitOpError("indexing map of input ")
             << i << " has " << map.getNumResults()
             << " results but the input has rank " << tensor.getRank();
    for (unsigned k = 0; k < map.getNumResults(); ++k) {
      unsigned d = map.getDimPosition(k);
      dimRead[d] = true;
      int64_t inSize = tensor.getDimSize(k), iterSize = iter.getDimSize(d);
      if (!ShapedType::isDynamic(inSize) && !ShapedType::isDynamic(iterSize) &&
          inSize != iterSize)
        return emitOpError("input ")
               << i << " dim " << k << " has size " << inSize
               << " but reads iteration dim " << d << " of size " << iterSize;
    }
  }
  for (int64_t d = 0; d < rank; ++d)
    if (iter.isDynamicDim(d) && !dimRead[d])
      return emitOpError("iteration dim ")
             << d << " is dynamic but no input reads it, so its size is "
             << "unknown";
  return success();
}

LogicalResult FusedOp::verifyRegions() {
  Block &block = getBody().front();
  unsigned numInputs = getInputs().size();
  if (block.getNumArguments() != numInputs)
    return emitOpError("body has ")
           << block.getNumArguments() << " arguments but the op has "
           << numInputs << " inputs";
  for (unsigned i = 0; i < numInputs; ++i) {
    Type expected = getElementTypeOrSelf(getInputs()[i].getType());
    if (block.getArgument(i).getType() != expected)
      return emitOpError("body argument ")
             << i << " has type " << block.getArgument(i).getType()
             << ", expected " << expected << " (the element type of input " << i
             << ")";
  }
  auto yield = block.empty() ? YieldOp() : dyn_cast<YieldOp>(&block.back());
  if (!yield)
    return emitOpError("body must end in ferric.yield");
  if (yield.getValues().size() != getNumResults())
    return yield.emitOpError("yields ")
           << yield.getValues().size() << " values but the fused op has "
           << getNumResults() << " results";
  for (unsigned r = 0; r < getNumResults(); ++r) {
    Type expected = getElementTypeOrSelf(getResult(r).getType());
    if (yield.getValues()[r].getType() != expected)
      return yield.emitOpError("value ")
             << r << " has type " << yield.getValues()[r].getType()
             << ", expected " << expected << " (the element type of result "
             << r << ")";
  }
  for (Operation &op : block.without_terminator()) {
    auto isScalar = [](Type t) { return t.isIntOrIndexOrFloat(); };
    if (!llvm::all_of(op.getOperandTypes(), isScalar) ||
        !llvm::all_of(op.getResultTypes(), isScalar) || op.getNumRegions() != 0)
      return op.emitOpError("is not a scalar op; a ferric.fused body holds "
                            "only scalar computations");
    if (!isMemoryEffectFree(&op))
      return op.emitOpError("has side effects; a ferric.fused body must be "
                            "pure");
  }
  return success();
}
