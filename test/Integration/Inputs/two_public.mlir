// Two public functions: ferric-run needs --entry to pick one
// (test/Integration/cpu/errors.mlir).

func.func @first(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ferric.neg %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @second(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ferric.exp %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}
