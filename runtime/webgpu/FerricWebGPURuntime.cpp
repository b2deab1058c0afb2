//===- FerricWebGPURuntime.cpp - mgpu* entry points on WebGPU (Dawn) ------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// dawn.node exports no C symbols: WebGPU is reached from JavaScript. This
// library implements the mgpu* functions the JIT'd host code calls by
// driving ferric-webgpu.mjs (next to it in runtime/webgpu/), started once
// with node and spoken to over a socket at its fd 3 (the protocol is at
// the top of the script). As on Vulkan, "device" memory is host memory: each
// launch sends its buffers and gets the written ones back, and a launch
// completes before mgpuLaunchKernel returns. See README.md for the environment
// variables.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runtime/RuntimeInterface.h"

#include "../common/Environment.h"
#include "../common/ErrorLog.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <spawn.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

using ferric::runtime::ErrorLog;

namespace {

const char *getEnv(const char *name) { return std::getenv(name); }

ErrorLog &log() {
  static ErrorLog instance(
      "webgpu", ferric::runtime::envFlag(getEnv, "FERRIC_WEBGPU_QUIET", false));
  return instance;
}

bool exists(const std::string &path) {
  struct stat st;
  return !path.empty() && ::stat(path.c_str(), &st) == 0;
}

std::string dirOf(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

/// runtime/webgpu: $FERRIC_WEBGPU_DIR, else found from this library
/// (build/lib -> ../../runtime/webgpu, an install's lib -> ../share/ferric/
/// webgpu), else the source tree this was built from.
std::string runnerDir() {
  if (const char *env = std::getenv("FERRIC_WEBGPU_DIR"))
    return env;
  Dl_info info;
  std::vector<std::string> candidates;
  if (dladdr(reinterpret_cast<void *>(&runnerDir), &info) && info.dli_fname) {
    std::string lib = dirOf(info.dli_fname);
    candidates.push_back(lib + "/../../runtime/webgpu");
    candidates.push_back(lib + "/../share/ferric/webgpu");
  }
#ifdef FERRIC_WEBGPU_SOURCE_DIR
  candidates.push_back(FERRIC_WEBGPU_SOURCE_DIR);
#endif
  // The first with Dawn installed beside the script, else the first with
  // the script (whose missing Dawn is then the error).
  for (const std::string &dir : candidates)
    if (exists(dir + "/ferric-webgpu.mjs") &&
        exists(dir + "/node_modules/webgpu/package.json"))
      return dir;
  for (const std::string &dir : candidates)
    if (exists(dir + "/ferric-webgpu.mjs"))
      return dir;
  return candidates.empty() ? "" : candidates.front();
}

/// One request/reply channel to the node process.
class Runner {
public:
  static Runner &get() {
    static Runner runner;
    return runner;
  }

  /// Starts node once; false (and `why`) when it cannot run or has no
  /// adapter.
  bool ensureStarted(std::string &why) {
    if (fd >= 0)
      return true;
    if (!startError.empty()) {
      why = startError;
      return false;
    }
    startError = start();
    if (startError.empty()) {
      std::vector<char> hello;
      if (!request(1, {}, hello, startError)) {
        stop();
      } else {
        adapter.assign(hello.begin(), hello.end());
      }
    }
    why = startError;
    return startError.empty();
  }

  /// Sends `parts` as one request of type `op`; on success `reply` holds the
  /// reply's payload. The caller reads further bytes with readExact.
  bool request(uint32_t op,
               const std::vector<std::pair<const void *, size_t>> &parts,
               std::vector<char> &reply, std::string &why) {
    uint64_t total = 0;
    for (auto &p : parts)
      total += p.second;
    if (total > UINT32_MAX) {
      why = "a launch of more than 4 GiB of buffers";
      return false;
    }
    uint32_t head[2] = {op, static_cast<uint32_t>(total)};
    if (!writeExact(head, sizeof(head), why))
      return false;
    for (auto &p : parts)
      if (!writeExact(p.first, p.second, why))
        return false;
    uint32_t answer[2];
    if (!readExact(answer, sizeof(answer), why))
      return false;
    reply.resize(answer[1]);
    if (answer[1] && !readExact(reply.data(), answer[1], why))
      return false;
    if (answer[0] != 0) {
      why = std::string(reply.begin(), reply.end());
      return false;
    }
    return true;
  }

  bool readExact(void *dst, size_t n, std::string &why) {
    auto *p = static_cast<char *>(dst);
    while (n) {
      ssize_t got = ::recv(fd, p, n, 0);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0) {
        why = "the node WebGPU runner exited (its messages are above)";
        stop();
        return false;
      }
      p += got;
      n -= static_cast<size_t>(got);
    }
    return true;
  }

  std::string adapter;
  ~Runner() { stop(); }

private:
  bool writeExact(const void *src, size_t n, std::string &why) {
    auto *p = static_cast<const char *>(src);
    while (n) {
      ssize_t put = ::send(fd, p, n, MSG_NOSIGNAL);
      if (put < 0 && errno == EINTR)
        continue;
      if (put <= 0) {
        why = "the node WebGPU runner exited (its messages are above)";
        stop();
        return false;
      }
      p += put;
      n -= static_cast<size_t>(put);
    }
    return true;
  }

  std::string start() {
    std::string dir = runnerDir();
    std::string script = dir + "/ferric-webgpu.mjs";
    if (!exists(script))
      return "cannot find ferric-webgpu.mjs (looked in " + dir +
             "; set FERRIC_WEBGPU_DIR to Ferric's runtime/webgpu)";
    if (!exists(dir + "/node_modules/webgpu/package.json"))
      return "Dawn (npm package 'webgpu') is not installed in " + dir +
             " (run scripts/setup-webgpu.sh)";
    // $FERRIC_WEBGPU_NODE, else a node shipped beside the script (the
    // GPU machine's pack: scripts/pack-webgpu.sh --with-node), else PATH's.
    std::string node = ferric::runtime::envString(
        getEnv, "FERRIC_WEBGPU_NODE",
        exists(dir + "/node") ? dir + "/node" : "node");
    // The child's environment: SwiftShader unless the Vulkan loader was
    // told otherwise (Dawn refuses lavapipe), a runtime dir for its Wayland
    // probe.
    std::vector<std::string> env;
    for (char **e = environ; e && *e; ++e)
      env.emplace_back(*e);
    if (!std::getenv("VK_ICD_FILENAMES") && !std::getenv("VK_DRIVER_FILES")) {
      std::string icd = ferric::runtime::envString(
          getEnv, "FERRIC_WEBGPU_SWIFTSHADER_ICD",
          "/usr/lib/chromium/vk_swiftshader_icd.json");
      if (exists(icd))
        env.push_back("VK_ICD_FILENAMES=" + icd);
    }
    if (!std::getenv("XDG_RUNTIME_DIR"))
      env.push_back("XDG_RUNTIME_DIR=/tmp");
    std::vector<char *> envp;
    for (std::string &s : env)
      envp.push_back(s.data());
    envp.push_back(nullptr);

    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
      return std::string("socketpair failed: ") + std::strerror(errno);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, sv[1], 3);
    std::string serve = "--serve";
    char *argv[] = {node.data(), script.data(), serve.data(), nullptr};
    int rc =
        posix_spawnp(&pid, node.c_str(), &actions, nullptr, argv, envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(sv[1]);
    if (rc != 0) {
      ::close(sv[0]);
      pid = -1;
      return "cannot start '" + node + "' (" + std::strerror(rc) +
             "): node.js is needed for --target=webgpu (set "
             "FERRIC_WEBGPU_NODE to its path)";
    }
    fd = sv[0];
    return "";
  }

  void stop() {
    if (fd >= 0) {
      ::close(fd);
      fd = -1;
    }
    if (pid > 0) {
      int status;
      ::waitpid(pid, &status, 0);
      pid = -1;
    }
  }

  int fd = -1;
  pid_t pid = -1;
  std::string startError;
};

std::mutex &apiMutex() {
  static std::mutex m;
  return m;
}

/// A kernel: its gpu.binary object, loaded into the runner at first launch.
struct Module {
  std::string blob;
  int32_t id = -1;
  std::vector<uint8_t> writable;
};

double lastMs = -1.0;
thread_local uint64_t launchesOnThread = 0;
char streamToken, eventToken;

bool loadIntoRunner(Module &m, std::string &why) {
  if (m.id >= 0)
    return true;
  Runner &runner = Runner::get();
  if (!runner.ensureStarted(why))
    return false;
  std::vector<char> reply;
  if (!runner.request(2, {{m.blob.data(), m.blob.size()}}, reply, why))
    return false;
  if (reply.size() < 8) {
    why = "short reply to a module load";
    return false;
  }
  uint32_t id, count;
  std::memcpy(&id, reply.data(), 4);
  std::memcpy(&count, reply.data() + 4, 4);
  if (reply.size() < 8 + count) {
    why = "short reply to a module load";
    return false;
  }
  m.writable.assign(reply.begin() + 8, reply.begin() + 8 + count);
  m.id = static_cast<int32_t>(id);
  return true;
}

int webgpuAvailable(char *msg, size_t len) {
  // The caller reports the reason (ferric-run, target_available): not
  // printed here as well.
  ferric::runtime::QuietScope quiet;
  std::lock_guard<std::mutex> lock(apiMutex());
  std::string why;
  if (Runner::get().ensureStarted(why)) {
    ferric::runtime::copyOut(Runner::get().adapter, msg, len);
    return 1;
  }
  log().record(why);
  ferric::runtime::copyOut(log().prefix() + why, msg, len);
  return 0;
}

const char *webgpuLastError() { return log().lastCString(); }
void webgpuClearError() { log().clear(); }
double webgpuLastKernelMs() { return lastMs; }
uint64_t webgpuLaunchCount() { return launchesOnThread; }

} // namespace

