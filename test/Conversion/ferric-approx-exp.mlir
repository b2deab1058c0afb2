// RUN: ferric-opt %s --ferric-approx-exp | FileCheck %s
// RUN: ferric-opt %s --ferric-approx-exp --convert-gpu-to-nvvm | FileCheck %s --check-prefix=NVVM

// ferric-approx-exp: math.exp over f32 or f16 inside a gpu.module (scalar
// and vector) gets fastmath `afn`, keeping the flags it has; f64 exp, exp2
// and exp outside GPU modules are untouched. convert-gpu-to-nvvm then calls
// libdevice's __nv_fast_expf for every marked exp (f16 extended to f32).

// CHECK-LABEL: func.func @host
//       CHECK:   math.exp %{{.*}} : f32
//   CHECK-NOT:   fastmath
func.func @host(%x: f32) -> f32 {
  %e = math.exp %x : f32
  return %e : f32
}

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @marks
  //       CHECK:   math.exp %{{.*}} fastmath<afn> : f32
  //       CHECK:   math.exp %{{.*}} fastmath<nnan,afn> : f32
  //       CHECK:   math.exp %{{.*}} fastmath<afn> : vector<4xf32>
  //       CHECK:   math.exp %{{.*}} : f64
  //       CHECK:   math.exp %{{.*}} fastmath<afn> : f16
  //       CHECK:   math.exp2 %{{.*}} : f32
  // NVVM-LABEL: llvm.func @marks
  // The two scalars, the vector's four lanes, then f64 and f16.
  // NVVM-COUNT-6: llvm.call @__nv_fast_expf(
  //       NVVM:   llvm.call @__nv_exp(
  //       NVVM:   llvm.call @__nv_fast_expf(
  //   NVVM-NOT:   llvm.call @__nv_expf(
  gpu.func @marks(%x: f32, %v: vector<4xf32>, %d: f64, %h: f16,
                  %out: memref<f32>, %vout: memref<vector<4xf32>>,
                  %dout: memref<f64>, %hout: memref<f16>) kernel {
    %a = math.exp %x : f32
    %b = math.exp %a fastmath<nnan> : f32
    %c = math.exp %v : vector<4xf32>
    %e = math.exp %d : f64
    %f = math.exp %h : f16
    %g = math.exp2 %b : f32
    memref.store %g, %out[] : memref<f32>
    memref.store %c, %vout[] : memref<vector<4xf32>>
    memref.store %e, %dout[] : memref<f64>
    memref.store %f, %hout[] : memref<f16>
    gpu.return
  }
}
