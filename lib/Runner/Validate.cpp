//===- Validate.cpp - Check inputs before a call --------------------------===//
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

#include "CompileStages.h"

#include "FerricDialect/Dialect/FerricDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

namespace {
using Shape = SmallVector<int64_t>; // -1: unknown
} // namespace

std::optional<int64_t> stages::byteSize(ArrayRef<int64_t> shape,
                                        ShapedType type) {
  Type elem = type.getElementType();
  int64_t bytes = 1;
  if (elem.isIntOrIndexOrFloat())
    bytes = elem.isIndex() ? 8 : (elem.getIntOrFloatBitWidth() + 7) / 8;
  for (int64_t d : shape)
    if (d < 0 || llvm::MulOverflow(bytes, d, bytes))
      return std::nullopt;
  return bytes;
}

namespace {

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
    return visitBody(func);
  }
  llvm::Error run(func::FuncOp func, ArrayRef<std::vector<int64_t>> inputs) {
    for (auto [arg, in] : llvm::zip(func.getArguments(), inputs))
      if (isa<RankedTensorType>(arg.getType()))
        shapes[arg] = Shape(in.begin(), in.end());
    return visitBody(func);
  }

private:
  llvm::Error visitBody(func::FuncOp func) {
    for (Operation &op : func.getBody().front()) {
      if (llvm::Error e = visit(&op))
        return e;
      if (llvm::Error e = checkElementLimit(&op))
        return e;
      if (llvm::Error e = checkByteSize(&op))
        return e;
    }
    return llvm::Error::success();
  }

  /// A tensor whose size in bytes does not fit in 64 bits: the lowered code
  /// computes the size with wrapping arithmetic (2^62 f32 elements made a
  /// 0-byte allocation that the kernel then wrote 2^64 bytes into).
  llvm::Error checkByteSize(Operation *op) {
    for (Value r : op->getResults()) {
      auto it = shapes.find(r);
      auto type = dyn_cast<RankedTensorType>(r.getType());
      if (it == shapes.end() || !type ||
          llvm::any_of(it->second, [](int64_t d) { return d < 0; }))
        continue;
      if (stages::byteSize(it->second, type))
        continue;
      std::string elem;
      llvm::raw_string_ostream os(elem);
      os << type.getElementType();
      return llvm::createStringError(
          where(op) + " gives a " + shapeStr(it->second) + " tensor of " +
          elem +
          " for these inputs, whose size in bytes does not fit in 64 "
          "bits");
    }
    return llvm::Error::success();
  }

public:
  /// When non-zero, the most elements a tensor may have (the Vulkan
  /// target's 32-bit index); sizes computed from the inputs are compared
  /// with it, which the pipeline cannot do once they are folded.
  int64_t elementLimit = 0;

private:
  llvm::Error checkElementLimit(Operation *op) {
    if (!elementLimit)
      return llvm::Error::success();
    for (Value r : op->getResults()) {
      auto it = shapes.find(r);
      if (it == shapes.end() ||
          llvm::any_of(it->second, [](int64_t d) { return d < 0; }))
        continue;
      int64_t n = 1;
      bool overflow = false;
      for (int64_t d : it->second)
        overflow |= llvm::MulOverflow(n, d, n);
      if (overflow || n > elementLimit)
        return llvm::createStringError(
            where(op) + " gives a " + shapeStr(it->second) +
            " tensor for these inputs: more elements than the 32-bit index "
            "of the vulkan target allows (" +
            std::to_string(elementLimit) + ")");
    }
    return llvm::Error::success();
  }

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
    } else if (op->getNumResults() == 1 &&
               op->getResult(0).getType().isIndex() &&
               isa<arith::ArithDialect>(op->getDialect())) {
      if (std::optional<int64_t> v = evaluateIndex(op))
        indices[op->getResult(0)] = *v;
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
          unsigned operand = j++;
          std::optional<int64_t> value = index(b.getSizes()[operand]);
          // A negative size would make the callee allocate about 2^64 bytes
          // (or write through a null pointer).
          if (value && *value < 0)
            return llvm::createStringError(
                where(op) + " size operand " + std::to_string(operand) +
                " is " + std::to_string(*value) +
                " for these inputs; sizes must be >= 0");
          if (value)
            out[d] = *value;
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
      int64_t ak = a[m.getLhsKDim()], bk = b[m.getRhsKDim()];
      bool batchDiffers = r == 3 && a[0] >= 0 && b[0] >= 0 && a[0] != b[0];
      if (batchDiffers || (ak >= 0 && bk >= 0 && ak != bk))
        return llvm::createStringError(
            "input shapes disagree: " + where(op) + " contracts " +
            shapeStr(a) + (m.getTransposeLhs() ? " (transpose_lhs)" : "") +
            " with " + shapeStr(b) +
            (m.getTransposeRhs() ? " (transpose_rhs)" : ""));
      Shape out = a;
      out[r - 2] = a[m.getLhsMDim()];
      out[r - 1] = b[m.getRhsNDim()];
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

  /// The value of an index computed from the inputs' dims, if known.
  std::optional<int64_t> index(Value v) {
    if (auto it = indices.find(v); it != indices.end())
      return it->second;
    return getConstantIntValue(v);
  }

  /// Evaluates the integer arith ops that compute sizes from dims, with
  /// the wrapping 64-bit semantics of `index` on the host; nullopt where an
  /// operand is unknown or the op is not one of them (or would trap).
  std::optional<int64_t> evaluateIndex(Operation *op) {
    if (auto c = dyn_cast<arith::ConstantIndexOp>(op))
      return c.value();
    if (op->getNumOperands() != 2)
      return std::nullopt;
    std::optional<int64_t> a = index(op->getOperand(0));
    std::optional<int64_t> b = index(op->getOperand(1));
    if (!a || !b)
      return std::nullopt;
    auto ua = static_cast<uint64_t>(*a), ub = static_cast<uint64_t>(*b);
    auto wrap = [](uint64_t r) { return static_cast<int64_t>(r); };
    bool divByZeroOrOverflow =
        *b == 0 || (*a == std::numeric_limits<int64_t>::min() && *b == -1);
    if (isa<arith::AddIOp>(op))
      return wrap(ua + ub);
    if (isa<arith::SubIOp>(op))
      return wrap(ua - ub);
    if (isa<arith::MulIOp>(op))
      return wrap(ua * ub);
    if (isa<arith::MaxSIOp>(op))
      return std::max(*a, *b);
    if (isa<arith::MinSIOp>(op))
      return std::min(*a, *b);
    if (isa<arith::MaxUIOp>(op))
      return wrap(std::max(ua, ub));
    if (isa<arith::MinUIOp>(op))
      return wrap(std::min(ua, ub));
    if (divByZeroOrOverflow)
      return std::nullopt;
    if (isa<arith::DivSIOp>(op))
      return *a / *b;
    if (isa<arith::RemSIOp>(op))
      return *a % *b;
    if (isa<arith::CeilDivSIOp>(op))
      return llvm::divideCeilSigned(*a, *b);
    if (isa<arith::FloorDivSIOp>(op))
      return llvm::divideFloorSigned(*a, *b);
    if (isa<arith::DivUIOp>(op))
      return wrap(ua / ub);
    if (isa<arith::RemUIOp>(op))
      return wrap(ua % ub);
    if (isa<arith::CeilDivUIOp>(op))
      return wrap(ua / ub + (ua % ub != 0));
    return std::nullopt;
  }

  DenseMap<Value, Shape> shapes;
  DenseMap<Value, int64_t> indices; // index values known from the inputs
};
} // namespace

