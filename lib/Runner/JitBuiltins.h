//===- JitBuiltins.h - Runtime helpers the JIT'd code may call --*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// LLVM's x86 backend lowers some conversions to calls into the compiler
// runtime (libgcc / compiler-rt), chosen by the host CPU's features: on an
// Intel host with AVX512-FP16 (the H200 machine's Xeon), `fptrunc double to
// bfloat` becomes a call to `__truncdfbf2`, which Debian 12's GCC 12 libgcc
// does not have, so the JIT failed with "Symbols not found". The runner binds
// these names to its own implementations for every target.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_LIB_RUNNER_JITBUILTINS_H
#define FERRIC_LIB_RUNNER_JITBUILTINS_H

#include <cstdint>

namespace mlir::ferric::runner {

/// f64 -> bf16 bits, rounded once to nearest even (through f32 rounded to
/// odd, which cannot round twice), subnormals kept, NaN quieted with its
/// sign.
uint16_t truncF64ToBF16Bits(double x);
/// f32 -> bf16 bits, rounded to nearest even, subnormals kept.
uint16_t truncF32ToBF16Bits(float x);

/// One builtin: the symbol the JIT'd code calls and its address.
struct JitBuiltin {
  const char *name;
  void *address;
};
/// Every builtin the runner provides (`__truncdfbf2`, `__truncsfbf2`).
const JitBuiltin *getJitBuiltins(unsigned &count);

} // namespace mlir::ferric::runner

#endif // FERRIC_LIB_RUNNER_JITBUILTINS_H
