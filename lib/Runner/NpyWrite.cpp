//===- NpyWrite.cpp - Writing .npy files without losing the user's
//---------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A regular file (or a new one) is written as `<file>.tmp.<pid>` next to it
// and renamed over it only when every file of the call has been written, so
// a failure leaves every pre-existing file as it was. A symlink keeps
// pointing where it did: its target is what gets replaced. A special file
// (/dev/null, a device, a fifo) is never replaced: it is written through,
// after the regular files.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"
#include "NpyFormat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

using namespace mlir::ferric::runner;
using llvm::StringRef;
using llvm::Twine;

namespace {
/// Where a write to `path` lands: the file a chain of symlinks leads to
/// (which may not exist yet).
std::string resolveLinks(StringRef path) {
  std::string current = path.str();
  for (int hops = 0; hops < 40; ++hops) {
    llvm::sys::fs::file_status st;
    if (llvm::sys::fs::status(current, st, /*follow=*/false) ||
        st.type() != llvm::sys::fs::file_type::symlink_file)
      return current;
    char buf[4096];
    ssize_t n = ::readlink(current.c_str(), buf, sizeof(buf) - 1);
    if (n <= 0)
      return current;
    StringRef target(buf, n);
    if (llvm::sys::path::is_absolute(target)) {
      current = target.str();
    } else {
      llvm::SmallString<256> joined(llvm::sys::path::parent_path(current));
      llvm::sys::path::append(joined, target);
      current = std::string(joined);
    }
  }
  return current;
}

/// Writes `t` as .npy to `file` (created or truncated).
std::error_code writeOne(const std::string &file, const HostTensor &t) {
  std::error_code ec;
  llvm::raw_fd_ostream os(file, ec, llvm::sys::fs::OF_None);
  if (ec)
    return ec;
  os << npyHeader(t);
  const char *data = reinterpret_cast<const char *>(t.data.data());
  size_t width = dtypeBytes(t.dtype);
  if (llvm::sys::IsLittleEndianHost || width == 1) {
    os.write(data, t.data.size());
  } else {
    std::vector<uint8_t> swapped(t.data);
    toFromLittleEndian(swapped.data(), swapped.size(), width);
    os.write(reinterpret_cast<const char *>(swapped.data()), swapped.size());
  }
  os.close();
  if (os.has_error()) {
    ec = os.error();
    os.clear_error(); // Otherwise the destructor reports a fatal error.
  }
  return ec;
}

struct Pending {
  StringRef path;     // as the user gave it
  std::string target; // what it resolves to
  std::string tmp;    // empty for a special file
  const HostTensor *tensor;
};
} // namespace

llvm::Error mlir::ferric::runner::writeNpyFiles(
    llvm::ArrayRef<std::pair<StringRef, const HostTensor *>> files,
    size_t *failed) {
  std::vector<Pending> pending;
  auto at = [&](size_t i) {
    if (failed)
      *failed = i;
  };
  auto cleanUp = [&] {
    for (const Pending &p : pending)
      if (!p.tmp.empty())
        llvm::sys::fs::remove(p.tmp);
  };
  auto fail = [&](StringRef path, std::error_code ec, const Twine &what) {
    cleanUp();
    return llvm::createStringError(ec, "cannot write '" + path + "': " + what +
                                           ec.message());
  };
  for (auto [path, t] : files) {
    at(pending.size());
    if (!isConsistent(*t))
      return fail(path, std::make_error_code(std::errc::invalid_argument),
                  "tensor data has " + Twine(t->data.size()) +
                      " bytes, which does not match " + t->typeString() + ": ");
    Pending p{path, resolveLinks(path), "", t};
    llvm::sys::fs::file_status st;
    bool special = !llvm::sys::fs::status(p.target, st) &&
                   st.type() != llvm::sys::fs::file_type::regular_file &&
                   st.type() != llvm::sys::fs::file_type::file_not_found;
    // A directory goes the regular way: the rename onto it fails.
    special &= st.type() != llvm::sys::fs::file_type::directory_file;
    if (!special) {
      p.tmp = p.target + ".tmp." +
              std::to_string(llvm::sys::Process::getProcessId());
      if (!pending.empty()) // Two results may go to one path.
        p.tmp += "." + std::to_string(pending.size());
    }
    pending.push_back(std::move(p));
  }
  // 1. Every regular file to its temporary: nothing the user had changes
  //    unless all of them could be written.
  for (auto [i, p] : llvm::enumerate(pending))
    if (!p.tmp.empty())
      if (std::error_code ec = writeOne(p.tmp, *p.tensor))
        return at(i), fail(p.path, ec, "");
  // 2. Into place.
  for (size_t i = 0; i < pending.size(); ++i) {
    const Pending &p = pending[i];
    if (p.tmp.empty())
      continue;
    if (std::error_code ec = llvm::sys::fs::rename(p.tmp, p.target)) {
      at(i);
      for (size_t k = i; k < pending.size(); ++k)
        if (!pending[k].tmp.empty())
          llvm::sys::fs::remove(pending[k].tmp);
      return llvm::createStringError(ec, "cannot write '" + p.path +
                                             "': cannot rename '" + p.tmp +
                                             "': " + ec.message());
    }
  }
  // 3. Special files, written through.
  for (auto [i, p] : llvm::enumerate(pending))
    if (p.tmp.empty())
      if (std::error_code ec = writeOne(p.target, *p.tensor))
        return at(i), llvm::createStringError(ec, "cannot write '" + p.path +
                                                      "': " + ec.message());
  return llvm::Error::success();
}

llvm::Error mlir::ferric::runner::writeNpy(StringRef path,
                                           const HostTensor &t) {
  return writeNpyFiles({{path, &t}});
}
