// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// (cublaslt=false: this file pins the tiled matmul kernels; the cuBLASLt
// path is test/Conversion/ferric-matmul-to-cublaslt*.mlir.)
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa cublaslt=false" -o %t/isa.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t/isa.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/isa.mlir --out-dir %t
// No libdevice call is left unresolved in any kernel.
// RUN: not grep -e "__nv_" -e "\.extern" %t/swiglu_static_kernel.ptx %t/swiglu_dynamic_kernel.ptx %t/swiglu_f16_kernel.ptx %t/gelu_exact_kernel.ptx %t/rowsum_kernel.ptx %t/rowlong_kernel.ptx %t/matmul_kernel.ptx %t/matmul_kernel_0.ptx %t/matmul_kernel_1.ptx
// RUN: FileCheck %s --check-prefix=STATIC < %t/swiglu_static_kernel.ptx
// RUN: FileCheck %s --check-prefix=DYN < %t/swiglu_dynamic_kernel.ptx
// RUN: FileCheck %s --check-prefix=F16 < %t/swiglu_f16_kernel.ptx
// RUN: FileCheck %s --check-prefix=ERF < %t/gelu_exact_kernel.ptx
// RUN: FileCheck %s --check-prefix=WARP < %t/rowsum_kernel.ptx
// RUN: FileCheck %s --check-prefix=RED < %t/rowlong_kernel.ptx
// RUN: FileCheck %s --check-prefix=BAR < %t/rowlong_kernel.ptx
// RUN: FileCheck %s --check-prefix=MM < %t/matmul_kernel_1.ptx
// RUN: FileCheck %s --check-prefix=TILE < %t/matmul_kernel_0.ptx
// RUN: %ptxas -arch=sm_90 %t/swiglu_static_kernel.ptx -o %t/swiglu_static.cubin
// RUN: %ptxas -arch=sm_90 %t/swiglu_dynamic_kernel.ptx -o %t/swiglu_dynamic.cubin
// RUN: %ptxas -arch=sm_90 %t/swiglu_f16_kernel.ptx -o %t/swiglu_f16.cubin
// RUN: %ptxas -arch=sm_90 %t/gelu_exact_kernel.ptx -o %t/gelu_exact.cubin
// RUN: %ptxas -arch=sm_90 %t/rowsum_kernel.ptx -o %t/rowsum.cubin
// RUN: %ptxas -arch=sm_90 %t/rowlong_kernel.ptx -o %t/rowlong.cubin
// RUN: %ptxas -arch=sm_90 %t/matmul_kernel.ptx -o %t/matmul.cubin
// RUN: %ptxas -arch=sm_90 %t/matmul_kernel_0.ptx -o %t/matmul_0.cubin
// RUN: %ptxas -arch=sm_90 %t/matmul_kernel_1.ptx -o %t/matmul_1.cubin
//
// fuse=false: silu and mul are separate kernels.
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa fuse=false" | FileCheck %s --check-prefix=UNFUSED
//
// Options reach the kernel: block-size sets .maxntid, elements-per-thread=1
// turns the vector loads off.
// RUN: ferric-opt %s --ferric-lower-to-nvvm="format=isa block-size=128 elements-per-thread=1" -o %t/opts.mlir
// RUN: mkdir -p %t/opts && %python %ferric_src/scripts/extract-gpu-binary.py %t/opts.mlir --out-dir %t/opts
// RUN: FileCheck %s --check-prefix=OPTS < %t/opts/swiglu_dynamic_kernel.ptx
// RUN: %ptxas -arch=sm_90 %t/opts/swiglu_dynamic_kernel.ptx -o %t/opts/swiglu_dynamic.cubin
//
// The default format is a fatbin embedded in gpu.binary.
// RUN: ferric-opt %s --ferric-lower-to-nvvm | FileCheck %s --check-prefix=FATBIN

// The ferric-lower-to-nvvm pipeline end to end on SwiGLU and friends: each
// elementwise chain becomes one vectorized kernel (16-byte global loads and
// stores), libdevice is linked (no unresolved __nv_ functions), the PTX
// assembles for sm_90; reductions become block reductions and matmul a
// shared-memory tiled kernel, also valid PTX. (LLVM 22 prints 16-byte f32 loads as
// `ld.global.v4.b32`.)

