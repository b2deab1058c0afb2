// An unfused 300-op chain (a generated program) on the CPU: each op is a
// function of its own (ferric-outline-cpu-kernels, which keeps compile time
// linear in the number of ops: a 2000-op chain's --check went from 20 s to
// 5 s), and --check's f64 reference, of more than 64 functions, is
// JIT-compiled without optimization (-O0). Both give the fused program's values.

// RUN: /usr/bin/python3 %S/Inputs/gen_chain.py 300 > %t.mlir
// RUN: ferric-opt %t.mlir --ferric-lower-to-cpu=fuse=false | grep -c 'passthrough = \["noinline"\]' | FileCheck %s --check-prefix=KERNELS
// KERNELS: 300
// RUN: ferric-opt %t.mlir --ferric-lower-to-cpu | FileCheck %s --check-prefix=FUSED
// FUSED-NOT: passthrough
// RUN: ferric-run %t.mlir --target=cpu --no-fuse --input=rand:1000xf32 --input=rand:1000xf32 --check | FileCheck %s
// RUN: ferric-run %t.mlir --target=cpu --input=rand:1000xf32 --input=rand:1000xf32 --check | FileCheck %s
// CHECK: check: result 0: {{.*}}: ok
