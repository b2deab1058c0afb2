// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa reduction={row-program=false}" -o %t/isa.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t/isa.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/isa.mlir --out-dir %t
// RUN: FileCheck %s --check-prefix=PTX < %t/softmax_kernel.ptx
// RUN: %ptxas -arch=sm_90 %t/softmax_kernel.ptx -o %t/softmax.cubin
// RUN: %ptxas -arch=sm_90 %t/rmsnorm_kernel.ptx -o %t/rmsnorm.cubin
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa reduction={row-groups=false}" | FileCheck %s --check-prefix=OFF
// RUN: mkdir -p %t/rp && ferric-opt %s --ferric-lower-to-nvvm="format=isa" -o %t/rp/isa.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t/rp/isa.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/rp/isa.mlir --out-dir %t/rp
// RUN: FileCheck %s --check-prefix=RP < %t/rp/softmax_kernel.ptx
// RUN: FileCheck %s --check-prefix=RP < %t/rp/rmsnorm_kernel.ptx
// RUN: %ptxas -v -arch=sm_90 %t/rp/softmax_kernel.ptx -o %t/rp/softmax.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %ptxas -v -arch=sm_90 %t/rp/rmsnorm_kernel.ptx -o %t/rp/rmsnorm.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// By default (row-program) each is a row program instead: 64 threads per
// row, each loading its 16 elements with four 128-bit loads (the row read
// from memory once), the two warps of a row combining through shared
// memory, four 128-bit stores, no spills.
// RP: .entry
// RP-COUNT-4: ld.global.v4.b32
// RP-NOT: ld.global.v4.b32
// RP-NOT: .local
// RP: bar.sync
// RP-COUNT-4: st.global.v4.b32
// RP-NOT: st.global
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// Softmax and RMSNorm over rows of 1024 through the whole CUDA pipeline:
// ferric-fuse-reductions leaves softmax as row max, row sum of exp(x - max)
// and the division, RMSNorm as the row sum of x * x and the scaling; each
// becomes ONE warp-per-row kernel (row groups), which assembles for sm_90.
// row-groups=false gives the separate kernels.

// HOST-LABEL: llvm.func @softmax(
//       HOST:   gpu.launch_func {{.*}}@softmax_kernel::@softmax_kernel
//   HOST-NOT:   gpu.launch_func
//       HOST:   llvm.return
// HOST-LABEL: llvm.func @rmsnorm(
//       HOST:   gpu.launch_func {{.*}}@rmsnorm_kernel::@rmsnorm_kernel
//   HOST-NOT:   gpu.launch_func
//       HOST:   llvm.return

// With row-program=false: two warp reductions (5 shuffles each), no shared
// memory, no barrier; the exp comes from libdevice, inlined.
// PTX: .visible .entry softmax_kernel(
// PTX-NOT: .shared
// PTX-COUNT-10: shfl.sync.bfly.b32
// PTX-NOT: bar.sync
// PTX-NOT: __nv_

// OFF-LABEL: llvm.func @softmax(
// OFF-COUNT-3: gpu.launch_func
// OFF-NOT: gpu.launch_func
// OFF: llvm.return
// OFF-LABEL: llvm.func @rmsnorm(
// OFF-COUNT-2: gpu.launch_func
// OFF-NOT: gpu.launch_func
// OFF: llvm.return
func.func @softmax(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %sd = ferric.sub %x, %mxb : tensor<?x1024xf32>
  %se = ferric.exp %sd : tensor<?x1024xf32>
  %ss = ferric.reduce sum %se dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %ssb = ferric.broadcast %ss dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %r = ferric.div %se, %ssb : tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}

func.func @rmsnorm(%x: tensor<?x1024xf32>, %g: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1024xf32>
  %eps = arith.constant 1.0e-06 : f32
  %sq = ferric.mul %x, %x : tensor<?x1024xf32>
  %ms = ferric.reduce mean %sq dims [1] : tensor<?x1024xf32> -> tensor<?xf32>
  %mse = ferric.add %ms, %eps : tensor<?xf32>, f32
  %inv = ferric.rsqrt %mse : tensor<?xf32>
  %ib = ferric.broadcast %inv dims [1] : tensor<?xf32> -> tensor<?x1024xf32>
  %gb = ferric.broadcast %g dims [0] sizes(%n) : tensor<1024xf32> -> tensor<?x1024xf32>
  %y = ferric.mul %x, %ib : tensor<?x1024xf32>
  %r = ferric.mul %y, %gb : tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}
