//===- KernelBuilders.cpp - Pieces shared by Ferric's GPU kernel writers --===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

MemRefType ferric::getWorkgroupMemRefType(ArrayRef<int64_t> shape,
                                          Type element) {
  return MemRefType::get(
      shape, element, MemRefLayoutAttrInterface(),
      IntegerAttr::get(IntegerType::get(element.getContext(), 64), 3));
}

SmallVector<Value> ferric::getWorkgroupBuffers(OpBuilder &b, Location loc,
                                               gpu::LaunchOp launch,
                                               TypeRange types, bool alloc) {
  SmallVector<Value> buffers;
  for (auto [i, t] : llvm::enumerate(types))
    buffers.push_back(
        alloc ? Value(memref::AllocOp::create(b, loc, cast<MemRefType>(t)))
              : Value(launch.getWorkgroupAttributions()[i]));
  return buffers;
}

std::pair<scf::ForOp, Value> ferric::createNonEmptyLoop(OpBuilder &b,
                                                        Location loc, Value lb,
                                                        Value ub, Value step,
                                                        Value init) {
  auto [loop, results] =
      createNonEmptyLoop(b, loc, lb, ub, step, ValueRange{init});
  return {loop, results[0]};
}

std::pair<scf::ForOp, SmallVector<Value>>
ferric::createNonEmptyLoop(OpBuilder &b, Location loc, Value lb, Value ub,
                           Value step, ValueRange inits) {
  auto guard = scf::IfOp::create(
      b, loc, inits.getTypes(),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lb, ub),
      /*withElseRegion=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&guard.getElseRegion().front());
  scf::YieldOp::create(b, loc, inits);
  b.setInsertionPointToStart(&guard.getThenRegion().front());
  auto loop = scf::ForOp::create(b, loc, lb, ub, step, inits);
  scf::YieldOp::create(b, loc, loop.getResults());
  return {loop, SmallVector<Value>(guard.getResults())};
}

unsigned ferric::widestChunk(int64_t rowLength, Type element,
                             bool vectorizable) {
  if (vectorizable)
    for (unsigned v = std::max(16 / bytesOf(element), 1u); v > 1; v /= 2)
      if (rowLength % v == 0)
        return v;
  return 1;
}

Value ferric::FlatViews::get(OpBuilder &b, Location loc, Value buffer) {
  Value &view = views[buffer];
  auto type = cast<MemRefType>(buffer.getType());
  if (!view && type.getRank() == 1)
    view = buffer;
  if (!view) {
    OpBuilder::InsertionGuard guard(b);
    if (anchor)
      b.setInsertionPoint(anchor);
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    view = memref::CollapseShapeOp::create(b, loc, buffer,
                                           ArrayRef<ReassociationIndices>{all});
  }
  return view;
}

Value ferric::headToAlignment(OpBuilder &b, Location loc, Value start,
                              unsigned width) {
  Value w = arith::ConstantIndexOp::create(b, loc, width);
  return arith::RemUIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, w,
                            arith::RemUIOp::create(b, loc, start, w)),
      w);
}

llvm::MaybeAlign ferric::chunkAlign(Type element, unsigned width) {
  uint64_t bytes = width * bytesOf(element);
  return llvm::MaybeAlign(std::min<uint64_t>(bytes & -bytes, 16));
}

Value ferric::loadChunk(OpBuilder &b, Location loc, Value buffer, ValueRange at,
                        unsigned width) {
  Type elem = cast<MemRefType>(buffer.getType()).getElementType();
  return vector::LoadOp::create(b, loc, VectorType::get({(int64_t)width}, elem),
                                buffer, at, /*nontemporal=*/false,
                                chunkAlign(elem, width));
}

void ferric::storeChunk(OpBuilder &b, Location loc, ArrayRef<Value> chunk,
                        Value buffer, ValueRange at) {
  Type elem = cast<MemRefType>(buffer.getType()).getElementType();
  auto vt = VectorType::get({(int64_t)chunk.size()}, elem);
  Value vec = vector::FromElementsOp::create(b, loc, vt, chunk);
  vector::StoreOp::create(b, loc, vec, buffer, at, /*nontemporal=*/false,
                          chunkAlign(elem, chunk.size()));
}

Value ferric::ceilDivIndex(OpBuilder &b, Location loc, Value a, Value d) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  return b.createOrFold<arith::DivUIOp>(
      loc,
      b.createOrFold<arith::AddIOp>(loc, a,
                                    b.createOrFold<arith::SubIOp>(loc, d, one)),
      d);
}

void ferric::castLaunchOperands(gpu::LaunchFuncOp launch, Type from, Type to) {
  OpBuilder b(launch);
  for (OpOperand &operand : launch.getKernelOperandsMutable()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || type.getElementType() != from)
      continue;
    operand.set(UnrealizedConversionCastOp::create(
                    b, launch.getLoc(), type.clone(to), operand.get())
                    .getResult(0));
  }
}

Value mlir::ferric::openOutputsGuard(OpBuilder &b, Location loc, Value numOut,
                                     Value chunks, bool twoStages,
                                     Type accType) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto guard = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, numOut, zero),
      /*withElse=*/false);
  b.setInsertionPointToStart(&guard.getThenRegion().front());
  if (!twoStages)
    return Value();
  Value n = b.createOrFold<arith::MulIOp>(loc, chunks, numOut);
  std::optional<int64_t> staticN = getConstantIntValue(n);
  return memref::AllocOp::create(
      b, loc,
      MemRefType::get({staticN ? *staticN : ShapedType::kDynamic}, accType),
      staticN ? ValueRange{} : ValueRange{n});
}

void mlir::ferric::eraseIfOnlyFreed(Value buffer) {
  Operation *alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc || !llvm::all_of(buffer.getUsers(), [](Operation *user) {
        return isa<memref::DeallocOp>(user);
      }))
    return;
  for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
    user->erase();
  alloc->erase();
}
