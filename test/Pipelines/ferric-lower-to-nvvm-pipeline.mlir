// RUN: ferric-opt %s --ferric-lower-to-nvvm --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: ferric-opt %s --ferric-lower-to-nvvm="chip=sm_80 features=+ptx76 opt-level=2 block-size=128 elements-per-thread=2 format=isa min-ops=3 libdevice=/tmp/x.bc fuse-report=- approx-exp=0 approx-sqrt=1 reduction={row-groups=false}" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTS
// RUN: ferric-opt %s --ferric-lower-to-nvvm="fuse=false" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUSE

// Pins the whole pass pipeline ferric-lower-to-nvvm builds, pass by pass
// and option by option (recorded from the textual pipeline it replaced).

// the defaults:
// CHECK: Pass Manager with 46 passes:
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
// CHECK-NEXT:   ferric-matmul-to-cublaslt{allow-tf32=false fuse-epilogue=true report= use-cublaslt=true},
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     ferric-reduction-to-gpu{block-size=256 chip=sm_90 column-chunk-rows=64 column-load-bytes=4 column-narrow-columns=64 row-group-block-elements=2048 row-group-producers=true row-groups=true row-program=true row-program-aligned-chunks=true row-program-cluster=16 row-program-cluster-block=256 row-program-cluster-grid=0 row-program-invariant-values=16 row-program-max-registers=0 row-program-max-values=0 row-program-thread-bytes=64 row-reciprocal=true row-stream=true row-stream-min-blocks=0 row-stream-min-length=0 row-stream-thread-bytes=0 row-stream-threads=512 split-fold-bytes=128 split-load-bytes=16 split-max-blocks=1024 warp-max-elements=4096 warp-size=32 workgroup-alloc=false},
// CHECK-NEXT:     ferric-matmul-to-gpu{workgroup-alloc=false},
// CHECK-NEXT:     ferric-elementwise-to-gpu{block-size=256 elements-per-thread=0 max-grid-size=0}
// CHECK-NEXT:   ),
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     convert-linalg-to-parallel-loops,
// CHECK-NEXT:     scf-parallel-loop-tiling{no-min-max-bounds=true parallel-loop-tile-sizes={256}},
// CHECK-NEXT:     gpu-map-parallel-loops{mapping-policy=outermost-first},
// CHECK-NEXT:     convert-parallel-loops-to-gpu,
// CHECK-NEXT:     gpu-launch-sink-index-computations
// CHECK-NEXT:   ),
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     ferric-gpu-device-memory,
// CHECK-NEXT:     llvm-request-c-wrappers
// CHECK-NEXT:   ),
// CHECK-NEXT:   gpu-kernel-outlining{data-layout-str=},
// CHECK-NEXT:   ferric-nvvm-occupancy-hints,
// CHECK-NEXT:   ferric-approx-exp,
// CHECK-NEXT:   ferric-precise-sqrt,
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     canonicalize{{.*}},
// CHECK-NEXT:     gpu-async-region
// CHECK-NEXT:   ),
// CHECK-NEXT:   convert-vector-to-scf{full-unroll=false lower-scalable=false lower-tensors=false target-rank=1},
// CHECK-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// CHECK-NEXT:   convert-nvvm-to-llvm,
// CHECK-NEXT:   convert-func-to-llvm{index-bitwidth=0 use-bare-ptr-memref-call-conv=false},
// CHECK-NEXT:   expand-strided-metadata,
// CHECK-NEXT:   nvvm-attach-target{O=3 chip=sm_90 fast=false features=+ptx80 ftz=false l={/usr/local/cuda/nvvm/libdevice/libdevice.10.bc} module= ptxas-cmd-options= triple=nvptx64-nvidia-cuda},
// CHECK-NEXT:   lower-affine,
// CHECK-NEXT:   convert-arith-to-llvm{index-bitwidth=0},
// CHECK-NEXT:   convert-index-to-llvm{index-bitwidth=0},
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   cse,
// CHECK-NEXT:   gpu.module(
// CHECK-NEXT:     strip-debuginfo,
// CHECK-NEXT:     convert-gpu-to-nvvm{allow-pattern-rollback=true  has-redux=false index-bitwidth=0 use-bare-ptr-memref-call-conv=false},
// CHECK-NEXT:     llvm-optimize-for-nvvm-target,
// CHECK-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:     cse,
// CHECK-NEXT:     reconcile-unrealized-casts
// CHECK-NEXT:   ),
// CHECK-NEXT:   gpu-to-llvm{intersperse-sizes-for-kernels=false use-bare-pointers-for-host=false use-bare-pointers-for-kernels=false},
// CHECK-NEXT:   gpu-module-to-binary{format=fatbin  opts= section= toolkit=},
// CHECK-NEXT:   convert-math-to-llvm{approximate-log1p=true},
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   cse,
// CHECK-NEXT:   reconcile-unrealized-casts
// CHECK-NEXT: )

