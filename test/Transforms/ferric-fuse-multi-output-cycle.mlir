// RUN: ferric-opt %s --ferric-fuse="report=-" | FileCheck %s

// A multi-output group must not close a cycle through another group: here
// abs(a) is computed by the group of `mul` (abs, neg, broadcast, mul), which
// also reads the reduction of exp(a). If exp and add (which reads abs(a))
// formed a group too, it would both feed the reduction and need the mul
// group's result: the fused ops could not be ordered ("operand #1 does not
// dominate this use"). The cycle check now sees paths through a group whose
// members lie on both sides of the candidate group.

// CHECK-LABEL: ferric-fuse report for @multi_output_cycle
//       CHECK:   'ferric.exp' (line {{[0-9]+}}) -> 'ferric.add' (line {{[0-9]+}}): cycle
// CHECK-LABEL: func.func @multi_output_cycle
//       CHECK:   %[[E:.*]] = ferric.exp %{{.*}} : tensor<4x8xf32>
//       CHECK:   %[[R:.*]] = ferric.reduce {{ *}}sum %[[E]]
//       CHECK:   %[[F:.*]]:2 = ferric.fused ins(%{{.*}}, %[[R]] :
//       CHECK:   ferric.add %[[E]], %[[F]]#0
//       CHECK:   return
func.func @multi_output_cycle(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) {
  %s = ferric.exp %a : tensor<4x8xf32>
  %b = ferric.abs %a : tensor<4x8xf32>
  %n = ferric.neg %b : tensor<4x8xf32>
  %e = ferric.add %s, %b : tensor<4x8xf32>
  %r = ferric.reduce sum %s dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %rb = ferric.broadcast %r dims [1] : tensor<4xf32> -> tensor<4x8xf32>
  %o = ferric.mul %n, %rb : tensor<4x8xf32>
  return %o, %e, %r : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>
}
