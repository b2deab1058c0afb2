// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/sm90 %t/sm80
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa" -o %t/sm90/isa.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t/sm90/isa.mlir
// RUN: mlir-translate --mlir-to-llvmir %t/sm90/isa.mlir | FileCheck %s --check-prefix=LLVM
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/sm90/isa.mlir --out-dir %t/sm90
// RUN: FileCheck %s --check-prefix=LOADS < %t/sm90/softmax_kernel.ptx
// RUN: FileCheck %s --check-prefix=STORES < %t/sm90/softmax_kernel.ptx
// RUN: FileCheck %s --check-prefix=MAPA < %t/sm90/softmax_kernel.ptx
// RUN: FileCheck %s --check-prefix=REMOTE < %t/sm90/softmax_kernel.ptx
// RUN: FileCheck %s --check-prefix=CBAR < %t/sm90/softmax_kernel.ptx
// RUN: FileCheck %s --check-prefix=WAIT < %t/sm90/softmax_kernel.ptx
// RUN: %ptxas -v -arch=sm_90 %t/sm90/softmax_kernel.ptx -o %t/sm90/softmax.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa reduction={row-program-cluster=0}" | FileCheck %s --check-prefix=OFF
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa chip=sm_80 features=+ptx76" -o %t/sm80/isa.mlir
// RUN: FileCheck %s --check-prefix=OFF < %t/sm80/isa.mlir
// RUN: not ferric-opt %s --ferric-lower-to-nvvm="reduction={row-program-cluster=6}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// Softmax over rows of 131072 f32 (a 128K vocabulary) does not fit one
// block's registers: on sm_90 (the default chip) it is a row program over a
// thread-block cluster of 16 blocks of 256 threads (the fewest threads per
// block that hold it, so that four blocks share an SM), launched with
// mgpuLaunchClusterKernel; each block writes its totals into the others'
// shared memory (mapa + st.shared::cluster, one remote store per block and
// reduction) between cluster barriers; each element is loaded once (eight
// 128-bit loads per thread), stored once, nothing spilled.
// HOST: gpu.launch_func {{.*}} clusters in (%{{.*}}, %{{.*}}, %{{.*}}) blocks in
// LLVM: call void @mgpuLaunchClusterKernel(ptr %{{.*}}, i64 16, i64 1, i64 1,
// (LLVM places the blocks in its own order: each kind counted alone.)
// LOADS-COUNT-8: ld.global.v4.b32
// LOADS-NOT: ld.global
// STORES-COUNT-8: st.global.v4.b32
// STORES-NOT: st.global
// MAPA-COUNT-2: mapa.shared::cluster.u64
// MAPA-NOT: mapa
// REMOTE-COUNT-2: st.shared::cluster.b32
// REMOTE-NOT: shared::cluster.b32
// Four arrivals (before the row loop, two exchanges, the end of a row) and
// four waits (the previous row's end, two exchanges, after the loop).
// CBAR-COUNT-4: barrier.cluster.arrive.aligned;
// CBAR-NOT: barrier.cluster.arrive
// WAIT-COUNT-4: barrier.cluster.wait.aligned;
// WAIT-NOT: barrier.cluster.wait
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// With row-program-cluster=0, or on a chip without clusters (sm_80), the
// row is re-read by one block.
// OFF-NOT: clusters
// OFF-NOT: mapa

// BAD: error: ferric-lower-to-nvvm: reduction={row-program-cluster=6}: row-program-cluster must be 0, 1, 2, 4, 8 or 16, got 6
func.func @softmax(%x: tensor<?x131072xf32>) -> tensor<?x131072xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x131072xf32>
  %se = ferric.exp %sd : tensor<?x131072xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x131072xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x131072xf32>
  %r = ferric.div %se, %ssb : tensor<?x131072xf32>
  return %r : tensor<?x131072xf32>
}
