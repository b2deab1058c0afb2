//===- FerricOps.cpp - Ferric op verifiers, types and builders ------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/FerricDialect.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ferric;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Prints a shape as `4x?x8` for diagnostics.
static std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (shape.empty())
    os << "scalar";
  llvm::interleave(
      shape, os,
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          os << "?";
        else
          os << d;
      },
      "x");
  return s;
}

static std::string dimStr(int64_t d) {
  return ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
}

/// Describes the first difference between two shapes, or "" if equal.
static std::string shapeDifference(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return "rank " + std::to_string(a.size()) + " vs " +
           std::to_string(b.size());
  for (auto [i, p] : llvm::enumerate(llvm::zip(a, b)))
    if (std::get<0>(p) != std::get<1>(p))
      return "dim " + std::to_string(i) + ": " + dimStr(std::get<0>(p)) +
             " vs " + dimStr(std::get<1>(p));
  return "";
}

/// Checks that `dims` is strictly increasing inside [0, rank).
static LogicalResult verifyDimList(Operation *op, ArrayRef<int64_t> dims,
                                   int64_t rank, StringRef what) {
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0 || d >= rank)
      return op->emitOpError()
             << what << " dim " << d << " is out of range for rank " << rank;
    if (i > 0 && dims[i - 1] >= d)
      return op->emitOpError()
             << what << " dims must be strictly increasing, got ["
             << llvm::make_range(dims.begin(), dims.end()) << "]";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// custom<OperandTypes>: `T` for two operands of type T, or `T1, T2`.
//===----------------------------------------------------------------------===//

static ParseResult parseOperandTypes(OpAsmParser &parser, Type &lhs,
                                     Type &rhs) {
  if (parser.parseType(lhs))
    return failure();
  if (succeeded(parser.parseOptionalComma()))
    return parser.parseType(rhs);
  rhs = lhs;
  return success();
}

static void printOperandTypes(OpAsmPrinter &p, Operation *, Type lhs,
                              Type rhs) {
  p << lhs;
  if (rhs != lhs)
    p << ", " << rhs;
}

//===----------------------------------------------------------------------===//
// custom<ClampTypes>: `T` when both bounds are tensors of the input's type T,
// else `T, Tlo, Thi`.
//===----------------------------------------------------------------------===//

static ParseResult parseClampTypes(OpAsmParser &parser, Type &input, Type &lo,
                                   Type &hi) {
  if (parser.parseType(input))
    return failure();
  if (succeeded(parser.parseOptionalComma()))
    return failure(parser.parseType(lo) || parser.parseComma() ||
                   parser.parseType(hi));
  lo = hi = input;
  return success();
}

static void printClampTypes(OpAsmPrinter &p, Operation *, Type input, Type lo,
                            Type hi) {
  p << input;
  if (lo != input || hi != input)
    p << ", " << lo << ", " << hi;
}

//===----------------------------------------------------------------------===//
// Elementwise operand checks and result inference
//===----------------------------------------------------------------------===//

LogicalResult mlir::ferric::verifyTensorOrScalarOperands(Operation *op) {
  static const char *names[] = {"lhs", "rhs"};
  Type types[2] = {op->getOperand(0).getType(), op->getOperand(1).getType()};
  auto t0 = dyn_cast<RankedTensorType>(types[0]);
  auto t1 = dyn_cast<RankedTensorType>(types[1]);
  if (!t0 && !t1)
    return op->emitOpError(
        "expects at least one tensor operand, got two scalars");
  if (t0 && t1) {
    if (t0.getElementType() != t1.getElementType())
      return op->emitOpError("operand element types differ: lhs is ")
             << t0.getElementType() << ", rhs is " << t1.getElementType();
    std::string diff = shapeDifference(t0.getShape(), t1.getShape());
    if (!diff.empty())
      return op->emitOpError("operand shapes differ: lhs is ")
             << t0 << ", rhs is " << t1 << " (" << diff
             << "); use ferric.broadcast to change shapes";
    return success();
  }
  unsigned scalarIdx = t0 ? 1 : 0;
  RankedTensorType tensor = t0 ? t0 : t1;
  if (types[scalarIdx] != tensor.getElementType())
    return op->emitOpError("scalar operand ")
           << names[scalarIdx] << " has type " << types[scalarIdx]
           << ", expected the tensor element type " << tensor.getElementType();
  return success();
}

/// Result type of an elementwise op over `operands`: the shape of the first
/// tensor operand, with `elementType` (or the operand's element type).
static LogicalResult inferElementwise(std::optional<Location> loc,
                                      ArrayRef<Type> operandTypes,
                                      Type elementType,
                                      SmallVectorImpl<Type> &results) {
  for (Type t : operandTypes) {
    if (auto tensor = dyn_cast<RankedTensorType>(t)) {
      results.push_back(RankedTensorType::get(
          tensor.getShape(),
          elementType ? elementType : tensor.getElementType()));
      return success();
    }
  }
  return emitOptionalError(loc, "expects at least one tensor operand");
}

