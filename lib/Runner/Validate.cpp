//===- Validate.cpp - Check inputs before a call
//---------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Compiled code trusts its inputs: an elementwise kernel given tensors of
// different lengths reads out of bounds. So before a call the runner checks
// the inputs against the entry's signature and propagates their shapes
// through the ferric ops, reporting the first op whose operands disagree.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/Runner.h"

#include "FerricDialect/Dialect/FerricDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

namespace {
using Shape = SmallVector<int64_t>; // -1: unknown

std::string where(Operation *op) {
  std::string s = "'" + op->getName().getStringRef().str() + "'";
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    s += " at line " + std::to_string(loc.getLine());
  return s;
}

std::string shapeStr(ArrayRef<int64_t> s) {
  std::string r;
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? "x" : "") + (s[i] < 0 ? std::string("?") : std::to_string(s[i]));
  return r.empty() ? "scalar" : r;
}

/// Merges `b` into `a` dim by dim; false if two known sizes differ.
bool unify(Shape &a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] < 0)
      a[i] = b[i];
    else if (b[i] >= 0 && a[i] != b[i])
      return false;
  }
  return true;
}

class ShapeChecker {
public:
  llvm::Error run(func::FuncOp func, ArrayRef<HostTensor> inputs) {
    for (auto [arg, in] : llvm::zip(func.getArguments(), inputs))
      if (isa<RankedTensorType>(arg.getType()))
        shapes[arg] = Shape(in.shape.begin(), in.shape.end());
    for (Operation &op : func.getBody().front())
      if (llvm::Error e = visit(&op))
        return e;
    return llvm::Error::success();
  }

private:
  Shape known(Value v) {
    auto it = shapes.find(v);
    if (it != shapes.end())
      return it->second;
    Shape s;
    if (auto t = dyn_cast<RankedTensorType>(v.getType()))
      for (int64_t d : t.getShape())
        s.push_back(ShapedType::isDynamic(d) ? -1 : d);
    return s;
  }

  llvm::Error mismatch(Operation *op, unsigned i, ArrayRef<int64_t> a,
                       ArrayRef<int64_t> b) {
    return llvm::createStringError(
        "input shapes disagree: " + where(op) + " needs operand " +
        std::to_string(i) + " (" + shapeStr(b) + ") to match " + shapeStr(a));
  }

  llvm::Error visit(Operation *op) {
    if (isa<ElementwiseOpInterface>(op)) {
      Shape s = known(op->getResult(0));
      for (auto [i, v] : llvm::enumerate(op->getOperands())) {
        if (!isa<RankedTensorType>(v.getType()))
          continue;
        Shape o = known(v);
        if (!unify(s, o))
          return mismatch(op, i, s, o);
      }
      shapes[op->getResult(0)] = s;
    } else if (auto dim = dyn_cast<tensor::DimOp>(op)) {
      // Broadcast sizes usually come from the dims of other tensors.
      std::optional<int64_t> i = dim.getConstantIndex();
      Shape s = known(dim.getSource());
      if (i && *i >= 0 && *i < (int64_t)s.size() && s[*i] >= 0)
        indices[dim.getResult()] = s[*i];
    } else if (auto b = dyn_cast<BroadcastOp>(op)) {
      Shape in = known(b.getInput()), out = known(b.getResult());
      for (int64_t d = 0, k = 0, j = 0; d < (int64_t)out.size(); ++d) {
        if (!b.isAddedDim(d)) {
          if (out[d] < 0)
            out[d] = in[k];
          ++k;
        } else if (out[d] < 0) { // one size operand per dynamic added dim
          Value size = b.getSizes()[j++];
          if (auto it = indices.find(size); it != indices.end())
            out[d] = it->second;
          else if (std::optional<int64_t> c = getConstantIntValue(size))
            out[d] = *c;
        }
      }
      shapes[b.getResult()] = out;
    } else if (auto f = dyn_cast<FusedOp>(op)) {
      Shape iter = known(f.getResult(0));
      for (auto [i, v] : llvm::enumerate(f.getInputs())) {
        if (!isa<RankedTensorType>(v.getType()))
          continue;
        Shape in = known(v);
        AffineMap map = f.getInputMap(i);
        for (unsigned k = 0; k < map.getNumResults(); ++k) {
          int64_t &it = iter[map.getDimPosition(k)];
          if (it < 0)
            it = in[k];
          else if (in[k] >= 0 && in[k] != it)
            return llvm::createStringError(
                "input shapes disagree: " + where(op) + " input " +
                std::to_string(i) + " dim " + std::to_string(k) + " is " +
                std::to_string(in[k]) + " but the iteration space needs " +
                std::to_string(it));
        }
      }
      for (Value r : f.getResults())
        shapes[r] = iter;
    } else if (auto m = dyn_cast<MatmulOp>(op)) {
      Shape a = known(m.getLhs()), b = known(m.getRhs());
      size_t r = a.size();
      bool batchDiffers = r == 3 && a[0] >= 0 && b[0] >= 0 && a[0] != b[0];
      if (batchDiffers ||
          (a[r - 1] >= 0 && b[r - 2] >= 0 && a[r - 1] != b[r - 2]))
        return llvm::createStringError("input shapes disagree: " + where(op) +
                                       " contracts " + shapeStr(a) + " with " +
                                       shapeStr(b));
      Shape out = a;
      out[r - 1] = b[r - 1];
      if (r == 3 && out[0] < 0)
        out[0] = b[0];
      shapes[m.getResult()] = out;
    } else if (auto red = dyn_cast<ReduceOp>(op)) {
      Shape in = known(red.getInput()), out;
      for (int64_t d = 0; d < (int64_t)in.size(); ++d) {
        if (!llvm::is_contained(red.getDims(), d))
          out.push_back(in[d]);
        else if (red.getKeepdim())
          out.push_back(1);
      }
      shapes[red.getResult()] = out;
    }
    return llvm::Error::success();
  }

