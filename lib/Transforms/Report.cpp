//===- Report.cpp - Appending a pass's report to a file ------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Transforms/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;

LogicalResult ferric::appendReport(Operation *op, StringRef pass,
                                   StringRef path, StringRef text) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  if (path == "-") {
    llvm::outs() << text;
    llvm::outs().flush();
    return success();
  }
  std::error_code ec;
  llvm::raw_fd_ostream file(path, ec, llvm::sys::fs::OF_Append);
  if (ec)
    return op->emitError(pass)
           << ": cannot write report to '" << path << "': " << ec.message();
  file << text;
  return success();
}
