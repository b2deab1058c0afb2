//===- FerricOps.td - Ferric operations --------------------*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_OPS_TD
#define FERRIC_OPS_TD

include "FerricDialect/Dialect/FerricDialect.td"
include "FerricDialect/Dialect/FerricInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Ferric_Float : AnyTypeOf<[F16, BF16, F32, F64]>;
def Ferric_FloatTensor : RankedTensorOf<[F16, BF16, F32, F64]>;
def Ferric_BoolTensor : RankedTensorOf<[I1]>;
def Ferric_FloatOrBoolTensor : RankedTensorOf<[F16, BF16, F32, F64, I1]>;
def Ferric_TensorOrScalar : AnyTypeOf<[Ferric_FloatTensor, Ferric_Float]>;

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

class Ferric_ElementwiseOp<string mnemonic, list<Trait> traits = []>
    : Ferric_Op<mnemonic, traits # [Pure,
        DeclareOpInterfaceMethods<Ferric_ElementwiseOpInterface>]> {
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
      return ::mlir::ferric::foldElementwise(getOperation(),
                                             adaptor.getOperands());
    }
  }];
}

class Ferric_UnaryOp<string mnemonic, string summaryText,
                     string formula, list<Trait> traits = []>
    : Ferric_ElementwiseOp<mnemonic, traits # [SameOperandsAndResultType]> {
  let summary = summaryText;
  let description = "Elementwise `" # formula # "` on a floating-point "
    # "tensor. f16 and bf16 inputs compute transcendental functions in f32.";
  let arguments = (ins Ferric_FloatTensor:$input);
  let results = (outs Ferric_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

def Ferric_NegOp : Ferric_UnaryOp<"neg", "negation", "-x">;
def Ferric_AbsOp : Ferric_UnaryOp<"abs", "absolute value", "|x|">;
def Ferric_ExpOp : Ferric_UnaryOp<"exp", "exponential", "exp(x)">;
def Ferric_LogOp : Ferric_UnaryOp<"log", "natural logarithm", "log(x)">;
def Ferric_SqrtOp : Ferric_UnaryOp<"sqrt", "square root", "sqrt(x)">;
def Ferric_RsqrtOp
    : Ferric_UnaryOp<"rsqrt", "reciprocal square root", "1 / sqrt(x)">;
def Ferric_TanhOp : Ferric_UnaryOp<"tanh", "hyperbolic tangent", "tanh(x)">;
def Ferric_ReluOp : Ferric_UnaryOp<"relu", "rectifier", "max(x, 0)">;
def Ferric_SigmoidOp
    : Ferric_UnaryOp<"sigmoid", "logistic sigmoid", "1 / (1 + exp(-x))">;
def Ferric_SiluOp
    : Ferric_UnaryOp<"silu", "SiLU (swish)", "x / (1 + exp(-x))">;
def Ferric_SinOp : Ferric_UnaryOp<"sin", "sine", "sin(x)">;
def Ferric_CosOp : Ferric_UnaryOp<"cos", "cosine", "cos(x)">;
def Ferric_ErfOp : Ferric_UnaryOp<"erf", "error function", "erf(x)">;
def Ferric_Log1pOp
    : Ferric_UnaryOp<"log1p", "logarithm of one plus x", "log(1 + x)"> {
  let description = [{
    Elementwise `log(1 + x)`, accurate for tiny `x` too (where computing
    `1 + x` first would round it to 1). f16 and bf16 inputs compute in f32.
  }];
}
def Ferric_Expm1Op
    : Ferric_UnaryOp<"expm1", "exponential minus one", "exp(x) - 1"> {
  let description = [{
    Elementwise `exp(x) - 1`, accurate for tiny `x` too (where `exp(x)`
    rounds to 1). f16 and bf16 inputs compute in f32.
  }];
}
def Ferric_FloorOp
    : Ferric_UnaryOp<"floor", "round toward -infinity", "floor(x)">;
def Ferric_CeilOp
    : Ferric_UnaryOp<"ceil", "round toward +infinity", "ceil(x)">;
def Ferric_RoundOp
    : Ferric_UnaryOp<"round", "round to nearest, ties to even",
                     "roundeven(x)"> {
  let description = [{
    Elementwise rounding to the nearest integer, halfway cases to the even
    one (`round(2.5) = 2`, `round(-0.5) = -0`), as `torch.round` and
    `numpy.round` do; the scalar body is `math.roundeven`. C's `round`
    (halfway cases away from zero, `math.round`) is not this op; inside a
    `ferric.fused` body `math.round` may still be used as it is.
  }];
}
def Ferric_SignOp : Ferric_UnaryOp<"sign", "sign", "sign(x)"> {
  let description = [{
    Elementwise sign: 1 for `x > 0`, -1 for `x < 0`, and `x` itself for
    zeros (keeping their sign) and NaN, as StableHLO's `sign` and
    `numpy.sign` of NaN. (`torch.sign` gives 0 for NaN.)
  }];
}
def Ferric_ReciprocalOp
    : Ferric_UnaryOp<"reciprocal", "reciprocal", "1 / x"> {
  let description = [{
    Elementwise `1 / x`, a division in the element type (as `ferric.div`
    of the constant 1): `1 / +-0 = +-inf`.
  }];
}

def Ferric_ClampOp : Ferric_ElementwiseOp<"clamp",
    [AllTypesMatch<["input", "result"]>]> {
  let summary = "clamp into [lo, hi]";
  let description = [{
    Elementwise `minimum(maximum(x, lo), hi)`, NaN-propagating like
    `ferric.max` and `ferric.min` (as `torch.clamp`: a NaN input stays NaN,
    and `lo > hi` gives `hi`). Each bound is a tensor of the input's type or
    a scalar of its element type:

    ```mlir
    %0 = ferric.clamp %x, %lo, %hi : tensor<4x8xf32>
    %1 = ferric.clamp %x, %a, %b : tensor<4x8xf32>, f32, f32
    %2 = ferric.clamp %x, %lo, %b : tensor<4x8xf32>, tensor<4x8xf32>, f32
    ```
  }];
  let arguments = (ins Ferric_FloatTensor:$input, Ferric_TensorOrScalar:$lo,
                       Ferric_TensorOrScalar:$hi);
  let results = (outs Ferric_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $lo `,` $hi attr-dict `:`
    custom<ClampTypes>(type($input), type($lo), type($hi))
  }];
  let hasVerifier = 1;
}

