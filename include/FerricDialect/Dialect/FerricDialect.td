//===- FerricDialect.td - Ferric dialect definition --------*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_DIALECT_TD
#define FERRIC_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Ferric_Dialect : Dialect {
  let name = "ferric";
  let summary = "Tensor-level elementwise graphs and their fused kernels";
  let description = [{
    The `ferric` dialect describes graphs of elementwise tensor operations
    (with value semantics, on ranked tensors of f16, bf16, f32 or f64), the
    explicit `ferric.broadcast` that changes shapes, the reductions and
    matrix products that act as fusion barriers, and `ferric.fused`: one
    kernel's worth of scalar computation over an iteration space, produced
    by the `ferric-fuse` pass or written by hand.
  }];
  let cppNamespace = "::mlir::ferric";
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect"
  ];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
}

class Ferric_Op<string mnemonic, list<Trait> traits = []>
    : Op<Ferric_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Ferric_CmpPredicate : I32EnumAttr<"CmpPredicate", "comparison predicate", [
    I32EnumAttrCase<"lt", 0>, I32EnumAttrCase<"le", 1>,
    I32EnumAttrCase<"gt", 2>, I32EnumAttrCase<"ge", 3>,
    I32EnumAttrCase<"eq", 4>, I32EnumAttrCase<"ne", 5>]> {
  let cppNamespace = "::mlir::ferric";
  let genSpecializedAttr = 0;
}
def Ferric_CmpPredicateAttr
    : EnumAttr<Ferric_Dialect, Ferric_CmpPredicate, "cmp_predicate">;

def Ferric_ReduceKind : I32EnumAttr<"ReduceKind", "reduction kind", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"mean", 3>]> {
  let cppNamespace = "::mlir::ferric";
  let genSpecializedAttr = 0;
}
def Ferric_ReduceKindAttr
    : EnumAttr<Ferric_Dialect, Ferric_ReduceKind, "reduce_kind">;

#endif // FERRIC_DIALECT_TD
