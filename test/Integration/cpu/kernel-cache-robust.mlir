// The kernel cache never makes a run fail and never writes where it should
// not: an entry holding another program's lowered module (or `module {}`)
// is a miss and is replaced, a relative XDG_CACHE_HOME is ignored (XDG spec),
// a HOME that does not exist gets no cache (nothing created), and processes
// filling the same empty cache at once all succeed.

// RUN: rm -rf %t && mkdir -p %t
// Two programs' entries; then each file holds the other's module.
// RUN: env XDG_CACHE_HOME=%t/c ferric-run %s --entry=exp_f --input=rand:16xf32 --bench=1 --warmup=0 | FileCheck %s --check-prefix=MISS
// RUN: mkdir -p %t/save && cp %t/c/ferric/*.mlir %t/save/
// RUN: env XDG_CACHE_HOME=%t/c ferric-run %s --entry=neg_f --input=rand:16xf32 --bench=1 --warmup=0 | FileCheck %s --check-prefix=MISS
// RUN: for f in %t/c/ferric/*.mlir; do cp %t/save/*.mlir $f; done
// RUN: env XDG_CACHE_HOME=%t/c ferric-run %s --entry=neg_f --input=full=2:16xf32 --print --bench=1 --warmup=0 | FileCheck %s --check-prefix=NEG
// NEG: result 0: array([-2, -2, {{.*}}dtype=f32)
// NEG: compile {{[0-9.]+}} s (cache miss)
// And `module {}` under the right name is a miss too.
// RUN: for f in %t/c/ferric/*.mlir; do echo 'module {}' > $f; done
// RUN: env XDG_CACHE_HOME=%t/c ferric-run %s --entry=neg_f --input=full=2:16xf32 --print --bench=1 --warmup=0 | FileCheck %s --check-prefix=NEG
// MISS: compile {{[0-9.]+}} s (cache miss)

// A relative XDG_CACHE_HOME is not used; HOME decides.
// RUN: cd %t && env XDG_CACHE_HOME=rel HOME=%t/home ferric-run %s --entry=exp_f --input=rand:16xf32
// RUN: not ls %t/rel
// RUN: not ls %t/home
// RUN: mkdir -p %t/home && cd %t && env XDG_CACHE_HOME=rel HOME=%t/home ferric-run %s --entry=exp_f --input=rand:16xf32
// RUN: ls %t/home/.cache/ferric | FileCheck %s --check-prefix=ENTRY
// ENTRY: .mlir

// Eight processes fill one empty cache at once: all succeed, and what they
// leave is one entry per program and no temporaries.
// RUN: bash -c 'for i in 1 2 3 4 5 6 7 8; do XDG_CACHE_HOME=%t/par ferric-run %s --entry=exp_f --input=rand:16xf32 > %t/par.$i.out 2>&1 & pids="$pids $!"; done; fails=0; for p in $pids; do wait $p || fails=$((fails+1)); done; echo "failed: $fails"' | FileCheck %s --check-prefix=PAR
// PAR: failed: 0
// RUN: ls %t/par/ferric | FileCheck %s --check-prefix=PARLS --implicit-check-not=tmp
// PARLS: .mlir

func.func @exp_f(%a: tensor<16xf32>) -> tensor<16xf32> {
  %0 = ferric.exp %a : tensor<16xf32>
  return %0 : tensor<16xf32>
}

func.func private @neg_f(%a: tensor<16xf32>) -> tensor<16xf32> {
  %0 = ferric.neg %a : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// The fusion report names the function as written, not the runner's
// internal JIT name (@__ferric_exp_f).
// RUN: ferric-run %s --entry=exp_f --input=rand:16xf32 --no-cache --fuse-report=- | FileCheck %s --check-prefix=REPORT
// REPORT: ferric-fuse report for @exp_f
