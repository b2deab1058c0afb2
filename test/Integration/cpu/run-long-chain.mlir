// An unfused 300-op chain (a generated program) on the CPU: each op is a
// function of its own (ferric-outline-cpu-kernels, which keeps compile time
// linear in the number of ops: a 2000-op chain's --check went from 20 s to
// 5 s), and --check's f64 reference, of more than 64 functions, is
// JIT-compiled without optimization (-O0). Both give the fused program's values.

// RUN: /usr/bin/python3 %S/Inputs/gen_chain.py 300 > %t.mlir
// Before bufferization the unfused function is cut into functions of at
// most 64 ops (ferric-outline-chunks: 300 linalg ops and their 300
// destinations in 10 chunk functions); after it, the linalg ops of chunks
// holding 32 or more are outlined (288 of 300; the rest stay in chunks of
// 31).
// RUN: ferric-opt %t.mlir --ferric-lower-to-cpu=fuse=false | grep -c 'passthrough = \["noinline"\]' | FileCheck %s --check-prefix=KERNELS
// KERNELS: 288
// RUN: ferric-opt %t.mlir --ferric-lower-to-cpu=fuse=false | grep -cE 'llvm.func @chain_chunk[0-9]+\(' | FileCheck %s --check-prefix=CHUNKS
// CHUNKS: 10
// RUN: ferric-opt %t.mlir --ferric-lower-to-cpu | FileCheck %s --check-prefix=FUSED
// FUSED-NOT: passthrough
// RUN: ferric-run %t.mlir --target=cpu --no-fuse --input=rand:1000xf32 --input=rand:1000xf32 --check | FileCheck %s
// RUN: ferric-run %t.mlir --target=cpu --input=rand:1000xf32 --input=rand:1000xf32 --check | FileCheck %s
// CHECK: check: result 0: {{.*}}: ok
