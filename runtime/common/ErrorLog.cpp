//===- ErrorLog.cpp - The error idiom both GPU runtimes share -------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ErrorLog.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace ferric::runtime;

ErrorLog::ErrorLog(const char *runtime, bool quiet)
    : linePrefix(std::string("ferric ") + runtime + " runtime: "),
      quiet(quiet) {}

bool ErrorLog::record(const std::string &message) {
  // One line per error: the text also ends up inside Ferric diagnostics.
  std::string line = linePrefix + withoutPrefix(message);
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::lock_guard<std::mutex> lock(mutex);
  lastLine = line;
  if (!QuietScope::active())
    print(line);
  return false;
}

void ErrorLog::warn(const std::string &message) {
  std::string line = linePrefix + "warning: " + message;
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::lock_guard<std::mutex> lock(mutex);
  print(line);
}

void ErrorLog::print(const std::string &line) {
  if (quiet)
    return;
  if (std::find(printed.begin(), printed.end(), line) != printed.end())
    return;
  if (printed.size() >= kMaxPrinted) {
    if (!printedNotice)
      std::fprintf(stderr,
                   "%stoo many distinct errors; further ones are only "
                   "recorded\n",
                   linePrefix.c_str());
    printedNotice = true;
    return;
  }
  printed.push_back(line);
  // One fprintf per line, under the lock, so that lines never interleave.
  std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

std::string ErrorLog::last() {
  std::lock_guard<std::mutex> lock(mutex);
  return lastLine;
}

const char *ErrorLog::lastCString() {
  // A per-thread copy, so that the pointer stays valid while other threads
  // record errors.
  thread_local std::string copy;
  copy = last();
  return copy.c_str();
}

void ErrorLog::clear() {
  std::lock_guard<std::mutex> lock(mutex);
  lastLine.clear();
}

std::string ErrorLog::withoutPrefix(const std::string &message) const {
  if (message.compare(0, linePrefix.size(), linePrefix) == 0)
    return message.substr(linePrefix.size());
  return message;
}

static thread_local int quietDepth = 0;

QuietScope::QuietScope() { ++quietDepth; }
QuietScope::~QuietScope() { --quietDepth; }
bool QuietScope::active() { return quietDepth > 0; }

void ferric::runtime::copyOut(const std::string &text, char *buf, size_t len) {
  if (!buf || len == 0)
    return;
  size_t n = std::min(text.size(), len - 1);
  std::memcpy(buf, text.data(), n);
  buf[n] = '\0';
}
