// RUN: ferric-opt %s --pass-pipeline='builtin.module(func.func(ferric-fuse),convert-ferric-to-linalg,canonicalize,cse,func.func(ferric-fuse-reductions),canonicalize,cse,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,buffer-deallocation-pipeline,convert-bufferization-to-memref,canonicalize,ferric-matmul-to-cublaslt,func.func(ferric-reduction-to-gpu{block-size=256 warp-size=32},ferric-matmul-to-gpu,ferric-elementwise-to-gpu{block-size=256}),func.func(convert-linalg-to-parallel-loops,scf-parallel-loop-tiling{parallel-loop-tile-sizes=256 no-min-max-bounds=true},gpu-map-parallel-loops,convert-parallel-loops-to-gpu,gpu-launch-sink-index-computations),func.func(ferric-gpu-device-memory,llvm-request-c-wrappers),gpu-kernel-outlining,func.func(gpu-async-region),convert-vector-to-scf,convert-scf-to-cf,convert-nvvm-to-llvm,convert-func-to-llvm,expand-strided-metadata,nvvm-attach-target{chip=sm_90 features=+ptx80 O=3},lower-affine,convert-arith-to-llvm,convert-index-to-llvm,canonicalize,cse,gpu.module(strip-debuginfo,convert-gpu-to-nvvm,llvm-optimize-for-nvvm-target,canonicalize,cse,reconcile-unrealized-casts),gpu-to-llvm,gpu-module-to-binary{format=isa},convert-math-to-llvm,canonicalize,cse,reconcile-unrealized-casts)' | FileCheck %s

// ferric-matmul-to-cublaslt inside the NVVM pipeline (ferric-lower-to-nvvm
// spelled out, the pass inserted before the func.func group of Ferric's
// kernel writers): the call reaches LLVM as a plain llvm.call of the
// runtime's entry point, not through a _mlir_ciface_ wrapper, the host
// synchronizes the async region before it, and the residual add that
// cuBLASLt cannot do is one kernel launched after it.

// CHECK: llvm.func @mgpuCublasLtMatmul(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i32, i32, f32, i32)
// CHECK-NOT: _mlir_ciface_mgpuCublasLtMatmul
// CHECK-LABEL: llvm.func @residual
//       CHECK:   llvm.call @mgpuStreamSynchronize
//       CHECK:   llvm.call @mgpuCublasLtMatmul
//       CHECK:   gpu.launch_func
//   CHECK-NOT:   gpu.launch_func
//       CHECK:   llvm.return
func.func @residual(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %bias: tensor<?xf16>, %res: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %c0 = arith.constant 0 : index
  %p = ferric.matmul %a, %b : tensor<?x?xf16>, tensor<?x?xf16> -> tensor<?x?xf16>
  %m = tensor.dim %p, %c0 : tensor<?x?xf16>
  %bb = ferric.broadcast %bias dims [0] sizes(%m) : tensor<?xf16> -> tensor<?x?xf16>
  %0 = ferric.add %p, %bb : tensor<?x?xf16>
  %1 = ferric.relu %0 : tensor<?x?xf16>
  %2 = ferric.add %1, %res : tensor<?x?xf16>
  return %2 : tensor<?x?xf16>
}
