// A row vector and a scalar broadcast into a 2-D elementwise kernel: the
// broadcasts are index arithmetic in the one kernel, not buffers.
// RUN: ferric-opt --ferric-lower-to-wgsl=kernels-only=true %s | ferric-translate --mlir-to-wgsl | FileCheck %s

func.func @bias_scale(%x: tensor<37x65xf32>, %row: tensor<65xf32>, %s: tensor<f32>) -> tensor<37x65xf32> {
  %rb = ferric.broadcast %row dims [0] : tensor<65xf32> -> tensor<37x65xf32>
  %sb = ferric.broadcast %s dims [0, 1] : tensor<f32> -> tensor<37x65xf32>
  %t = ferric.add %x, %rb : tensor<37x65xf32>
  %r = ferric.mul %t, %sb : tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}

// CHECK-LABEL: // ----- bias_scale_kernel.wgsl
// CHECK:       @group(0) @binding(0) var<storage, read> arg0: array<f32>;
// CHECK-NEXT:  @group(0) @binding(1) var<storage, read> arg1: array<f32>;
// CHECK-NEXT:  @group(0) @binding(2) var<storage, read> arg2: array<f32>;
// CHECK-NEXT:  @group(0) @binding(3) var<storage, read_write> arg3: array<f32>;
// CHECK-NEXT:  @group(0) @binding(4) var<uniform> launch: FerricLaunch;
// CHECK:       fn bias_scale_kernel(
// The row vector is read at the column index, the scalar at 0, x and the
// result at row * 65 + column: the broadcasts are indexing, not buffers.
// CHECK:           let [[BIAS:v[0-9]+]] = arg0[[[COL:v[0-9]+]]];
// CHECK:           let [[ZERO:v[0-9]+]] = 0;
// CHECK-NEXT:      let [[S:v[0-9]+]] = arg1[[[ZERO]]];
// CHECK-NEXT:      let [[XI:v[0-9]+]] = {{v[0-9]+}} * 65 + [[COL2:v[0-9]+]];
// CHECK-NEXT:      let [[X:v[0-9]+]] = arg2[[[XI]]];
// CHECK-NEXT:      let [[T:v[0-9]+]] = ([[X]] + [[BIAS]]);
// CHECK-NEXT:      let [[R:v[0-9]+]] = ([[T]] * [[S]]);
// CHECK-NEXT:      let [[RI:v[0-9]+]] = {{v[0-9]+}} * 65 + {{v[0-9]+}};
// CHECK-NEXT:      arg3[[[RI]]] = [[R]];
// CHECK:       // ----- manifest.json
// CHECK:             "bytes": 260,
// CHECK:             "bytes": 4,
// CHECK:             "bytes": 9620,
