//===- CompilePipeline.cpp - The pipeline the runner lowers with ----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The target's typed pipeline (lib/Pipelines), built from CompileOptions;
// nothing is registered or parsed as pipeline text.
//
//===----------------------------------------------------------------------===//

#include "CompileStages.h"

#include "FerricDialect/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

llvm::StringRef stages::pipelineName(Target target) {
  switch (target) {
  case Target::CPU:
    return "ferric-lower-to-cpu";
  case Target::CUDA:
    return "ferric-lower-to-nvvm";
  case Target::Vulkan:
    return "ferric-lower-to-spirv";
  }
  return "?";
}

/// stages::buildPipeline for one pipeline: its options struct filled from
/// `options`, then its builder, whose one error line becomes the Error.
template <typename PipelineOptions>
static llvm::Error
buildTypedPipeline(PassManager &pm, const CompileOptions &options,
                   LogicalResult (*build)(OpPassManager &,
                                          const PipelineOptions &,
                                          PipelineErrorHandler)) {
  llvm::StringRef name = stages::pipelineName(options.target);
  PipelineOptions pipelineOptions;
  pipelineOptions.fuse = options.fuse;
  if (!options.fuseReport.empty())
    pipelineOptions.fuseReport = options.fuseReport;
  std::string error;
  llvm::raw_string_ostream os(error);
  if (failed(pipelineOptions.parseFromString(options.pipelineOptions, os)))
    return llvm::createStringError(
        "bad options '" + options.pipelineOptions + "' for " + name.str() +
        (error.empty() ? "" : ": " + llvm::StringRef(error).trim().str()));
  if (failed(build(pm, pipelineOptions, [&](const llvm::Twine &message) {
        error = message.str();
        return failure();
      })))
    return llvm::createStringError(name.str() + ": " + error);
  return llvm::Error::success();
}

llvm::Error stages::buildPipeline(PassManager &pm,
                                  const CompileOptions &options) {
  switch (options.target) {
  case Target::CPU:
    return buildTypedPipeline<CPUPipelineOptions>(pm, options,
                                                  buildCPUPipeline);
  case Target::CUDA:
    return buildTypedPipeline<NVVMPipelineOptions>(pm, options,
                                                   buildNVVMPipeline);
  case Target::Vulkan:
    return buildTypedPipeline<SPIRVPipelineOptions>(pm, options,
                                                    buildSPIRVPipeline);
  }
  return llvm::createStringError("unknown target");
}

/// A pass is an argument right after '(' or ',' and before '{', ',' or ')'.
bool stages::pipelineHasPass(llvm::StringRef pipeline, llvm::StringRef name) {
  for (size_t at = pipeline.find(name); at != llvm::StringRef::npos;
       at = pipeline.find(name, at + 1)) {
    llvm::StringRef before = pipeline.substr(0, at).rtrim();
    llvm::StringRef after = pipeline.substr(at + name.size()).ltrim();
    if ((before.ends_with("(") || before.ends_with(",")) &&
        (after.starts_with("{") || after.starts_with(",") ||
         after.starts_with(")")))
      return true;
  }
  return false;
}
