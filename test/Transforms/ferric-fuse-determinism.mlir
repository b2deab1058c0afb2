// ferric-fuse must print the same IR every time: nothing may depend on
// addresses (hash order) or on how the functions were spread over threads.
// RUN: ferric-opt %s --ferric-fuse > %t1 && ferric-opt %s --ferric-fuse > %t2 && diff %t1 %t2
// RUN: ferric-opt %s --ferric-fuse="recompute-cheap multi-output=false max-ops=3" > %t3
// RUN: ferric-opt %s --ferric-fuse="recompute-cheap multi-output=false max-ops=3" > %t4
// RUN: diff %t3 %t4
// The remarks and (without threading) the report are deterministic too.
// RUN: ferric-opt %s --ferric-fuse --remarks-filter=ferric-fuse \
// RUN:   --remark-format=emitRemark -o /dev/null 2> %t5
// RUN: ferric-opt %s --ferric-fuse --remarks-filter=ferric-fuse \
// RUN:   --remark-format=emitRemark -o /dev/null 2> %t6
// RUN: diff %t5 %t6
// RUN: ferric-opt %s --mlir-disable-threading --ferric-fuse="report=-" -o /dev/null > %t7
// RUN: ferric-opt %s --mlir-disable-threading --ferric-fuse="report=-" -o /dev/null > %t8
// RUN: diff %t7 %t8
// A larger module: 300 random functions from the property test's generator.
// RUN: %python %S/Inputs/random_dags.py --ferric-opt ferric-opt --count 300 \
// RUN:   --first-seed 900000 --generate-only --dump %t.random.mlir
// RUN: ferric-opt %t.random.mlir --ferric-fuse > %t9
// RUN: ferric-opt %t.random.mlir --ferric-fuse > %t10
// RUN: diff %t9 %t10
// RUN: FileCheck %s --input-file=%t1
// RUN: FileCheck %s --check-prefix=RANDOM --input-file=%t9

// The outputs are not trivial:
// CHECK-COUNT-6: ferric.fused
// RANDOM-COUNT-100: ferric.fused

func.func @diamond_and_fanout(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.neg %0 : tensor<8xf32>
  %2 = ferric.tanh %0 : tensor<8xf32>
  %3 = ferric.mul %1, %2 : tensor<8xf32>
  %4 = ferric.add %0, %b : tensor<8xf32>
  %5 = ferric.sqrt %4 : tensor<8xf32>
  return %3, %5 : tensor<8xf32>, tensor<8xf32>
}

func.func @broadcasts(%x: tensor<4x8xf32>, %col: tensor<4xf32>, %row: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c = ferric.broadcast %col dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %r = ferric.broadcast %row dims [0] : tensor<8xf32> -> tensor<4x8xf32>
  %0 = ferric.add %x, %c : tensor<4x8xf32>
  %1 = ferric.mul %0, %r : tensor<4x8xf32>
  %2 = ferric.relu %1 : tensor<4x8xf32>
  %s = ferric.reduce max %2 dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %sb = ferric.broadcast %s dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %3 = ferric.sub %2, %sb : tensor<4x8xf32>
  %4 = ferric.exp %3 : tensor<4x8xf32>
  %5 = ferric.mul %4, %r : tensor<4x8xf32>
  return %5, %0 : tensor<4x8xf32>, tensor<4x8xf32>
}

func.func @mixed(%x: tensor<8xf16>, %y: tensor<8xf32>, %s: f32) -> tensor<8xbf16> {
  %0 = ferric.cast %x : tensor<8xf16> to tensor<8xf32>
  %1 = ferric.add %0, %y : tensor<8xf32>
  %c = ferric.cmp gt, %1, %s : tensor<8xf32>, f32
  %2 = ferric.select %c, %1, %y : tensor<8xi1>, tensor<8xf32>
  %3 = ferric.silu %2 : tensor<8xf32>
  %4 = ferric.cast %3 : tensor<8xf32> to tensor<8xbf16>
  return %4 : tensor<8xbf16>
}

func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = ferric.sub %a, %b : tensor<?x?xf32>
  %1 = ferric.abs %0 : tensor<?x?xf32>
  %2 = ferric.sqrt %1 : tensor<?x?xf32>
  %3 = ferric.mul %2, %a : tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}