#define FERRIC_INFER_BINARY(OP)                                                \
  LogicalResult OP::inferReturnTypes(MLIRContext *, std::optional<Location> l, \
                                     Adaptor a, SmallVectorImpl<Type> &r) {    \
    return inferElementwise(l, {a.getLhs().getType(), a.getRhs().getType()},   \
                            nullptr, r);                                       \
  }
FERRIC_INFER_BINARY(AddOp)
FERRIC_INFER_BINARY(SubOp)
FERRIC_INFER_BINARY(MulOp)
FERRIC_INFER_BINARY(DivOp)
FERRIC_INFER_BINARY(MaxOp)
FERRIC_INFER_BINARY(MinOp)
FERRIC_INFER_BINARY(PowOp)
#undef FERRIC_INFER_BINARY

LogicalResult CmpOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc, Adaptor a,
                                      SmallVectorImpl<Type> &results) {
  return inferElementwise(loc, {a.getLhs().getType(), a.getRhs().getType()},
                          IntegerType::get(ctx, 1), results);
}

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc, Adaptor a,
                                         SmallVectorImpl<Type> &results) {
  auto cond = dyn_cast<RankedTensorType>(a.getCondition().getType());
  if (!cond)
    return emitOptionalError(loc, "expects a tensor condition");
  Type elem = getElementTypeOrSelf(a.getTrueValue().getType());
  results.push_back(RankedTensorType::get(cond.getShape(), elem));
  return success();
}

LogicalResult SelectOp::verify() {
  auto cond = getCondition().getType();
  Type elem = getElementTypeOrSelf(getTrueValue().getType());
  Type falseElem = getElementTypeOrSelf(getFalseValue().getType());
  if (elem != falseElem)
    return emitOpError("true and false values have different element types: ")
           << elem << " vs " << falseElem;
  for (auto [name, v] : {std::pair<StringRef, Value>{"true", getTrueValue()},
                         {"false", getFalseValue()}}) {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    if (!t)
      continue;
    std::string diff = shapeDifference(t.getShape(), cond.getShape());
    if (!diff.empty())
      return emitOpError() << name << " value shape " << shapeStr(t.getShape())
                           << " differs from condition shape "
                           << shapeStr(cond.getShape()) << " (" << diff << ")";
  }
  return success();
}

LogicalResult ClampOp::verify() {
  RankedTensorType type = getInput().getType();
  for (auto [name, bound] :
       {std::pair<StringRef, Value>{"lo", getLo()}, {"hi", getHi()}}) {
    Type t = bound.getType();
    if (t == type || t == type.getElementType())
      continue;
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (tensor && tensor.getElementType() == type.getElementType())
      return emitOpError("bound ")
             << name << " has shape " << shapeStr(tensor.getShape())
             << ", the input " << shapeStr(type.getShape()) << " ("
             << shapeDifference(tensor.getShape(), type.getShape())
             << "); use ferric.broadcast to change shapes";
    return emitOpError("bound ")
           << name << " has type " << t << ", expected " << type
           << " or its element type " << type.getElementType();
  }
  return success();
}