llvm::Error Executable::checkSignature(
    size_t n, llvm::function_ref<DType(size_t)> dtypeOf,
    llvm::function_ref<llvm::ArrayRef<int64_t>(size_t)> shapeOf,
    bool &needsShapeRules) {
  needsShapeRules = false;
  if (n != args.size())
    return llvm::createStringError(
        "@" + entry + " takes " + std::to_string(args.size()) +
        " arguments, got " + std::to_string(n) + " inputs");
  // Messages are built only for a failing input (this runs on every call).
  auto what = [](size_t i) { return "input " + std::to_string(i); };
  bool dynamic = false;
  for (auto [i, spec] : llvm::enumerate(args)) {
    DType dtype = dtypeOf(i);
    llvm::ArrayRef<int64_t> shape = shapeOf(i);
    if (dtype != spec.dtype)
      return llvm::createStringError(what(i) + " has dtype " +
                                     dtypeName(dtype).str() + " but @" + entry +
                                     " expects " + spec.str());
    if (!spec.isTensor) {
      if (!shape.empty())
        return llvm::createStringError(what(i) + " must be a scalar for @" +
                                       entry + " (" + spec.str() + ")");
      continue;
    }
    if (shape.size() != spec.shape.size())
      return llvm::createStringError(what(i) + " has rank " +
                                     std::to_string(shape.size()) + " but @" +
                                     entry + " expects " + spec.str());
    for (auto [d, want, got] : llvm::enumerate(spec.shape, shape)) {
      dynamic = dynamic || want < 0;
      if (want >= 0 && want != got)
        return llvm::createStringError(what(i) + " dim " + std::to_string(d) +
                                       " is " + std::to_string(got) + " but @" +
                                       entry + " expects " + spec.str());
    }
  }
  // The ops' shape rules depend on the input shapes only: a signature with
  // no dynamic dim was checked by the verifier, and shapes accepted on the
  // last call need no second walk of the module (most callers repeat them).
  if (!dynamic)
    return llvm::Error::success();
  std::lock_guard<std::mutex> lock(validatedMutex);
  needsShapeRules = !hasValidated || validatedShapes.size() != n;
  for (size_t i = 0; i < n && !needsShapeRules; ++i)
    needsShapeRules = llvm::ArrayRef<int64_t>(validatedShapes[i]) != shapeOf(i);
  return llvm::Error::success();
}

llvm::Error Executable::validateInputs(llvm::ArrayRef<HostTensor> inputs) {
  bool needsShapeRules = false;
  if (llvm::Error e = checkSignatureOf(inputs, needsShapeRules))
    return e;
  if (!needsShapeRules)
    return llvm::Error::success();
  return checkShapeRules(inputs);
}

llvm::Error Executable::checkShapeRules(llvm::ArrayRef<HostTensor> inputs) {
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

llvm::Error
stages::checkArgumentShapes(func::FuncOp entry,
                            ArrayRef<std::vector<int64_t>> argShapes,
                            int64_t elementLimit) {
  if (argShapes.size() != entry.getNumArguments())
    return llvm::Error::success();
  for (auto [arg, shape] : llvm::zip(entry.getArguments(), argShapes)) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    if (type.getRank() != (int64_t)shape.size())
      return llvm::Error::success();
    for (auto [want, got] : llvm::zip(type.getShape(), shape))
      if (got < 0 || (!ShapedType::isDynamic(want) && want != got))
        return llvm::Error::success();
  }
  ShapeChecker checker;
  checker.elementLimit = elementLimit;
  return checker.run(entry, argShapes);
}
