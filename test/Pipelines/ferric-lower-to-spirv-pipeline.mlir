// RUN: ferric-opt %s --ferric-lower-to-spirv --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: ferric-opt %s --ferric-lower-to-spirv="storage-buffer-limit=5 block-size=32 spirv-version=v1.5 caps=Shader,Float16 exts=SPV_KHR_16bit_storage min-ops=1" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTS
// RUN: ferric-opt %s --ferric-lower-to-spirv="fuse=false" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUSE

// Pins the whole pass pipeline ferric-lower-to-spirv builds, pass by pass
// and option by option (recorded from the textual pipeline it replaced).

// the defaults:
// CHECK: Pass Manager with 42 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   ferric-require-static-args,
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     ferric-fuse{cheap-cost=1 max-body-cost=1024 max-buffers=8 max-inputs=0 max-ops=0 min-ops=2 multi-output=true recompute-cheap=false report=}
// CHECK-NEXT:   ),
// CHECK-NEXT:   convert-ferric-to-linalg,
// CHECK-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:   cse,
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     ferric-fuse-reductions{max-buffers=8}
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
// CHECK-NEXT:     ferric-reduction-to-gpu{block-size=64 chip= column-chunk-rows=64 column-load-bytes=0 column-narrow-columns=64 row-group-block-elements=0 row-group-producers=false row-groups=true row-program=false row-program-aligned-chunks=true row-program-cluster=0 row-program-cluster-block=256 row-program-cluster-grid=0 row-program-invariant-values=16 row-program-max-registers=0 row-program-max-values=0 row-program-thread-bytes=64 row-reciprocal=true row-stream=false row-stream-min-blocks=0 row-stream-min-length=0 row-stream-thread-bytes=0 row-stream-threads=512 split-fold-bytes=128 split-load-bytes=0 split-max-blocks=1024 warp-max-elements=4096 warp-size=0 workgroup-alloc=true},
// CHECK-NEXT:     ferric-matmul-to-gpu{workgroup-alloc=true},
// CHECK-NEXT:     ferric-elementwise-to-gpu{block-size=64 elements-per-thread=1 max-grid-size=65535}
// CHECK-NEXT:   ),
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     convert-linalg-to-parallel-loops,
// CHECK-NEXT:     scf-parallel-loop-tiling{no-min-max-bounds=true parallel-loop-tile-sizes={64}},
// CHECK-NEXT:     gpu-map-parallel-loops{mapping-policy=outermost-first},
// CHECK-NEXT:     convert-parallel-loops-to-gpu,
// CHECK-NEXT:     gpu-launch-sink-index-computations
// CHECK-NEXT:   ),
// CHECK-NEXT:   func.func(
// CHECK-NEXT:     llvm-request-c-wrappers,
// CHECK-NEXT:     lower-affine,
// CHECK-NEXT:     ferric-sink-into-launch
// CHECK-NEXT:   ),
// CHECK-NEXT:   gpu-kernel-outlining{data-layout-str=},
// CHECK-NEXT:   ferric-spirv-entry-points{block-size=64},
// CHECK-NEXT:   fold-memref-alias-ops,
// CHECK-NEXT:   spirv-attach-target{caps={Shader,Int8,Int16,Float16,Float64,StorageBuffer8BitAccess,StorageBuffer16BitAccess,SignedZeroInfNanPreserve} client_api=Vulkan device_id=0 device_type=Unknown exts={SPV_KHR_storage_buffer_storage_class,SPV_KHR_8bit_storage,SPV_KHR_16bit_storage,SPV_KHR_float_controls} module= vendor=Unknown ver=v1.3},
// CHECK-NEXT:   gpu.module(
// CHECK-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:     ferric-legalize-math-for-spirv,
// CHECK-NEXT:     ferric-exact-narrowing,
// CHECK-NEXT:     arith-emulate-unsupported-floats{source-types={bf16} target-type=f32},
// CHECK-NEXT:     arith-expand{include-bf16=true include-f4e2m1=false include-f8e8m0=false}
// CHECK-NEXT:   ),
// CHECK-NEXT:   ferric-bf16-buffers-as-i16,
// CHECK-NEXT:   gpu.module(
// CHECK-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// CHECK-NEXT:     convert-math-to-spirv
// CHECK-NEXT:   ),
// CHECK-NEXT:   convert-gpu-to-spirv{use-64bit-index=false},
// CHECK-NEXT:   ferric-nest-spirv-modules,
// CHECK-NEXT:   ferric-spirv-float-controls,
// CHECK-NEXT:   gpu.module(
// CHECK-NEXT:     spirv.module(
// CHECK-NEXT:       spirv-lower-abi-attrs,
// CHECK-NEXT:       spirv-update-vce
// CHECK-NEXT:     )
// CHECK-NEXT:   ),
// CHECK-NEXT:   gpu-module-to-binary{format=fatbin  opts= section= toolkit=},
// CHECK-NEXT:   ferric-launch-bool-buffers-as-bytes,
// CHECK-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// CHECK-NEXT:   expand-strided-metadata,
// CHECK-NEXT:   finalize-memref-to-llvm{index-bitwidth=0 use-aligned-alloc=false use-generic-functions=false},
// CHECK-NEXT:   gpu-to-llvm{intersperse-sizes-for-kernels=true use-bare-pointers-for-host=false use-bare-pointers-for-kernels=true},
// CHECK-NEXT:   convert-to-llvm{allow-pattern-rollback=true dynamic=false },
// CHECK-NEXT:   reconcile-unrealized-casts
// CHECK-NEXT: )

