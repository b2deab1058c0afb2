// Memory that cannot be allocated is one error and exit 1, never "LLVM
// ERROR: out of memory" (an abort) or a segfault (issue 16): for a generated
// input, for a .npy input, and for a buffer the compiled code allocates
// itself (the runner binds its malloc and turns a failure into an error,
// lib/Runner/JitCall.h). RLIMIT_AS (ulimit -v, in KiB) makes the
// allocations fail without touching the machine's memory (not under ASan,
// whose shadow memory needs more address space than the limit).
// UNSUPPORTED: asan

// RUN: rm -rf %t && mkdir -p %t

// A generator spec that passes the size check (256 GB).
// RUN: not bash -c 'ulimit -v 4000000 && exec ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1000000000x64xf32' 2>&1 | FileCheck %s --check-prefix=GEN
// GEN: ferric-run: input 0 ('rand:1000000000x64xf32'): cannot allocate 256000000000 bytes for 'rand:1000000000x64xf32' (1000000000x64xf32)
// GEN-NOT: LLVM ERROR

// A sparse 3 GB .npy: mapping it fits under the limit, a copy does not.
// RUN: printf "\223NUMPY\001\000\166\000{'descr': '<f4', 'fortran_order': False, 'shape': (750000000,), }                                                    \n" > %t/sparse.npy
// RUN: truncate -s 3000000128 %t/sparse.npy
// RUN: not bash -c 'ulimit -v 4000000 && exec ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=%t/sparse.npy' 2>&1 | FileCheck %s --check-prefix=NPY
// NPY: ferric-run: input 0 ('{{.*}}sparse.npy'): cannot allocate 3000000000 bytes for '{{.*}}sparse.npy' (750000000xf32)
// NPY-NOT: LLVM ERROR
// RUN: rm %t/sparse.npy

// A 1e9x64 f32 result the compiled code allocates: fused (one buffer), and
// unfused (the intermediate fails first).
// RUN: not bash -c 'ulimit -v 4000000 && exec ferric-run %S/../Inputs/huge_result.mlir --input=rand:64xf32 --input=rand:1xf32' 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: not bash -c 'ulimit -v 4000000 && exec ferric-run %S/../Inputs/huge_result.mlir --input=rand:64xf32 --input=rand:1xf32 --no-fuse' 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: ferric-run: @huge could not allocate {{256000000[0-9]+}} bytes (out of memory, or a size computed at run time is negative or too large)
// JIT-NOT: Stack dump

// The same program with a size that fits runs, under the same limit.
// RUN: bash -c 'ulimit -v 4000000 && exec ferric-run %S/../Inputs/huge_result.mlir --input=rand:64xf32 --input=rand:0xf32 --print' | FileCheck %s --check-prefix=FITS
// FITS: result 0: array([], shape=(0, 64), dtype=f32)
