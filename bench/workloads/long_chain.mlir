// A 20-op elementwise chain over three inputs.
func.func @main(%a: tensor<?xT>, %b: tensor<?xT>, %c: tensor<?xT>) -> tensor<?xT> {
  %k = arith.constant 0.5 : T
  %0 = ferric.mul %a, %b : tensor<?xT>
  %1 = ferric.add %0, %c : tensor<?xT>
  %2 = ferric.tanh %1 : tensor<?xT>
  %3 = ferric.mul %2, %k : tensor<?xT>, T
  %4 = ferric.sub %3, %a : tensor<?xT>
  %5 = ferric.abs %4 : tensor<?xT>
  %6 = ferric.add %5, %b : tensor<?xT>
  %7 = ferric.sigmoid %6 : tensor<?xT>
  %8 = ferric.mul %7, %c : tensor<?xT>
  %9 = ferric.max %8, %a : tensor<?xT>
  %10 = ferric.min %9, %b : tensor<?xT>
  %11 = ferric.neg %10 : tensor<?xT>
  %12 = ferric.exp %11 : tensor<?xT>
  %13 = ferric.add %12, %k : tensor<?xT>, T
  %14 = ferric.div %c, %13 : tensor<?xT>
  %15 = ferric.relu %14 : tensor<?xT>
  %16 = ferric.mul %15, %15 : tensor<?xT>
  %17 = ferric.add %16, %a : tensor<?xT>
  %18 = ferric.silu %17 : tensor<?xT>
  %19 = ferric.mul %18, %b : tensor<?xT>
  return %19 : tensor<?xT>
}
