//===- TargetAPI.cpp - C API: target memory, events and tools ------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Buffers, copies, streams and events of a target named by a string, for
// callers that manage memory themselves (Python's Tensor); and the tools
// that need no executable: the fusion report, the WGSL of a program, cache
// statistics, whether a target can run here.
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

ferric_status capi::targetOf(const char *target, Target &out) {
  llvm::StringRef name = target ? target : "cpu";
  auto parsed = parseTarget(name);
  if (!parsed)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "unknown target '" + name.str() +
                    "' (expected cpu, cuda, vulkan or webgpu)");
  out = *parsed;
  return FERRIC_OK;
}

/// The pointer `make` returns for the target named `target`, in `*out`
/// (null on failure); `fn` and `outName` name the entry point and the
/// out-parameter for the message.
static ferric_status
targetPointer(const char *fn, const char *outName, const char *target,
              void **out,
              llvm::function_ref<llvm::Expected<void *>(Target)> make) {
  lastError.clear();
  if (!out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                std::string(fn) + ": " + outName + " must not be NULL");
  *out = nullptr;
  Target t;
  if (ferric_status s = targetOf(target, t))
    return s;
  auto p = make(t);
  if (!p)
    return fail(FERRIC_ERROR_RUN, p.takeError());
  *out = *p;
  return FERRIC_OK;
}

/// `call` for the target named `target`: its error is FERRIC_ERROR_RUN.
static ferric_status targetCall(const char *target,
                                llvm::function_ref<llvm::Error(Target)> call) {
  lastError.clear();
  Target t;
  if (ferric_status s = targetOf(target, t))
    return s;
  if (llvm::Error e = call(t))
    return fail(FERRIC_ERROR_RUN, std::move(e));
  return FERRIC_OK;
}

ferric_status ferric_target_alloc(const char *target, size_t bytes,
                                  void **out) {
  return targetPointer("ferric_target_alloc", "out", target, out,
                       [&](Target t) { return allocateOnTarget(t, bytes); });
}

void ferric_target_free(const char *target, void *data) {
  Target t;
  if (data && targetOf(target, t) == FERRIC_OK)
    releaseOnTarget(t, data);
  lastError.clear();
}

ferric_status ferric_target_copy(const char *target, void *dst, const void *src,
                                 size_t bytes) {
  lastError.clear();
  if (bytes && (!dst || !src))
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_target_copy: dst and src must not be NULL");
  return targetCall(target,
                    [&](Target t) { return copyOnTarget(t, dst, src, bytes); });
}

ferric_status ferric_target_copy_host(const char *target, void *dst,
                                      const void *src, size_t bytes,
                                      int to_target) {
  lastError.clear();
  if (bytes && (!dst || !src))
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_target_copy_host: dst and src must not be NULL");
  return targetCall(target, [&](Target t) {
    return copyHostOnTarget(t, dst, src, bytes, to_target != 0);
  });
}

ferric_status ferric_target_synchronize(const char *target, void *stream) {
  return targetCall(target,
                    [&](Target t) { return synchronizeTarget(t, stream); });
}

ferric_status ferric_target_event_record(const char *target, void *stream,
                                         void **event) {
  return targetPointer("ferric_target_event_record", "event", target, event,
                       [&](Target t) { return recordTargetEvent(t, stream); });
}

ferric_status ferric_target_event_synchronize(const char *target, void *event) {
  return targetCall(target,
                    [&](Target t) { return synchronizeTargetEvent(t, event); });
}

void ferric_target_event_destroy(const char *target, void *event) {
  Target t;
  if (event && targetOf(target, t) == FERRIC_OK)
    destroyTargetEvent(t, event);
}

//===----------------------------------------------------------------------===//
// Tools
//===----------------------------------------------------------------------===//

ferric_status ferric_fusion_report(const char *ir, char **out) {
  lastError.clear();
  if (!ir || !out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_fusion_report: ir and out must not be NULL");
  *out = nullptr;
  auto report = fusionReport(ir);
  if (!report)
    return fail(FERRIC_ERROR_COMPILE, report.takeError());
  *out = copyString(*report);
  return FERRIC_OK;
}

ferric_status ferric_emit_wgsl(const char *ir, const char *entry,
                               const char *pipeline, char **out) {
  lastError.clear();
  if (!ir || !out)
    return fail(FERRIC_ERROR_INVALID_ARGUMENT,
                "ferric_emit_wgsl: ir and out must not be NULL");
  *out = nullptr;
  CompileOptions options;
  options.pipelineOptions = pipeline ? pipeline : "";
  auto text = emitWGSL(ir, entry ? entry : "", options);
  if (!text)
    return fail(FERRIC_ERROR_COMPILE, text.takeError());
  *out = copyString(*text);
  return FERRIC_OK;
}

void ferric_cache_stats(unsigned *hits, unsigned *misses) {
  CacheStats stats = getCacheStats();
  if (hits)
    *hits = stats.hits;
  if (misses)
    *misses = stats.misses;
}

int ferric_target_available(const char *target, char **why) {
  if (why)
    *why = nullptr;
  llvm::StringRef name = target ? target : "cpu";
  std::string reason;
  bool available = false;
  if (auto parsed = parseTarget(name))
    available = isTargetAvailable(*parsed, reason);
  else
    reason = "unknown target '" + name.str() +
             "' (expected cpu, cuda, vulkan or webgpu)";
  if (!available && why)
    *why = copyString(reason);
  return available;
}
