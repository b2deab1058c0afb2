//===- Compare.cpp - Numerical comparison of host tensors -----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/HostTensor.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir::ferric::runner;

namespace {
/// Parameters of a float format: significand bits (with the implicit one) and
/// the exponent range of normal numbers.
struct FloatFormat {
  int precision, minExp, maxExp;
};

FloatFormat floatFormat(DType type) {
  switch (type) {
  case DType::F16:
    return {11, -14, 15};
  case DType::BF16:
    return {8, -126, 127};
  case DType::F32:
    return {24, -126, 127};
  case DType::F64:
    return {53, -1022, 1023};
  case DType::I1:
    return {1, 0, 0};
  }
  llvm_unreachable("unknown DType");
}

/// The spacing of `type`'s values around `x` (the ULP at x): 2^(e - p + 1)
/// where e is x's exponent clamped to the normal range, so that subnormals
/// and zero use the smallest subnormal spacing. 1 for i1.
double ulpAt(double x, DType type) {
  if (type == DType::I1)
    return 1.0;
  FloatFormat f = floatFormat(type);
  double a = std::fabs(x);
  int e = a == 0 || !std::isfinite(a) ? f.minExp : std::ilogb(a);
  if (!std::isfinite(a))
    e = f.maxExp;
  e = std::clamp(e, f.minExp, f.maxExp);
  return std::ldexp(1.0, e - f.precision + 1);
}

/// The smallest magnitude that rounds to infinity in `type` (round to
/// nearest even: the largest finite value plus half its ULP); infinity for
/// f64 and i1.
double overflowThreshold(DType type) {
  if (type == DType::I1 || type == DType::F64)
    return std::numeric_limits<double>::infinity();
  FloatFormat f = floatFormat(type);
  return std::ldexp(2.0 - std::ldexp(1.0, -f.precision), f.maxExp);
}
} // namespace

Comparison mlir::ferric::runner::compare(const HostTensor &got,
                                         const HostTensor &reference,
                                         double atol, double rtol) {
  Comparison c;
  if (got.shape != reference.shape) {
    c.shapeMismatch = true;
    return c;
  }
  constexpr double inf = std::numeric_limits<double>::infinity();
  int64_t n = got.numElements();
  double worstScore = 0;
  for (int64_t i = 0; i < n; ++i) {
    double g = got.get(i), r = reference.get(i);
    bool gNan = std::isnan(g), rNan = std::isnan(r);
    if (gNan || rNan) {
      if (gNan && rNan)
        continue;
      ++c.nanMismatches;
      ++c.mismatches;
      // NaN mismatches are infinitely bad; the first one wins among them.
      if (worstScore < inf) {
        worstScore = inf;
        c.worstIndex = i;
      }
      continue;
    }

    // A reference that the result's type rounds to infinity is that
    // infinity: a result that overflowed with it is right (both infinite,
    // of the same sign). Tolerances do not widen it: inf never matches a
    // value the type can hold.
    if (std::isinf(g) && std::isfinite(r) &&
        std::signbit(g) == std::signbit(r) &&
        std::fabs(r) >= overflowThreshold(got.dtype))
      r = g;

    double diff;
    if (std::isinf(r) || std::isinf(g))
      diff = g == r ? 0.0 : inf;
    else
      diff = std::fabs(g - r);
    double rel = diff == 0 ? 0.0 : diff / std::fabs(r); // inf when r == 0.
    double ulp = diff == 0 ? 0.0 : diff / ulpAt(r, got.dtype);
    c.maxAbs = std::max(c.maxAbs, diff);
    c.maxRel = std::max(c.maxRel, rel);
    c.maxUlp = std::max(c.maxUlp, ulp);

    double tol = atol + rtol * std::fabs(r);
    bool pass = std::isinf(r) ? g == r : diff <= tol;
    if (!pass)
      ++c.mismatches;
    // How many times its tolerance the element is off. A failing element
    // always ranks above a passing one.
    double score;
    if (diff == 0)
      score = 0;
    else if (tol > 0 && std::isfinite(tol))
      score = diff / tol;
    else
      score = pass ? 0.5 : inf;
    if (!pass)
      score = std::max(score, 1.0 + std::numeric_limits<double>::epsilon());
    if (score > worstScore) {
      worstScore = score;
      c.worstIndex = i;
    }
  }
  return c;
}

std::string mlir::ferric::runner::formatComparison(
    const Comparison &c, const HostTensor &got, const HostTensor &reference) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (c.shapeMismatch) {
    os << "shape mismatch: got " << got.typeString() << ", expected "
       << reference.typeString();
    return s;
  }
  int64_t n = got.numElements();
  if (c.mismatches == 0)
    os << "all " << n << " elements match";
  else
    os << c.mismatches << " of " << n << " elements differ";
  if (c.nanMismatches)
    os << " (" << c.nanMismatches << " NaN mismatches)";
  if (c.worstIndex >= 0) {
    os << "; worst at " << formatIndex(got.shape, c.worstIndex) << ": got "
       << formatValue(got.get(c.worstIndex), got.dtype) << ", expected "
       << formatValue(reference.get(c.worstIndex), reference.dtype);
  }
  os << "; max abs " << llvm::format("%.3g", c.maxAbs) << ", max rel "
     << llvm::format("%.3g", c.maxRel) << ", max ulp "
     << llvm::format("%.3g", c.maxUlp);
  return s;
}
