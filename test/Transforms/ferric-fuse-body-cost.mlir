// RUN: ferric-opt %s --ferric-fuse="max-body-cost=30 report=-" | FileCheck %s --check-prefix=COST30
// RUN: ferric-opt %s --ferric-fuse="report=-" | FileCheck %s --check-prefix=DEFAULT
// RUN: ferric-opt %s --ferric-fuse="max-body-cost=0 report=-" | FileCheck %s --check-prefix=DEFAULT

// max-body-cost bounds the summed scalar cost of one kernel's body (exp
// costs 12, add 1): three exps and an add (37) do not fit in 30, so the
// group grown from the last op stops after add and two exps (25) and the
// first exp is a kernel of its own. The report (and the remarks) name the
// limit. The default, 1024, and 0 (no limit) fuse all four ops.

// COST30-LABEL: ferric-fuse report for @exps
//  COST30-NEXT:   groups formed: 1
//  COST30-NEXT:   ops fused: 3
//  COST30-NEXT:   kernel launches: 4 -> 2
//       COST30:   group 0 at 'ferric.add' (line {{[0-9]+}}): 3 ops, 2 inputs: exp exp add
//  COST30-NEXT:   unfused edges:
//  COST30-NEXT:     'ferric.exp' (line {{[0-9]+}}) -> 'ferric.exp' (line {{[0-9]+}}): limit: max-body-cost=30 would be exceeded (the body would cost 37, about instructions per element)
// COST30-LABEL: func.func @exps
//       COST30:   %[[E:.*]] = ferric.exp %{{.*}} : tensor<8xf32>
//       COST30:   ferric.fused ins(%[[E]], %{{.*}} : tensor<8xf32>, tensor<8xf32>)
//       COST30:     math.exp
//       COST30:     math.exp
//   COST30-NOT:     math.exp
//       COST30:     arith.addf

// DEFAULT-LABEL: ferric-fuse report for @exps
//  DEFAULT-NEXT:   groups formed: 1
//  DEFAULT-NEXT:   ops fused: 4
//  DEFAULT-NEXT:   kernel launches: 4 -> 1
func.func @exps(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.exp %a : tensor<8xf32>
  %1 = ferric.exp %0 : tensor<8xf32>
  %2 = ferric.exp %1 : tensor<8xf32>
  %3 = ferric.add %2, %b : tensor<8xf32>
  return %3 : tensor<8xf32>
}
