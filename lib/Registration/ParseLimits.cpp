//===- ParseLimits.cpp - What Ferric's tools refuse to parse --------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/ParseLimits.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

size_t mlir::ferric::findTooDeepNesting(llvm::StringRef text, unsigned limit) {
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '"': // a string literal, with backslash escapes
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        i = std::min(text.find('\n', i), e);
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      if (++depth > limit)
        return i;
      break;
    case '>':
      if ((i > 0 && text[i - 1] == '-') || (i + 1 < e && text[i + 1] == '='))
        break;
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      // Unbalanced text is the parser's to report; only depth matters here.
      depth = depth ? depth - 1 : 0;
      break;
    default:
      break;
    }
  }
  return llvm::StringRef::npos;
}

std::string mlir::ferric::tooDeepNestingMessage(unsigned limit) {
  return "brackets nested more than " + std::to_string(limit) +
         " levels deep; Ferric does not parse IR nested this deep";
}

LogicalResult mlir::ferric::checkNestingDepth(llvm::SourceMgr &sourceMgr,
                                              MLIRContext *ctx) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  size_t at = findTooDeepNesting(buffer->getBuffer());
  if (at == llvm::StringRef::npos)
    return success();
  llvm::SMLoc loc = llvm::SMLoc::getFromPointer(buffer->getBufferStart() + at);
  auto [line, column] = sourceMgr.getLineAndColumn(loc);
  emitError(
      FileLineColLoc::get(ctx, buffer->getBufferIdentifier(), line, column),
      tooDeepNestingMessage());
  return failure();
}
