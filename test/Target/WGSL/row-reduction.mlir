// A row softmax: the reductions run as workgroup-memory trees with
// workgroupBarrier() in uniform control flow.
// RUN: ferric-opt --ferric-lower-to-wgsl=kernels-only=true %s | ferric-translate --mlir-to-wgsl | FileCheck %s

func.func @softmax(%x: tensor<37x1000xf32>) -> tensor<37x1000xf32> {
  %mx = ferric.reduce max %x dims [1] : tensor<37x1000xf32> -> tensor<37xf32>
  %mxb = ferric.broadcast %mx dims [1] : tensor<37xf32> -> tensor<37x1000xf32>
  %d = ferric.sub %x, %mxb : tensor<37x1000xf32>
  %e = ferric.exp %d : tensor<37x1000xf32>
  %s = ferric.reduce sum %e dims [1] : tensor<37x1000xf32> -> tensor<37xf32>
  %sb = ferric.broadcast %s dims [1] : tensor<37xf32> -> tensor<37x1000xf32>
  %r = ferric.div %e, %sb : tensor<37x1000xf32>
  return %r : tensor<37x1000xf32>
}

// The row max: a block per row (the loop over rows steps by the grid from
// the uniform), each thread's partial max in a workgroup array, then a tree
// with a workgroupBarrier() between levels, outside any branch on the
// thread id (Tint's uniformity analysis).
// CHECK-LABEL: // ----- softmax_kernel.wgsl
// CHECK:       @group(0) @binding(0) var<storage, read> arg0: array<f32>;
// CHECK-NEXT:  @group(0) @binding(1) var<storage, read_write> arg1: array<f32>;
// CHECK-NEXT:  @group(0) @binding(2) var<uniform> launch: FerricLaunch;
// CHECK-NEXT:  var<workgroup> [[WG:wg[0-9]+]]: array<f32, 64>;
// CHECK:         let [[GRID:v[0-9]+]] = i32(launch.grid.x);
// CHECK:         for (var [[ROW:iv[0-9]+]]: i32 = {{v[0-9]+}}; [[ROW]] < {{v[0-9]+}}; [[ROW]] = [[ROW]] + [[GRID]]) {
// CHECK:             for (var [[COL:iv[0-9]+]]: i32 = {{v[0-9]+}}; [[COL]] < {{v[0-9]+}}; [[COL]] = [[COL]] + {{v[0-9]+}}) {
// CHECK-NEXT:          let [[IDX:v[0-9]+]] = [[ROW]] * 1000 + [[COL]];
// CHECK-NEXT:          let {{v[0-9]+}} = arg0[[[IDX]]];
// CHECK:           [[WG]][{{v[0-9]+}}] = {{a[0-9]+}};
// CHECK-NEXT:      workgroupBarrier();
// CHECK-NEXT:      let [[HALF:v[0-9]+]] = (bitcast<u32>({{v[0-9]+}}) < bitcast<u32>({{v[0-9]+}}));
// CHECK-NEXT:      if ([[HALF]]) {
// CHECK:             let {{v[0-9]+}} = [[WG]][{{v[0-9]+}}];
// CHECK:             [[WG]][{{v[0-9]+}}] = {{v[0-9]+}};
// CHECK-NEXT:      }
// CHECK-NEXT:      workgroupBarrier();
// CHECK-LABEL: // ----- softmax_kernel_0.wgsl
// CHECK:       var<workgroup> {{wg[0-9]+}}: array<f32, 64>;
// CHECK:       workgroupBarrier();
// CHECK-LABEL: // ----- manifest.json
