// RUN: ferric-opt %s --ferric-import-linalg | FileCheck %s
// RUN: ferric-run %s --target=cpu --check --entry=transcendental --input=randn:16xf32 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=rounding --input=randn:16xf16 | FileCheck %s --check-prefix=EXEC
// RUN: ferric-run %s --target=cpu --check --entry=fpowi --input=randn:16xf32 | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: FAILED
// EXEC: check: {{.*}}: ok

// The scalar ops of the dialect's newer elementwise ops (sin, cos, erf,
// log1p, expm1; floor, ceil, roundeven on f16) and math.fpowi by constant
// powers in linalg bodies: raised (ferric-raise-linalg.mlir has the rules),
// and the raised module computes what the linalg one does. Vulkan and CUDA:
// upstream/vulkan.test, upstream/cuda.test.
// CHECK-LABEL: func.func @transcendental
//       CHECK:   ferric.fused
// CHECK-LABEL: func.func @rounding
//       CHECK:   ferric.fused
// CHECK-LABEL: func.func @fpowi
//       CHECK:   ferric.fused
//   CHECK-NOT:   linalg.
//   CHECK-NOT:   math.fpowi

func.func @transcendental(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.sin %v : f32
    %c = math.cos %v : f32
    %f = math.erf %s : f32
    %l = math.log1p %c : f32
    %m = math.expm1 %f : f32
    %a = arith.addf %l, %m : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @rounding(%x: tensor<16xf16>) -> tensor<16xf16> {
  %e = tensor.empty() : tensor<16xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf16>) outs(%e : tensor<16xf16>) {
  ^bb0(%v: f16, %o: f16):
    %f = math.floor %v : f16
    %c = math.ceil %v : f16
    %n = math.roundeven %v : f16
    %s = arith.addf %f, %c : f16
    %t = arith.addf %s, %n : f16
    linalg.yield %t : f16
  } -> tensor<16xf16>
  return %r : tensor<16xf16>
}
func.func @fpowi(%x: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %three = arith.constant 3 : i32
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %mtwo = arith.constant -2 : i32
    %c = math.fpowi %v, %three : f32, i32
    %d = math.fpowi %v, %mtwo : f32, i32
    %a = arith.addf %c, %d : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
