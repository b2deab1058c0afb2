// A module that does not parse: line 5 uses an op that does not exist
// (test/Integration/cpu/errors.mlir expects the diagnostic at 5:8).

func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ferric.bogus %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}