extern "C" {

void *mgpuModuleLoad(const void *data, size_t sizeBytes) {
  // Called from global constructors: only keep the object; node starts at
  // the first launch.
  auto *m = new Module();
  m->blob.assign(static_cast<const char *>(data), sizeBytes);
  return m;
}

void mgpuModuleUnload(void *handle) { delete static_cast<Module *>(handle); }

void *mgpuModuleGetFunction(void *handle, const char *) {
  // One kernel per module: the object names its entry point.
  return handle;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t, void *, void **params, void **,
                      size_t paramsCount) {
  std::lock_guard<std::mutex> lock(apiMutex());
  lastMs = -1.0;
  auto *m = static_cast<Module *>(function);
  if (!m) {
    log().record("mgpuLaunchKernel: no kernel to launch");
    return;
  }
  std::string why;
  if (!loadIntoRunner(*m, why)) {
    log().record(why);
    return;
  }
  // gpu-to-llvm{use-bare-pointers-for-kernels intersperse-sizes-for-kernels}
  // passes {&ptr0, &bytes0, &ptr1, &bytes1, ...}.
  if (paramsCount % 2 || paramsCount / 2 != m->writable.size()) {
    log().record("mgpuLaunchKernel: " + std::to_string(paramsCount) +
                 " parameters for a kernel of " +
                 std::to_string(m->writable.size()) +
                 " buffers (expected pointer and size pairs)");
    return;
  }
  size_t n = paramsCount / 2;
  std::vector<void *> ptrs(n);
  std::vector<uint64_t> sizes(n);
  uint32_t header[8] = {
      static_cast<uint32_t>(m->id),  static_cast<uint32_t>(gridX),
      static_cast<uint32_t>(gridY),  static_cast<uint32_t>(gridZ),
      static_cast<uint32_t>(blockX), static_cast<uint32_t>(blockY),
      static_cast<uint32_t>(blockZ), static_cast<uint32_t>(n)};
  std::vector<std::pair<const void *, size_t>> parts = {
      {header, sizeof(header)}};
  for (size_t i = 0; i < n; ++i) {
    ptrs[i] = *static_cast<void **>(params[2 * i]);
    sizes[i] = *static_cast<uint64_t *>(params[2 * i + 1]);
    parts.push_back({&sizes[i], sizeof(uint64_t)});
    parts.push_back({ptrs[i], sizes[i]});
  }
  Runner &runner = Runner::get();
  std::vector<char> reply;
  if (!runner.request(3, parts, reply, why)) {
    log().record(why);
    return;
  }
  if (reply.size() == 8)
    std::memcpy(&lastMs, reply.data(), 8);
  for (size_t i = 0; i < n; ++i)
    if (m->writable[i] && !runner.readExact(ptrs[i], sizes[i], why)) {
      log().record(why);
      return;
    }
  ++launchesOnThread;
}

void *mgpuStreamCreate(void) { return &streamToken; }
void mgpuStreamDestroy(void *) {}
void mgpuStreamSynchronize(void *) {}
void mgpuStreamWaitEvent(void *, void *) {}
void *mgpuEventCreate(void) { return &eventToken; }
void mgpuEventDestroy(void *) {}
void mgpuEventSynchronize(void *) {}
void mgpuEventRecord(void *, void *) {}

void *mgpuMemAlloc(uint64_t sizeBytes, void *, bool) {
  uint64_t rounded = (std::max<uint64_t>(sizeBytes, 1) + 63) & ~uint64_t(63);
  void *ptr = std::aligned_alloc(64, rounded);
  if (!ptr)
    log().record("mgpuMemAlloc: out of host memory allocating " +
                 std::to_string(sizeBytes) + " bytes");
  return ptr;
}

void mgpuMemFree(void *ptr, void *) { std::free(ptr); }

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *) {
  if (dst && src && sizeBytes)
    std::memmove(dst, src, sizeBytes);
}

