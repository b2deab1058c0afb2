// RUN: ferric-opt %s --ferric-launch-bool-buffers-as-bytes | FileCheck %s

// ferric-launch-bool-buffers-as-bytes alone: an i1 memref operand of a
// gpu.launch_func (into a serialized kernel) is passed as the i8 memref of
// the same shape; other operands and the host's own uses are unchanged.

// CHECK-LABEL: func.func @launch
//  CHECK-SAME:   (%[[F:.*]]: memref<8xf32>, %[[B:.*]]: memref<8xi1>)
//       CHECK:   %[[BYTES:.*]] = builtin.unrealized_conversion_cast %[[B]] : memref<8xi1> to memref<8xi8>
//       CHECK:   gpu.launch_func @k::@k {{.*}} args(%[[F]] : memref<8xf32>, %[[BYTES]] : memref<8xi8>)
//       CHECK:   return %[[B]] : memref<8xi1>
module attributes {gpu.container_module} {
  func.func @launch(%f: memref<8xf32>, %b: memref<8xi1>) -> memref<8xi1> {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%f : memref<8xf32>, %b : memref<8xi1>)
    return %b : memref<8xi1>
  }
  gpu.binary @k [#gpu.object<#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, #spirv.resource_limits<>>, "">]
}
