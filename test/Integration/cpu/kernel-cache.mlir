// The kernel cache in $XDG_CACHE_HOME/ferric: the first run lowers the
// program and stores it, the next run with the same cache loads it (a hit,
// in memory within a run and on disk across runs), --no-cache neither
// reads nor counts, and a damaged entry is compiled again and repaired.
// --bench=1 prints whether the entry's compile hit the cache and the
// process-wide hit and miss counts (--check compiles a second program, the
// f64 reference, which has its own entry).

// RUN: rm -rf %t.cache
// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1023xf32 --bench=1 --warmup=0 | FileCheck %s --check-prefix=MISS
// MISS: compile {{[0-9.]+}} s (cache miss)
// MISS-NEXT: cache: 0 hits, 1 misses
// RUN: ls %t.cache/ferric | FileCheck %s --check-prefix=ONE
// ONE: {{^[0-9A-F]+\.mlir$}}
// ONE-NOT: mlir

// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1023xf32 --bench=1 --warmup=0 | FileCheck %s --check-prefix=HIT
// HIT: compile {{[0-9.]+}} s (cache hit)
// HIT-NEXT: cache: 1 hits, 0 misses

// With --check, the reference misses the first time and hits the second.
// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1023xf32 --check --bench=1 --warmup=0 | FileCheck %s --check-prefix=CHECK1
// CHECK1-COUNT-2: check: result {{[0-9]}}: {{.*}}: ok
// CHECK1: compile {{[0-9.]+}} s (cache hit)
// CHECK1-NEXT: cache: 1 hits, 1 misses
// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1023xf32 --check --bench=1 --warmup=0 | FileCheck %s --check-prefix=CHECK2
// CHECK2-COUNT-2: check: result {{[0-9]}}: {{.*}}: ok
// CHECK2: compile {{[0-9.]+}} s (cache hit)
// CHECK2-NEXT: cache: 2 hits, 0 misses

// A damaged entry is a miss; it is compiled again and replaced, so the
// next run hits again.
// RUN: for f in %t.cache/ferric/*.mlir; do echo damaged > $f; done
// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1023xf32 --bench=1 --warmup=0 --check | FileCheck %s --check-prefix=DAMAGED
// DAMAGED-COUNT-2: check: result {{[0-9]}}: {{.*}}: ok
// DAMAGED: compile {{[0-9.]+}} s (cache miss)
// DAMAGED-NEXT: cache: 0 hits, 2 misses
// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1023xf32 --check --bench=1 --warmup=0 | FileCheck %s --check-prefix=CHECK2
// RUN: cat %t.cache/ferric/*.mlir | FileCheck %s --check-prefix=REPAIRED
// REPAIRED-NOT: damaged

// Another pipeline (--no-fuse) or another entry of the same file is
// another program.
// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --no-fuse --input=rand:1023xf32 --bench=1 --warmup=0 | FileCheck %s --check-prefix=MISS
// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=fused --input=rand:1023xf32 --input=rand:1023xf32 --input=2 --bench=1 --warmup=0 | FileCheck %s --check-prefix=MISS

// --no-cache: compiled, neither looked up nor counted.
// RUN: env XDG_CACHE_HOME=%t.cache ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1023xf32 --check --no-cache --bench=1 --warmup=0 | FileCheck %s --check-prefix=NOCACHE
// NOCACHE: compile {{[0-9.]+}} s (cache miss)
// NOCACHE-NEXT: cache: 0 hits, 0 misses

// A cache directory that cannot be created: the run works without it.
// RUN: rm -f %t.file && touch %t.file
// RUN: env XDG_CACHE_HOME=%t.file ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:1023xf32 --check --bench=1 --warmup=0 | FileCheck %s --check-prefix=NODIR
// NODIR-COUNT-2: check: result {{[0-9]}}: {{.*}}: ok
// NODIR: compile {{[0-9.]+}} s (cache miss)
// NODIR-NEXT: cache: 0 hits, 2 misses