// Host side: one launch per fused chain, kernels serialized into gpu.binary.
// HOST-LABEL: llvm.func @swiglu_static(
//       HOST:   gpu.launch_func {{.*}}@swiglu_static_kernel::@swiglu_static_kernel
//   HOST-NOT:   gpu.launch_func
//       HOST:   llvm.return
//       HOST: gpu.binary @swiglu_static_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80", link = ["/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"]>, properties = {{.*}}, assembly = "
// HOST-LABEL: llvm.func @swiglu_dynamic(
//       HOST:   gpu.launch_func {{.*}}@swiglu_dynamic_kernel::@swiglu_dynamic_kernel
//   HOST-NOT:   gpu.launch_func
//       HOST:   llvm.return
// HOST-LABEL: llvm.func @rowsum(
//       HOST:   gpu.launch_func {{.*}}@rowsum_kernel::@rowsum_kernel
//   HOST-NOT:   gpu.launch_func
//       HOST:   llvm.return
//       HOST: gpu.binary @rowsum_kernel [
// HOST-LABEL: llvm.func @rowlong(
//       HOST:   gpu.launch_func {{.*}}@rowlong_kernel::@rowlong_kernel
//   HOST-NOT:   gpu.launch_func
//       HOST:   llvm.return
//       HOST: gpu.binary @rowlong_kernel [