void mgpuMemset32(void *dst, uint32_t value, size_t count, void *) {
  auto *p = static_cast<uint32_t *>(dst);
  for (size_t i = 0; p && i < count; ++i)
    p[i] = value;
}

void mgpuMemset16(void *dst, uint16_t value, size_t count, void *) {
  auto *p = static_cast<uint16_t *>(dst);
  for (size_t i = 0; p && i < count; ++i)
    p[i] = value;
}

void mgpuMemHostRegisterMemRef(int64_t, void *, int64_t) {}
void mgpuMemHostUnregisterMemRef(int64_t, void *, int64_t) {}
void mgpuMemHostRegister(void *, uint64_t) {}
void mgpuMemHostUnregister(void *) {}

/// The adapter's description and limits as JSON ("" when there is none):
/// what ferric-run reads the storage-buffer limit from.
FERRIC_RUNTIME_EXPORT const char *ferricWebGPUAdapterJson(void) {
  // Asked while compiling: a missing node or adapter is reported when the
  // program runs, not here.
  ferric::runtime::QuietScope quiet;
  std::lock_guard<std::mutex> lock(apiMutex());
  std::string why;
  if (!Runner::get().ensureStarted(why))
    return "";
  return Runner::get().adapter.c_str();
}

} // extern "C"

