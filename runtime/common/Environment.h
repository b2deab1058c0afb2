//===- Environment.h - Parsing the runtimes' variables ----------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One meaning for every FERRIC_CUDA_* and FERRIC_VULKAN_* variable: each
// runtime reads its variables once, into its RuntimeOptions, with these
// functions; tests that need to know what a variable means parse it with
// the same functions. Header-only so that tests can use it without linking
// a runtime's internals.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_COMMON_ENVIRONMENT_H
#define FERRIC_RUNTIME_COMMON_ENVIRONMENT_H

#include <cctype>
#include <string>

namespace ferric {
namespace runtime {

/// Where variables come from: std::getenv, or a table in a unit test.
using EnvLookup = const char *(*)(const char *name);

/// A boolean variable: unset or empty gives `fallback`; "0", "false", "off"
/// and "no" (any case) are false; anything else is true.
inline bool parseFlag(const char *value, bool fallback) {
  if (!value || !*value)
    return fallback;
  std::string v(value);
  for (char &c : v)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return !(v == "0" || v == "false" || v == "off" || v == "no");
}

inline bool envFlag(EnvLookup lookup, const char *name, bool fallback) {
  return parseFlag(lookup(name), fallback);
}

/// A string variable; unset gives `fallback`.
inline std::string envString(EnvLookup lookup, const char *name,
                             const std::string &fallback = "") {
  const char *value = lookup(name);
  return value ? std::string(value) : fallback;
}

} // namespace runtime
} // namespace ferric

#endif // FERRIC_RUNTIME_COMMON_ENVIRONMENT_H
