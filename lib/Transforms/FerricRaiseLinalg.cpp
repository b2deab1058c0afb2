//===- FerricRaiseLinalg.cpp - Raise linalg-on-tensors into ferric --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The pass, its clean-ups and the elementwise rules (all-parallel generics
// to ferric.fused / ferric.broadcast). The reduction and matmul rules are in
// RaiseLinalgReductions.cpp. Every rule checks everything before it builds
// anything, so an op it cannot raise stays exactly as it was.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/TargetSupport.h"
#include "FerricDialect/Transforms/Passes.h"
#include "FerricDialect/Transforms/Report.h"
#include "RaiseLinalg.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICRAISELINALGPASS
#include "FerricDialect/Transforms/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::raise;

//===----------------------------------------------------------------------===//
// Bodies
//===----------------------------------------------------------------------===//

Why raise::whyNotScalarBody(linalg::GenericOp op) {
  Region &region = op.getRegion();
  // What makes the body more than scalar math first: the ops feeding it
  // (index arithmetic) would otherwise be named instead.
  for (Operation &inner : op.getBody()->without_terminator()) {
    if (isa<linalg::IndexOp>(inner))
      return "its body reads the iteration index (linalg.index)";
    if (isa<tensor::ExtractOp>(inner))
      return "its body reads a tensor element (tensor.extract)";
  }
  for (Operation &inner : op.getBody()->without_terminator()) {
    if (inner.getNumRegions() != 0)
      return "its body has an op with a region ('" +
             inner.getName().getStringRef().str() + "')";
    for (Value v : inner.getOperands())
      if (!region.isAncestor(v.getParentRegion()) &&
          !v.getDefiningOp<arith::ConstantOp>())
        return "its body reads a value defined outside it";
    if (std::optional<std::string> why = whyNotTargetSupported(&inner))
      return "its body has " + *why;
  }
  return {};
}

/// Clones the body of `op` into `builder`'s block with `mapping` (block
/// arguments already mapped), constants from outside included; returns
/// the mapped yielded values.
static SmallVector<Value> cloneBody(OpBuilder &builder, linalg::GenericOp op,
                                    IRMapping &mapping) {
  Region &region = op.getRegion();
  for (Operation &inner : op.getBody()->without_terminator()) {
    for (Value v : inner.getOperands())
      if (!region.isAncestor(v.getParentRegion()) && !mapping.contains(v))
        mapping.map(v, builder.clone(*v.getDefiningOp())->getResult(0));
    builder.clone(inner, mapping);
  }
  SmallVector<Value> yielded;
  for (Value v : op.getBody()->getTerminator()->getOperands())
    yielded.push_back(mapping.lookupOrDefault(v));
  return yielded;
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

namespace {
/// One input of the ferric.fused to build: a value and its map over the
/// result's dims, with the unit dims it reads through a constant 0 (they are
/// collapsed away).
struct FusedInput {
  Value value;
  AffineMap map;
  SmallVector<int64_t> droppedDims;
  /// The value every element has when `value` is a splat constant: the
  /// body uses it as a scalar constant and the tensor is not read at all.
  FloatAttr splat;
};
} // namespace

/// `map` (over the result's dims) with its constant-0 results dropped where
/// the input dim is a static 1; those dims go to `dropped`. Empty on an
/// expression that is neither a dim nor such a 0.
static std::optional<AffineMap> dropUnitReads(AffineMap map,
                                              RankedTensorType type,
                                              SmallVector<int64_t> &dropped) {
  SmallVector<AffineExpr> kept;
  for (auto [k, expr] : llvm::enumerate(map.getResults())) {
    if (isa<AffineDimExpr>(expr)) {
      kept.push_back(expr);
      continue;
    }
    auto cst = dyn_cast<AffineConstantExpr>(expr);
    if (!cst || cst.getValue() != 0 || type.getDimSize(k) != 1)
      return std::nullopt;
    dropped.push_back(k);
  }
  return AffineMap::get(map.getNumDims(), 0, kept, map.getContext());
}

/// The input as the fused op reads it: collapsed where unit dims are
/// dropped.
static Value materialize(OpBuilder &b, Location loc, const FusedInput &in) {
  if (in.droppedDims.empty())
    return in.value;
  auto type = cast<RankedTensorType>(in.value.getType());
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> pending, shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (llvm::is_contained(in.droppedDims, d)) {
      if (groups.empty())
        pending.push_back(d);
      else
        groups.back().push_back(d);
      continue;
    }
    ReassociationIndices group(pending.begin(), pending.end());
    pending.clear();
    group.push_back(d);
    groups.push_back(group);
    shape.push_back(type.getDimSize(d));
  }
  auto collapsed = RankedTensorType::get(shape, type.getElementType());
  return tensor::CollapseShapeOp::create(b, loc, collapsed, in.value, groups);
}

