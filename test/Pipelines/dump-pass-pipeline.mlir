// RUN: ferric-opt %s --ferric-lower-to-cpu --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: ferric-opt %s --ferric-lower-to-cpu="fuse=false" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFUSE
// RUN: ferric-opt %s --ferric-lower-to-nvvm="chip=sm_80 features=+ptx76 opt-level=2 block-size=128 elements-per-thread=2 format=isa min-ops=3" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVVM
// RUN: ferric-opt %s --ferric-lower-to-spirv="storage-buffer-limit=5 block-size=32 spirv-version=v1.5" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPIRV

// --dump-pass-pipeline shows each Ferric pipeline as the pass list it
// is built from, with the pipeline options passed on to the passes.

// CPU:      builtin.module(
// CPU-NEXT:   func.func(
// CPU-NEXT:     ferric-fuse{{{.*}}max-inputs=0 {{.*}}min-ops=2 {{.*}}}
// CPU-NEXT:   ),
// CPU-NEXT:   convert-ferric-to-linalg,
// CPU-NEXT:   canonicalize{{.*}},
// CPU-NEXT:   cse,
// CPU-NEXT:   func.func(
// CPU-NEXT:     ferric-fuse-reductions{max-buffers=0}
// CPU-NEXT:   ),
// CPU-NEXT:   canonicalize{{.*}},
// CPU-NEXT:   cse,
// CPU-NEXT:   one-shot-bufferize{{{.*}}bufferize-function-boundaries=true {{.*}}function-boundary-type-conversion=identity-layout-map {{.*}}},
// CPU:        convert-bufferization-to-memref,
// CPU-NEXT:   canonicalize{{.*}},
// CPU-NEXT:   func.func(
// CPU-NEXT:     ferric-exact-narrowing,
// CPU-NEXT:     llvm-request-c-wrappers
// CPU-NEXT:   ),
// CPU-NEXT:   ferric-outline-cpu-kernels{{.}}min-kernels=32{{.}},
// CPU-NEXT:   func.func(
// CPU-NEXT:     convert-linalg-to-loops
// CPU-NEXT:   ),
// CPU-NEXT:   expand-strided-metadata,
// CPU-NEXT:   lower-affine,
// CPU-NEXT:   convert-scf-to-cf{{.*}},
// CPU-NEXT:   ferric-legalize-math-for-cpu,
// CPU-NEXT:   convert-math-to-llvm{{.*}},
// CPU-NEXT:   convert-math-to-libm,
// CPU-NEXT:   convert-to-llvm{{.*}},
// CPU-NEXT:   reconcile-unrealized-casts
// CPU-NEXT: )
// CPU-NOT: gpu

// NOFUSE:      builtin.module(
// NOFUSE-NEXT:   convert-ferric-to-linalg,
// NOFUSE-NOT:    ferric-fuse

// NVVM:      builtin.module(
// NVVM-NEXT:   func.func(
// NVVM-NEXT:     ferric-fuse{{{.*}}max-inputs=0 {{.*}}min-ops=3 {{.*}}}
// NVVM-NEXT:   ),
// NVVM-NEXT:   convert-ferric-to-linalg,
// NVVM:        one-shot-bufferize
// NVVM:        convert-bufferization-to-memref,
// NVVM-NEXT:   canonicalize{{.*}},
// NVVM-NEXT:   ferric-matmul-to-cublaslt{{.*}},
// NVVM-NEXT:   func.func(
// NVVM-NEXT:     ferric-reduction-to-gpu{block-size=128 chip=sm_80 column-chunk-rows=64 column-load-bytes=4 column-narrow-columns=64 row-group-block-elements=2048 row-group-producers=true row-groups=true row-program=true row-program-aligned-chunks=true row-program-cluster=16 row-program-cluster-block=256 row-program-cluster-grid=0 row-program-invariant-values=16 row-program-max-registers=0 row-program-max-values=0 row-program-thread-bytes=64 row-reciprocal=true row-stream=true row-stream-min-blocks=0 row-stream-min-length=0 row-stream-thread-bytes=0 row-stream-threads=512 split-fold-bytes=128 split-load-bytes=16 split-max-blocks=1024 warp-max-elements=4096 warp-size=32 workgroup-alloc=false},
// NVVM-NEXT:     ferric-matmul-to-gpu{workgroup-alloc=false},
// NVVM-NEXT:     ferric-elementwise-to-gpu{block-size=128 elements-per-thread=2 max-grid-size=0}
// NVVM-NEXT:   ),
// NVVM-NEXT:   func.func(
// NVVM-NEXT:     convert-linalg-to-parallel-loops,
// NVVM-NEXT:     scf-parallel-loop-tiling{{{.*}}parallel-loop-tile-sizes={128}}
// NVVM-NEXT:     gpu-map-parallel-loops{{.*}}
// NVVM-NEXT:     convert-parallel-loops-to-gpu,
// NVVM-NEXT:     gpu-launch-sink-index-computations
// NVVM-NEXT:   ),
// NVVM-NEXT:   func.func(
// NVVM-NEXT:     ferric-gpu-device-memory,
// NVVM-NEXT:     llvm-request-c-wrappers
// NVVM-NEXT:   ),
// NVVM-NEXT:   gpu-kernel-outlining{{.*}}
// NVVM-NEXT:   ferric-nvvm-occupancy-hints,
// NVVM:        nvvm-attach-target{O=2 chip=sm_80 {{.*}}features=+ptx76 {{.*}}l={/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}
// NVVM:        gpu.module(
// NVVM-NEXT:     strip-debuginfo,
// NVVM-NEXT:     convert-gpu-to-nvvm{{.*}}
// NVVM-NEXT:     llvm-optimize-for-nvvm-target,
// NVVM:        gpu-to-llvm{{.*}}
// NVVM-NEXT:   gpu-module-to-binary{format=isa {{.*}}}
// NVVM:        reconcile-unrealized-casts
// NVVM-NEXT: )

