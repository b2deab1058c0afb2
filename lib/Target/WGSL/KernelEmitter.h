//===- KernelEmitter.h - State of one kernel's WGSL emission ----*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_TARGET_WGSL_KERNELEMITTER_H
#define FERRIC_LIB_TARGET_WGSL_KERNELEMITTER_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace mlir {
namespace ferric {
namespace wgsl {

/// Where a memref's elements live in WGSL: a module-scope array (a storage
/// binding or a workgroup variable) or a function-scope array, viewed with
/// an element offset (a WGSL i32 expression) and static strides.
struct MemView {
  std::string array;
  std::string offset = "0";
  SmallVector<int64_t> strides;
  /// Bits per element packed in each 32-bit word (8 or 16), 0 if unpacked.
  unsigned packedBits = 0;
  /// Packed and written: every word access is atomic.
  bool atomic = false;
  Type elementType;
};

/// The state of one kernel's emission. Every SSA value becomes a WGSL `let`
/// (so that nothing but a literal is a const-expression: WGSL rejects a
/// const-expression that overflows or makes a NaN, which the same
/// computation at run time may do), block arguments become `var`s.
class KernelEmitter {
public:
  explicit KernelEmitter(gpu::GPUFuncOp func) : func(func) {}

  /// The WGSL type of a scalar value (i8, i16 and bf16 are held as i32
  /// bits, index as i32), or a diagnostic at `loc`.
  FailureOr<std::string> typeOf(Type type, Location loc);
  /// The name `value` was given (or its view's array for a memref).
  std::string operator[](Value value) const;
  /// Binds `value` to `let <fresh> = expr;` and returns the name.
  std::string bind(Value value, const Twine &expr);
  /// A fresh identifier.
  std::string fresh(StringRef stem = "v");
  /// Appends a line of the body at the current depth.
  void line(const Twine &text);

  /// Emits the ops of `block` but its terminator.
  LogicalResult emitBlock(Block &block);
  LogicalResult emitOp(Operation *op);

  gpu::GPUFuncOp func;
  llvm::DenseMap<Value, std::string> names;
  llvm::DenseMap<Value, MemView> views;
  std::string body;
  std::string moduleScope;
  unsigned depth = 1;
  unsigned counter = 0;
  bool usesF16 = false;
  bool usesLocalId = false, usesGroupId = false;
  int64_t workgroupSize[3] = {1, 1, 1};
};

/// Emits an arith or math op (or returns false when `op` is neither).
FailureOr<bool> emitScalarOp(KernelEmitter &e, Operation *op);
/// Emits a memref, gpu or vector op that reads or writes memory or asks
/// for ids (or returns false).
FailureOr<bool> emitMemoryOp(KernelEmitter &e, Operation *op);
/// A float constant as an exact WGSL literal, or empty for inf and NaN.
std::string floatLiteral(const llvm::APFloat &value, bool isF16);

} // namespace wgsl
} // namespace ferric
} // namespace mlir

#endif // FERRIC_LIB_TARGET_WGSL_KERNELEMITTER_H