def Ferric_GeluOp : Ferric_ElementwiseOp<"gelu", [SameOperandsAndResultType]> {
  let summary = "GELU activation";
  let description = [{
    Elementwise GELU. By default the tanh approximation
    `0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))`; with the
    `exact` unit attribute, the erf form `0.5 * x * (1 + erf(x / sqrt(2)))`.
    The tanh form is computed as the same function `x / (1 + exp(-2u))`,
    `u = sqrt(2/pi) * (x + 0.044715 * x^3)` (`0.5 * (1 + tanh(u))` is the
    logistic function of `2u`): one exp and one division per element, and no
    cancellation in `1 + tanh(u)` for negative `x`.

    ```mlir
    %0 = ferric.gelu %x : tensor<8xf32>
    %1 = ferric.gelu %x exact : tensor<8xf32>
    ```
  }];
  let arguments = (ins Ferric_FloatTensor:$input, UnitAttr:$exact);
  let results = (outs Ferric_FloatTensor:$result);
  let assemblyFormat = "$input (`exact` $exact^)? attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

class Ferric_BinaryOp<string mnemonic, string summaryText, string formula,
                      list<Trait> traits = []>
    : Ferric_ElementwiseOp<mnemonic, traits # [InferTypeOpAdaptor]> {
  let summary = summaryText;
  let description = "Elementwise `" # formula # "`. Both operands are "
    # "tensors of the same type, or one of them is a scalar of the element "
    # "type, which applies at every point:\n\n"
    # "```mlir\n"
    # "%0 = ferric." # mnemonic # " %a, %b : tensor<4x8xf32>\n"
    # "%1 = ferric." # mnemonic # " %a, %s : tensor<4x8xf32>, f32\n"
    # "```";
  let arguments = (ins Ferric_TensorOrScalar:$lhs, Ferric_TensorOrScalar:$rhs);
  let results = (outs Ferric_FloatTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<OperandTypes>(type($lhs), type($rhs))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
      return ::mlir::ferric::foldElementwise(getOperation(),
                                             adaptor.getOperands());
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::ferric::verifyTensorOrScalarOperands(getOperation());
    }
  }];
}

def Ferric_AddOp : Ferric_BinaryOp<"add", "addition", "lhs + rhs",
                                   [Commutative]>;
def Ferric_SubOp : Ferric_BinaryOp<"sub", "subtraction", "lhs - rhs">;
def Ferric_MulOp : Ferric_BinaryOp<"mul", "multiplication", "lhs * rhs",
                                   [Commutative]>;
def Ferric_DivOp : Ferric_BinaryOp<"div", "division", "lhs / rhs">;
def Ferric_MaxOp : Ferric_BinaryOp<"max", "maximum (NaN-propagating)",
                                   "maximum(lhs, rhs)", [Commutative]>;
