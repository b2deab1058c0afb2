//===- HostTensor.h - Host-side tensors for ferric-run ----------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The host-side data pieces of `ferric-run`: a dense row-major tensor with an
// element type, .npy reading and writing, deterministic generators for input
// data, and numerical comparison against a reference.
//
// This library has no MLIR dependency; it only uses LLVM Support.
//
// Element storage
// ---------------
// Elements are stored contiguously in row-major (C) order, in host byte order:
//   f16  - IEEE binary16 bit patterns (2 bytes)
//   bf16 - bfloat16 bit patterns (2 bytes, the upper half of an f32)
//   f32, f64 - IEEE binary32 / binary64
//   i1   - one byte per element, 0 or 1
// `get` widens any element to double exactly; `set` rounds a double to the
// element type with IEEE round-to-nearest-even (overflow goes to +-inf, NaN
// stays NaN); for i1 `set` stores `v != 0` (so NaN becomes 1).
//
// .npy files
// ----------
// `readNpy` accepts format versions 1.0, 2.0 (and 3.0, which only differs in
// the header encoding), little-endian C-order arrays with descr `<f2`, `<f4`,
// `<f8` and `|b1`. `writeNpy` writes version 1.0 (2.0 when the header does not
// fit in 64 KiB) with exactly the header bytes numpy's `np.save` writes.
//
// bf16 extension: numpy has no bfloat16 dtype, so a bf16 tensor is written
// with descr `<u2` holding the raw bf16 bit patterns, and `readNpy` returns
// every `<u2` file as a DType::BF16 tensor. In Python, convert with e.g.
//   f32 = (np.load(p).astype(np.uint32) << 16).view(np.float32)
//   np.save(p, (f32.view(np.uint32) >> 16).astype('<u2'))  # truncates
// or use `ml_dtypes.bfloat16` and `.view('<u2')`. See docs/Runner.md.
//
//===----------------------------------------------------------------------===//

#ifndef FERRICDIALECT_RUNNER_HOSTTENSOR_H
#define FERRICDIALECT_RUNNER_HOSTTENSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::ferric::runner {

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

enum class DType { F16, BF16, F32, F64, I1 };

/// "f16", "bf16", "f32", "f64" or "i1".
llvm::StringRef dtypeName(DType type);
/// The inverse of dtypeName; std::nullopt for anything else.
std::optional<DType> parseDType(llvm::StringRef name);
/// Bytes per element; i1 is stored as one byte (0 or 1).
size_t dtypeBytes(DType type);
/// Product of the dimensions of `shape` (1 for rank 0).
int64_t numElements(llvm::ArrayRef<int64_t> shape);
/// True for f16, bf16, f32 and f64.
bool isFloatDType(DType type);

/// Rounds `v` to the nearest f16 (round-to-nearest-even, overflow to inf) and
/// returns its bit pattern; NaN becomes a quiet NaN of the same sign.
uint16_t doubleToF16Bits(double v);
/// Same for bfloat16.
uint16_t doubleToBF16Bits(double v);
/// Exact widening of an f16 bit pattern.
double f16BitsToDouble(uint16_t bits);
/// Exact widening of a bf16 bit pattern.
double bf16BitsToDouble(uint16_t bits);
/// Rounds `v` to `type` and widens the result back to double (i1: 0 or 1).
double roundToDType(double v, DType type);

//===----------------------------------------------------------------------===//
// HostTensor
//===----------------------------------------------------------------------===//

struct HostTensor {
  DType dtype = DType::F32;
  /// Row-major dimensions; empty for a rank-0 (scalar) tensor.
  std::vector<int64_t> shape;
  /// numElements() * dtypeBytes(dtype) bytes, row-major and contiguous.
  std::vector<uint8_t> data;

  /// A zero-filled tensor (all dimensions must be >= 0).
  static HostTensor zeros(DType dtype, llvm::ArrayRef<int64_t> shape);
  /// A zero-filled tensor, or an error when a dimension is negative, the
  /// byte size overflows or the memory cannot be allocated (std::vector's
  /// allocation failure would end in LLVM's out-of-memory abort: the build
  /// has no exceptions). `what` names the tensor in the message.
  static llvm::Expected<HostTensor>
  allocate(DType dtype, llvm::ArrayRef<int64_t> shape, llvm::StringRef what);
  /// A tensor holding `values` (rounded to `dtype`); values.size() must equal
  /// the product of `shape`.
  static HostTensor fromValues(DType dtype, llvm::ArrayRef<int64_t> shape,
                               llvm::ArrayRef<double> values);

  int64_t rank() const { return static_cast<int64_t>(shape.size()); }
  /// Product of the dimensions (1 for rank 0).
  int64_t numElements() const;
  size_t byteSize() const { return data.size(); }

  /// Element `i` (flat row-major index) widened exactly to double.
  double get(int64_t i) const;
  /// Stores `v` rounded to the element type (see the file comment).
  void set(int64_t i, double v);

  /// The same values in another element type (rounded as by `set`).
  HostTensor convertTo(DType type) const;

  /// "4x4xf32", "f32" for rank 0 (the syntax generateTensor accepts).
  std::string typeString() const;
};

//===----------------------------------------------------------------------===//
// .npy
//===----------------------------------------------------------------------===//

