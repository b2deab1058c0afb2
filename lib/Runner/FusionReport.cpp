//===- FusionReport.cpp - ferric-fuse's report on a module ----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CompileStages.h"

#include "FerricDialect/Dialect/FerricDialect.h"
#include "FerricDialect/InitFerric.h"
#include "FerricDialect/ParseLimits.h"
#include "FerricDialect/Pipelines/Pipelines.h"
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

/// Calls `run` with a fresh temporary report file (passes append their
/// reports to a file) and returns what was written there, or `run`'s error.
static llvm::Expected<std::string>
reportIn(llvm::function_ref<llvm::Error(llvm::StringRef)> run) {
  llvm::SmallString<128> path;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("ferric-fuse-report", "txt", path))
    return llvm::createStringError("cannot create a temporary file: " +
                                   ec.message());
  llvm::Error error = run(path);
  auto text = llvm::MemoryBuffer::getFile(path);
  llvm::sys::fs::remove(path);
  if (error)
    return std::move(error);
  if (!text)
    return llvm::createStringError("cannot read the report: " +
                                   text.getError().message());
  return (*text)->getBuffer().str();
}

/// Runs the passes `build` adds (given a report file to append to) on
/// `module` and returns what they reported.
static llvm::Expected<std::string>
reportOf(ModuleOp module,
         llvm::function_ref<void(OpPassManager &, llvm::StringRef)> build) {
  return reportIn([&](llvm::StringRef path) -> llvm::Error {
    PassManager pm(module.getContext());
    build(pm, path);
    if (failed(pm.run(module)))
      return llvm::createStringError("the passes failed");
    return llvm::Error::success();
  });
}

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
  OwningOpRef<ModuleOp> module;
  if (succeeded(checkNestingDepth(sourceMgr, &ctx)))
    module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    return failWith("cannot parse the module");

  // TOSA and linalg modules go through the runner's front door first
  // (ferric-import-tosa / ferric-import-linalg, chosen from the ops the
  // module holds), whose raise report is the first section, as in
  // `ferric-run --fuse-report` (nothing for ferric IR).
  auto raised = reportIn([&](llvm::StringRef path) {
    CompileOptions importOptions;
    importOptions.fuseReport = path.str();
    return stages::importModule(*module, importOptions);
  });
  if (!raised)
    return failWith(llvm::toString(raised.takeError()));

  // Matmuls also get the epilogue decisions of ferric-matmul-to-cublaslt
  // (the CUDA default), taken on a copy after the NVVM front end.
  OwningOpRef<ModuleOp> plan;
  if (module->walk([](MatmulOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    plan = module->clone();

  auto fused = reportOf(*module, [](OpPassManager &pm, llvm::StringRef path) {
    FerricFusePassOptions fuseOptions;
    fuseOptions.report = path.str();
    pm.addNestedPass<func::FuncOp>(createFerricFusePass(fuseOptions));
  });
  if (!fused) {
    llvm::consumeError(fused.takeError());
    return failWith("ferric-fuse failed");
  }
  *fused = *raised + *fused;
  if (!plan)
    return *fused;
  size_t before = errors.size();
  auto planned = reportOf(*plan, [](OpPassManager &pm, llvm::StringRef path) {
    buildMatmulReportPipeline(pm, path);
  });
  constexpr llvm::StringLiteral kSection = "ferric-matmul-to-cublaslt report";
  if (!planned) {
    std::string why = llvm::toString(planned.takeError());
    if (errors.size() > before)
      why = errors[before];
    errors.resize(before);
    return *fused + kSection.str() + ": not available (" + why + ")\n";
  }
  size_t at = planned->find(kSection);
  return *fused + (at == std::string::npos ? "" : planned->substr(at));
}
