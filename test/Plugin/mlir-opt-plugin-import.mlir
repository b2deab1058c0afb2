// REQUIRES: plugin
// Upstream mlir-opt imports TOSA into Ferric through the plugin. With
// --load-pass-plugin the passes are run through --pass-pipeline (mlir-opt
// builds its per-pass flags before it loads plugins); preloaded, the plugin
// registers them before mlir-opt's main runs and the flags exist.
//
// RUN: mlir-opt %s --load-pass-plugin=%ferric_lib/FerricPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(ferric-import-tosa,func.func(ferric-fuse))" \
// RUN:   | FileCheck %s
// RUN: env LD_PRELOAD=%ferric_lib/FerricPlugin%shlibext mlir-opt %s \
// RUN:   --ferric-import-tosa --ferric-fuse | FileCheck %s
// RUN: env LD_PRELOAD=%ferric_lib/FerricPlugin%shlibext mlir-opt --help \
// RUN:   | FileCheck %s --check-prefix=HELP

// CHECK-LABEL: func.func @softmax
//       CHECK:   ferric.reduce max
//       CHECK:   ferric.fused
//       CHECK:   ferric.reduce sum
//       CHECK:   ferric.fused
//   CHECK-NOT:   linalg.
//   CHECK-NOT:   tosa.
func.func @softmax(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<8x128xf32>) -> tensor<8x1xf32>
  %d = tosa.sub %x, %m : (tensor<8x128xf32>, tensor<8x1xf32>) -> tensor<8x128xf32>
  %e = tosa.exp %d : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %s = tosa.reduce_sum %e {axis = 1 : i32} : (tensor<8x128xf32>) -> tensor<8x1xf32>
  %r = tosa.reciprocal %s : (tensor<8x1xf32>) -> tensor<8x1xf32>
  %y = tosa.mul %e, %r, %shift : (tensor<8x128xf32>, tensor<8x1xf32>, tensor<1xi8>) -> tensor<8x128xf32>
  return %y : tensor<8x128xf32>
}

// HELP-DAG: --ferric-import-tosa
// HELP-DAG: --ferric-import-linalg
// HELP-DAG: --ferric-raise-linalg
// HELP-DAG: --ferric-fuse
