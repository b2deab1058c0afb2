//===- Check.cpp - Tolerances of ferric-run --check -----------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/Check.h"

#include "CompileStages.h"

#include "FerricDialect/Dialect/FerricDialect.h"
#include "FerricDialect/InitFerric.h"
#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::ferric::runner;

Tolerance mlir::ferric::runner::defaultTolerance(DType type) {
  switch (type) {
  case DType::F64:
    return {1e-12, 1e-12};
  case DType::F32:
    return {1e-6, 1e-5};
  case DType::F16:
    return {1e-3, 4e-3};
  case DType::BF16:
    return {1e-2, 3e-2};
  case DType::I1:
    return {0, 0};
  }
  llvm_unreachable("unknown DType");
}

Tolerance mlir::ferric::runner::scaleForAccumulation(Tolerance base, DType type,
                                                     int64_t length) {
  if (length <= 1 || type == DType::I1)
    return base;
  // Reductions and contractions accumulate in f32 (f16, bf16, f32) or f64:
  // the rounding to the result type costs `base`, the accumulation adds the
  // accumulator's own tolerance scaled by the length. A sum's error relative
  // to its value grows like sqrt(length) when the per-step errors are
  // independent; its absolute error, when the terms cancel (a sum near
  // zero), like length times the terms' size, which atol assumes is O(1).
  Tolerance acc =
      defaultTolerance(type == DType::F64 ? DType::F64 : DType::F32);
  double n = (double)length;
  return {base.atol + acc.atol * n, base.rtol + acc.rtol * std::sqrt(n)};
}

/// `f64` with the elements for which `takeNative(got, native, f64)` holds
/// replaced by `native`'s.
static HostTensor
mixedReference(const HostTensor &got, const HostTensor &f64,
               const HostTensor &native,
               llvm::function_ref<bool(double, double, double)> takeNative) {
  HostTensor ref = f64;
  if (got.shape != f64.shape || native.shape != f64.shape)
    return ref;
  for (int64_t i = 0, n = ref.numElements(); i < n; ++i)
    if (takeNative(got.get(i), native.get(i), f64.get(i)))
      ref.set(i, native.get(i));
  return ref;
}

HostTensor mlir::ferric::runner::maskReference(const HostTensor &got,
                                               const HostTensor &f64,
                                               const HostTensor &native) {
  return mixedReference(got, f64, native,
                        [](double g, double n, double) { return g == n; });
}

HostTensor mlir::ferric::runner::closerReference(const HostTensor &got,
                                                 const HostTensor &f64,
                                                 const HostTensor &native) {
  return mixedReference(got, f64, native, [](double g, double n, double f) {
    return std::fabs(g - n) < std::fabs(g - f);
  });
}

namespace {
/// The accumulation lengths of the values of one function, memoized.
struct LengthAnalysis {
  int64_t dynamicBound;
  llvm::DenseMap<Value, int64_t> lengths;
  /// Sizes of the dynamic dims of tensor values that follow from the actual
  /// arguments (ShapedType::kDynamic where they do not), and the values of
  /// index values (tensor.dim of such a dim, constants).
  llvm::DenseMap<Value, llvm::SmallVector<int64_t>> shapes;
  llvm::DenseMap<Value, int64_t> indices;

  /// The size of dim `d` of `v` if it is static or follows from the
  /// arguments, else ShapedType::kDynamic.
  int64_t knownDim(Value v, int64_t d) {
    auto shaped = cast<ShapedType>(v.getType());
    if (!shaped.isDynamicDim(d))
      return shaped.getDimSize(d);
    auto it = shapes.find(v);
    return it == shapes.end() ? ShapedType::kDynamic : it->second[d];
  }

  /// The size of dim `d` of `v`, dynamicBound where not known.
  int64_t dimSize(Value v, int64_t d) {
    int64_t size = knownDim(v, d);
    return ShapedType::isDynamic(size) ? dynamicBound : size;
  }

  /// The product of `v`'s `dims`.
  int64_t extent(Value v, llvm::ArrayRef<int64_t> dims) {
    int64_t n = 1;
    for (int64_t d : dims)
      n = std::min<int64_t>(n * std::max<int64_t>(dimSize(v, d), 1),
                            INT64_MAX / 2);
    return n;
  }

  /// How many values `op` itself folds into one result element.
  int64_t own(Operation *op) {
    if (auto reduce = dyn_cast<ferric::ReduceOp>(op)) {
      if (reduce.getKind() == ferric::ReduceKind::max ||
          reduce.getKind() == ferric::ReduceKind::min)
        return 1;
      return extent(reduce.getInput(), reduce.getDims());
    }
    if (auto matmul = dyn_cast<ferric::MatmulOp>(op))
      return extent(matmul.getLhs(), {matmul.getLhsKDim()});
    return 1;
  }

