//===- RuntimeLibs.cpp - Finding and opening Ferric's GPU runtimes --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RuntimeLibs.h"

#include "llvm/Object/ELFObjectFile.h"
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
  return t == Target::CUDA ? "libferric_cuda_runtime.so"
                           : "libferric_vulkan_runtime.so";
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

template <typename T> static void bind(void *handle, T &fn, const char *name) {
  fn = reinterpret_cast<T>(dlsym(handle, name));
}

llvm::Expected<RuntimeLib *> RuntimeLib::get(Target target) {
  if (target == Target::CPU)
    return nullptr;
  static std::mutex mutex;
  static RuntimeLib libs[2];
  std::lock_guard<std::mutex> lock(mutex);
  RuntimeLib &lib = libs[target == Target::CUDA ? 0 : 1];
  if (lib.handle)
    return &lib;
  std::string path = findLibrary(runtimeName(target));
  if (path.empty())
    return llvm::createStringError("cannot find " + runtimeName(target).str());
  void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!h)
    return llvm::createStringError("cannot load " + path + ": " + dlerror());
  lib.path = path;
  bind(h, lib.memAlloc, "mgpuMemAlloc");
  bind(h, lib.memFree, "mgpuMemFree");
  bind(h, lib.memcpy, "mgpuMemcpy");
  bind(h, lib.streamCreate, "mgpuStreamCreate");
  bind(h, lib.streamSynchronize, "mgpuStreamSynchronize");
  bind(h, lib.eventRecord, "mgpuEventRecord");
  bind(h, lib.eventSynchronize, "mgpuEventSynchronize");
  bind(h, lib.eventDestroy, "mgpuEventDestroy");
  if (target == Target::CUDA) {
    bind(h, lib.eventCreateTimed, "ferricCudaEventCreateTimed");
    bind(h, lib.eventElapsedMs, "ferricCudaEventElapsedMs");
    bind(h, lib.lastError, "ferricCudaLastError");
    bind(h, lib.clearError, "ferricCudaClearError");
  } else {
    bind(h, lib.lastKernelMs, "ferricVulkanLastKernelMs");
    bind(h, lib.lastError, "ferricVulkanLastError");
    bind(h, lib.clearError, "ferricVulkanClearError");
  }
  if (!lib.memAlloc || !lib.memFree || !lib.memcpy || !lib.streamCreate ||
      !lib.streamSynchronize || !lib.lastError)
    return llvm::createStringError(path + " lacks the mgpu* entry points");
  auto object = llvm::object::ObjectFile::createObjectFile(path);
  if (!object)
    return llvm::createStringError("cannot read the symbols of " + path + ": " +
                                   llvm::toString(object.takeError()));
  auto *elf =
      llvm::dyn_cast<llvm::object::ELFObjectFileBase>(object->getBinary());
  if (!elf)
    return llvm::createStringError(path + " is not an ELF shared library");
  for (const llvm::object::ELFSymbolRef &sym :
       elf->getDynamicSymbolIterators()) {
    auto name = sym.getName();
    auto flags = sym.getFlags();
    if (!name || !flags || name->empty() ||
        (*flags & llvm::object::SymbolRef::SF_Undefined) ||
        sym.getELFType() != llvm::ELF::STT_FUNC) {
      if (!name)
        llvm::consumeError(name.takeError());
      if (!flags)
        llvm::consumeError(flags.takeError());
      continue;
    }
    if (void *address = dlsym(h, name->str().c_str()))
      lib.exports.emplace_back(name->str(), address);
  }
  lib.handle = h;
  return &lib;
}

std::string RuntimeLib::takeError() const {
  if (!lastError)
    return "";
  std::string e = lastError() ? lastError() : "";
  if (clearError)
    clearError();
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
  const char *fn =
      target == Target::CUDA ? "ferricCudaAvailable" : "ferricVulkanAvailable";
  auto available =
      reinterpret_cast<int (*)(char *, size_t)>(dlsym((*lib)->handle, fn));
  char msg[512] = {0};
  if (!available || !available(msg, sizeof(msg))) {
    why = msg[0] ? msg : "the runtime reports no device";
    return false;
  }
  return true;
}