/// A copy or a broadcast: ferric.broadcast (dims added in order), the input
/// itself, or nothing when the generic is not one.
static std::optional<Value> raiseBroadcast(RewriterBase &rewriter,
                                           linalg::GenericOp op,
                                           const FusedInput &in) {
  Block *body = op.getBody();
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      body->getOperations().size() != 1 ||
      body->getTerminator()->getOperand(0) != body->getArgument(0))
    return std::nullopt;
  auto resultType = cast<RankedTensorType>(op.getResult(0).getType());
  auto inType = dyn_cast<RankedTensorType>(in.value.getType());
  if (!inType || inType.getElementType() != resultType.getElementType())
    return std::nullopt;
  SmallVector<int64_t> read;
  for (AffineExpr e : in.map.getResults())
    read.push_back(cast<AffineDimExpr>(e).getPosition());
  if (!llvm::is_sorted(read))
    return std::nullopt; // a transposition: a ferric.fused copy
  Location loc = op.getLoc();
  Value input = materialize(rewriter, loc, in);
  SmallVector<int64_t> added;
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    if (llvm::is_contained(read, d))
      continue;
    added.push_back(d);
    if (resultType.isDynamicDim(d))
      sizes.push_back(
          tensor::DimOp::create(rewriter, loc, op.getDpsInits()[0], d));
  }
  Value result = input;
  if (!added.empty())
    result =
        BroadcastOp::create(rewriter, loc, resultType, input, added, sizes);
  if (result.getType() != resultType)
    result = tensor::CastOp::create(rewriter, loc, resultType, result);
  return result;
}

Why raise::raiseElementwise(RewriterBase &rewriter, linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics())
    return "it works on buffers, not tensors";
  if (Why why = whyNotScalarBody(op); !why.empty())
    return why;
  // The iteration space is the results': every result must be written
  // through one permutation, which the input maps then absorb.
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!outMap.isPermutation())
    return "its result is not written through a permutation map";
  SmallVector<Type> resultTypes;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    if (op.getMatchingIndexingMap(&init) != outMap)
      return "its results are written through different maps";
    auto type = cast<RankedTensorType>(init.get().getType());
    if (!isFerricElementType(type.getElementType()))
      return "it computes a tensor of an element type Ferric does not have";
    resultTypes.push_back(type);
  }
  AffineMap toLoops = inversePermutation(outMap);
  int64_t rank = outMap.getNumResults();
  SmallVector<FusedInput> inputs;
  auto addInput = [&](OpOperand &operand) -> Why {
    AffineMap map = op.getMatchingIndexingMap(&operand).compose(toLoops);
    Type t = operand.get().getType();
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!isFerricElementType(getElementTypeOrSelf(t)) ||
        (!tensor && isa<ShapedType>(t)))
      return "it reads an operand of a type Ferric does not compute on";
    FusedInput in{operand.get(), map, {}, {}};
    DenseElementsAttr dense;
    if (tensor && matchPattern(operand.get(), m_Constant(&dense)) &&
        dense.isSplat() && isa<FloatType>(tensor.getElementType())) {
      in.splat = dense.getSplatValue<FloatAttr>();
      inputs.push_back(in);
      return {};
    }
    if (tensor) {
      std::optional<AffineMap> kept =
          dropUnitReads(map, tensor, in.droppedDims);
      if (!kept || !kept->isProjectedPermutation())
        return "it reads an input through a map that is not a projected "
               "permutation";
      in.map = *kept;
    }
    inputs.push_back(in);
    return {};
  };
  for (OpOperand *operand : op.getDpsInputOperands())
    if (Why why = addInput(*operand); !why.empty())
      return why;
  // A result block argument the body reads is one more input.
  SmallVector<OpOperand *> readInits;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingBlockArgument(&init).use_empty()) {
      if (Why why = addInput(init); !why.empty())
        return why;
      readInits.push_back(&init);
    }
  // A broadcast takes the sizes of added dims from the init.
  rewriter.setInsertionPoint(op);
  if (readInits.empty() && inputs.size() == 1 && !inputs[0].splat) {
    if (std::optional<Value> bc = raiseBroadcast(rewriter, op, inputs[0])) {
      rewriter.replaceOp(op, *bc);
      return {};
    }
  }
  auto resultType = cast<RankedTensorType>(resultTypes.front());
  for (int64_t d = 0; d < rank; ++d)
    if (resultType.isDynamicDim(d) &&
        llvm::none_of(inputs, [&](const FusedInput &in) {
          return !in.splat &&
                 llvm::any_of(in.map.getResults(), [&](AffineExpr e) {
                   return cast<AffineDimExpr>(e).getPosition() == d;
                 });
        }))
      return "no input reads dynamic dim " + std::to_string(d) +
             " of the result";

  Location loc = op.getLoc();
  SmallVector<Value> values;
  SmallVector<AffineMap> maps;
  bool identity = true;
  for (const FusedInput &in : inputs) {
    if (in.splat)
      continue;
    values.push_back(materialize(rewriter, loc, in));
    maps.push_back(in.map);
    bool isTensor = isa<RankedTensorType>(in.value.getType());
    identity &=
        isTensor ? in.map.isIdentity() && in.map.getNumResults() == rank : true;
  }
  auto fused = FusedOp::create(rewriter, loc, resultTypes, values,
                               identity ? ArrayRef<AffineMap>() : maps);
  Block &block = fused.getBody().front();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToEnd(&block);
  SmallVector<BlockArgument> read;
  for (OpOperand *operand : op.getDpsInputOperands())
    read.push_back(op.getMatchingBlockArgument(operand));
  for (OpOperand *init : readInits)
    read.push_back(op.getMatchingBlockArgument(init));
  IRMapping mapping;
  unsigned next = 0;
  for (auto [arg, in] : llvm::zip_equal(read, inputs))
    mapping.map(
        arg,
        in.splat
            ? arith::ConstantOp::create(rewriter, loc, in.splat).getResult()
            : Value(block.getArgument(next++)));
  SmallVector<Value> yielded = cloneBody(rewriter, op, mapping);
  YieldOp::create(rewriter, loc, yielded);
  rewriter.replaceOp(op, fused.getResults());
  return {};
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// A named op's generic form, built next to it (the op itself stays until
/// the generic is raised); null when it has none.
static linalg::GenericOp generalizeCopy(RewriterBase &rewriter,
                                        linalg::LinalgOp op) {
  rewriter.setInsertionPoint(op);
  auto clone = cast<linalg::LinalgOp>(rewriter.clone(*op));
  FailureOr<linalg::GenericOp> generic =
      linalg::generalizeNamedOp(rewriter, clone);
  if (failed(generic)) {
    rewriter.eraseOp(clone);
    return nullptr;
  }
  return *generic;
}

