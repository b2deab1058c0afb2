// RUN: ferric-opt %s --ferric-specialize-shapes="shapes=8x1024,1024,*,scalar" | FileCheck %s
// RUN: not ferric-opt %s --ferric-specialize-shapes="shapes=8x1024" 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not ferric-opt %s --ferric-specialize-shapes="shapes=8x1024x2,1024,*,scalar" 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not ferric-opt %s --ferric-specialize-shapes="shapes=8x512,512,*,scalar" 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not ferric-opt %s --ferric-specialize-shapes="shapes=8by1024,1024,*,scalar" 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not ferric-opt %s --ferric-specialize-shapes="entry=nope shapes=1" 2>&1 | FileCheck %s --check-prefix=ENTRY
// Two public functions: entry= must say which.
// RUN: not ferric-opt %ferric_src/examples/bias_residual_act.mlir --ferric-specialize-shapes="shapes=1" 2>&1 | FileCheck %s --check-prefix=AMBIG

// The entry's dynamic tensor arguments take the given static shapes; the
// body sees the declared types through tensor.cast. `*` keeps an argument,
// `scalar` leaves a scalar alone. A static dim must match.
// CHECK-LABEL: func.func @f
//  CHECK-SAME:   (%[[X:.*]]: tensor<8x1024xf32>, %[[R:.*]]: tensor<1024xf32>, %[[Y:.*]]: tensor<?xf32>, %[[S:.*]]: f32)
//  CHECK-SAME:   -> tensor<?x1024xf32>
//   CHECK-DAG:   tensor.cast %[[X]] : tensor<8x1024xf32> to tensor<?x1024xf32>
//   CHECK-DAG:   tensor.cast %[[R]] : tensor<1024xf32> to tensor<?xf32>
//       CHECK:   ferric.add
// The private helper is not the entry.
// CHECK-LABEL: func.func private @helper(%{{.*}}: tensor<?xf32>)

// COUNT: error: ferric-specialize-shapes: 1 shapes for 4 arguments of @f
// RANK: error: ferric-specialize-shapes: argument 0 of @f is 'tensor<?x1024xf32>', which cannot take the shape '8x1024x2'
// STATIC: error: ferric-specialize-shapes: argument 0 of @f is 'tensor<?x1024xf32>', which cannot take the shape '8x512'
// SYNTAX: error: ferric-specialize-shapes: shape '8by1024' for argument 0 is not dims joined by 'x', 'scalar' or '*'
// ENTRY: error: ferric-specialize-shapes: no function @nope with a body
// AMBIG: error: ferric-specialize-shapes: the module has 2 public functions with a body; name one with entry=
func.func @f(%x: tensor<?x1024xf32>, %r: tensor<?xf32>, %y: tensor<?xf32>, %s: f32) -> tensor<?x1024xf32> {
  %0 = ferric.add %x, %x : tensor<?x1024xf32>
  return %0 : tensor<?x1024xf32>
}
func.func private @helper(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

