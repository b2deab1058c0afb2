//===- FerricInterfaces.td - Ferric op interfaces ----------*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_INTERFACES_TD
#define FERRIC_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Ferric_ElementwiseOpInterface : OpInterface<"ElementwiseOpInterface"> {
  let description = [{
    An op that applies the same scalar function at every point of its result
    tensor. The scalar function is emitted by `buildScalar`; this is the one
    place the math of each op is written. The fusion pass uses it to build
    `ferric.fused` bodies, the linalg lowering to build `linalg.generic`
    bodies, and the folder evaluates it on constants through the arith and
    math folders.
  }];
  let cppNamespace = "::mlir::ferric";
  let methods = [
    InterfaceMethod<[{
        Emits the scalar computation of one result element. `args` holds one
        scalar per operand, in operand order (tensor operands contribute
        their element, scalar operands themselves).
      }],
      "::mlir::Value", "buildScalar",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::mlir::ValueRange":$args),
      /*methodBody=*/"",
      /*defaultImplementation=*/[{
        return ::mlir::ferric::buildScalarComputation($_op.getOperation(),
                                                      builder, loc, args);
      }]>,
    InterfaceMethod<[{
        Rough cost of the scalar computation, in instructions; the fusion
        pass uses it to decide what is cheap enough to recompute.
      }],
      "unsigned", "getScalarCost", (ins), "",
      [{ return ::mlir::ferric::scalarCost($_op.getOperation()); }]>
  ];
}

#endif // FERRIC_INTERFACES_TD
