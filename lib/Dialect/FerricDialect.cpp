//===- FerricDialect.cpp - Ferric dialect ---------------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Dialect/FerricDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ferric;

#include "FerricDialect/Dialect/FerricDialect.cpp.inc"
#include "FerricDialect/Dialect/FerricEnums.cpp.inc"
#include "FerricDialect/Dialect/FerricInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "FerricDialect/Dialect/FerricAttrs.cpp.inc"

void FerricDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "FerricDialect/Dialect/FerricAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "FerricDialect/Dialect/FerricOps.cpp.inc"
      >();
}

Operation *FerricDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type)
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, typed);
}

bool mlir::ferric::isFerricFloat(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
}