  DenseMap<Value, Shape> shapes;
  DenseMap<Value, int64_t> indices; // index values known from the inputs
};
} // namespace

llvm::Error Executable::validateInputs(llvm::ArrayRef<HostTensor> inputs) {
  if (inputs.size() != args.size())
    return llvm::createStringError(
        "@" + entry + " takes " + std::to_string(args.size()) +
        " arguments, got " + std::to_string(inputs.size()) + " inputs");
  for (auto [i, spec, in] : llvm::enumerate(args, inputs)) {
    std::string what = "input " + std::to_string(i);
    if (in.dtype != spec.dtype)
      return llvm::createStringError(what + " has dtype " +
                                     dtypeName(in.dtype).str() + " but @" +
                                     entry + " expects " + spec.str());
    if (!spec.isTensor) {
      if (!in.shape.empty())
        return llvm::createStringError(what + " must be a scalar for @" +
                                       entry + " (" + spec.str() + ")");
      continue;
    }
    if (in.shape.size() != spec.shape.size())
      return llvm::createStringError(
          what + " has rank " + std::to_string(in.shape.size()) + " but @" +
          entry + " expects " + spec.str());
    for (auto [d, want, got] : llvm::enumerate(spec.shape, in.shape))
      if (want >= 0 && want != got)
        return llvm::createStringError(what + " dim " + std::to_string(d) +
                                       " is " + std::to_string(got) + " but @" +
                                       entry + " expects " + spec.str());
  }
  // The ops' shape rules depend on the input shapes only: a signature with
  // no dynamic dim was checked by the verifier, and shapes accepted on the
  // last call need no second walk of the module (most callers repeat them).
  bool dynamic = false;
  for (const ValueSpec &spec : args)
    dynamic =
        dynamic || llvm::any_of(spec.shape, [](int64_t d) { return d < 0; });
  if (!dynamic)
    return llvm::Error::success();
  auto sameAsValidated = [&] {
    if (!hasValidated || validatedShapes.size() != inputs.size())
      return false;
    for (auto [want, in] : llvm::zip(validatedShapes, inputs))
      if (want != in.shape)
        return false;
    return true;
  };
  {
    std::lock_guard<std::mutex> lock(validatedMutex);
    if (sameAsValidated())
      return llvm::Error::success();
  }
  auto module = cast<ModuleOp>(sourceModule);
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  if (llvm::Error e = ShapeChecker().run(func, inputs))
    return e;
  std::lock_guard<std::mutex> lock(validatedMutex);
  validatedShapes.clear();
  for (const HostTensor &in : inputs)
    validatedShapes.push_back(in.shape);
  hasValidated = true;
  return llvm::Error::success();
}
