// Driver failures on the CUDA target are one clear error and exit status 1,
// never a crash: device memory exhausted by an input or by a result the
// compiled code allocates, and failures the fake driver injects
// (FERRIC_FAKE_CUDA_FAIL) into initialization, module loading, the launch,
// a copy and a synchronization.

// RUN: env FERRIC_FAKE_CUDA_MEMORY=4096 not ferric-run %s --target=cuda --no-cache --input=randn:100000xf32 --input=randn:100000xf32 2>&1 | FileCheck %s --check-prefix=OOM-INPUT
// OOM-INPUT: ferric-run: cannot allocate 400000 bytes on the target for input 0: ferric cuda runtime: cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY: out of memory

// RUN: env FERRIC_FAKE_CUDA_MEMORY=1000000 not ferric-run %s --target=cuda --no-cache --input=randn:100000xf32 --input=randn:100000xf32 2>&1 | FileCheck %s --check-prefix=OOM-RESULT
// OOM-RESULT: ferric-run: @swiglu could not allocate 400000 bytes on the device (out of memory, or a size computed at run time is negative or too large)

// RUN: env FERRIC_FAKE_CUDA_FAIL=cuInit not ferric-run %s --target=cuda --no-cache --input=randn:10xf32 --input=randn:10xf32 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: ferric-run: ferric cuda runtime: cuInit failed: CUDA_ERROR_UNKNOWN

// RUN: env FERRIC_FAKE_CUDA_FAIL=cuModuleLoadData not ferric-run %s --target=cuda --no-cache --input=randn:10xf32 --input=randn:10xf32 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: ferric-run: loading the kernels failed: ferric cuda runtime: cuModuleLoadDataEx failed: CUDA_ERROR_UNKNOWN

// RUN: env FERRIC_FAKE_CUDA_FAIL=cuLaunchKernel not ferric-run %s --target=cuda --no-cache --input=randn:10xf32 --input=randn:10xf32 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: ferric-run: the call failed on the device: ferric cuda runtime: cuLaunchKernel failed: CUDA_ERROR_UNKNOWN

// RUN: env FERRIC_FAKE_CUDA_FAIL=cuMemcpyAsync not ferric-run %s --target=cuda --no-cache --input=randn:10xf32 --input=randn:10xf32 2>&1 | FileCheck %s --check-prefix=COPY
// COPY: ferric cuda runtime: cuMemcpyAsync failed: CUDA_ERROR_UNKNOWN

// RUN: env FERRIC_FAKE_CUDA_FAIL=cuStreamSynchronize not ferric-run %s --target=cuda --no-cache --input=randn:10xf32 --input=randn:10xf32 2>&1 | FileCheck %s --check-prefix=SYNC
// SYNC: ferric cuda runtime: cuStreamSynchronize failed: CUDA_ERROR_UNKNOWN

// No crash in any of them.
// RUN: env FERRIC_FAKE_CUDA_FAIL=cuLaunchKernel not ferric-run %s --target=cuda --no-cache --input=randn:10xf32 --input=randn:10xf32 2>&1 | FileCheck %s --check-prefix=NOCRASH
// NOCRASH-NOT: {{Stack dump|LLVM ERROR|Segmentation|Aborted}}
func.func @swiglu(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