// every option set:
// OPTS: Pass Manager with 44 passes:
// OPTS-NEXT: builtin.module(
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     ferric-fuse{cheap-cost=1 max-body-cost=1024 max-buffers=0 max-inputs=0 max-ops=0 min-ops=3 multi-output=true recompute-cheap=false report=-}
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
// OPTS-NEXT:   ferric-matmul-to-cublaslt{allow-tf32=false fuse-epilogue=true report=- use-cublaslt=true},
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     ferric-reduction-to-gpu{block-size=128 chip=sm_80 column-chunk-rows=64 column-load-bytes=4 column-narrow-columns=64 row-group-block-elements=2048 row-group-producers=true row-groups=false row-program=true row-program-aligned-chunks=true row-program-cluster=16 row-program-cluster-block=256 row-program-cluster-grid=0 row-program-invariant-values=16 row-program-max-registers=0 row-program-max-values=0 row-program-thread-bytes=64 row-reciprocal=true row-stream=true row-stream-min-blocks=0 row-stream-min-length=0 row-stream-thread-bytes=0 row-stream-threads=512 split-fold-bytes=128 split-load-bytes=16 split-max-blocks=1024 warp-max-elements=4096 warp-size=32 workgroup-alloc=false},
// OPTS-NEXT:     ferric-matmul-to-gpu{workgroup-alloc=false},
// OPTS-NEXT:     ferric-elementwise-to-gpu{block-size=128 elements-per-thread=2 max-grid-size=0}
// OPTS-NEXT:   ),
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     convert-linalg-to-parallel-loops,
// OPTS-NEXT:     scf-parallel-loop-tiling{no-min-max-bounds=true parallel-loop-tile-sizes={128}},
// OPTS-NEXT:     gpu-map-parallel-loops{mapping-policy=outermost-first},
// OPTS-NEXT:     convert-parallel-loops-to-gpu,
// OPTS-NEXT:     gpu-launch-sink-index-computations
// OPTS-NEXT:   ),
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     ferric-gpu-device-memory,
// OPTS-NEXT:     llvm-request-c-wrappers
// OPTS-NEXT:   ),
// OPTS-NEXT:   gpu-kernel-outlining{data-layout-str=},
// OPTS-NEXT:   ferric-nvvm-occupancy-hints,
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     canonicalize{{.*}},
// OPTS-NEXT:     gpu-async-region
// OPTS-NEXT:   ),
// OPTS-NEXT:   convert-vector-to-scf{full-unroll=false lower-scalable=false lower-tensors=false target-rank=1},
// OPTS-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// OPTS-NEXT:   convert-nvvm-to-llvm,
// OPTS-NEXT:   convert-func-to-llvm{index-bitwidth=0 use-bare-ptr-memref-call-conv=false},
// OPTS-NEXT:   expand-strided-metadata,
// OPTS-NEXT:   nvvm-attach-target{O=2 chip=sm_80 fast=false features=+ptx76 ftz=false l={/tmp/x.bc} module= ptxas-cmd-options= triple=nvptx64-nvidia-cuda},
// OPTS-NEXT:   lower-affine,
// OPTS-NEXT:   convert-arith-to-llvm{index-bitwidth=0},
// OPTS-NEXT:   convert-index-to-llvm{index-bitwidth=0},
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   cse,
// OPTS-NEXT:   gpu.module(
// OPTS-NEXT:     strip-debuginfo,
// OPTS-NEXT:     convert-gpu-to-nvvm{allow-pattern-rollback=true  has-redux=false index-bitwidth=0 use-bare-ptr-memref-call-conv=false},
// OPTS-NEXT:     llvm-optimize-for-nvvm-target,
// OPTS-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:     cse,
// OPTS-NEXT:     reconcile-unrealized-casts
// OPTS-NEXT:   ),
// OPTS-NEXT:   gpu-to-llvm{intersperse-sizes-for-kernels=false use-bare-pointers-for-host=false use-bare-pointers-for-kernels=false},
// OPTS-NEXT:   gpu-module-to-binary{format=isa  opts= section= toolkit=},
// OPTS-NEXT:   convert-math-to-llvm{approximate-log1p=true},
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   cse,
// OPTS-NEXT:   reconcile-unrealized-casts
// OPTS-NEXT: )