  /// Records what `op` tells about sizes: index constants, tensor.dim, and
  /// the dynamic dims of the results of elementwise ops (those of a tensor
  /// operand of the same rank), broadcasts and reductions.
  void inferSizes(Operation *op) {
    if (auto constant = dyn_cast<arith::ConstantIndexOp>(op)) {
      indices[constant] = constant.value();
      return;
    }
    if (auto dim = dyn_cast<tensor::DimOp>(op)) {
      auto at = indices.find(dim.getIndex());
      if (at != indices.end() &&
          isa<RankedTensorType>(dim.getSource().getType())) {
        int64_t size = knownDim(dim.getSource(), at->second);
        if (!ShapedType::isDynamic(size))
          indices[dim.getResult()] = size;
      }
      return;
    }
    if (op->getNumResults() != 1)
      return;
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type || type.hasStaticShape())
      return;
    llvm::SmallVector<int64_t> sizes(type.getShape());
    if (auto broadcast = dyn_cast<ferric::BroadcastOp>(op)) {
      unsigned input = 0, operand = 0;
      for (int64_t d = 0; d < type.getRank(); ++d) {
        if (!broadcast.isAddedDim(d)) {
          sizes[d] = knownDim(broadcast.getInput(), input++);
          continue;
        }
        if (!type.isDynamicDim(d))
          continue;
        auto at = indices.find(broadcast.getSizes()[operand++]);
        if (at != indices.end())
          sizes[d] = at->second;
      }
    } else if (auto reduce = dyn_cast<ferric::ReduceOp>(op)) {
      llvm::ArrayRef<int64_t> reduced = reduce.getDims();
      int64_t d = 0;
      auto inputType = cast<ShapedType>(reduce.getInput().getType());
      for (int64_t i = 0; i < inputType.getRank(); ++i) {
        if (llvm::is_contained(reduced, i)) {
          if (reduce.getKeepdim())
            ++d;
          continue;
        }
        sizes[d++] = knownDim(reduce.getInput(), i);
      }
    } else if (isa<ferric::ElementwiseOpInterface>(op)) {
      for (Value operand : op->getOperands()) {
        auto operandType = dyn_cast<RankedTensorType>(operand.getType());
        if (!operandType || operandType.getRank() != type.getRank())
          continue;
        for (int64_t d = 0; d < type.getRank(); ++d)
          if (ShapedType::isDynamic(sizes[d]))
            sizes[d] = knownDim(operand, d);
      }
    } else {
      return;
    }
    shapes[op->getResult(0)] = sizes;
  }

  /// Fills `lengths` for every value `func` defines, in program order (SSA:
  /// operands come first; no recursion, however long the chains).
  void run(func::FuncOp func) {
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      inferSizes(op);
      int64_t n = own(op);
      for (Value operand : op->getOperands())
        n = std::max(n, lengths.lookup(operand));
      for (Value result : op->getResults())
        lengths[result] = n;
    });
  }
};
} // namespace

llvm::Expected<std::vector<int64_t>> mlir::ferric::runner::accumulationLengths(
    llvm::StringRef irText, llvm::StringRef entryName,
    llvm::ArrayRef<llvm::SmallVector<int64_t>> argShapes) {
  DialectRegistry registry;
  ferric::registerFerricDialects(registry);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  ctx.getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(irText, &ctx);
  if (!module)
    return llvm::createStringError("cannot parse the module");
  // TOSA and linalg accumulate where their ferric form does: read that.
  if (llvm::Error e = stages::importModule(*module, CompileOptions()))
    return std::move(e);
  unsigned publicCount;
  func::FuncOp entry = findEntryFunction(*module, entryName, publicCount);
  if (!entry)
    return llvm::createStringError("no entry function");
  LengthAnalysis analysis;
  analysis.dynamicBound = 1;
  for (const auto &shape : argShapes) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= std::max<int64_t>(d, 1);
    analysis.dynamicBound = std::max(analysis.dynamicBound, n);
  }
  // The entry's dynamic dims take the actual arguments' sizes.
  for (auto [arg, shape] : llvm::zip(entry.getArguments(), argShapes)) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (type && !type.hasStaticShape() &&
        type.getRank() == (int64_t)shape.size())
      analysis.shapes[arg] = llvm::SmallVector<int64_t>(shape);
  }
  std::vector<int64_t> result;
  analysis.run(entry);
  entry.walk([&](func::ReturnOp ret) {
    for (Value v : ret.getOperands())
      result.push_back(std::max<int64_t>(1, analysis.lengths.lookup(v)));
  });
  return result;
}