namespace {

#define FERRIC_WEBGPU_SYMBOL(fn)                                               \
  { #fn, reinterpret_cast < void *>(&fn) }
const FerricRuntimeSymbol kSymbols[] = {
    FERRIC_WEBGPU_SYMBOL(mgpuModuleLoad),
    FERRIC_WEBGPU_SYMBOL(mgpuModuleUnload),
    FERRIC_WEBGPU_SYMBOL(mgpuModuleGetFunction),
    FERRIC_WEBGPU_SYMBOL(mgpuLaunchKernel),
    FERRIC_WEBGPU_SYMBOL(mgpuStreamCreate),
    FERRIC_WEBGPU_SYMBOL(mgpuStreamDestroy),
    FERRIC_WEBGPU_SYMBOL(mgpuStreamSynchronize),
    FERRIC_WEBGPU_SYMBOL(mgpuStreamWaitEvent),
    FERRIC_WEBGPU_SYMBOL(mgpuEventCreate),
    FERRIC_WEBGPU_SYMBOL(mgpuEventDestroy),
    FERRIC_WEBGPU_SYMBOL(mgpuEventSynchronize),
    FERRIC_WEBGPU_SYMBOL(mgpuEventRecord),
    FERRIC_WEBGPU_SYMBOL(mgpuMemAlloc),
    FERRIC_WEBGPU_SYMBOL(mgpuMemFree),
    FERRIC_WEBGPU_SYMBOL(mgpuMemcpy),
    FERRIC_WEBGPU_SYMBOL(mgpuMemset32),
    FERRIC_WEBGPU_SYMBOL(mgpuMemset16),
    FERRIC_WEBGPU_SYMBOL(mgpuMemHostRegisterMemRef),
    FERRIC_WEBGPU_SYMBOL(mgpuMemHostUnregisterMemRef),
    FERRIC_WEBGPU_SYMBOL(mgpuMemHostRegister),
    FERRIC_WEBGPU_SYMBOL(mgpuMemHostUnregister),
};
#undef FERRIC_WEBGPU_SYMBOL

const FerricRuntimeV1 kInterface = {
    /*abiVersion=*/FERRIC_RUNTIME_ABI_VERSION,
    /*structSize=*/sizeof(FerricRuntimeV1),
    /*name=*/"webgpu",
    /*available=*/webgpuAvailable,
    /*lastError=*/webgpuLastError,
    /*clearError=*/webgpuClearError,
    /*memAlloc=*/mgpuMemAlloc,
    /*memFree=*/mgpuMemFree,
    /*memcpy=*/mgpuMemcpy,
    /*streamCreate=*/mgpuStreamCreate,
    /*streamSynchronize=*/mgpuStreamSynchronize,
    /*eventCreateTimed=*/nullptr,
    /*eventRecord=*/nullptr,
    /*eventSynchronize=*/nullptr,
    /*eventDestroy=*/nullptr,
    /*eventElapsedMs=*/nullptr,
    /*lastKernelMs=*/webgpuLastKernelMs,
    /*symbols=*/kSymbols,
    /*numSymbols=*/sizeof(kSymbols) / sizeof(kSymbols[0]),
    /*useStream=*/nullptr,
    /*memRecordStream=*/nullptr,
    /*launchCount=*/webgpuLaunchCount,
    /*takeLoanEvent=*/nullptr,
    /*releaseEvent=*/nullptr,
    /*copyHost=*/nullptr,
};

} // namespace

extern "C" const FerricRuntimeV1 *
ferricRuntimeGetInterface(uint32_t requestedVersion) {
  return requestedVersion == FERRIC_RUNTIME_ABI_VERSION ? &kInterface : nullptr;
}
