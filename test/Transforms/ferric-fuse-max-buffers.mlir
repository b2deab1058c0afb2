// RUN: ferric-opt %s --split-input-file --ferric-fuse="max-buffers=4 report=-" \
// RUN:   | FileCheck %s --check-prefix=B4
// RUN: ferric-opt %s --split-input-file --ferric-fuse="max-buffers=5 report=-" \
// RUN:   | FileCheck %s --check-prefix=B5
// RUN: ferric-opt %s --split-input-file --ferric-fuse="report=-" \
// RUN:   | FileCheck %s --check-prefix=DEFAULT

// max-buffers bounds inputs plus results of a fused op (each is a buffer
// binding of its kernel, which Vulkan limits per stage). Results count the
// values used outside the group, so multi-output groups are bounded too.

// A chain: with 4, sub+mul take %0, c, d and write one result; add would
// bring a fourth input.
// B4-LABEL: ferric-fuse report for @chain
//       B4:   group 0 at 'ferric.sub' {{.*}}: 2 ops, 3 inputs: mul sub
//       B4:   'ferric.add' {{.*}} -> 'ferric.mul' {{.*}}: limit: max-buffers=4 would be exceeded (the group would bind 4 inputs and 1 result)
// B5-LABEL: ferric-fuse report for @chain
//       B5:   group 0 at 'ferric.sub' {{.*}}: 3 ops, 4 inputs: add mul sub
//   B5-NOT:   limit
func.func @chain(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.add %a, %b : tensor<8xf32>
  %1 = ferric.mul %0, %c : tensor<8xf32>
  %2 = ferric.sub %1, %d : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// Multi-output: %0 and %1 are also returned. Unbounded, one kernel reads
// a, b, c and writes three results (6 buffers). With 5, the add stays out
// (joining would make 3 inputs and 3 results); with 4, only sub+exp fuse
// (they read %1 and a and write %3; mul would make 3 inputs, 2 results).
// DEFAULT-LABEL: ferric-fuse report for @multi
//       DEFAULT:   group 0 at 'ferric.exp' {{.*}}: 4 ops, 3 inputs: add mul sub exp
// B5-LABEL: ferric-fuse report for @multi
//       B5:   group 0 at 'ferric.exp' {{.*}}: 3 ops, 3 inputs: mul sub exp
//       B5:   'ferric.add' {{.*}} -> 'ferric.mul' {{.*}}: limit: max-buffers=5 would be exceeded (the group would bind 3 inputs and 3 results)
// B5-LABEL: func.func @multi
//       B5:   %[[ADD:.*]] = ferric.add
//       B5:   %[[F:.*]]:2 = ferric.fused ins(%[[ADD]], {{.*}}) -> tensor<8xf32>, tensor<8xf32>
//       B5:   return %[[ADD]], %[[F]]#0, %[[F]]#1
// B4-LABEL: ferric-fuse report for @multi
//       B4:   group 0 at 'ferric.exp' {{.*}}: 2 ops, 2 inputs: sub exp
//       B4:   'ferric.mul' {{.*}} -> 'ferric.sub' {{.*}}: limit: max-buffers=4 would be exceeded (the group would bind 3 inputs and 2 results)
func.func @multi(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = ferric.add %a, %b : tensor<8xf32>
  %1 = ferric.mul %0, %c : tensor<8xf32>
  %2 = ferric.sub %1, %a : tensor<8xf32>
  %3 = ferric.exp %2 : tensor<8xf32>
  return %0, %1, %3 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
