// relu(a*b + c) * sigmoid(c) - a
func.func @main(%a: tensor<?xT>, %b: tensor<?xT>, %c: tensor<?xT>) -> tensor<?xT> {
  %0 = ferric.mul %a, %b : tensor<?xT>
  %1 = ferric.add %0, %c : tensor<?xT>
  %2 = ferric.relu %1 : tensor<?xT>
  %3 = ferric.sigmoid %c : tensor<?xT>
  %4 = ferric.mul %2, %3 : tensor<?xT>
  %5 = ferric.sub %4, %a : tensor<?xT>
  return %5 : tensor<?xT>
}
