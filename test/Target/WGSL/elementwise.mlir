// SwiGLU at an odd size: one fused kernel, a grid-stride loop, two inputs
// read-only and the output read_write, the grid from the uniform.
// RUN: ferric-opt --ferric-lower-to-wgsl=kernels-only=true %s | ferric-translate --mlir-to-wgsl | FileCheck %s

func.func @swiglu(%a: tensor<1023xf32>, %b: tensor<1023xf32>) -> tensor<1023xf32> {
  %s = ferric.silu %a : tensor<1023xf32>
  %r = ferric.mul %s, %b : tensor<1023xf32>
  return %r : tensor<1023xf32>
}

// CHECK-LABEL: // ----- swiglu_kernel.wgsl
// CHECK:       struct FerricLaunch {
// CHECK-NEXT:    grid: vec3<u32>,
// CHECK-NEXT:  }
// CHECK:       @group(0) @binding(0) var<storage, read> arg0: array<f32>;
// CHECK-NEXT:  @group(0) @binding(1) var<storage, read> arg1: array<f32>;
// CHECK-NEXT:  @group(0) @binding(2) var<storage, read_write> arg2: array<f32>;
// CHECK-NEXT:  @group(0) @binding(3) var<uniform> launch: FerricLaunch;
// CHECK:       @compute @workgroup_size(64, 1, 1)
// CHECK-NEXT:  fn swiglu_kernel(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
// CHECK-NEXT:    let bx = i32(wid.x + wid.z * nwg.x);
// CHECK-NEXT:    if (u32(bx) >= launch.grid.x) {
// CHECK-NEXT:      return;
// CHECK-NEXT:    }
// The +inf of the IEEE special cases has no literal: bits through a let.
// CHECK:         let [[INFBITS:v[0-9]+]] = 2139095040u;
// CHECK-NEXT:    let [[INF:v[0-9]+]] = bitcast<f32>([[INFBITS]]);
// CHECK:         let [[N:v[0-9]+]] = 1023i;
// CHECK:         for (var [[I:iv[0-9]+]]: i32 = {{v[0-9]+}}; [[I]] < [[N]]; [[I]] = [[I]] + {{v[0-9]+}}) {
// CHECK:           let [[A:v[0-9]+]] = arg0[{{v[0-9]+}}];
// CHECK:           let [[B:v[0-9]+]] = arg1[{{v[0-9]+}}];
// CHECK:           let [[NEG:v[0-9]+]] = (-[[A]]);
// CHECK-NEXT:      let {{v[0-9]+}} = exp([[NEG]]);
// CHECK:           let {{v[0-9]+}} = ({{v[0-9]+}} == [[INF]]);
// NaN tests read the bits (WGSL may assume no NaN in float compares).
// CHECK:           let {{v[0-9]+}} = (((bitcast<u32>([[NEG]]) & 0x7fffffffu) > 0x7f800000u) ||
// CHECK:           let [[OUT:v[0-9]+]] = ({{v[0-9]+}} * [[B]]);
// CHECK:           arg2[{{v[0-9]+}}] = [[OUT]];
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       // ----- manifest.json
// CHECK:         "kernels": [
// CHECK:             "access": "read",
// CHECK-NEXT:        "binding": 0,
// CHECK-NEXT:        "bytes": 4092,
// CHECK-NEXT:        "elements": 1023,
// CHECK-NEXT:        "packed_bits": 0,
// CHECK-NEXT:        "type": "f32"
// CHECK:             "access": "read_write",
// CHECK-NEXT:        "binding": 2,
// CHECK:           "fold_grid_x_into_z": true,
// CHECK:           "uniform": {
// CHECK-NEXT:        "binding": 3,
// CHECK:         "launches": {
// CHECK-NEXT:      "swiglu": [
// CHECK:               "input": 0
// CHECK:               "input": 1
// CHECK:               "output": 0
// CHECK:             "grid": [
// CHECK-NEXT:          16,
