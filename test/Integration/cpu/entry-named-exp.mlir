// An entry named like a libm function that the lowered code calls: the
// runner prefixes the module's functions (`__ferric_exp`), so f64 exp
// (lowered to a call of libm's `exp`) no longer calls the entry itself
// (it recursed until SIGSEGV), and neither does the f64 reference of --check.
// RUN: ferric-run %S/../Inputs/libm_name.mlir --input=rand:8xf64 --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/libm_name.mlir --input=rand:8xf64 --emit-lowered=%t.mlir > /dev/null
// RUN: FileCheck %s --check-prefix=SYM < %t.mlir

// CHECK: check: result 0: {{.*}}: ok

// SYM: llvm.func @__ferric_exp(
// SYM: llvm.func @_mlir_ciface___ferric_exp(
