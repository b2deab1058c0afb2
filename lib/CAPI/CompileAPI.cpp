//===- CompileAPI.cpp - C API: compiling and describing executables ------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric_compile (its option string parsed here) and what an executable
// says about itself: entry, target, arguments, results, statistics, the
// lowered IR and remarks.
//
//===----------------------------------------------------------------------===//

#include "CAPIInternal.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdlib>
#include <cstring>
#include <string>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;
using namespace mlir::ferric::capi;

//===----------------------------------------------------------------------===//
// Compiling
//===----------------------------------------------------------------------===//

/// Parses ferric_compile's option string into `options`.
static ferric_status parseOptions(llvm::StringRef text, CompileOptions &options,
                                  std::string &bufferName) {
  auto bad = [&](const std::string &why) {
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "bad option string '" + text.str() + "': " + why);
  };
  auto parseBool = [](llvm::StringRef v, bool &out) {
    if (v == "1" || v == "true" || v == "on") {
      out = true;
      return true;
    }
    if (v == "0" || v == "false" || v == "off") {
      out = false;
      return true;
    }
    return false;
  };
  std::vector<std::string> pipeline;
  llvm::StringRef rest = text;
  while (true) {
    rest = rest.ltrim();
    if (rest.empty())
      break;
    size_t eq = rest.find('=');
    size_t space = rest.find_first_of(" \t\n");
    if (eq == llvm::StringRef::npos || eq > space)
      return bad("expected KEY=VALUE, got '" + rest.substr(0, space).str() +
                 "'");
    llvm::StringRef key = rest.substr(0, eq);
    rest = rest.substr(eq + 1);
    llvm::StringRef value;
    if (!rest.empty() && (rest.front() == '\'' || rest.front() == '"')) {
      size_t close = rest.find(rest.front(), 1);
      if (close == llvm::StringRef::npos)
        return bad("unterminated quote after '" + key.str() + "='");
      value = rest.substr(1, close - 1);
      rest = rest.substr(close + 1);
    } else {
      size_t end = rest.find_first_of(" \t\n");
      value = rest.substr(0, end);
      rest = end == llvm::StringRef::npos ? "" : rest.substr(end);
    }
    bool flag;
    if (key == "fuse" && parseBool(value, flag))
      options.fuse = flag;
    else if (key == "cache" && parseBool(value, flag))
      options.useCache = flag;
    else if (key == "promote-f64" && parseBool(value, flag))
      options.promoteToF64 = flag;
    else if (key == "pipeline")
      pipeline.push_back(value.str());
    else if (key == "fuse-report")
      options.fuseReport = value.str();
    else if (key == "name")
      bufferName = value.str();
    else if (key == "import" && parseImport(value))
      options.import = *parseImport(value);
    else if (key == "import")
      return bad("'import' takes auto, tosa, linalg or none, got '" +
                 value.str() + "'");
    else if (key == "fuse" || key == "cache" || key == "promote-f64")
      return bad("'" + key.str() + "' takes 0 or 1, got '" + value.str() + "'");
    else
      return bad("unknown key '" + key.str() +
                 "' (expected fuse, cache, pipeline, fuse-report, "
                 "promote-f64, import or name)");
  }
  options.pipelineOptions = llvm::join(pipeline, " ");
  return FERRIC_OK;
}