// every option set:
// OPTS: Pass Manager with 42 passes:
// OPTS-NEXT: builtin.module(
// OPTS-NEXT:   ferric-require-static-args,
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     ferric-fuse{cheap-cost=1 max-body-cost=1024 max-buffers=5 max-inputs=0 max-ops=0 min-ops=1 multi-output=true recompute-cheap=false report=}
// OPTS-NEXT:   ),
// OPTS-NEXT:   convert-ferric-to-linalg,
// OPTS-NEXT:   canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:   cse,
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     ferric-fuse-reductions{max-buffers=5}
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
// OPTS-NEXT:     ferric-reduction-to-gpu{block-size=32 chip= column-chunk-rows=64 column-load-bytes=0 column-narrow-columns=64 row-group-block-elements=0 row-group-producers=false row-groups=true row-program=false row-program-aligned-chunks=true row-program-cluster=0 row-program-cluster-block=256 row-program-cluster-grid=0 row-program-invariant-values=16 row-program-max-registers=0 row-program-max-values=0 row-program-thread-bytes=64 row-reciprocal=true row-stream=false row-stream-min-blocks=0 row-stream-min-length=0 row-stream-thread-bytes=0 row-stream-threads=512 split-fold-bytes=128 split-load-bytes=0 split-max-blocks=1024 warp-max-elements=4096 warp-size=0 workgroup-alloc=true},
// OPTS-NEXT:     ferric-matmul-to-gpu{workgroup-alloc=true},
// OPTS-NEXT:     ferric-elementwise-to-gpu{block-size=32 elements-per-thread=1 max-grid-size=65535}
// OPTS-NEXT:   ),
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     convert-linalg-to-parallel-loops,
// OPTS-NEXT:     scf-parallel-loop-tiling{no-min-max-bounds=true parallel-loop-tile-sizes={32}},
// OPTS-NEXT:     gpu-map-parallel-loops{mapping-policy=outermost-first},
// OPTS-NEXT:     convert-parallel-loops-to-gpu,
// OPTS-NEXT:     gpu-launch-sink-index-computations
// OPTS-NEXT:   ),
// OPTS-NEXT:   func.func(
// OPTS-NEXT:     llvm-request-c-wrappers,
// OPTS-NEXT:     lower-affine,
// OPTS-NEXT:     ferric-sink-into-launch
// OPTS-NEXT:   ),
// OPTS-NEXT:   gpu-kernel-outlining{data-layout-str=},
// OPTS-NEXT:   ferric-spirv-entry-points{block-size=32},
// OPTS-NEXT:   fold-memref-alias-ops,
// OPTS-NEXT:   spirv-attach-target{caps={Shader,Float16} client_api=Vulkan device_id=0 device_type=Unknown exts={SPV_KHR_16bit_storage} module= vendor=Unknown ver=v1.5},
// OPTS-NEXT:   gpu.module(
// OPTS-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:     ferric-legalize-math-for-spirv,
// OPTS-NEXT:     ferric-exact-narrowing,
// OPTS-NEXT:     arith-emulate-unsupported-floats{source-types={bf16} target-type=f32},
// OPTS-NEXT:     arith-expand{include-bf16=true include-f4e2m1=false include-f8e8m0=false}
// OPTS-NEXT:   ),
// OPTS-NEXT:   ferric-bf16-buffers-as-i16,
// OPTS-NEXT:   gpu.module(
// OPTS-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// OPTS-NEXT:     convert-math-to-spirv
// OPTS-NEXT:   ),
// OPTS-NEXT:   convert-gpu-to-spirv{use-64bit-index=false},
// OPTS-NEXT:   ferric-nest-spirv-modules,
// OPTS-NEXT:   ferric-spirv-float-controls,
// OPTS-NEXT:   gpu.module(
// OPTS-NEXT:     spirv.module(
// OPTS-NEXT:       spirv-lower-abi-attrs,
// OPTS-NEXT:       spirv-update-vce
// OPTS-NEXT:     )
// OPTS-NEXT:   ),
// OPTS-NEXT:   gpu-module-to-binary{format=fatbin  opts= section= toolkit=},
// OPTS-NEXT:   ferric-launch-bool-buffers-as-bytes,
// OPTS-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// OPTS-NEXT:   expand-strided-metadata,
// OPTS-NEXT:   finalize-memref-to-llvm{index-bitwidth=0 use-aligned-alloc=false use-generic-functions=false},
// OPTS-NEXT:   gpu-to-llvm{intersperse-sizes-for-kernels=true use-bare-pointers-for-host=false use-bare-pointers-for-kernels=true},
// OPTS-NEXT:   convert-to-llvm{allow-pattern-rollback=true dynamic=false },
// OPTS-NEXT:   reconcile-unrealized-casts
// OPTS-NEXT: )

