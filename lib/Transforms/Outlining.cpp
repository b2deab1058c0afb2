//===- Outlining.cpp - Moving ops into a private function ----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Outlining.h"

using namespace mlir;

func::FuncOp ferric::createOutlinedFunction(
    OpBuilder &b, Location loc, const Twine &name, ArrayRef<Value> args,
    TypeRange resultTypes, ArrayRef<Operation *> constants,
    SymbolTable &symbols, Operation *&after, IRMapping &map) {
  auto type = b.getFunctionType(TypeRange(args), resultTypes);
  auto outlined = func::FuncOp::create(b, loc, name.str(), type);
  outlined.setPrivate();
  symbols.insert(outlined, std::next(Block::iterator(after)));
  after = outlined;
  Block *body = outlined.addEntryBlock();
  b.setInsertionPointToStart(body);
  for (auto [outer, inner] : llvm::zip_equal(args, body->getArguments()))
    map.map(outer, inner);
  for (Operation *c : constants)
    b.clone(*c, map);
  return outlined;
}
