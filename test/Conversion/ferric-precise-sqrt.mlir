// RUN: ferric-opt %s --ferric-precise-sqrt | FileCheck %s
// RUN: ferric-opt %s --ferric-precise-sqrt --convert-gpu-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: ferric-opt %s --convert-gpu-to-nvvm | FileCheck %s --check-prefix=LIBDEVICE

// ferric-precise-sqrt: math.sqrt over f32, f16 or bf16 inside a gpu.module
// (scalar, and vector lane by lane) becomes a call of libdevice's
// __nv_fsqrt_rn (sqrt.rn.f32) in f32, narrow types extended and truncated
// back. f64 sqrt, sqrt marked afn and sqrt outside GPU modules keep
// math.sqrt. Without the pass, convert-gpu-to-nvvm calls libdevice's
// __nv_sqrtf (sqrt.approx.f32, since nothing reflects __CUDA_PREC_SQRT as
// nonzero).

// CHECK-LABEL: func.func @host
//       CHECK:   math.sqrt %{{.*}} : f32
//   CHECK-NOT:   llvm.intr.sqrt
func.func @host(%x: f32) -> f32 {
  %r = math.sqrt %x : f32
  return %r : f32
}

gpu.module @kernels {
  // CHECK: llvm.func @__nv_fsqrt_rn(f32) -> f32
  // CHECK-LABEL: gpu.func @roots
  //       CHECK:   llvm.call @__nv_fsqrt_rn(%{{.*}}) : (f32) -> f32
  // CHECK-COUNT-4:   llvm.call @__nv_fsqrt_rn(%{{.*}}) : (f32) -> f32
  //       CHECK:   llvm.insertelement
  //       CHECK:   math.sqrt %{{.*}} : f64
  //       CHECK:   %[[H:.*]] = arith.extf %{{.*}} : f16 to f32
  //       CHECK:   %[[HR:.*]] = llvm.call @__nv_fsqrt_rn(%[[H]])
  //       CHECK:   arith.truncf %[[HR]] : f32 to f16
  //       CHECK:   %[[B:.*]] = arith.extf %{{.*}} : bf16 to f32
  //       CHECK:   %[[BR:.*]] = llvm.call @__nv_fsqrt_rn(%[[B]])
  //       CHECK:   arith.truncf %[[BR]] : f32 to bf16
  //       CHECK:   math.sqrt %{{.*}} fastmath<afn> : f32
  // NVVM-LABEL: llvm.func @roots
  // NVVM-COUNT-5: llvm.call @__nv_fsqrt_rn(
  //       NVVM:   llvm.call @__nv_sqrt(
  //       NVVM:   llvm.call @__nv_fsqrt_rn(
  //       NVVM:   llvm.call @__nv_fsqrt_rn(
  //       NVVM:   llvm.call @__nv_sqrtf(
  // LIBDEVICE-LABEL: llvm.func @roots
  // LIBDEVICE-COUNT-5: llvm.call @__nv_sqrtf(
  gpu.func @roots(%x: f32, %v: vector<4xf32>, %d: f64, %h: f16, %b: bf16,
                  %out: memref<f32>, %vout: memref<vector<4xf32>>,
                  %dout: memref<f64>, %hout: memref<f16>,
                  %bout: memref<bf16>) kernel {
    %a = math.sqrt %x : f32
    %c = math.sqrt %v : vector<4xf32>
    %e = math.sqrt %d : f64
    %f = math.sqrt %h : f16
    %g = math.sqrt %b : bf16
    %k = math.sqrt %a fastmath<afn> : f32
    memref.store %k, %out[] : memref<f32>
    memref.store %c, %vout[] : memref<vector<4xf32>>
    memref.store %e, %dout[] : memref<f64>
    memref.store %f, %hout[] : memref<f16>
    memref.store %g, %bout[] : memref<bf16>
    gpu.return
  }
}
