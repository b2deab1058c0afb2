//===- RuntimeLibs.cpp - Finding and opening Ferric's GPU runtimes --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RuntimeLibs.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <dlfcn.h>
#include <mutex>

using namespace mlir::ferric::runner;

/// Directories to search for Ferric's runtime libraries: $FERRIC_LIB_DIR,
/// the directory of the binary holding this code and its ../lib.
static std::vector<std::string> searchDirs() {
  std::vector<std::string> dirs;
  if (const char *env = std::getenv("FERRIC_LIB_DIR"))
    dirs.push_back(env);
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&searchDirs), &info) && info.dli_fname) {
    // For the main program dladdr may report argv[0] as typed (found
    // through PATH): ask the system for the real path of the executable.
    std::string file = info.dli_fname;
    std::string exe = llvm::sys::fs::getMainExecutable(
        nullptr, reinterpret_cast<void *>(&searchDirs));
    if (!exe.empty() &&
        llvm::sys::path::filename(file) == llvm::sys::path::filename(exe))
      file = exe;
    llvm::SmallString<256> dir(file);
    llvm::sys::fs::make_absolute(dir);
    llvm::sys::path::remove_filename(dir);
    dirs.push_back(std::string(dir));
    llvm::sys::path::append(dir, "..", "lib");
    dirs.push_back(std::string(dir));
  }
  return dirs;
}

static std::string findLibrary(llvm::StringRef name) {
  for (const std::string &dir : searchDirs()) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    if (llvm::sys::fs::exists(p))
      return std::string(p);
  }
  return "";
}

static llvm::StringRef runtimeName(Target t) {
  switch (t) {
  case Target::CUDA:
    return "libferric_cuda_runtime.so";
  case Target::WebGPU:
    return "libferric_webgpu_runtime.so";
  default:
    return "libferric_vulkan_runtime.so";
  }
}

llvm::Expected<std::vector<std::string>>
mlir::ferric::runner::jitLibraries(Target target) {
  std::vector<std::string> libs;
  // memrefCopy and friends, for memref.copy on the host.
  std::string utils = findLibrary("libmlir_c_runner_utils.so");
  if (utils.empty() &&
      llvm::sys::fs::exists("/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so"))
    utils = "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so";
  if (!utils.empty())
    libs.push_back(utils);
  if (target == Target::CPU)
    return libs;
  std::string path = findLibrary(runtimeName(target));
  if (path.empty())
    return llvm::createStringError(
        "cannot find " + runtimeName(target).str() +
        " (looked next to the ferric library and in $FERRIC_LIB_DIR)");
  libs.push_back(path);
  return libs;
}

llvm::Expected<const FerricRuntimeV1 *>
mlir::ferric::runner::checkRuntimeInterface(
    FerricRuntimeGetInterfaceFn getInterface, llvm::StringRef expectedName,
    llvm::StringRef path) {
  const FerricRuntimeV1 *api = getInterface(FERRIC_RUNTIME_ABI_VERSION);
  if (!api)
    return llvm::createStringError(
        path + " does not implement Ferric runtime ABI version " +
        llvm::Twine(FERRIC_RUNTIME_ABI_VERSION) +
        " (it was built for another Ferric; rebuild it)");
  if (api->abiVersion != FERRIC_RUNTIME_ABI_VERSION ||
      api->structSize < sizeof(FerricRuntimeV1))
    return llvm::createStringError(
        path + " has Ferric runtime ABI version " +
        llvm::Twine(api->abiVersion) + " with a " +
        llvm::Twine(api->structSize) +
        "-byte table; this Ferric needs version " +
        llvm::Twine(FERRIC_RUNTIME_ABI_VERSION) + " with at least " +
        llvm::Twine(sizeof(FerricRuntimeV1)) + " bytes (rebuild it)");
  if (!api->name || expectedName != api->name)
    return llvm::createStringError(
        path + " is the '" + (api->name ? api->name : "") +
        "' runtime, not the '" + expectedName + "' one");
  if (!api->available || !api->lastError || !api->clearError ||
      !api->memAlloc || !api->memFree || !api->memcpy || !api->streamCreate ||
      !api->streamSynchronize || (api->numSymbols && !api->symbols))
    return llvm::createStringError(path +
                                   " has a Ferric runtime table with null "
                                   "entries that must be set");
  return api;
}

llvm::Expected<RuntimeLib *> RuntimeLib::get(Target target) {
  if (target == Target::CPU)
    return nullptr;
  static std::mutex mutex;
  static RuntimeLib libs[3];
  std::lock_guard<std::mutex> lock(mutex);
  RuntimeLib &lib = libs[static_cast<int>(target) - 1];
  if (lib.handle)
    return &lib;
  std::string path = findLibrary(runtimeName(target));
  if (path.empty())
    return llvm::createStringError("cannot find " + runtimeName(target).str());
  void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!h)
    return llvm::createStringError("cannot load " + path + ": " + dlerror());
  // dlsym on the handle searches this library first, so the other runtime's
  // entry point (same name) is never the one found.
  auto getInterface = reinterpret_cast<FerricRuntimeGetInterfaceFn>(
      dlsym(h, FERRIC_RUNTIME_ENTRY_POINT));
  if (!getInterface)
    return llvm::createStringError(path + " lacks " FERRIC_RUNTIME_ENTRY_POINT
                                          " (it is not a Ferric runtime of "
                                          "this version; rebuild it)");
  auto api = checkRuntimeInterface(getInterface, targetName(target), path);
  if (!api)
    return api.takeError();
  lib.path = path;
  lib.api = *api;
  for (size_t i = 0; i < lib.api->numSymbols; ++i) {
    const FerricRuntimeSymbol &sym = lib.api->symbols[i];
    if (sym.name && sym.address)
      lib.exports.emplace_back(sym.name, sym.address);
  }
  lib.handle = h;
  return &lib;
}

std::string RuntimeLib::takeError() const {
  const char *last = api->lastError();
  std::string e = last ? last : "";
  api->clearError();
  return e;
}

bool mlir::ferric::runner::isTargetAvailable(Target target, std::string &why) {
  if (target == Target::CPU)
    return true;
  auto lib = RuntimeLib::get(target);
  if (!lib) {
    why = llvm::toString(lib.takeError());
    return false;
  }
  char msg[512] = {0};
  if (!(*lib)->api->available(msg, sizeof(msg))) {
    why = msg[0] ? msg : "the runtime reports no device";
    return false;
  }
  return true;
}