/// The named ops the pass generalizes to raise: elementwise and data
/// movement ones whose generic form is what the rules read.
static bool isGeneralizable(Operation *op) {
  return isa<linalg::MapOp, linalg::ReduceOp, linalg::BroadcastOp,
             linalg::TransposeOp, linalg::ElementwiseOp, linalg::CopyOp>(op) ||
         (isa<linalg::LinalgOp>(op) && !isa<linalg::GenericOp>(op) &&
          linalg::isElementwise(cast<linalg::LinalgOp>(op)));
}

namespace {
struct FerricRaiseLinalgPass
    : ferric::impl::FerricRaiseLinalgPassBase<FerricRaiseLinalgPass> {
  using FerricRaiseLinalgPassBase::FerricRaiseLinalgPassBase;

  /// The function's name as the user wrote it (see ferric-fuse).
  static std::string sourceName(func::FuncOp func) {
    if (auto name = func->getAttrOfType<StringAttr>("ferric.source_name"))
      return name.str();
    return func.getSymName().str();
  }

  /// Raises `op` (a generic) by the rule its iterators call for.
  static Why raiseGeneric(RewriterBase &rewriter, linalg::GenericOp op,
                          DenseSet<Operation *> &consumed) {
    if (op.getNumParallelLoops() == op.getNumLoops())
      return raiseElementwise(rewriter, op);
    return raiseReduction(rewriter, op, consumed);
  }

  /// Expands each math.fpowi by a constant power in a linalg body (torch-
  /// mlir's x**3 in its tanh GELU) into the multiplies upstream's expansion
  /// writes, so the body holds float ops only. One by a variable power
  /// stays as it is: the expansion would rewrite it into powf of an
  /// integer conversion, and its op stays in linalg anyway.
  void expandConstantPowers(func::FuncOp func) {
    SmallVector<Operation *> powers;
    llvm::SetVector<Operation *> exponents;
    func.walk([&](math::FPowIOp op) {
      if (op->getParentOfType<linalg::LinalgOp>() &&
          matchPattern(op.getRhs(), m_Constant())) {
        powers.push_back(op);
        exponents.insert(op.getRhs().getDefiningOp());
      }
    });
    if (powers.empty())
      return;
    RewritePatternSet patterns(&getContext());
    math::populateExpansionPatterns(patterns, {"fpowi"});
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false).setStrictness(
        GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(powers, std::move(patterns), config);
    // An integer constant left unused in a body would keep it in linalg.
    for (Operation *exponent : exponents)
      if (exponent->use_empty())
        exponent->erase();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *ctx = &getContext();
    expandConstantPowers(func);
    // Unused results (a dead argmax index) and the operands only they
    // needed, on linalg ops only: no folding elsewhere.
    {
      RewritePatternSet patterns(ctx);
      linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
      GreedyRewriteConfig config;
      config.enableFolding(false).enableConstantCSE(false).setStrictness(
          GreedyRewriteStrictness::ExistingOps);
      (void)applyPatternsGreedily(func, std::move(patterns), config);
    }

    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::FillOp>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(ctx);
    DenseSet<Operation *> consumed;
    unsigned raised = 0, left = 0;
    std::string leftLines; // the report's line per left op
    for (linalg::LinalgOp op : ops) {
      if (consumed.contains(op))
        continue;
      std::string name = op->getName().getStringRef().str();
      Location loc = op.getLoc();
      Why why;
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op)) {
        why = raiseMatmul(rewriter, op, consumed);
      } else if (auto generic = dyn_cast<linalg::GenericOp>(*op)) {
        why = raiseGeneric(rewriter, generic, consumed);
      } else if (!isGeneralizable(op)) {
        why = "Ferric has no equivalent";
      } else if (linalg::GenericOp generic = generalizeCopy(rewriter, op)) {
        rewriter.replaceAllUsesWith(op->getResults(), generic->getResults());
        why = raiseGeneric(rewriter, generic, consumed);
        if (why.empty()) {
          rewriter.eraseOp(op);
        } else {
          rewriter.replaceAllUsesWith(generic->getResults(), op->getResults());
          rewriter.eraseOp(generic);
        }
      } else {
        why = "it has no generic form";
      }
      if (why.empty()) {
        ++raised;
        continue;
      }
      ++left;
      remark::missed(loc, remark::RemarkOpts::name("NotRaised")
                              .category("ferric-raise-linalg")
                              .function(sourceName(func)))
          << ("'" + name + "' stays in linalg: " + why);
      if (!report.empty()) {
        llvm::raw_string_ostream os(leftLines);
        // As ferric-fuse's report names ops: by name and line.
        os << "    '" << name << "'";
        if (auto line = dyn_cast<FileLineColLoc>(loc))
          os << " (line " << line.getLine() << ")";
        os << ": " << why << "\n";
      }
    }
    // Reshapes the rules put around raised ops (a collapsed unit dim, a
    // 2-D product of a batch of one) meet the reshapes around them: fold
    // those pairs, and nothing else (ferric.fused's own canonicalization
    // would merge raised ops, which is ferric-fuse's decision).
    {
      SmallVector<Operation *> reshapes;
      func.walk([&](Operation *op) {
        if (isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op))
          reshapes.push_back(op);
      });
      RewritePatternSet patterns(ctx);
      tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
      tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
      GreedyRewriteConfig config;
      config.setStrictness(GreedyRewriteStrictness::ExistingOps);
      (void)applyOpPatternsGreedily(reshapes, std::move(patterns), config);
    }
    // Inits only raised ops read.
    SmallVector<Operation *> dead;
    func.walk([&](Operation *op) {
      if (isa<linalg::FillOp, tensor::EmptyOp>(op))
        dead.push_back(op);
    });
    for (Operation *op : llvm::reverse(dead))
      if (op->use_empty())
        rewriter.eraseOp(op);
    if (raised + left == 0)
      return;
    remark::passed(func.getLoc(), remark::RemarkOpts::name("Raised")
                                      .category("ferric-raise-linalg")
                                      .function(sourceName(func)))
        << ("raised " + std::to_string(raised) + " linalg ops, left " +
            std::to_string(left));
    if (report.empty())
      return;
    std::string text = "ferric-raise-linalg report for @" + sourceName(func) +
                       "\n  linalg ops raised: " + std::to_string(raised) +
                       "\n  linalg ops left: " + std::to_string(left) + "\n" +
                       leftLines;
    if (failed(appendReport(func, "ferric-raise-linalg", report, text)))
      return signalPassFailure();
  }
};
} // namespace
