//===- FusionEmit.cpp - Rewrite fusion groups into ferric.fused -----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FusionPlan.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ferric;

/// The scalar constant a splat or scalar constant value holds, built in the
/// body; null if `v` is not such a constant.
static Value materializeScalarConstant(OpBuilder &b, Location loc, Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return nullptr;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  auto typed = dyn_cast<TypedAttr>(attr);
  if (!typed || isa<ShapedType>(typed.getType()))
    return nullptr;
  return arith::ConstantOp::create(b, loc, typed);
}

namespace {
/// Builds the ferric.fused of one group.
class GroupEmitter {
public:
  GroupEmitter(FusionPlanner &planner, Group &g) : planner(planner), g(g) {}

  FusedOp emit() {
    collectInputsAndOutputs();
    Operation *last = g.members.back();
    OpBuilder b(last->getContext());
    b.setInsertionPointAfter(last);
    Location loc = fusedLoc();
    SmallVector<Type> resultTypes;
    for (Value v : outputs)
      resultTypes.push_back(v.getType());
    SmallVector<Value> inputValues;
    SmallVector<AffineMap> maps;
    bool allIdentity = true;
    for (const InputKey &k : inputs) {
      inputValues.push_back(k.first);
      maps.push_back(k.second);
      if (isa<RankedTensorType>(k.first.getType()))
        allIdentity &= k.second.isIdentity();
    }
    auto fused = FusedOp::create(b, loc, resultTypes, inputValues,
                                 allIdentity ? ArrayRef<AffineMap>() : maps);
    Block &body = fused.getBody().front();
    b.setInsertionPointToStart(&body);
    for (auto [i, k] : llvm::enumerate(inputs))
      argOf[k] = body.getArgument(i);
    for (Operation *m : g.members)
      emitMember(b, m);
    SmallVector<Value> yielded;
    for (Value v : outputs)
      yielded.push_back(scalar.lookup(v));
    YieldOp::create(b, loc, yielded);

    for (auto [v, r] : llvm::zip(outputs, fused.getResults()))
      v.replaceUsesWithIf(r, [&](OpOperand &use) { return !inGroup(use); });
    for (Operation *m : llvm::reverse(g.members))
      m->erase();
    return fused;
  }

private:
  bool inGroup(OpOperand &use) {
    Operation *owner = use.getOwner();
    return owner->getBlock() == g.members.front()->getBlock() &&
           planner.groupOf(owner) == &g;
  }

  Location fusedLoc() {
    SmallVector<Location> locs;
    for (Operation *m : g.members)
      locs.push_back(m->getLoc());
    return FusedLoc::get(g.members.front()->getContext(), locs);
  }

  /// Input key of operand `v` of member `m` read through `map`, or none if
  /// `v` is computed inside the group or is a constant.
  std::optional<InputKey> keyOf(Value v, AffineMap map) {
    if (Operation *def = v.getDefiningOp()) {
      if (planner.groupOf(def) == &g)
        return std::nullopt;
      Attribute attr;
      if (matchPattern(v, m_Constant(&attr)) &&
          isa<FloatAttr, IntegerAttr, SplatElementsAttr>(attr))
        return std::nullopt;
    }
    return InputKey{v, map};
  }

  AffineMap defaultMap(Value v) {
    MLIRContext *ctx = v.getContext();
    int64_t rank = g.space.size();
    if (isa<RankedTensorType>(v.getType()))
      return AffineMap::getMultiDimIdentityMap(rank, ctx);
    return AffineMap::get(rank, 0, {}, ctx);
  }

  /// The (value, map) pairs a member reads.
  SmallVector<std::pair<Value, AffineMap>> readsOf(Operation *m) {
    SmallVector<std::pair<Value, AffineMap>> reads;
    if (auto bc = dyn_cast<BroadcastOp>(m)) {
      reads.push_back(broadcastRead(bc));
    } else if (auto f = dyn_cast<FusedOp>(m)) {
      for (auto [i, v] : llvm::enumerate(f.getInputs()))
        reads.push_back({v, f.getInputMap(i)});
    } else {
      for (Value v : m->getOperands())
        reads.push_back({v, defaultMap(v)});
    }
    return reads;
  }

  void collectInputsAndOutputs() {
    llvm::SetVector<InputKey> keys;
    for (Operation *m : g.members) {
      for (auto [v, map] : readsOf(m))
        if (auto k = keyOf(v, map))
          keys.insert(*k);
      for (Value r : m->getResults())
        if (llvm::any_of(r.getUses(),
                         [&](OpOperand &use) { return !inGroup(use); }))
          outputs.push_back(r);
    }
    inputs.assign(keys.begin(), keys.end());
  }

  /// The scalar a member sees for operand `v` read through `map`.
  Value operandScalar(OpBuilder &b, Location loc, Value v, AffineMap map) {
    if (Value s = scalar.lookup(v))
      return s;
    if (Value c = materializeScalarConstant(b, loc, v))
      return c;
    return argOf.lookup(InputKey{v, map});
  }

  void emitMember(OpBuilder &b, Operation *m) {
    Location loc = m->getLoc();
    auto reads = readsOf(m);
    if (auto bc = dyn_cast<BroadcastOp>(m)) {
      scalar[bc.getResult()] =
          operandScalar(b, loc, reads[0].first, reads[0].second);
      return;
    }
    SmallVector<Value> args;
    for (auto [v, map] : reads)
      args.push_back(operandScalar(b, loc, v, map));
    if (auto f = dyn_cast<FusedOp>(m)) {
      IRMapping mapping;
      mapping.map(f.getBody().front().getArguments(), args);
      for (Operation &inner : f.getBody().front().without_terminator())
        b.clone(inner, mapping);
      for (auto [r, y] : llvm::zip(f.getResults(), f.getYield().getValues()))
        scalar[r] = mapping.lookupOrDefault(y);
      return;
    }
    scalar[m->getResult(0)] =
        cast<ElementwiseOpInterface>(m).buildScalar(b, loc, args);
  }

  FusionPlanner &planner;
  Group &g;
  SmallVector<InputKey> inputs;
  SmallVector<Value> outputs;
  DenseMap<InputKey, Value> argOf;
  DenseMap<Value, Value> scalar;
};
} // namespace

SmallVector<FusedOp> mlir::ferric::emitFusedOps(FusionPlanner &planner) {
  SmallVector<FusedOp> result;
  Block *block = nullptr;
  for (const auto &g : planner.getGroups()) {
    if (g->members.empty())
      continue;
    block = g->members.front()->getBlock();
    if (g->dissolved)
      continue;
    result.push_back(GroupEmitter(planner, *g).emit());
  }
  if (block)
    sortTopologically(block);
  return result;
}