// fuse=false:
// NOFUSE: Pass Manager with 43 passes:
// NOFUSE-NEXT: builtin.module(
// NOFUSE-NEXT:   convert-ferric-to-linalg,
// NOFUSE-NEXT:   empty-tensor-to-alloc-tensor,
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   cse,
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
// NOFUSE-NEXT:   ferric-matmul-to-cublaslt{allow-tf32=false fuse-epilogue=true report= use-cublaslt=true},
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     ferric-reduction-to-gpu{block-size=256 chip=sm_90 column-chunk-rows=64 column-load-bytes=4 column-narrow-columns=64 row-group-block-elements=2048 row-group-producers=true row-groups=true row-program=true row-program-aligned-chunks=true row-program-cluster=16 row-program-cluster-block=256 row-program-cluster-grid=0 row-program-invariant-values=16 row-program-max-registers=0 row-program-max-values=0 row-program-thread-bytes=64 row-reciprocal=true row-stream=true row-stream-min-blocks=0 row-stream-min-length=0 row-stream-thread-bytes=0 row-stream-threads=512 split-fold-bytes=128 split-load-bytes=16 split-max-blocks=1024 warp-max-elements=4096 warp-size=32 workgroup-alloc=false},
// NOFUSE-NEXT:     ferric-matmul-to-gpu{workgroup-alloc=false},
// NOFUSE-NEXT:     ferric-elementwise-to-gpu{block-size=256 elements-per-thread=0 max-grid-size=0}
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     convert-linalg-to-parallel-loops,
// NOFUSE-NEXT:     scf-parallel-loop-tiling{no-min-max-bounds=true parallel-loop-tile-sizes={256}},
// NOFUSE-NEXT:     gpu-map-parallel-loops{mapping-policy=outermost-first},
// NOFUSE-NEXT:     convert-parallel-loops-to-gpu,
// NOFUSE-NEXT:     gpu-launch-sink-index-computations
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     ferric-gpu-device-memory,
// NOFUSE-NEXT:     llvm-request-c-wrappers
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   gpu-kernel-outlining{data-layout-str=},
// NOFUSE-NEXT:   ferric-nvvm-occupancy-hints,
// NOFUSE-NEXT:   ferric-approx-exp,
// NOFUSE-NEXT:   ferric-precise-sqrt,
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     canonicalize{{.*}},
// NOFUSE-NEXT:     gpu-async-region
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   convert-vector-to-scf{full-unroll=false lower-scalable=false lower-tensors=false target-rank=1},
// NOFUSE-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// NOFUSE-NEXT:   convert-nvvm-to-llvm,
// NOFUSE-NEXT:   convert-func-to-llvm{index-bitwidth=0 use-bare-ptr-memref-call-conv=false},
// NOFUSE-NEXT:   expand-strided-metadata,
// NOFUSE-NEXT:   nvvm-attach-target{O=3 chip=sm_90 fast=false features=+ptx80 ftz=false l={/usr/local/cuda/nvvm/libdevice/libdevice.10.bc} module= ptxas-cmd-options= triple=nvptx64-nvidia-cuda},
// NOFUSE-NEXT:   lower-affine,
// NOFUSE-NEXT:   convert-arith-to-llvm{index-bitwidth=0},
// NOFUSE-NEXT:   convert-index-to-llvm{index-bitwidth=0},
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   cse,
// NOFUSE-NEXT:   gpu.module(
// NOFUSE-NEXT:     strip-debuginfo,
// NOFUSE-NEXT:     convert-gpu-to-nvvm{allow-pattern-rollback=true  has-redux=false index-bitwidth=0 use-bare-ptr-memref-call-conv=false},
// NOFUSE-NEXT:     llvm-optimize-for-nvvm-target,
// NOFUSE-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:     cse,
// NOFUSE-NEXT:     reconcile-unrealized-casts
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   gpu-to-llvm{intersperse-sizes-for-kernels=false use-bare-pointers-for-host=false use-bare-pointers-for-kernels=false},
// NOFUSE-NEXT:   gpu-module-to-binary{format=fatbin  opts= section= toolkit=},
// NOFUSE-NEXT:   convert-math-to-llvm{approximate-log1p=true},
// NOFUSE-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:   cse,
// NOFUSE-NEXT:   reconcile-unrealized-casts
// NOFUSE-NEXT: )

module {
}

// cublaslt=false leaves ferric-matmul-to-cublaslt out (matmuls get the tiled
// kernel); tf32=true reaches the pass.
// RUN: ferric-opt %s --ferric-lower-to-nvvm="cublaslt=false" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOBLAS
// NOBLAS-NOT: ferric-matmul-to-cublaslt
// RUN: ferric-opt %s --ferric-lower-to-nvvm="tf32=true" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=TF32
// TF32: ferric-matmul-to-cublaslt{allow-tf32=true fuse-epilogue=true report= use-cublaslt=true}
