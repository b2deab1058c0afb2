// The CUDA target end to end on the host, against the fake driver: compile,
// load the module, copy the inputs, launch, copy the result back. Kernels do
// not run, so the result is the zero-filled allocation; what is checked is
// the sequence of driver calls of one call. The kernel is stream-ordered
// after the copies and the allocation of its result, with no
// synchronization between them: one cuStreamSynchronize after the launch
// (the end of the host code's async region; before, the guard around the
// launch for empty tensors ended a region after the allocation, one more
// synchronization per call), then the copy back.

// RUN: env FERRIC_FAKE_CUDA_TRACE=1 FERRIC_FAKE_CUDA_STATS=1 ferric-run %S/../../../examples/swiglu.mlir --target=cuda --no-cache --input=randn:1000xf32 --input=randn:1000xf32 --print 2>&1 | FileCheck %s
// CHECK: fake-cuda: cuMemAlloc_v2
// CHECK: fake-cuda: cuMemAlloc_v2
// CHECK: fake-cuda: cuMemAlloc_v2
// CHECK-NEXT: fake-cuda: cuLaunchKernel
// CHECK-NEXT: fake-cuda: cuStreamSynchronize
// CHECK-NEXT: fake-cuda: cuMemcpyAsync
// CHECK-NEXT: fake-cuda: cuStreamSynchronize
// CHECK-NEXT: result 0: array([0, 0, 0, ..., 0, 0, 0], shape=(1000,), dtype=f32)
// CHECK-NEXT: fake-cuda: 1 launches, 3 allocations, 0 frees, 3 copies, 0 fills, 1 module loads, 1 streams created

// Every driver entry point one ferric-run call uses, counted
// (FERRIC_FAKE_CUDA_CALLS): set-up once (cuInit, the primary context, one
// stream, one module load), then per launch one cuModuleGetFunction (the
// host code looks the kernel up each time) and one cuLaunchKernel; three
// input/result copies and four synchronizations in all.
// RUN: env FERRIC_FAKE_CUDA_CALLS=1 ferric-run %S/../../../examples/swiglu.mlir --target=cuda --no-cache --input=randn:1000xf32 --input=randn:1000xf32 2>&1 | FileCheck %s --check-prefix=CALLS
// CALLS: fake-cuda: calls: cuCtxGetCurrent {{[0-9]+}}, cuCtxSetCurrent 1, cuDeviceGet 1, cuDeviceGetCount 1, cuDevicePrimaryCtxRetain 1, cuDevicePrimaryCtxSetFlags_v2 1, cuInit 1, cuLaunchKernel 1, cuMemAlloc_v2 3, cuMemcpyAsync 3, cuModuleGetFunction 1, cuModuleLoadDataEx 1, cuModuleUnload 1, cuStreamCreate 1, cuStreamSynchronize 4{{$}}

// Empty tensors: the elementwise kernel is launched with one block (it has
// no guard on the host any more; its loop and tail do nothing), never with a
// zero dimension, which the driver refuses.
// RUN: env FERRIC_FAKE_CUDA_TRACE=1 ferric-run %S/../../../examples/swiglu.mlir --target=cuda --no-cache --input=randn:0xf32 --input=randn:0xf32 --print 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: fake-cuda: cuLaunchKernel
// EMPTY-NEXT: fake-cuda: cuStreamSynchronize
// EMPTY-NEXT: result 0: array([], shape=(0,), dtype=f32)

// A row program over thread-block clusters (softmax over 131072, 16 blocks
// of 256 threads per row): the runtime launches it with cuLaunchKernelEx,
// after allowing the function non-portable cluster sizes (the fake driver
// refuses clusters over 8 blocks otherwise, as the real one does).
// RUN: env FERRIC_FAKE_CUDA_TRACE=1 ferric-run %s --target=cuda --no-cache --entry=softmax --input=randn:2x131072xf32 2>&1 | FileCheck %s --check-prefix=CLUSTER
// CLUSTER: fake-cuda: cuLaunchKernelEx
// CLUSTER-NOT: failed
func.func @softmax(%x: tensor<?x131072xf32>) -> tensor<?x131072xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %d = ferric.sub %x, %mxb : tensor<?x131072xf32>
  %e = ferric.exp %d : tensor<?x131072xf32>
  %s = ferric.reduce sum %e dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %sb = ferric.broadcast %s dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %r = ferric.div %e, %sb : tensor<?x131072xf32>
  return %r : tensor<?x131072xf32>
}