// Static size 4096 is a multiple of 4: vector loop only, no scalar tail.
// STATIC: .target sm_90
// STATIC: .visible .entry swiglu_static_kernel(
// STATIC: .maxntid 256, 1, 1
// STATIC: ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// STATIC: ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// STATIC: ex2.approx
// STATIC: st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// STATIC-NOT: ld.global.b32
// STATIC-NOT: st.global.b32
// STATIC-NOT: call
func.func @swiglu_static(%a: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<4096xf32> {
  %s = ferric.silu %a : tensor<4096xf32>
  %r = ferric.mul %s, %b : tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// Dynamic size: the vector loop plus a scalar tail.
// DYN: .visible .entry swiglu_dynamic_kernel(
// DYN: ld.global.v4.b32
// DYN: ld.global.v4.b32
// DYN: st.global.v4.b32
// DYN: ld.global.b32
// DYN: ld.global.b32
// DYN: st.global.b32
// DYN-NOT: call
func.func @swiglu_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}

// f16: 8 halves per thread travel as 4 packed b32 words; silu is computed in
// f32 (cvt.f32.f16 in, cvt.rn.f16x2.f32 out), the product in packed f16.
// F16: .visible .entry swiglu_f16_kernel(
// F16: ld.global.v4.b32
// F16: ld.global.v4.b32
// F16: cvt.f32.f16
// F16: cvt.rn.f16x2.f32
// F16: mul.rn.f16x2
// F16: st.global.v4.b32
// F16: ld.global.b16
// F16: st.global.b16
func.func @swiglu_f16(%a: tensor<?xf16>, %b: tensor<?xf16>) -> tensor<?xf16> {
  %s = ferric.silu %a : tensor<?xf16>
  %r = ferric.mul %s, %b : tensor<?xf16>
  return %r : tensor<?xf16>
}

// erf comes from libdevice and is inlined: no call, no extern.
// ERF: .visible .entry gelu_exact_kernel(
// ERF-DAG: ld.global.v4.b32
// ERF-DAG: st.global.v4.b32
// ERF-DAG: ld.global.b32
// ERF-DAG: st.global.b32
// ERF-NOT: call
func.func @gelu_exact(%a: tensor<?xf32>) -> tensor<?xf32> {
  %g = ferric.gelu %a exact : tensor<?xf32>
  %r = ferric.mul %g, %a : tensor<?xf32>
  return %r : tensor<?xf32>
}

// Reductions: one kernel each (the fill of the output with 0 is folded into
// it: the total is added to 0.0). Rows of 256 f32: a warp reduction, one
// warp per row, lanes loading 4 elements in flight, a butterfly of 5
// shuffles, no shared memory and no barrier.
// WARP: .visible .entry rowsum_kernel(
// WARP-NOT: .shared
// WARP-COUNT-4: ld.global.b32
// WARP-COUNT-5: shfl.sync.bfly.b32
// WARP: add.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, 0f00000000;
// WARP: st.global.b32
// WARP-NOT: bar.sync
// Rows of 8192, only 4 of them: a block reduction, 256 f32 partials in shared
// memory, combined in a tree with a barrier per step, thread 0 storing.
// RED: .visible .entry rowlong_kernel(
// RED: .shared .align 4 .b8 __wg_rowlong_kernel_0[1024];
// RED-DAG: ld.global.b32
// RED-DAG: add.rn.f32
// RED-DAG: st.shared.b32
// RED-DAG: ld.shared.b32 {{.*}}+512]
// RED-DAG: ld.shared.b32 {{.*}}+4]
// RED-DAG: add.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, 0f00000000;
// RED-DAG: st.global.b32
// One barrier after the partials, one per tree step (8), one at the end.
// BAR-COUNT-10: bar.sync 0;
// BAR-NOT: bar.sync
func.func @rowsum(%a: tensor<?x256xf32>) -> tensor<?xf32> {
  %0 = ferric.reduce sum %a dims [1] : tensor<?x256xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @rowlong(%a: tensor<4x8192xf32>) -> tensor<4xf32> {
  %0 = ferric.reduce sum %a dims [1] : tensor<4x8192xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// f16 matmul: fill, the f32-accumulating product (ferric-matmul-to-gpu:
// 16 x 16 f16 tiles of A and B in shared memory, a barrier after staging
// and after each step) and the vectorized narrowing to f16.
// TILE: .visible .entry matmul_kernel(
// TILE-DAG: .shared .align 2 .b8 __wg_matmul_kernel_0[512];
// TILE-DAG: .shared .align 2 .b8 __wg_matmul_kernel_1[512];
// TILE-DAG: st.shared.b16
// TILE-DAG: ld.shared.b16
// TILE-DAG: cvt.f32.f16
// TILE-DAG: mul.rn.f32
// TILE-DAG: add.rn.f32
// TILE-COUNT-2: bar.sync 0;
// MM: .visible .entry matmul_kernel(
// MM: ld.global.v4.b32
// MM: cvt.rn.f16x2.f32
// MM: st.global.v4.b32
// HOST-LABEL: llvm.func @matmul(
//       HOST:   gpu.launch_func {{.*}}@matmul_kernel::@matmul_kernel
//       HOST:   gpu.launch_func {{.*}}@matmul_kernel_0::@matmul_kernel
//       HOST:   gpu.launch_func {{.*}}@matmul_kernel_1::@matmul_kernel
//   HOST-NOT:   gpu.launch_func
//       HOST:   llvm.return
//       HOST: gpu.binary @matmul_kernel [
//       HOST: gpu.binary @matmul_kernel_0 [
//       HOST: gpu.binary @matmul_kernel_1 [
//   HOST-NOT: gpu.module
func.func @matmul(%a: tensor<64x32xf16>, %b: tensor<32x16xf16>) -> tensor<64x16xf16> {
  %0 = ferric.matmul %a, %b : tensor<64x32xf16>, tensor<32x16xf16> -> tensor<64x16xf16>
  return %0 : tensor<64x16xf16>
}

// UNFUSED-LABEL: llvm.func @swiglu_dynamic(
// UNFUSED-COUNT-2: gpu.launch_func
// UNFUSED-NOT: gpu.launch_func
// UNFUSED: llvm.return
// UNFUSED-DAG: gpu.binary @swiglu_dynamic_kernel
// UNFUSED-DAG: gpu.binary @swiglu_dynamic_kernel_{{[0-9]+}}

// OPTS: .visible .entry swiglu_dynamic_kernel(
// OPTS: .maxntid 128, 1, 1
// OPTS-NOT: .v4.
// OPTS-NOT: .v2.
// OPTS: ld.global.b32
// OPTS: st.global.b32

// FATBIN: gpu.binary @swiglu_static_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80", link = ["/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"]>, properties = {{{.*}}}, "P\EDU\BA
// FATBIN-NOT: assembly =