def Ferric_MinOp : Ferric_BinaryOp<"min", "minimum (NaN-propagating)",
                                   "minimum(lhs, rhs)", [Commutative]>;
def Ferric_PowOp : Ferric_BinaryOp<"pow", "power", "pow(lhs, rhs)">;

def Ferric_CmpOp : Ferric_ElementwiseOp<"cmp", [InferTypeOpAdaptor]> {
  let summary = "elementwise comparison";
  let description = [{
    Compares two tensors of the same type (or a tensor and a scalar of its
    element type) elementwise and returns an `i1` tensor. Comparisons are
    ordered: any comparison with NaN is false, except `ne`, which is true.

    ```mlir
    %m = ferric.cmp gt, %x, %zero : tensor<8xf32>, f32
    ```
  }];
  let arguments = (ins Ferric_CmpPredicateAttr:$predicate,
                       Ferric_TensorOrScalar:$lhs, Ferric_TensorOrScalar:$rhs);
  let results = (outs Ferric_BoolTensor:$result);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs attr-dict `:`
    custom<OperandTypes>(type($lhs), type($rhs))
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
      return ::mlir::ferric::foldElementwise(getOperation(),
                                             adaptor.getOperands());
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::ferric::verifyTensorOrScalarOperands(getOperation());
    }
  }];
}