ferric_status ferric_compile(const char *ir, const char *entry,
                             const char *target, const char *options,
                             ferric_executable **out) {
  lastError.clear();
  if (!ir || !out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_compile: ir and out must not be NULL");
  *out = nullptr;
  llvm::StringRef targetName = target ? target : "cpu";
  auto parsed = parseTarget(targetName);
  if (!parsed)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "unknown target '" + targetName.str() +
                    "' (expected cpu, cuda, vulkan or webgpu)");
  CompileOptions compileOptions;
  compileOptions.target = *parsed;
  std::string bufferName = "input";
  if (options)
    if (ferric_status s = parseOptions(options, compileOptions, bufferName))
      return s;
  // As ferric-run: say why a GPU target cannot run before compiling for it.
  if (*parsed != Target::CPU) {
    std::string why;
    if (!isTargetAvailable(*parsed, why))
      return fail(FERRIC_ERROR_UNAVAILABLE, why);
  }
  auto exe =
      Executable::compile(ir, entry ? entry : "", compileOptions, bufferName);
  if (!exe)
    return fail(FERRIC_ERROR_COMPILE, exe.takeError());
  auto handle = std::make_unique<ferric_executable>();
  handle->exe = std::move(*exe);
  handle->target = targetName.str();
  *out = handle.release();
  return FERRIC_OK;
}

void ferric_executable_free(ferric_executable *exe) { delete exe; }

const char *ferric_executable_entry(const ferric_executable *exe) {
  return exe ? exe->exe->getEntry().data() : "";
}

const char *ferric_executable_target(const ferric_executable *exe) {
  return exe ? exe->target.c_str() : "";
}

size_t ferric_executable_num_args(const ferric_executable *exe) {
  return exe ? exe->exe->getArguments().size() : 0;
}

size_t ferric_executable_num_results(const ferric_executable *exe) {
  return exe ? exe->exe->getResults().size() : 0;
}

static ferric_status valueInfo(llvm::ArrayRef<ValueSpec> specs, size_t index,
                               const char *what, ferric_value_info *out) {
  if (!out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "out is NULL");
  if (index >= specs.size())
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                std::string(what) + " " + std::to_string(index) +
                    " does not exist (there are " +
                    std::to_string(specs.size()) + ")");
  const ValueSpec &spec = specs[index];
  out->dtype = fromDType(spec.dtype);
  out->is_tensor = spec.isTensor;
  out->rank = static_cast<int64_t>(spec.shape.size());
  out->shape = spec.shape.data();
  return FERRIC_OK;
}

ferric_status ferric_executable_arg_info(const ferric_executable *exe,
                                         size_t index, ferric_value_info *out) {
  lastError.clear();
  if (!exe)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "executable is NULL");
  return valueInfo(exe->exe->getArguments(), index, "argument", out);
}

ferric_status ferric_executable_result_info(const ferric_executable *exe,
                                            size_t index,
                                            ferric_value_info *out) {
  lastError.clear();
  if (!exe)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT, "executable is NULL");
  return valueInfo(exe->exe->getResults(), index, "result", out);
}

void ferric_executable_stats(const ferric_executable *exe,
                             double *compile_seconds, int *cache_hit,
                             unsigned *kernels, unsigned *launches_per_call) {
  CompileStats stats;
  if (exe)
    stats = exe->exe->getStats();
  if (compile_seconds)
    *compile_seconds = stats.seconds;
  if (cache_hit)
    *cache_hit = stats.cacheHit;
  if (kernels)
    *kernels = stats.kernels;
  if (launches_per_call)
    *launches_per_call = stats.launchesPerCall;
}

/// `*out` = a copy of `text(exe)`, for the executable's text getters.
static ferric_status
executableText(const ferric_executable *exe, char **out,
               llvm::function_ref<std::string(const Executable &)> text) {
  lastError.clear();
  if (!exe || !out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "executable and out must not be NULL");
  *out = copyString(text(*exe->exe));
  return FERRIC_OK;
}

ferric_status ferric_executable_lowered_ir(const ferric_executable *exe,
                                           char **out) {
  return executableText(exe, out, [](const Executable &e) {
    return std::string(e.getLoweredIR());
  });
}

ferric_status ferric_executable_remarks(const ferric_executable *exe,
                                        char **out) {
  return executableText(exe, out, [](const Executable &e) {
    std::string text;
    for (const std::string &remark : e.getRemarks())
      text += remark + "\n";
    return text;
  });
}
