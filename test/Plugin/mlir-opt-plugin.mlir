// REQUIRES: plugin
// The upstream mlir-opt (Debian's, linking libMLIR.so) loads Ferric as a
// plugin: the dialect parses and prints, and Ferric's passes and pipelines are
// registered. mlir-opt builds its pass flags (--ferric-fuse) before it loads
// plugins, so plugin passes are run through --pass-pipeline; --help lists them.
//
// RUN: mlir-opt %s --load-dialect-plugin=%ferric_lib/FerricPlugin%shlibext \
// RUN:   --load-pass-plugin=%ferric_lib/FerricPlugin%shlibext \
// RUN:   | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mlir-opt %s --load-dialect-plugin=%ferric_lib/FerricPlugin%shlibext \
// RUN:   --load-pass-plugin=%ferric_lib/FerricPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(func.func(ferric-fuse))" \
// RUN:   | FileCheck %s --check-prefix=FUSE
// The dialect plugin alone registers the passes too.
// RUN: mlir-opt %s --load-dialect-plugin=%ferric_lib/FerricPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(func.func(ferric-fuse))" \
// RUN:   | FileCheck %s --check-prefix=FUSE
// RUN: mlir-opt %s --load-dialect-plugin=%ferric_lib/FerricPlugin%shlibext \
// RUN:   --load-pass-plugin=%ferric_lib/FerricPlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(ferric-lower-to-cpu)" \
// RUN:   | FileCheck %s --check-prefix=CPU
// RUN: mlir-opt --load-pass-plugin=%ferric_lib/FerricPlugin%shlibext --help \
// RUN:   | FileCheck %s --check-prefix=HELP

// ROUNDTRIP-LABEL: func.func @swiglu
//  ROUNDTRIP-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>)
//       ROUNDTRIP:   %[[S:.*]] = ferric.silu %[[A]] : tensor<?xf32>
//       ROUNDTRIP:   %[[R:.*]] = ferric.mul %[[S]], %[[B]] : tensor<?xf32>
//       ROUNDTRIP:   return %[[R]]

// FUSE-LABEL: func.func @swiglu
//  FUSE-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>)
//       FUSE:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> {
//       FUSE:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//       FUSE:     math.exp
//       FUSE:     %[[M:.*]] = arith.mulf %{{.*}}, %[[Y]] : f32
//       FUSE:     ferric.yield %[[M]] : f32
//   FUSE-NOT:   ferric.silu
//   FUSE-NOT:   ferric.mul
//       FUSE:   return %[[F]]
func.func @swiglu(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}

// CPU-NOT: ferric.
//     CPU: llvm.func @swiglu
//     CPU: llvm.func @_mlir_ciface_swiglu

// HELP-DAG: --ferric-fuse
// HELP-DAG: --ferric-lower-to-cpu
// HELP-DAG: --ferric-lower-to-nvvm
// HELP-DAG: --ferric-lower-to-spirv
