//===- FusionPlan.cpp - Grouping decisions of ferric-fuse -----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FusionPlan.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::ferric;

/// Upper bound on the nodes one cycle check visits; past it the join is
/// refused (conservatively), which keeps the pass near-linear.
static constexpr unsigned kReachabilityBudget = 4096;

FusionPlanner::FusionPlanner(Block &block, const FusionOptions &options)
    : block(block), options(options) {
  unsigned i = 0;
  for (Operation &op : block)
    pos[&op] = i++;
}

bool FusionPlanner::isFusible(Operation *op) {
  if (!isa<ElementwiseOpInterface, BroadcastOp, FusedOp>(op))
    return false;
  return llvm::all_of(op->getResultTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

static ArrayRef<int64_t> shapeOf(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType()).getShape();
}

static unsigned computeOpsOf(Operation *op) {
  if (isa<BroadcastOp>(op))
    return 0;
  if (auto fused = dyn_cast<FusedOp>(op))
    return std::max<unsigned>(1, std::distance(fused.getBody().front().begin(),
                                               fused.getBody().front().end()) -
                                     1);
  return 1;
}

/// An op's scalar cost in a kernel body: a fused op's is its body's.
static unsigned bodyCostOf(Operation *op) {
  if (isa<BroadcastOp>(op))
    return 0;
  if (auto fused = dyn_cast<FusedOp>(op)) {
    unsigned cost = 0;
    for (Operation &inner : fused.getBody().front().without_terminator())
      cost += scalarCost(&inner);
    return cost;
  }
  return scalarCost(op);
}

/// True if `v` is a constant that the body can materialize itself.
static bool isInlinableConstant(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return false;
  return isa<FloatAttr, IntegerAttr, SplatElementsAttr>(attr);
}

InputKey mlir::ferric::broadcastRead(BroadcastOp b) {
  MLIRContext *ctx = b.getContext();
  // The map from a broadcast's result dims to its input dims.
  auto keptDims = [&](BroadcastOp op) {
    int64_t rank = op.getType().getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      if (!op.isAddedDim(d))
        exprs.push_back(getAffineDimExpr(d, ctx));
    return AffineMap::get(rank, 0, exprs, ctx);
  };
  AffineMap map = keptDims(b);
  Value input = b.getInput();
  while (auto inner = input.getDefiningOp<BroadcastOp>()) {
    map = keptDims(inner).compose(map);
    input = inner.getInput();
  }
  return {input, map};
}

SmallVector<InputKey> FusionPlanner::inputKeysOf(Operation *op) {
  SmallVector<InputKey> keys;
  MLIRContext *ctx = op->getContext();
  int64_t rank = shapeOf(op).size();
  if (auto b = dyn_cast<BroadcastOp>(op)) {
    InputKey read = broadcastRead(b);
    if (!isInlinableConstant(read.first))
      keys.push_back(read);
    return keys;
  }
  if (auto f = dyn_cast<FusedOp>(op)) {
    for (auto [i, v] : llvm::enumerate(f.getInputs()))
      if (!isInlinableConstant(v))
        keys.push_back({v, f.getInputMap(i)});
    return keys;
  }
  for (Value v : op->getOperands()) {
    if (isInlinableConstant(v))
      continue;
    if (isa<RankedTensorType>(v.getType()))
      keys.push_back({v, AffineMap::getMultiDimIdentityMap(rank, ctx)});
    else
      keys.push_back({v, AffineMap::get(rank, 0, {}, ctx)});
  }
  return keys;
}

void FusionPlanner::note(Operation *producer, Operation *consumer,
                         StringRef kind, const Twine &reason) {
  unfused[{producer, consumer}] =
      UnfusedEdge{producer, consumer, kind.str(), reason.str()};
}

void FusionPlanner::noteEdgesInto(Operation *producer, Group &g, StringRef kind,
                                  const Twine &reason) {
  std::string text = reason.str();
  for (Operation *user : producer->getUsers()) {
    Operation *anc =
        user->getBlock() == &block ? user : block.findAncestorOpInBlock(*user);
    if (anc && opGroup.lookup(anc) == &g)
      note(producer, anc, kind, text);
  }
}

const UnfusedEdge *FusionPlanner::reasonFor(Operation *producer,
                                            Operation *consumer) const {
  auto it = unfused.find({producer, consumer});
  return it == unfused.end() ? nullptr : &it->second;
}

Group &FusionPlanner::newGroup(Operation *op) {
  groups.push_back(std::make_unique<Group>());
  Group &g = *groups.back();
  g.id = groups.size() - 1;
  g.space.assign(shapeOf(op).begin(), shapeOf(op).end());
  join(op, g);
  return g;
}

void FusionPlanner::eraseInputsReading(Value v, Group &g) {
  // Only members that use `v` read it as an input: visiting those uses
  // instead of scanning every input keeps a join O(uses).
  for (Operation *user : v.getUsers()) {
    Operation *member = block.findAncestorOpInBlock(*user);
    if (!member || opGroup.lookup(member) != &g)
      continue;
    for (const InputKey &k : inputKeysOf(member))
      if (k.first == v)
        g.inputs.erase(k);
  }
}

unsigned FusionPlanner::escapingResults(Operation *op, Group &g) {
  unsigned n = 0;
  for (Value r : op->getResults())
    n += llvm::any_of(r.getUsers(), [&](Operation *user) {
      Operation *anc = block.findAncestorOpInBlock(*user);
      return !anc || opGroup.lookup(anc) != &g;
    });
  return n;
}

void FusionPlanner::join(Operation *op, Group &g) {
  g.numResults += escapingResults(op, g);
  // The op's results stop being inputs of the group; its own inputs start.
  for (Value r : op->getResults())
    eraseInputsReading(r, g);
  for (const InputKey &k : inputKeysOf(op))
    ++g.inputs[k];
  g.members.push_back(op);
  g.numComputeOps += computeOpsOf(op);
  g.bodyCost += bodyCostOf(op);
  unsigned p = pos.lookup(op);
  g.minPos = std::min(g.minPos, p);
  g.maxPos = std::max(g.maxPos, p);
  opGroup[op] = &g;
}

bool FusionPlanner::reaches(ArrayRef<Operation *> from, Group &target,
                            Operation *&through) {
  // Each entry remembers the op of `from` it was reached from, so a cycle is
  // reported at the use that closes it.
  SmallVector<std::pair<Operation *, Operation *>> worklist;
  for (Operation *op : from)
    worklist.push_back({op, op});
  DenseSet<Operation *> seenOps;
  DenseSet<Group *> seenGroups;
  unsigned budget = kReachabilityBudget;
  // Past `bound`, nothing leads back into the target: program order puts
  // every user after its producer, but a group is one node, so a group that
  // starts at or before the bound and ends after it carries paths from its
  // late members back to its early ones (a value read by the target from an
  // early member of a group that also holds a late consumer of the target's
  // users). Extend the bound over every such group.
  unsigned bound = target.maxPos;
  for (bool grown = true; grown;) {
    grown = false;
    for (const std::unique_ptr<Group> &h : groups)
      if (!h->members.empty() && h->minPos <= bound && h->maxPos > bound) {
        bound = h->maxPos;
        grown = true;
      }
  }
  while (!worklist.empty()) {
    auto [op, origin] = worklist.pop_back_val();
    if (!seenOps.insert(op).second)
      continue;
    if (--budget == 0) {
      through = origin;
      return true;
    }
    Group *g = opGroup.lookup(op);
    if (g == &target) {
      through = origin;
      return true;
    }
    // A group is one node once fused: everything it produces depends on
    // everything it reads.
    SmallVector<Operation *> sources;
    if (g) {
      if (g->minPos > bound || !seenGroups.insert(g).second)
        continue;
      sources.append(g->members.begin(), g->members.end());
    } else {
      if (pos.lookup(op) > bound)
        continue;
      sources.push_back(op);
    }
    for (Operation *src : sources)
      for (Operation *user : src->getUsers())
        if (user->getBlock() == &block)
          worklist.push_back({user, origin});
        else if (Operation *anc = block.findAncestorOpInBlock(*user))
          worklist.push_back({anc, origin});
  }
  return false;
}

bool FusionPlanner::canJoin(Operation *op, Group &g,
                            ArrayRef<Operation *> outsideUsers) {
  if (shapeOf(op) != ArrayRef<int64_t>(g.space)) {
    noteEdgesInto(
        op, g, "shape",
        "the producer's iteration space differs from the consumer group's");
    return false;
  }
  // A fused consumer must read the producer at the same point.
  for (Operation *user : op->getUsers())
    if (auto f = dyn_cast<FusedOp>(user); f && opGroup.lookup(f) == &g)
      for (auto [i, v] : llvm::enumerate(f.getInputs()))
        if (v.getDefiningOp() == op && !f.getInputMap(i).isIdentity()) {
          noteEdgesInto(
              op, g, "shape",
              "the fused consumer reads the producer through a permutation");
          return false;
        }
  if (options.maxOps && g.numComputeOps + computeOpsOf(op) > options.maxOps) {
    noteEdgesInto(op, g, "limit",
                  "max-ops=" + Twine(options.maxOps) + " would be exceeded");
    return false;
  }
  if (options.maxBodyCost &&
      g.bodyCost + bodyCostOf(op) > options.maxBodyCost) {
    noteEdgesInto(op, g, "limit",
                  "max-body-cost=" + Twine(options.maxBodyCost) +
                      " would be exceeded (the body would cost " +
                      Twine(g.bodyCost + bodyCostOf(op)) +
                      ", about instructions per element)");
    return false;
  }
  if (options.maxInputs || options.maxBuffers) {
    llvm::DenseSet<InputKey> inputs;
    for (auto &entry : g.inputs)
      if (entry.first.first.getDefiningOp() != op)
        inputs.insert(entry.first);
    for (const InputKey &k : inputKeysOf(op))
      inputs.insert(k);
    if (options.maxInputs && inputs.size() > options.maxInputs) {
      noteEdgesInto(op, g, "limit",
                    "max-inputs=" + Twine(options.maxInputs) +
                        " would be exceeded (the group would read " +
                        Twine(inputs.size()) + " inputs)");
      return false;
    }
    unsigned results = g.numResults + escapingResults(op, g);
    if (options.maxBuffers && inputs.size() + results > options.maxBuffers) {
      noteEdgesInto(op, g, "limit",
                    "max-buffers=" + Twine(options.maxBuffers) +
                        " would be exceeded (the group would bind " +
                        Twine(inputs.size()) + " inputs and " + Twine(results) +
                        (results == 1 ? " result)" : " results)"));
      return false;
    }
  }
  Operation *through = nullptr;
  if (!outsideUsers.empty() && reaches(outsideUsers, g, through)) {
    noteEdgesInto(op, g, "cycle",
                  "a use outside the group ('" +
                      through->getName().getStringRef() +
                      "') leads back into it, so fusing would create a cycle");
    return false;
  }
  return true;
}

void FusionPlanner::visit(Operation *op) {
  // Users in this block, each once, in program order.
  llvm::SetVector<Operation *> users;
  for (Operation *u : op->getUsers()) {
    Operation *anc =
        u->getBlock() == &block ? u : block.findAncestorOpInBlock(*u);
    if (anc)
      users.insert(anc);
  }
  SmallVector<Operation *> sorted(users.begin(), users.end());
  llvm::sort(sorted, [&](Operation *a, Operation *b) {
    return pos.lookup(a) < pos.lookup(b);
  });

  llvm::SetVector<Group *> userGroups;
  SmallVector<Operation *> outside;
  for (Operation *u : sorted) {
    if (Group *g = opGroup.lookup(u))
      userGroups.insert(g);
    else
      outside.push_back(u);
  }
  for (Operation *u : outside)
    if (!u->hasTrait<OpTrait::IsTerminator>())
      note(op, u, "barrier",
           "'" + u->getName().getStringRef() + "' is not fusible");

  if (userGroups.empty()) {
    newGroup(op);
    return;
  }
  if (userGroups.size() == 1 && outside.empty()) {
    Group &g = *userGroups.front();
    if (canJoin(op, g, {}))
      join(op, g);
    else
      newGroup(op);
    return;
  }

  // Used by several groups, or also outside: copy a broadcast (it costs
  // nothing) or a cheap op into each consumer group, or give one group an
  // extra result. A cheap op with users outside every group stays a kernel
  // anyway, so copying it would only add work: one group computes it.
  bool copy =
      isa<BroadcastOp>(op) ||
      (options.recomputeCheap && outside.empty() &&
       isa<ElementwiseOpInterface>(op) &&
       cast<ElementwiseOpInterface>(op).getScalarCost() <= options.cheapCost);
  if (copy) {
    OpBuilder b(op);
    for (Group *g : userGroups) {
      if (!canJoin(op, *g, {}))
        continue;
      // The group's members will read the clone, which joins; the
      // original's results stop being inputs of the group.
      for (Value r : op->getResults())
        eraseInputsReading(r, *g);
      Operation *clone = b.clone(*op);
      pos[clone] = pos.lookup(op);
      for (auto [r, c] : llvm::zip(op->getResults(), clone->getResults()))
        r.replaceUsesWithIf(c, [&](OpOperand &use) {
          Operation *owner = block.findAncestorOpInBlock(*use.getOwner());
          return owner && opGroup.lookup(owner) == g;
        });
      join(clone, *g);
    }
    if (op->use_empty()) {
      op->erase();
      return;
    }
    newGroup(op);
    return;
  }

  if (options.multiOutput) {
    for (Group *g : userGroups) {
      SmallVector<Operation *> others;
      for (Operation *u : sorted)
        if (opGroup.lookup(u) != g)
          others.push_back(u);
      if (canJoin(op, *g, others)) {
        join(op, *g);
        for (Operation *u : others)
          if (opGroup.lookup(u))
            note(op, u, "multi-output",
                 "the value is computed by group " + Twine(g->id) +
                     " and read from its extra result");
        return;
      }
    }
  } else {
    for (Operation *u : sorted)
      if (opGroup.lookup(u))
        note(op, u, "multi-output",
             "the value has uses in several places and multi-output=false");
  }
  newGroup(op);
}

void FusionPlanner::plan() {
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    if (isFusible(&op))
      ops.push_back(&op);
  for (Operation *op : llvm::reverse(ops))
    visit(op);
  // Index loop: dropping a broadcast appends a group.
  for (size_t i = 0; i < groups.size(); ++i) {
    Group &g = *groups[i];
    llvm::sort(g.members, [&](Operation *a, Operation *b) {
      return pos.lookup(a) < pos.lookup(b);
    });
    dropUnsizableBroadcasts(g);
  }
  for (auto &g : groups)
    g->dissolved = !isWorthAKernel(*g);
}

bool FusionPlanner::isWorthAKernel(const Group &g) const {
  if (g.members.empty() || g.numComputeOps == 0)
    return false;
  // Already exactly one kernel.
  if (g.members.size() == 1 && isa<FusedOp>(g.members.front()))
    return false;
  // A broadcast folded into the kernel's indexing maps saves its own
  // materialization, so such a group always pays off.
  if (llvm::any_of(g.members, [](Operation *m) { return isa<BroadcastOp>(m); }))
    return true;
  return g.numComputeOps >= std::max(options.minOps, 1u);
}

void FusionPlanner::dropUnsizableBroadcasts(Group &g) {
  // A group without compute ops (such as the lone broadcast this function
  // splits off) becomes no kernel, so there is nothing to size; dropping its
  // broadcast again would split it off forever.
  if (g.numComputeOps == 0)
    return;
  for (int64_t d = 0, e = g.space.size(); d < e; ++d) {
    if (!ShapedType::isDynamic(g.space[d]))
      continue;
    auto readsDim = [&](AffineMap m) {
      for (unsigned k = 0; k < m.getNumResults(); ++k)
        if (m.getDimPosition(k) == d)
          return true;
      return false;
    };
    if (llvm::any_of(g.inputs,
                     [&](auto &entry) { return readsDim(entry.first.second); }))
      continue;
    // Materialize the broadcasts that add dim d (themselves or through a
    // broadcast they read): their results become inputs read with the
    // identity map, which size every dim.
    for (Operation *m : llvm::make_early_inc_range(g.members)) {
      auto b = dyn_cast<BroadcastOp>(m);
      if (!b || readsDim(broadcastRead(b).second))
        continue;
      llvm::erase(g.members, m);
      opGroup.erase(m);
      g.inputs.clear();
      for (Operation *member : g.members)
        for (const InputKey &k : inputKeysOf(member))
          if (!k.first.getDefiningOp() ||
              opGroup.lookup(k.first.getDefiningOp()) != &g)
            ++g.inputs[k];
      for (Operation *user : b->getUsers())
        note(b, user, "shape",
             "the broadcast adds a dynamic dim that no other input sizes");
      auto &solo = groups.emplace_back(std::make_unique<Group>());
      solo->id = groups.size() - 1;
      solo->space.assign(shapeOf(b).begin(), shapeOf(b).end());
      solo->members.push_back(b);
      opGroup[b] = solo.get();
      break;
    }
  }
}