LogicalResult CastOp::verify() {
  auto in = getInput().getType();
  auto out = getResult().getType();
  std::string diff = shapeDifference(in.getShape(), out.getShape());
  if (!diff.empty())
    return emitOpError("cast changes the shape: ")
           << in << " to " << out << " (" << diff << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

bool BroadcastOp::isAddedDim(int64_t d) {
  return llvm::is_contained(getDims(), d);
}

OpFoldResult BroadcastOp::getResultDimSize(OpBuilder &b, int64_t d) {
  RankedTensorType resultType = getResult().getType();
  if (!resultType.isDynamicDim(d))
    return b.getIndexAttr(resultType.getDimSize(d));
  ArrayRef<int64_t> dims = getDims();
  if (isAddedDim(d)) {
    unsigned k = 0;
    for (int64_t a : dims) {
      if (a == d)
        break;
      if (resultType.isDynamicDim(a))
        ++k;
    }
    return getSizes()[k];
  }
  int64_t inputDim = d - llvm::count_if(dims, [&](int64_t a) { return a < d; });
  return tensor::DimOp::create(b, getLoc(), getInput(), inputDim).getResult();
}

LogicalResult BroadcastOp::verify() {
  auto in = getInput().getType();
  auto out = getResult().getType();
  ArrayRef<int64_t> dims = getDims();
  if (in.getElementType() != out.getElementType())
    return emitOpError("element type changes from ")
           << in.getElementType() << " to " << out.getElementType();
  if (in.getRank() + (int64_t)dims.size() != out.getRank())
    return emitOpError("input rank ")
           << in.getRank() << " plus " << dims.size()
           << " added dims does not equal result rank " << out.getRank();
  if (failed(verifyDimList(*this, dims, out.getRank(), "added")))
    return failure();
  int64_t inDim = 0, dynamicAdded = 0;
  for (int64_t d = 0; d < out.getRank(); ++d) {
    if (isAddedDim(d)) {
      dynamicAdded += out.isDynamicDim(d);
      continue;
    }
    if (in.getDimSize(inDim) != out.getDimSize(d))
      return emitOpError("result dim ")
             << d << " (" << dimStr(out.getDimSize(d))
             << ") does not match input dim " << inDim << " ("
             << dimStr(in.getDimSize(inDim)) << ")";
    ++inDim;
  }
  if ((int64_t)getSizes().size() != dynamicAdded)
    return emitOpError("expects ")
           << dynamicAdded
           << " size operand(s), one per dynamic added dim, got "
           << getSizes().size();
  // A constant negative size would allocate a buffer of -n elements (about
  // 2^64 bytes) at run time; sizes computed at run time are checked by the
  // runner before the call.
  for (auto [i, size] : llvm::enumerate(getSizes())) {
    APInt value;
    if (matchPattern(size, m_ConstantInt(&value)) && value.isNegative())
      return emitOpError("size operand ")
             << i << " is " << value.getSExtValue() << "; sizes must be >= 0";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp and MatmulOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  auto in = getInput().getType();
  auto out = getResult().getType();
  ArrayRef<int64_t> dims = getDims();
  if (dims.empty())
    return emitOpError("expects at least one dim to reduce");
  if (failed(verifyDimList(*this, dims, in.getRank(), "reduced")))
    return failure();
  if (in.getElementType() != out.getElementType())
    return emitOpError("element type changes from ")
           << in.getElementType() << " to " << out.getElementType();
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < in.getRank(); ++d) {
    if (!llvm::is_contained(dims, d))
      expected.push_back(in.getDimSize(d));
    else if (getKeepdim())
      expected.push_back(1);
  }
  std::string diff = shapeDifference(out.getShape(), expected);
  if (!diff.empty())
    return emitOpError("result shape ")
           << shapeStr(out.getShape()) << " does not match the expected "
           << shapeStr(expected) << " (" << diff << ")";
  return success();
}

int64_t MatmulOp::getLhsMDim() {
  int64_t r = getLhs().getType().getRank();
  return getTransposeLhs() ? r - 1 : r - 2;
}
int64_t MatmulOp::getLhsKDim() {
  int64_t r = getLhs().getType().getRank();
  return getTransposeLhs() ? r - 2 : r - 1;
}
int64_t MatmulOp::getRhsKDim() {
  int64_t r = getRhs().getType().getRank();
  return getTransposeRhs() ? r - 1 : r - 2;
}
int64_t MatmulOp::getRhsNDim() {
  int64_t r = getRhs().getType().getRank();
  return getTransposeRhs() ? r - 2 : r - 1;
}

LogicalResult MatmulOp::verify() {
  auto a = getLhs().getType(), b = getRhs().getType(),
       c = getResult().getType();
  if (a.getRank() != b.getRank() || (a.getRank() != 2 && a.getRank() != 3))
    return emitOpError("expects operands of rank 2 or of rank 3 (batched), "
                       "both the same; got ranks ")
           << a.getRank() << " and " << b.getRank();
  if (a.getElementType() != b.getElementType() ||
      a.getElementType() != c.getElementType())
    return emitOpError("element types differ: ")
           << a.getElementType() << ", " << b.getElementType() << " -> "
           << c.getElementType();
  int64_t r = a.getRank();
  auto compatible = [](int64_t x, int64_t y) {
    return ShapedType::isDynamic(x) || ShapedType::isDynamic(y) || x == y;
  };
  int64_t lhsK = getLhsKDim(), rhsK = getRhsKDim();
  if (!compatible(a.getDimSize(lhsK), b.getDimSize(rhsK)))
    return emitOpError("contraction dims differ: lhs dim ")
           << lhsK << (getTransposeLhs() ? " (transpose_lhs)" : "") << " is "
           << a.getDimSize(lhsK) << ", rhs dim " << rhsK
           << (getTransposeRhs() ? " (transpose_rhs)" : "") << " is "
           << b.getDimSize(rhsK);
  if (r == 3 && !compatible(a.getDimSize(0), b.getDimSize(0)))
    return emitOpError("batch dims differ: ")
           << a.getDimSize(0) << " vs " << b.getDimSize(0);
  SmallVector<int64_t> expected;
  if (r == 3)
    expected.push_back(a.getDimSize(0));
  expected.push_back(a.getDimSize(getLhsMDim()));
  expected.push_back(b.getDimSize(getRhsNDim()));
  if (c.getRank() != r)
    return emitOpError("result rank ") << c.getRank() << " should be " << r;
  for (int64_t d = 0; d < r; ++d) {
    if (compatible(c.getDimSize(d), expected[d]))
      continue;
    InFlightDiagnostic diag = emitOpError("result dim ")
                              << d << " is " << dimStr(c.getDimSize(d))
                              << ", expected " << dimStr(expected[d]);
    if (d == r - 2 && getTransposeLhs())
      diag << " (lhs dim " << getLhsMDim() << ", transpose_lhs)";
    if (d == r - 1 && getTransposeRhs())
      diag << " (rhs dim " << getRhsNDim() << ", transpose_rhs)";
    return diag;
  }
  return success();
}

#define GET_OP_CLASSES
#include "FerricDialect/Dialect/FerricOps.cpp.inc"