// Repeated calls (--bench) look the kernel up once: the runtime keeps each
// thread's functions by module and name (it was one cuModuleGetFunction per
// launch, 17 for these 17 launches).
// RUN: env FERRIC_FAKE_CUDA_CALLS=1 ferric-run %S/../../../examples/swiglu.mlir --target=cuda --no-cache --input=randn:1000xf32 --input=randn:1000xf32 --bench=5 2>&1 | FileCheck %s --check-prefix=REPEAT
// REPEAT: fake-cuda: calls: {{.*}}, cuLaunchKernel 17, {{.*}}, cuModuleGetFunction 1, cuModuleLoadDataEx 1,

// FERRIC_CUDA_PROFILE=1: the runtime's own count of the same calls, with the
// host time of each (here the fake driver's), one line per entry point at
// exit; the counts match the fake driver's above.
// RUN: env FERRIC_CUDA_PROFILE=1 ferric-run %S/../../../examples/swiglu.mlir --target=cuda --no-cache --input=randn:1000xf32 --input=randn:1000xf32 2>&1 | FileCheck %s --check-prefix=PROFILE
// PROFILE-DAG: ferric cuda profile: cuLaunchKernel: 1 calls, {{[0-9.]+}} us, {{[0-9.]+}} us/call
// PROFILE-DAG: ferric cuda profile: cuModuleGetFunction: 1 calls,
// PROFILE-DAG: ferric cuda profile: cuMemAlloc: 3 calls,
// PROFILE-DAG: ferric cuda profile: cuMemcpyAsync: 3 calls,
// PROFILE-DAG: ferric cuda profile: cuStreamSynchronize: 4 calls,
// PROFILE-DAG: ferric cuda profile: cuModuleLoadDataEx: 1 calls,
// PROFILE-NOT: ferric cuda profile: cuEventRecord

// --bench on CUDA queues each timed call on its stream, lent to it, between
// two timed events: the stop event directly follows the launch, before any
// wait, as torch's events around an operation are placed (the wall time
// still waits for the call); the event before it is the caching allocator's
// record of the lent stream's use of the freed result. --bench-sync times the call as the host sees
// it: its own wait comes first, then the stop event.
// RUN: env FERRIC_FAKE_CUDA_TRACE=1 ferric-run %S/../../../examples/swiglu.mlir --target=cuda --no-cache --input=randn:1000xf32 --input=randn:1000xf32 --bench=1 --warmup=0 2>&1 | FileCheck %s --check-prefix=BENCH
// BENCH: fake-cuda: cuEventRecord [[STREAM:0x[0-9a-f]+]]
// BENCH-NEXT: fake-cuda: cuLaunchKernel [[STREAM]]
// BENCH-NOT: cuStreamSynchronize
// BENCH: fake-cuda: cuEventRecord [[STREAM]]
// BENCH-NEXT: fake-cuda: cuEventRecord [[STREAM]]
// BENCH-NEXT: fake-cuda: cuStreamSynchronize [[STREAM]]
// BENCH-NEXT: fake-cuda: cuEventSynchronize
// BENCH: bench: target cuda, 1 calls: {{.*}} us/call device
// RUN: env FERRIC_FAKE_CUDA_TRACE=1 ferric-run %S/../../../examples/swiglu.mlir --target=cuda --no-cache --input=randn:1000xf32 --input=randn:1000xf32 --bench=1 --warmup=0 --bench-sync 2>&1 | FileCheck %s --check-prefix=BENCHSYNC
// BENCHSYNC: fake-cuda: cuEventRecord [[STREAM:0x[0-9a-f]+]]
// BENCHSYNC-NEXT: fake-cuda: cuLaunchKernel [[STREAM]]
// BENCHSYNC-NEXT: fake-cuda: cuStreamSynchronize [[STREAM]]
// BENCHSYNC-NEXT: fake-cuda: cuStreamSynchronize [[STREAM]]
// BENCHSYNC-NEXT: fake-cuda: cuEventRecord [[STREAM]]
// BENCHSYNC-NEXT: fake-cuda: cuEventSynchronize

// The launches per call that --bench reports are the kernels the runtime
// launched, not the program's launch sites: this column sum holds three
// (the partials and their combine, and the one-kernel column schedule the
// host takes when one chunk suffices) and runs two.
// RUN: ferric-run %s --target=cuda --no-cache --entry=column_sum --input=rand:4096x4096xf32 --bench=2 --warmup=0 2>&1 | FileCheck %s --check-prefix=LAUNCHES
// LAUNCHES: bench: target cuda, 2 calls: {{.*}}, 2 launches/call, 3 kernels,
func.func @column_sum(%x: tensor<?x4096xf32>) -> tensor<4096xf32> {
  %r = ferric.reduce sum %x dims [0] : tensor<?x4096xf32> -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}