/// Reads a .npy file (see the file comment for what is supported). Every
/// failure is an llvm::StringError naming the file and the problem; a path
/// that is (or links to) anything but a regular file is one (readRegularFile).
llvm::Expected<HostTensor> readNpy(llvm::StringRef path);
/// The contents of the regular file at `path` (mapped when large), never
/// more than its size. A directory, device (/dev/zero), fifo or socket, or a
/// symlink to one, is an error without reading: such a "file" can block
/// forever or never end.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readRegularFile(llvm::StringRef path);
/// Parses the bytes of a .npy file; `name` is only used in messages.
llvm::Expected<HostTensor> parseNpy(llvm::ArrayRef<uint8_t> bytes,
                                    llvm::StringRef name);
/// Writes `t` as .npy. A regular file is written as `<file>.tmp.<pid>.<n>`
/// and renamed over `path`, so a failure never leaves a partial file behind;
/// a symlink keeps pointing where it did (its target is replaced); a special
/// file (/dev/null, a device, a fifo) is written through, never replaced.
llvm::Error writeNpy(llvm::StringRef path, const HostTensor &t);
/// Writes each tensor to its path, as writeNpy, all or nothing: no regular
/// file is replaced unless every one could be written (special files are
/// written last). On failure every pre-existing regular file is as it was,
/// and `*failed` (if given) is the index of the file that failed.
llvm::Error writeNpyFiles(
    llvm::ArrayRef<std::pair<llvm::StringRef, const HostTensor *>> files,
    size_t *failed = nullptr);
/// The bytes writeNpy writes for `t`.
std::vector<uint8_t> serializeNpy(const HostTensor &t);

//===----------------------------------------------------------------------===//
// Generators and scalars
//===----------------------------------------------------------------------===//

/// Generates a tensor from a spec `<kind>:<dims>x<dtype>`, e.g.
/// "rand:4096x4096xf32", "randn:8x3xf16", "ones:1023xbf16", "zeros:0xf32",
/// "iota:16xf64", "full=2.5:4x4xf32"; "rand:f32" is a rank-0 tensor.
///   rand    - uniform in [-1, 1) (on a grid the element type represents
///             exactly); i1: fair random bits
///   randn   - standard normal (Box-Muller); i1: fair random bits
///   zeros, ones, iota (0, 1, 2, ... in flat order; rounded to the dtype)
///   full=V  - every element V (V as in parseScalar, e.g. 2.5, -inf, nan)
/// Random kinds are deterministic for a given seed on every platform: they use
/// splitmix64 (element i uses the (i+1)-th output of a splitmix64 stream
/// seeded with `seed`), never std:: distributions. `rand` is bit-exact
/// everywhere; `randn` also relies on the C library's log/sqrt/sin/cos.
llvm::Expected<HostTensor> generateTensor(llvm::StringRef spec, uint64_t seed);

/// Parses a scalar entry argument ("1.5", "-2", "inf", "nan", "0x1p-3"; for
/// i1 also "true"/"false") into a rank-0 tensor of `type`, rounded to it.
llvm::Expected<HostTensor> parseScalar(llvm::StringRef text, DType type);

//===----------------------------------------------------------------------===//
// Comparison and printing
//===----------------------------------------------------------------------===//

struct Comparison {
  /// Largest |got - ref| and |got - ref| / |ref| (inf when ref is 0 and got is
  /// not), over the elements where neither value is NaN.
  double maxAbs = 0, maxRel = 0;
  /// Largest |got - ref| in units of the last place of got's dtype at ref
  /// (so a correctly rounded result is <= 0.5 ULP).
  double maxUlp = 0;
  /// The element that exceeds its tolerance |got - ref| / (atol + rtol*|ref|)
  /// the most (NaN mismatches count as infinitely bad; first on ties); -1 if
  /// every element is exactly equal or the tensors are empty.
  int64_t worstIndex = -1;
  /// Elements that fail the tolerance, including the NaN mismatches.
  int64_t mismatches = 0;
  /// Elements where exactly one side is NaN.
  int64_t nanMismatches = 0;
  /// The shapes differ; nothing else was compared.
  bool shapeMismatch = false;

  bool passed() const { return !shapeMismatch && mismatches == 0; }
};

/// Compares `got` against `reference` (usually f64) element by element. An
/// element passes if |got - ref| <= atol + rtol * |ref|; NaN matches only NaN
/// and an infinity only the infinity of the same sign.
Comparison compare(const HostTensor &got, const HostTensor &reference,
                   double atol, double rtol);

/// One-line summary, e.g. "2 of 16 elements differ (worst at [1, 3]: got 1.5,
/// expected 1.25); max abs 0.25, max rel 0.2, max ulp 512".
std::string formatComparison(const Comparison &c, const HostTensor &got,
                             const HostTensor &reference);

/// The ND index of flat element `index` of `shape`, as "[1, 3]".
std::string formatIndex(llvm::ArrayRef<int64_t> shape, int64_t index);

/// The shortest decimal string that reads back as `v` in `type` ("1.5",
/// "0.1", "inf", "nan", "-0"; i1: "true"/"false").
std::string formatValue(double v, DType type);

/// numpy-like short repr, e.g. "array([[1, 2], [3, 4]], shape=(2, 2),
/// dtype=f32)". When the tensor has more than `maxElements` elements, each
/// long axis shows only its first and last 3 entries with "..." in between.
std::string formatTensor(const HostTensor &t, int64_t maxElements = 16);

} // namespace mlir::ferric::runner

#endif // FERRICDIALECT_RUNNER_HOSTTENSOR_H