// fuse=false:
// NOFUSE: Pass Manager with 39 passes:
// NOFUSE-NEXT: builtin.module(
// NOFUSE-NEXT:   ferric-require-static-args,
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
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     ferric-reduction-to-gpu{block-size=64 chip= column-chunk-rows=64 column-load-bytes=0 column-narrow-columns=64 row-group-block-elements=0 row-group-producers=false row-groups=true row-program=false row-program-aligned-chunks=true row-program-cluster=0 row-program-cluster-block=256 row-program-cluster-grid=0 row-program-invariant-values=16 row-program-max-registers=0 row-program-max-values=0 row-program-thread-bytes=64 row-reciprocal=true row-stream=false row-stream-min-blocks=0 row-stream-min-length=0 row-stream-thread-bytes=0 row-stream-threads=512 split-fold-bytes=128 split-load-bytes=0 split-max-blocks=1024 warp-max-elements=4096 warp-size=0 workgroup-alloc=true},
// NOFUSE-NEXT:     ferric-matmul-to-gpu{workgroup-alloc=true},
// NOFUSE-NEXT:     ferric-elementwise-to-gpu{block-size=64 elements-per-thread=1 max-grid-size=65535}
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     convert-linalg-to-parallel-loops,
// NOFUSE-NEXT:     scf-parallel-loop-tiling{no-min-max-bounds=true parallel-loop-tile-sizes={64}},
// NOFUSE-NEXT:     gpu-map-parallel-loops{mapping-policy=outermost-first},
// NOFUSE-NEXT:     convert-parallel-loops-to-gpu,
// NOFUSE-NEXT:     gpu-launch-sink-index-computations
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   func.func(
// NOFUSE-NEXT:     llvm-request-c-wrappers,
// NOFUSE-NEXT:     lower-affine,
// NOFUSE-NEXT:     ferric-sink-into-launch
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   gpu-kernel-outlining{data-layout-str=},
// NOFUSE-NEXT:   ferric-spirv-entry-points{block-size=64},
// NOFUSE-NEXT:   fold-memref-alias-ops,
// NOFUSE-NEXT:   spirv-attach-target{caps={Shader,Int8,Int16,Float16,Float64,StorageBuffer8BitAccess,StorageBuffer16BitAccess,SignedZeroInfNanPreserve} client_api=Vulkan device_id=0 device_type=Unknown exts={SPV_KHR_storage_buffer_storage_class,SPV_KHR_8bit_storage,SPV_KHR_16bit_storage,SPV_KHR_float_controls} module= vendor=Unknown ver=v1.3},
// NOFUSE-NEXT:   gpu.module(
// NOFUSE-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:     ferric-legalize-math-for-spirv,
// NOFUSE-NEXT:     ferric-exact-narrowing,
// NOFUSE-NEXT:     arith-emulate-unsupported-floats{source-types={bf16} target-type=f32},
// NOFUSE-NEXT:     arith-expand{include-bf16=true include-f4e2m1=false include-f8e8m0=false}
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   ferric-bf16-buffers-as-i16,
// NOFUSE-NEXT:   gpu.module(
// NOFUSE-NEXT:     canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},
// NOFUSE-NEXT:     convert-math-to-spirv
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   convert-gpu-to-spirv{use-64bit-index=false},
// NOFUSE-NEXT:   ferric-nest-spirv-modules,
// NOFUSE-NEXT:   ferric-spirv-float-controls,
// NOFUSE-NEXT:   gpu.module(
// NOFUSE-NEXT:     spirv.module(
// NOFUSE-NEXT:       spirv-lower-abi-attrs,
// NOFUSE-NEXT:       spirv-update-vce
// NOFUSE-NEXT:     )
// NOFUSE-NEXT:   ),
// NOFUSE-NEXT:   gpu-module-to-binary{format=fatbin  opts= section= toolkit=},
// NOFUSE-NEXT:   ferric-launch-bool-buffers-as-bytes,
// NOFUSE-NEXT:   convert-scf-to-cf{allow-pattern-rollback=true},
// NOFUSE-NEXT:   expand-strided-metadata,
// NOFUSE-NEXT:   finalize-memref-to-llvm{index-bitwidth=0 use-aligned-alloc=false use-generic-functions=false},
// NOFUSE-NEXT:   gpu-to-llvm{intersperse-sizes-for-kernels=true use-bare-pointers-for-host=false use-bare-pointers-for-kernels=true},
// NOFUSE-NEXT:   convert-to-llvm{allow-pattern-rollback=true dynamic=false },
// NOFUSE-NEXT:   reconcile-unrealized-casts
// NOFUSE-NEXT: )

module {
}
