// RUN: ferric-opt %s --ferric-lower-to-cpu --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: ferric-opt %s --ferric-lower-to-cpu="min-ops=3 fuse-report=/tmp/r.txt" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTS
// RUN: ferric-opt %s --ferric-lower-to-cpu="fuse=false" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUSE

// Pins the whole pass pipeline ferric-lower-to-cpu builds, pass by pass
// and option by option (recorded from the textual pipeline it replaced).

// the defaults:
// CHECK: Pass Manager with 30 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     ferric-fuse{cheap-cost=1 max-body-cost=1024 max-buffers=0 max-inputs=0 max-ops=0 min-ops=2 multi-output=true recompute-cheap=false report=}
// CHECK-NEXT:   ),
// CHECK-NEXT:   convert-ferric-to-linalg,
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   cse,
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     ferric-fuse-reductions{max-buffers=0}
// CHECK-NEXT:   ),
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   cse,
// CHECK-NEXT:   one-shot-bufferize{allow-return-allocs-from-loops=false allow-unknown-ops=false analysis-fuzzer-seed=0 analysis-heuristic=bottom-up buffer-alignment=64 bufferize-function-boundaries=true check-parallel-regions=true copy-before-write=false  dump-alias-sets=false function-boundary-type-conversion=identity-layout-map must-infer-memory-space=false  print-conflicts=false test-analysis-only=false unknown-type-conversion=fully-dynamic-layout-map use-encoding-for-memory-space=false},
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   expand-realloc{emit-deallocs=false},
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   ownership-based-buffer-deallocation{private-function-dynamic-ownership=false},
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   buffer-deallocation-simplification,
// CHECK-NEXT:   bufferization-lower-deallocations,
// CHECK-NEXT:   cse,
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   convert-bufferization-to-memref,
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     ferric-exact-narrowing,
// CHECK-NEXT:     llvm-request-c-wrappers
// CHECK-NEXT:   ),
// CHECK-NEXT:   ferric-outline-cpu-kernels{{.}}min-kernels=32{{.}},
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     convert-linalg-to-loops
// CHECK-NEXT:   ),
// CHECK-NEXT:   expand-strided-metadata,
// CHECK-NEXT:   lower-affine,
// CHECK-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// CHECK-NEXT:   ferric-legalize-math-for-cpu,
// CHECK-NEXT:   convert-math-to-llvm{approximate-log1p=true},
// CHECK-NEXT:   convert-math-to-libm,
// CHECK-NEXT:   convert-to-llvm{allow-pattern-rollback=true dynamic=false },
// CHECK-NEXT:   reconcile-unrealized-casts
// CHECK-NEXT: )

// min-ops and fuse-report reach ferric-fuse:
// OPTS: Pass Manager with 30 passes:
// OPTS-NEXT: builtin.module(
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     ferric-fuse{cheap-cost=1 max-body-cost=1024 max-buffers=0 max-inputs=0 max-ops=0 min-ops=3 multi-output=true recompute-cheap=false report=/tmp/r.txt}
// OPTS-NEXT:   ),
// OPTS-NEXT:   convert-ferric-to-linalg,
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   cse,
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     ferric-fuse-reductions{max-buffers=0}
// OPTS-NEXT:   ),
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   cse,
// OPTS-NEXT:   one-shot-bufferize{allow-return-allocs-from-loops=false allow-unknown-ops=false analysis-fuzzer-seed=0 analysis-heuristic=bottom-up buffer-alignment=64 bufferize-function-boundaries=true check-parallel-regions=true copy-before-write=false  dump-alias-sets=false function-boundary-type-conversion=identity-layout-map must-infer-memory-space=false  print-conflicts=false test-analysis-only=false unknown-type-conversion=fully-dynamic-layout-map use-encoding-for-memory-space=false},
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   expand-realloc{emit-deallocs=false},
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   ownership-based-buffer-deallocation{private-function-dynamic-ownership=false},
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   buffer-deallocation-simplification,
// OPTS-NEXT:   bufferization-lower-deallocations,
// OPTS-NEXT:   cse,
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   convert-bufferization-to-memref,
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     ferric-exact-narrowing,
// OPTS-NEXT:     llvm-request-c-wrappers
// OPTS-NEXT:   ),
// OPTS-NEXT:   ferric-outline-cpu-kernels{{.}}min-kernels=32{{.}},
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     convert-linalg-to-loops
// OPTS-NEXT:   ),
// OPTS-NEXT:   expand-strided-metadata,
// OPTS-NEXT:   lower-affine,
// OPTS-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// OPTS-NEXT:   ferric-legalize-math-for-cpu,
// OPTS-NEXT:   convert-math-to-llvm{approximate-log1p=true},
// OPTS-NEXT:   convert-math-to-libm,
// OPTS-NEXT:   convert-to-llvm{allow-pattern-rollback=true dynamic=false },
// OPTS-NEXT:   reconcile-unrealized-casts
// OPTS-NEXT: )

// fuse=false drops ferric-fuse and ferric-fuse-reductions and gives each
// destination its own bufferization.alloc_tensor before CSE (one-shot
// bufferization would otherwise analyse one tensor.empty written by every
// op: time cubic in the number of ops):
// NOFUSE: Pass Manager with 28 passes:
// NOFUSE-NEXT: builtin.module(
// NOFUSE-NEXT:   convert-ferric-to-linalg,
// NOFUSE-NEXT:   empty-tensor-to-alloc-tensor,
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   cse,
// NOFUSE-NEXT:   ferric-outline-chunks{max-ops=64},
// NOFUSE-NEXT:   one-shot-bufferize{allow-return-allocs-from-loops=false allow-unknown-ops=false analysis-fuzzer-seed=0 analysis-heuristic=bottom-up buffer-alignment=64 bufferize-function-boundaries=true check-parallel-regions=true copy-before-write=false  dump-alias-sets=false function-boundary-type-conversion=identity-layout-map must-infer-memory-space=false  print-conflicts=false test-analysis-only=false unknown-type-conversion=fully-dynamic-layout-map use-encoding-for-memory-space=false},
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   expand-realloc{emit-deallocs=false},
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   ownership-based-buffer-deallocation{private-function-dynamic-ownership=false},
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   buffer-deallocation-simplification,
// NOFUSE-NEXT:   bufferization-lower-deallocations,
// NOFUSE-NEXT:   cse,
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   convert-bufferization-to-memref,
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     ferric-exact-narrowing,
// NOFUSE-NEXT:     llvm-request-c-wrappers
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   ferric-outline-cpu-kernels{{.}}min-kernels=32{{.}},
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     convert-linalg-to-loops
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   expand-strided-metadata,
// NOFUSE-NEXT:   lower-affine,
// NOFUSE-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// NOFUSE-NEXT:   ferric-legalize-math-for-cpu,
// NOFUSE-NEXT:   convert-math-to-llvm{approximate-log1p=true},
// NOFUSE-NEXT:   convert-math-to-libm,
// NOFUSE-NEXT:   convert-to-llvm{allow-pattern-rollback=true dynamic=false },
// NOFUSE-NEXT:   reconcile-unrealized-casts
// NOFUSE-NEXT: )

module {
}
