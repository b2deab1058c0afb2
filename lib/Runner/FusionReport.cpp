//===- FusionReport.cpp - ferric-fuse's report on a module ----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/InitFerric.h"
#include "FerricDialect/Runner/Diagnostics.h"
#include "FerricDialect/Runner/Runner.h"
#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::ferric;

llvm::Expected<std::string>
mlir::ferric::runner::fusionReport(llvm::StringRef irText,
                                   llvm::StringRef bufferName) {
  MLIRContext ctx(MLIRContext::Threading::DISABLED);
  DialectRegistry registry;
  registerFerricDialects(registry);
  ctx.appendDialectRegistry(registry);
  ctx.loadAllAvailableDialects();
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() != DiagnosticSeverity::Error)
      return success(); // no remarks or warnings on stderr from a library
    errors.push_back(formatDiagnostic(d));
    return success();
  });
  auto failWith = [&](const std::string &what) {
    std::string all = what;
    for (const std::string &e : errors)
      all += "\n" + e;
    return llvm::createStringError(all);
  };

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(irText, bufferName), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    return failWith("cannot parse the module");

  // The pass appends its report to a file; use a fresh temporary one.
  llvm::SmallString<128> path;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("ferric-fuse-report", "txt", path))
    return llvm::createStringError("cannot create a temporary file: " +
                                   ec.message());
  FerricFusePassOptions fuseOptions;
  fuseOptions.report = std::string(path);
  PassManager pm(&ctx);
  pm.addNestedPass<func::FuncOp>(createFerricFusePass(fuseOptions));
  bool ok = succeeded(pm.run(*module));
  auto text = llvm::MemoryBuffer::getFile(path);
  llvm::sys::fs::remove(path);
  if (!ok)
    return failWith("ferric-fuse failed");
  if (!text)
    return llvm::createStringError("cannot read the report: " +
                                   text.getError().message());
  return (*text)->getBuffer().str();
}