// The storage-buffer limit caps inputs plus results of each fused kernel.
// SPIRV:      builtin.module(
// SPIRV-NEXT:   ferric-require-static-args,
// SPIRV-NEXT:   func.func(
// SPIRV-NEXT:     ferric-fuse{{{.*}}max-buffers=5 {{.*}}}
// SPIRV-NEXT:   ),
// SPIRV-NEXT:   convert-ferric-to-linalg,
// SPIRV:          ferric-fuse-reductions{max-buffers=5}
// SPIRV:        func.func(
// SPIRV-NEXT:     ferric-reduction-to-gpu{block-size=32 chip= column-chunk-rows=64 column-load-bytes=0 column-narrow-columns=64 row-group-block-elements=0 row-group-producers=false row-groups=true row-program=false row-program-aligned-chunks=true row-program-cluster=0 row-program-cluster-block=256 row-program-cluster-grid=0 row-program-invariant-values=16 row-program-max-registers=0 row-program-max-values=0 row-program-thread-bytes=64 row-reciprocal=true row-stream=false row-stream-min-blocks=0 row-stream-min-length=0 row-stream-thread-bytes=0 row-stream-threads=512 split-fold-bytes=128 split-load-bytes=0 split-max-blocks=1024 warp-max-elements=4096 warp-size=0 workgroup-alloc=true},
// SPIRV-NEXT:     ferric-matmul-to-gpu{workgroup-alloc=true},
// SPIRV-NEXT:     ferric-elementwise-to-gpu{block-size=32 elements-per-thread=1 max-grid-size=65535}
// SPIRV-NEXT:   ),
// SPIRV-NEXT:   func.func(
// SPIRV-NEXT:     convert-linalg-to-parallel-loops,
// SPIRV-NEXT:     scf-parallel-loop-tiling{{{.*}}parallel-loop-tile-sizes={32}}
// SPIRV:        ferric-sink-into-launch
// SPIRV-NEXT:   ),
// SPIRV-NEXT:   gpu-kernel-outlining{{.*}}
// SPIRV-NEXT:   ferric-spirv-entry-points{block-size=32},
// SPIRV-NEXT:   fold-memref-alias-ops,
// SPIRV-NEXT:   spirv-attach-target{caps={Shader,Int8,Int16,Float16,Float64,StorageBuffer8BitAccess,StorageBuffer16BitAccess,SignedZeroInfNanPreserve} client_api=Vulkan {{.*}}exts={SPV_KHR_storage_buffer_storage_class,SPV_KHR_8bit_storage,SPV_KHR_16bit_storage,SPV_KHR_float_controls} {{.*}}ver=v1.5},
// SPIRV-NEXT:   gpu.module(
// SPIRV-NEXT:     canonicalize{{.*}},
// SPIRV-NEXT:     ferric-legalize-math-for-spirv,
// SPIRV-NEXT:     ferric-exact-narrowing,
// SPIRV-NEXT:     arith-emulate-unsupported-floats{source-types={bf16} target-type=f32},
// SPIRV-NEXT:     arith-expand{include-bf16=true {{.*}}}
// SPIRV-NEXT:   ),
// SPIRV-NEXT:   ferric-bf16-buffers-as-i16,
// SPIRV-NEXT:   gpu.module(
// SPIRV-NEXT:     canonicalize{{.*}},
// SPIRV-NEXT:     convert-math-to-spirv
// SPIRV-NEXT:   ),
// SPIRV-NEXT:   convert-gpu-to-spirv{{.*}}
// SPIRV-NEXT:   ferric-nest-spirv-modules,
// SPIRV-NEXT:   ferric-spirv-float-controls,
// SPIRV-NEXT:   gpu.module(
// SPIRV-NEXT:     spirv.module(
// SPIRV-NEXT:       spirv-lower-abi-attrs,
// SPIRV-NEXT:       spirv-update-vce
// SPIRV-NEXT:     )
// SPIRV-NEXT:   ),
// SPIRV-NEXT:   gpu-module-to-binary{{.*}}
// SPIRV-NEXT:   ferric-launch-bool-buffers-as-bytes,
// SPIRV:        expand-strided-metadata,
// SPIRV-NEXT:   finalize-memref-to-llvm{{.*}}
// SPIRV-NEXT:   gpu-to-llvm{intersperse-sizes-for-kernels=true use-bare-pointers-for-host=false use-bare-pointers-for-kernels=true},
// SPIRV:        reconcile-unrealized-casts
// SPIRV-NEXT: )
// SPIRV-NOT: nvvm
module {
}
