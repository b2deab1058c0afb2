//===- TestUtils.h - Helpers of the runner support tests --------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Shared by the unit tests of FerricRunnerSupport (HostTensor, .npy,
// generators): special values, the message of a failed Expected/Error and
// generated tensors.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_UNITTESTS_RUNNER_TESTUTILS_H
#define FERRIC_UNITTESTS_RUNNER_TESTUTILS_H

#include "FerricDialect/Runner/HostTensor.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <limits>
#include <string>

namespace ferric_test {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The message of a failed Expected/Error (and "" on success).
template <typename T> std::string errorOf(llvm::Expected<T> v) {
  if (v)
    return "";
  return llvm::toString(v.takeError());
}
inline std::string errorOf(llvm::Error e) {
  if (!e)
    return "";
  return llvm::toString(std::move(e));
}

/// The tensor generateTensor(spec, seed) makes (a test failure if none).
inline mlir::ferric::runner::HostTensor gen(llvm::StringRef spec,
                                            uint64_t seed = 0) {
  llvm::Expected<mlir::ferric::runner::HostTensor> t =
      mlir::ferric::runner::generateTensor(spec, seed);
  if (!t) {
    ADD_FAILURE() << llvm::toString(t.takeError());
    return mlir::ferric::runner::HostTensor();
  }
  return std::move(*t);
}

} // namespace ferric_test

#endif // FERRIC_UNITTESTS_RUNNER_TESTUTILS_H
