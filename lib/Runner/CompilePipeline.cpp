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

#include "FerricDialect/Dialect/FerricDialect.h"
#include "FerricDialect/Pipelines/Pipelines.h"
#include "FerricDialect/Pipelines/WGSLPipeline.h"
#include "RuntimeLibs.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>
#include <optional>
#include <type_traits>

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
  case Target::WebGPU:
    return "ferric-lower-to-wgsl";
  }
  return "?";
}

/// Why the CUDA runtime cannot open cuBLASLt here, or nothing if it can
/// (nothing either when the runtime itself cannot be opened: the JIT stage
/// reports that).
static std::optional<std::string> cublasLtMissing() {
  auto lib = RuntimeLib::get(Target::CUDA);
  if (!lib) {
    llvm::consumeError(lib.takeError());
    return std::nullopt;
  }
  using Query = int (*)(char *, size_t);
  auto query = reinterpret_cast<Query>(
      *lib ? dlsym((*lib)->handle, "ferricCudaCublasLtAvailable") : nullptr);
  if (!query)
    return std::nullopt;
  char why[512];
  if (query(why, sizeof(why)))
    return std::nullopt;
  return std::string(why);
}

/// maxStorageBuffersPerShaderStage of the WebGPU adapter, if the runtime
/// can be opened and has one.
static std::optional<unsigned> webgpuStorageBufferLimit() {
  auto lib = RuntimeLib::get(Target::WebGPU);
  if (!lib) {
    llvm::consumeError(lib.takeError());
    return std::nullopt;
  }
  using Query = const char *(*)();
  auto query = reinterpret_cast<Query>(
      *lib ? dlsym((*lib)->handle, "ferricWebGPUAdapterJson") : nullptr);
  const char *text = query ? query() : nullptr;
  if (!text || !*text)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  if (!json) {
    llvm::consumeError(json.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *limits =
      json->getAsObject() ? json->getAsObject()->getObject("limits") : nullptr;
  std::optional<int64_t> limit =
      limits ? limits->getInteger("maxStorageBuffersPerShaderStage")
             : std::nullopt;
  if (!limit || *limit < 2)
    return std::nullopt;
  return static_cast<unsigned>(*limit);
}

/// Says at each matmul of `module` that it takes the tiled kernel, and why.
static void noteTiledFallback(ModuleOp module, llvm::StringRef why) {
  module.walk([&](MatmulOp op) {
    op.emitRemark() << "ferric.matmul runs on ferric-matmul-to-gpu's tiled "
                       "kernel (no tensor cores): "
                    << why;
  });
}

/// Why `text` cannot be a pass option string, if its quotes or braces do not
/// balance: MLIR's option parser takes an unterminated quote as part of the
/// value (`fuse-report='x.txt` wrote a file named `'x.txt`).
static std::optional<std::string> unbalanced(llvm::StringRef text) {
  int braces = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\'' || c == '"') {
      size_t close = text.find(c, i + 1);
      if (close == llvm::StringRef::npos)
        return "unterminated " + std::string(1, c) + " at offset " +
               std::to_string(i);
      i = close;
    } else if (c == '{') {
      ++braces;
    } else if (c == '}' && --braces < 0) {
      return "unmatched '}' at offset " + std::to_string(i);
    }
  }
  if (braces > 0)
    return std::string("unterminated '{'");
  return std::nullopt;
}

/// stages::buildPipeline for one pipeline: its options struct filled from
/// `options`, then its builder, whose one error line becomes the Error.
template <typename PipelineOptions>
static llvm::Error
buildTypedPipeline(PassManager &pm, const CompileOptions &options,
                   LogicalResult (*build)(OpPassManager &,
                                          const PipelineOptions &,
                                          PipelineErrorHandler),
                   ModuleOp module) {
  llvm::StringRef name = stages::pipelineName(options.target);
  PipelineOptions pipelineOptions;
  pipelineOptions.fuse = options.fuse;
  if (!options.fuseReport.empty())
    pipelineOptions.fuseReport = options.fuseReport;
  std::string error;
  if (std::optional<std::string> why = unbalanced(options.pipelineOptions))
    return llvm::createStringError("bad options '" + options.pipelineOptions +
                                   "' for " + name.str() + ": " + *why);
  llvm::raw_string_ostream os(error);
  if (failed(pipelineOptions.parseFromString(options.pipelineOptions, os)))
    return llvm::createStringError(
        "bad options '" + options.pipelineOptions + "' for " + name.str() +
        (error.empty() ? "" : ": " + llvm::StringRef(error).trim().str()));
  // Correctness never depends on cuBLASLt: where it cannot be opened, and
  // the caller did not choose, matmuls get the tiled kernel, with a remark
  // (ferric-matmul-to-cublaslt, which would say so, is off).
  // Fusion keeps each kernel under the adapter's storage-buffer limit,
  // read from the adapter unless the caller chose one.
  if constexpr (std::is_same_v<PipelineOptions, WGSLPipelineOptions>)
    if (!pipelineOptions.storageBufferLimit.hasValue())
      if (std::optional<unsigned> limit = webgpuStorageBufferLimit())
        pipelineOptions.storageBufferLimit = *limit;
  if constexpr (std::is_same_v<PipelineOptions, NVVMPipelineOptions>)
    if (!pipelineOptions.cublasLt.hasValue())
      if (std::optional<std::string> why = cublasLtMissing()) {
        pipelineOptions.cublasLt = false;
        noteTiledFallback(module, *why);
      }
  if (failed(build(pm, pipelineOptions, [&](const llvm::Twine &message) {
        error = message.str();
        return failure();
      })))
    return llvm::createStringError(name.str() + ": " + error);
  return llvm::Error::success();
}

llvm::Error stages::buildPipeline(PassManager &pm,
                                  const CompileOptions &options,
                                  ModuleOp module) {
  switch (options.target) {
  case Target::CPU:
    return buildTypedPipeline<CPUPipelineOptions>(pm, options, buildCPUPipeline,
                                                  module);
  case Target::CUDA:
    return buildTypedPipeline<NVVMPipelineOptions>(pm, options,
                                                   buildNVVMPipeline, module);
  case Target::Vulkan:
    return buildTypedPipeline<SPIRVPipelineOptions>(pm, options,
                                                    buildSPIRVPipeline, module);
  case Target::WebGPU:
    return buildTypedPipeline<WGSLPipelineOptions>(pm, options,
                                                   buildWGSLPipeline, module);
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
