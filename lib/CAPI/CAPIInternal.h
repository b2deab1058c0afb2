//===- CAPIInternal.h - Shared by the C API's files -------------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The executable handle and the error, string, dtype and target helpers
// that Ferric.cpp, CompileAPI.cpp and TargetAPI.cpp share (hidden: the
// library exports only the ferric_* entry points).
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_CAPI_CAPIINTERNAL_H
#define FERRIC_LIB_CAPI_CAPIINTERNAL_H

#include "FerricDialect/CAPI/Ferric.h"
#include "FerricDialect/Runner/Runner.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>

struct ferric_executable {
  std::unique_ptr<mlir::ferric::runner::Executable> exe;
  std::string target;
};

namespace mlir {
namespace ferric {
namespace capi {

/// The message ferric_last_error returns, per thread.
extern thread_local std::string lastError;

/// Records `message` as the last error and returns `status`.
ferric_status fail(ferric_status status, std::string message);
ferric_status fail(ferric_status status, llvm::Error error);

/// A malloc'd NUL-terminated copy (ferric_string_free frees it); null when
/// out of memory.
char *copyString(llvm::StringRef s);

std::optional<runner::DType> toDType(int code);
int fromDType(runner::DType type);

/// The target named `target` (NULL: cpu) in `out`, or an error naming the
/// known ones.
ferric_status targetOf(const char *target, runner::Target &out);

} // namespace capi
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_CAPI_CAPIINTERNAL_H
