//===- CompileCache.cpp - The runner's kernel cache -----------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Lowered modules (LLVM dialect with the kernels embedded) by what was asked
// for: in memory for the process, and in $XDG_CACHE_HOME/ferric (else
// ~/.cache/ferric) across processes.
//
//===----------------------------------------------------------------------===//

#include "CompileStages.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <unistd.h>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

namespace {
struct KernelCache {
  std::mutex mutex;
  llvm::StringMap<std::string> memory;
  CacheStats stats;
};
KernelCache &cache() {
  static KernelCache c;
  return c;
}

/// $XDG_CACHE_HOME/ferric, else ~/.cache/ferric, else no disk cache. A
/// relative XDG_CACHE_HOME is ignored (as the XDG spec says), and a HOME
/// that is not an existing directory (root's /nonexistent) gives no cache
/// rather than creating it.
std::string cacheDir() {
  llvm::SmallString<256> dir;
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  const char *home = std::getenv("HOME");
  if (xdg && llvm::sys::path::is_absolute(xdg))
    dir = xdg;
  else if (home && llvm::sys::path::is_absolute(home) &&
           llvm::sys::fs::is_directory(home))
    llvm::sys::path::append(dir, home, ".cache");
  else
    return "";
  llvm::sys::path::append(dir, "ferric");
  return std::string(dir);
}

/// The first line of a disk entry: what it claims to be, so that a file
/// holding anything else (another key's module, a truncated or hand-edited
/// one) is a miss, recompiled and replaced, never fatal.
std::string entryHeader(StringRef key, StringRef body) {
  return "// ferric kernel cache v1 key=" + key.str() +
         " body=" + llvm::utohexstr(llvm::xxh3_64bits(body)) + "\n";
}
} // namespace

/// Identifies the compiler build, so a rebuilt Ferric never reuses kernels
/// an older build cached: the path and modification time of the binary
/// holding this code.
static const std::string &compilerStamp() {
  static const std::string stamp = [] {
    Dl_info info;
    std::string s = "ferric";
    if (dladdr(reinterpret_cast<void *>(&compilerStamp), &info) &&
        info.dli_fname) {
      std::string path = llvm::sys::fs::getMainExecutable(
          nullptr, reinterpret_cast<void *>(&compilerStamp));
      if (llvm::sys::path::filename(path) !=
          llvm::sys::path::filename(info.dli_fname))
        path = info.dli_fname;
      llvm::sys::fs::file_status status;
      if (!llvm::sys::fs::status(path, status))
        s += path + ":" +
             std::to_string(
                 status.getLastModificationTime().time_since_epoch().count());
    }
    return s;
  }();
  return stamp;
}

CacheStats mlir::ferric::runner::getCacheStats() {
  std::lock_guard<std::mutex> lock(cache().mutex);
  return cache().stats;
}

std::string stages::cacheKey(ModuleOp module, StringRef pipeline) {
  std::string printed;
  {
    llvm::raw_string_ostream os(printed);
    module->print(os, OpPrintingFlags().enableDebugInfo(false));
  }
  return llvm::utohexstr(llvm::xxh3_64bits(printed + "\n" + pipeline.str() +
                                           "\n" + compilerStamp()));
}

std::optional<std::string> stages::lookUpCache(StringRef key) {
  std::lock_guard<std::mutex> lock(cache().mutex);
  auto it = cache().memory.find(key);
  if (it != cache().memory.end())
    return it->second;
  if (std::string dir = cacheDir(); !dir.empty()) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, key + ".mlir");
    // Only a regular file is an entry: one replaced by a fifo would block
    // the lookup forever, a link to /dev/zero would be read until memory
    // runs out. Anything else is a miss (the store then replaces it).
    if (auto buf = readRegularFile(path)) {
      auto [header, body] = (*buf)->getBuffer().split('\n');
      if ((header + "\n").str() == entryHeader(key, body))
        return body.str();
    } else {
      llvm::consumeError(buf.takeError());
    }
  }
  return std::nullopt;
}

void stages::countCacheUse(bool hit) {
  std::lock_guard<std::mutex> lock(cache().mutex);
  hit ? ++cache().stats.hits : ++cache().stats.misses;
}

void stages::storeInCache(StringRef key, StringRef lowered) {
  std::lock_guard<std::mutex> lock(cache().mutex);
  cache().memory[key] = lowered.str();
  std::string dir = cacheDir();
  if (dir.empty() || llvm::sys::fs::create_directories(dir))
    return;
  llvm::SmallString<256> path(dir), tmp;
  llvm::sys::path::append(path, key + ".mlir");
  // Unique per process and per call: threads of one process (Python)
  // and processes filling the same empty cache never share a temporary;
  // the rename is atomic, the last writer wins with an identical entry.
  static std::atomic<unsigned> counter{0};
  tmp = path;
  tmp += ".tmp" + std::to_string(getpid()) + "." + std::to_string(counter++);
  std::error_code ec;
  {
    llvm::raw_fd_ostream out(tmp, ec);
    if (!ec)
      out << entryHeader(key, lowered) << lowered;
    if (!ec) {
      out.close();
      if (out.has_error()) {
        ec = out.error();
        out.clear_error();
      }
    }
  }
  if (ec || llvm::sys::fs::rename(tmp, path))
    llvm::sys::fs::remove(tmp);
}
