//===- ferric-opt.cpp - Ferric optimizer driver ---------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// mlir-opt with the ferric dialect, passes and pipelines, and every upstream
// dialect and pass, so any lowering stage can be run on its own.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/InitFerric.h"
#include "FerricDialect/ParseLimits.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/mman.h>
#include <unistd.h>

/// Standard input, once read for the check, is given back to MlirOptMain as
/// an in-memory file on fd 0 (it reads "-" itself and names it <stdin>).
static void restoreStdin(llvm::StringRef text) {
  int fd = memfd_create("ferric-opt-stdin", MFD_CLOEXEC);
  if (fd < 0)
    return;
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0)
      break;
    done += n;
  }
  ::lseek(fd, 0, SEEK_SET);
  ::dup2(fd, STDIN_FILENO);
  ::close(fd);
}

/// IR nested too deep for the recursive parser is refused before parsing
/// (FerricDialect/ParseLimits.h): an error at the bracket, exit 1, instead
/// of a stack overflow.
static bool nestedTooDeep(llvm::StringRef inputFilename) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &error);
  if (!file)
    return false; // MlirOptMain reports it
  llvm::StringRef text = file->getBuffer();
  if (inputFilename == "-")
    restoreStdin(text);
  size_t at = mlir::ferric::findTooDeepNesting(text);
  if (at == llvm::StringRef::npos)
    return false;
  // Without the source line: the offending one may be megabytes long.
  llvm::SourceMgr sourceMgr;
  std::string name = file->getBufferIdentifier().str();
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  auto [line, column] =
      sourceMgr.getLineAndColumn(llvm::SMLoc::getFromPointer(text.data() + at));
  llvm::errs() << name << ":" << line << ":" << column
               << ": error: " << mlir::ferric::tooDeepNestingMessage() << "\n";
  return true;
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::ferric::registerAllUpstream(registry);
  mlir::ferric::registerFerricDialects(registry);
  mlir::ferric::registerFerricPasses();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "Ferric optimizer driver\n", registry);
  if (nestedTooDeep(inputFilename))
    return EXIT_FAILURE;
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
}
