//===- ErrorLog.h - The error idiom both GPU runtimes share -----*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The `mgpu*` functions return void or a handle, so the generated host code
// cannot see failures. Each runtime keeps one ErrorLog: it records the last
// error as one line "ferric <runtime> runtime: <what failed>: <detail>",
// which FerricRuntimeV1::lastError returns, and prints every distinct line
// once to stderr so that a failed JIT'd program is not silent. The same code
// in both runtimes gives them the same text, print cap and quiet semantics
// (see runtime/cuda/README.md and runtime/vulkan/README.md).
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_COMMON_ERRORLOG_H
#define FERRIC_RUNTIME_COMMON_ERRORLOG_H

#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace ferric {
namespace runtime {

class ErrorLog {
public:
  /// Distinct lines printed before further ones are only recorded; bounds
  /// the output of a program that fails in many different ways in a loop.
  static constexpr size_t kMaxPrinted = 32;

  /// `runtime` is "cuda" or "vulkan"; `quiet` (FERRIC_<RUNTIME>_QUIET)
  /// turns printing off altogether.
  ErrorLog(const char *runtime, bool quiet);

  /// Records `message` (without the prefix; a newline becomes a space) as
  /// the last error and prints it unless quiet, printed before, or past the
  /// cap. Always returns false, so callers can `return log.record(...)`.
  bool record(const std::string &message);
  /// Prints "<prefix>warning: <message>" under the same rules, without
  /// recording it.
  void warn(const std::string &message);

  /// The last recorded line, "" if none.
  std::string last();
  /// The same, as a pointer valid until this thread calls it again.
  const char *lastCString();
  void clear();

  /// The prefix, "ferric <runtime> runtime: ".
  const std::string &prefix() const { return linePrefix; }
  /// `message` without the prefix, if it has it.
  std::string withoutPrefix(const std::string &message) const;

private:
  void print(const std::string &line);

  std::string linePrefix;
  bool quiet;
  std::mutex mutex;
  std::string lastLine;
  std::vector<std::string> printed;
  bool printedNotice = false;
};

/// While one is alive on a thread, that thread's errors are recorded but not
/// printed: the runtime's query functions (FerricRuntimeV1::available and
/// the like) report through return values instead.
class QuietScope {
public:
  QuietScope();
  ~QuietScope();
  QuietScope(const QuietScope &) = delete;
  QuietScope &operator=(const QuietScope &) = delete;
  static bool active();
};

/// Copies `text` into `buf` (truncating; NUL-terminated when len > 0).
void copyOut(const std::string &text, char *buf, size_t len);

} // namespace runtime
} // namespace ferric

#endif // FERRIC_RUNTIME_COMMON_ERRORLOG_H
