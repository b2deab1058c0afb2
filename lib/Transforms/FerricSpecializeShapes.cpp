//===- FerricSpecializeShapes.cpp - Static argument shapes ----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace ferric {
#define GEN_PASS_DEF_FERRICSPECIALIZESHAPESPASS
#include "FerricDialect/Transforms/Passes.h.inc"
} // namespace ferric
} // namespace mlir

using namespace mlir;
using namespace mlir::ferric;

bool mlir::ferric::fitsStaticShape(Type type, ArrayRef<int64_t> shape) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getRank() != (int64_t)shape.size())
    return false;
  for (auto [d, size] : llvm::enumerate(shape))
    if (size < 0 || (!tensor.isDynamicDim(d) && tensor.getDimSize(d) != size))
      return false;
  return true;
}

void mlir::ferric::specializeArgument(func::FuncOp func, unsigned index,
                                      ArrayRef<int64_t> shape) {
  BlockArgument arg = func.getArgument(index);
  auto type = cast<RankedTensorType>(arg.getType());
  if (type.hasStaticShape())
    return;
  arg.setType(RankedTensorType::get(shape, type.getElementType()));
  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  auto cast = tensor::CastOp::create(b, arg.getLoc(), type, arg);
  arg.replaceAllUsesExcept(cast, cast);
  SmallVector<Type> inputs(func.getArgumentTypes());
  inputs[index] = arg.getType();
  func.setFunctionType(
      FunctionType::get(func.getContext(), inputs, func.getResultTypes()));
}

func::FuncOp mlir::ferric::findEntryFunction(ModuleOp module, StringRef name,
                                             unsigned &publicCount) {
  publicCount = 0;
  if (!name.empty()) {
    auto f = module.lookupSymbol<func::FuncOp>(name);
    return f && !f.isExternal() ? f : func::FuncOp();
  }
  func::FuncOp only;
  for (auto f : module.getOps<func::FuncOp>())
    if (f.isPublic() && !f.isExternal()) {
      only = f;
      ++publicCount;
    }
  return publicCount == 1 ? only : func::FuncOp();
}

/// Parses "8x1024" into dims; "scalar" is rank 0.
static FailureOr<SmallVector<int64_t>> parseShape(StringRef text) {
  SmallVector<int64_t> dims;
  if (text == "scalar")
    return dims;
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  for (StringRef part : parts) {
    int64_t v;
    if (part.getAsInteger(10, v) || v < 0)
      return failure();
    dims.push_back(v);
  }
  return dims;
}

namespace {
struct FerricSpecializeShapesPass
    : ferric::impl::FerricSpecializeShapesPassBase<FerricSpecializeShapesPass> {
  using FerricSpecializeShapesPassBase::FerricSpecializeShapesPassBase;

  void runOnOperation() override {
    unsigned publicCount;
    func::FuncOp func = findEntryFunction(getOperation(), entry, publicCount);
    if (!func) {
      InFlightDiagnostic diag = mlir::emitError(getOperation().getLoc())
                                << "ferric-specialize-shapes: ";
      if (!entry.empty())
        diag << "no function @" << entry << " with a body";
      else
        diag << "the module has " << publicCount
             << " public functions with a body; name one with entry=";
      return signalPassFailure();
    }
    if (shapes.size() != func.getNumArguments()) {
      func.emitError() << "ferric-specialize-shapes: " << shapes.size()
                       << " shapes for " << func.getNumArguments()
                       << " arguments of @" << func.getSymName();
      return signalPassFailure();
    }
    for (auto [i, text] : llvm::enumerate(shapes)) {
      Type type = func.getArgument(i).getType();
      if (text == "*" || (text == "scalar" && !isa<TensorType>(type)))
        continue;
      FailureOr<SmallVector<int64_t>> shape = parseShape(text);
      if (failed(shape)) {
        func.emitError() << "ferric-specialize-shapes: shape '" << text
                         << "' for argument " << i
                         << " is not dims joined by 'x', 'scalar' or '*'";
        return signalPassFailure();
      }
      if (!fitsStaticShape(type, *shape)) {
        func.emitError() << "ferric-specialize-shapes: argument " << i
                         << " of @" << func.getSymName() << " is " << type
                         << ", which cannot take the shape '" << text << "'";
        return signalPassFailure();
      }
      specializeArgument(func, i, *shape);
    }
  }
};
} // namespace