def Ferric_SelectOp : Ferric_ElementwiseOp<"select", [InferTypeOpAdaptor]> {
  let summary = "elementwise choice by an i1 tensor";
  let description = [{
    `result[i] = cond[i] ? true_value[i] : false_value[i]`. The values are
    tensors of the condition's shape or scalars of the element type.

    ```mlir
    %r = ferric.select %m, %x, %y : tensor<8xi1>, tensor<8xf32>
    %s = ferric.select %m, %x, %zero : tensor<8xi1>, tensor<8xf32>, f32
    ```
  }];
  let arguments = (ins Ferric_BoolTensor:$condition,
                       Ferric_TensorOrScalar:$true_value,
                       Ferric_TensorOrScalar:$false_value);
  let results = (outs Ferric_FloatTensor:$result);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:` type($condition)
    `,` custom<OperandTypes>(type($true_value), type($false_value))
  }];
  let hasVerifier = 1;
}

def Ferric_CastOp : Ferric_ElementwiseOp<"cast"> {
  let summary = "element type conversion";
  let description = [{
    Converts each element to another floating-point type (round to nearest
    even when narrowing). An `i1` source converts to 0.0 or 1.0.

    ```mlir
    %h = ferric.cast %x : tensor<8xf32> to tensor<8xf16>
    ```
  }];
  let arguments = (ins Ferric_FloatOrBoolTensor:$input);
  let results = (outs Ferric_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape ops and barriers
//===----------------------------------------------------------------------===//

def Ferric_BroadcastOp : Ferric_Op<"broadcast", [Pure]> {
  let summary = "broadcast a tensor by adding dimensions";
  let description = [{
    Adds the result dimensions listed in `dims` (like `linalg.broadcast`);
    the other result dimensions are the input's, in order. A dynamic added
    dimension takes its size from a `sizes` operand, one per dynamic added
    dimension, in order. The fusion pass folds broadcasts into the indexing
    maps of `ferric.fused`, so they are never materialized.

    ```mlir
    %r = ferric.broadcast %row dims [0] : tensor<64xf32> -> tensor<32x64xf32>
    %d = ferric.broadcast %row dims [0] sizes(%n)
           : tensor<64xf32> -> tensor<?x64xf32>
    ```
  }];
  let arguments = (ins Ferric_FloatOrBoolTensor:$input,
                       DenseI64ArrayAttr:$dims,
                       Variadic<Index>:$sizes);
  let results = (outs Ferric_FloatOrBoolTensor:$result);
  let assemblyFormat = [{
    $input `dims` $dims (`sizes` `(` $sizes^ `)`)? attr-dict `:`
    type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// Result dim `d` is an added dimension.
    bool isAddedDim(int64_t d);
    /// The value (size operand or input dim) of result dim `d`, built with
    /// `b` where a `tensor.dim` is needed.
    ::mlir::OpFoldResult getResultDimSize(::mlir::OpBuilder &b, int64_t d);
  }];
}

def Ferric_ReduceOp : Ferric_Op<"reduce", [Pure]> {
  let summary = "reduction over dimensions (a fusion barrier)";
  let description = [{
    Reduces `input` over `dims` with `sum`, `max`, `min` or `mean`. With
    `keepdim`, reduced dimensions stay as size 1; otherwise they are
    removed. `ferric-fuse` does not fuse across a reduction.

    ```mlir
    %s = ferric.reduce sum %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
    %m = ferric.reduce max %x dims [1] keepdim : tensor<4x8xf32> -> tensor<4x1xf32>
    ```
  }];
  let arguments = (ins Ferric_ReduceKindAttr:$kind, Ferric_FloatTensor:$input,
                       DenseI64ArrayAttr:$dims, UnitAttr:$keepdim);
  let results = (outs Ferric_FloatTensor:$result);
  let assemblyFormat = [{
    $kind $input `dims` $dims (`keepdim` $keepdim^)? attr-dict `:`
    type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Ferric_MatmulOp : Ferric_Op<"matmul", [Pure]> {
  let summary = "matrix product, 2-D or batched 3-D (a fusion barrier)";
  let description = [{
    `[B x] M x K` times `[B x] K x N` gives `[B x] M x N`; operands and
    result share one element type. Accumulation happens in the element type
    widened to f32 for f16 and bf16.

    `transpose_lhs` says the lhs is stored with its last two dims swapped
    (`[B x] K x M`), `transpose_rhs` the same of the rhs (`[B x] N x K`):
    the operand is read transposed, without a copy. `x @ W.t()` with `W`
    of shape `N x K`, as a linear layer computes, is
    `ferric.matmul %x, %w transpose_rhs`.

    ```mlir
    %c = ferric.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
    %d = ferric.matmul %a, %w transpose_rhs : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<4x16xf32>
    ```
  }];
  let arguments = (ins Ferric_FloatTensor:$lhs, Ferric_FloatTensor:$rhs,
                       UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs);
  let results = (outs Ferric_FloatTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`transpose_lhs` $transpose_lhs^)?
    (`transpose_rhs` $transpose_rhs^)? attr-dict `:` type($lhs) `,`
    type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The dims of the stored operands that hold M and K (lhs), K and N
    /// (rhs): the last two, swapped where the operand is transposed.
    int64_t getLhsMDim();
    int64_t getLhsKDim();
    int64_t getRhsKDim();
    int64_t getRhsNDim();
  }];
}

//===----------------------------------------------------------------------===//
// Fused region op
//===----------------------------------------------------------------------===//

def Ferric_FusedOp : Ferric_Op<"fused", [
    RecursiveMemoryEffects, SingleBlock, IsolatedFromAbove]> {
  let summary = "one kernel: a scalar body applied over an iteration space";
  let description = [{
    Computes every result element by running the body once per point of
    the iteration space, which is the shape of the results (all results
    share it). Each input is a tensor read through its indexing map (a
    projected permutation from the iteration space to the input's dims;
    this is how broadcasts are folded in) or a scalar, which every point
    sees. The block has one argument per input, of the input's element type
    (the scalar's type for scalars); the body holds scalar `arith` and
    `math` ops and ends in `ferric.yield` with one value per result, of the
    result's element type. Without `indexing_maps`, every tensor input is
    read with the identity map.

    ```mlir
    %r = ferric.fused ins(%a, %b : tensor<8xf32>, tensor<8xf32>)
        -> tensor<8xf32> {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      ferric.yield %s : f32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs,
                       OptionalAttr<AffineMapArrayAttr>:$indexing_maps);
  let results = (outs Variadic<Ferric_FloatOrBoolTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`ins` `(` $inputs^ `:` type($inputs) `)`)? `->` type($results)
    attr-dict-with-keyword $body
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
                   "::mlir::ValueRange":$inputs,
                   "::mlir::ArrayRef<::mlir::AffineMap>":$maps)>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// Rank of the iteration space (the rank of every result).
    int64_t getIterationRank();
    /// The map that reads input `i` (identity for tensors without
    /// `indexing_maps`; a map with no results for scalars).
    ::mlir::AffineMap getInputMap(unsigned i);
    /// All input maps, explicit or implied.
    ::llvm::SmallVector<::mlir::AffineMap> getInputMaps();
    /// The terminator of the body.
    YieldOp getYield();
    /// Size of iteration dim `d`: a constant, or a `tensor.dim` of an input
    /// that reads `d`, built with `b`.
    ::mlir::OpFoldResult getIterationDimSize(::mlir::OpBuilder &b, int64_t d);
  }];
}

def Ferric_YieldOp : Ferric_Op<"yield", [
    Pure, Terminator, ReturnLike, HasParent<"FusedOp">]> {
  let summary = "yields the scalar results of a ferric.fused body";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // FERRIC_OPS_TD
