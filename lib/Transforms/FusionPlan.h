//===- FusionPlan.h - Grouping decisions of ferric-fuse ---------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_TRANSFORMS_FUSIONPLAN_H
#define FERRIC_LIB_TRANSFORMS_FUSIONPLAN_H

#include "FerricDialect/Dialect/FerricDialect.h"
#include "FerricDialect/Transforms/Passes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace mlir {
namespace ferric {

/// The planner's limits are ferric-fuse's options (Passes.td is the one
/// place their defaults are written); `report` is not the planner's concern.
using FusionOptions = FerricFusePassOptions;

/// Rewrites ferric-fuse applies before planning (FusionPrepare.cpp), so that
/// numpy-style programs fuse like the same program written by hand: a
/// `tensor.collapse_shape` dropping the kept dims of a keepdim reduction
/// moves up through the elementwise ops in between and folds into the
/// reduction; a `ferric.broadcast` of the single-use result of an
/// elementwise op of scalar cost <= `cheapCost` moves above that op (which
/// then joins its consumer's kernel, recomputed per element, instead of
/// being a small kernel whose result the consumer reads).
void populateFusionPreparePatterns(RewritePatternSet &patterns,
                                   unsigned cheapCost);

/// What a fused op reads: a value through an indexing map.
using InputKey = std::pair<Value, AffineMap>;

/// A group of ops that becomes one ferric.fused.
struct Group {
  unsigned id;
  SmallVector<Operation *> members;
  /// Shape of the iteration space.
  SmallVector<int64_t> space;
  unsigned numComputeOps = 0;
  /// The summed scalar cost of the members (max-body-cost).
  unsigned bodyCost = 0;
  /// External inputs, with how many member operands read each.
  /// (Unordered: the emitter orders inputs by first use.)
  llvm::DenseMap<InputKey, unsigned> inputs;
  /// Member results used outside the group: the fused op's results.
  unsigned numResults = 0;
  unsigned minPos = ~0u, maxPos = 0;
  bool dissolved = false;
};

/// Why an edge between two ops was left unfused.
struct UnfusedEdge {
  Operation *producer;
  Operation *consumer;
  std::string kind;   // barrier | shape | cycle | limit | multi-output | ...
  std::string reason; // a sentence for people
};

/// Greedy grouping of the fusible ops of one block (see ferric-fuse's
/// description in Passes.td). Visits ops from last to first; a producer
/// joins a consumer group when that stays acyclic and within the limits.
class FusionPlanner {
public:
  FusionPlanner(Block &block, const FusionOptions &options);

  /// Decides the groups and marks those not worth a kernel dissolved. May
  /// clone cheap producers (recompute-cheap).
  void plan();

  ArrayRef<std::unique_ptr<Group>> getGroups() const { return groups; }
  Group *groupOf(Operation *op) const { return opGroup.lookup(op); }
  unsigned positionOf(Operation *op) const { return pos.lookup(op); }
  /// The recorded reason an edge stayed unfused, if any.
  const UnfusedEdge *reasonFor(Operation *producer, Operation *consumer) const;
  /// Drops broadcast members whose dynamic added dims no input would size.
  void dropUnsizableBroadcasts(Group &g);

  static bool isFusible(Operation *op);

  /// True if `g` is worth a ferric.fused of its own: it has at least min-ops
  /// compute ops, or it folds a broadcast (which then is never
  /// materialized), and is not already a lone ferric.fused. plan() marks the
  /// other groups dissolved.
  bool isWorthAKernel(const Group &g) const;

private:
  void visit(Operation *op);
  /// Checks whether `op` may join `g`; on failure records why for each edge
  /// from `op` to a member of `g`. `outsideUsers` are users not in `g`.
  bool canJoin(Operation *op, Group &g, ArrayRef<Operation *> outsideUsers);
  void join(Operation *op, Group &g);
  /// How many results of `op` have a user outside `g` (results `g` would
  /// gain if `op` joined it).
  unsigned escapingResults(Operation *op, Group &g);
  /// Forgets the inputs of `g` that read `v` (it became internal).
  void eraseInputsReading(Value v, Group &g);
  Group &newGroup(Operation *op);
  /// Input keys `op` contributes when it is a member of a group.
  SmallVector<InputKey> inputKeysOf(Operation *op);
  /// True if some op reachable from `from` (through the graph of groups) is
  /// in `target`; `through` is then the op of `from` the path starts at.
  bool reaches(ArrayRef<Operation *> from, Group &target, Operation *&through);
  void note(Operation *producer, Operation *consumer, StringRef kind,
            const Twine &reason);
  /// Notes the same reason for every edge from `producer` into `g`.
  void noteEdgesInto(Operation *producer, Group &g, StringRef kind,
                     const Twine &reason);

  Block &block;
  FusionOptions options;
  SmallVector<std::unique_ptr<Group>> groups;
  DenseMap<Operation *, Group *> opGroup;
  DenseMap<Operation *, unsigned> pos;
  DenseMap<std::pair<Operation *, Operation *>, UnfusedEdge> unfused;
};

/// What a broadcast's result reads at each point of its iteration space:
/// its input through a projection, looking through chains of broadcasts
/// (broadcast(broadcast(x)) reads x), so none of them is materialized.
InputKey broadcastRead(BroadcastOp b);

/// Rewrites each group of `planner` that is not dissolved into a
/// ferric.fused and returns them.
SmallVector<FusedOp> emitFusedOps(FusionPlanner &planner);

} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_TRANSFORMS_FUSIONPLAN_H
