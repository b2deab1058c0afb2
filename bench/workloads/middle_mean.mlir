// Mean over the middle dim of [batch, 512, 1024] (sequence pooling;
// issue 41: bf16 at 82-88% of copy bandwidth): not the innermost dim, so
// not a row group. Target: two kernels at most.
func.func @main(%x: tensor<?x512x1024xT>) -> tensor<?x1024xT> {
  %r = ferric.reduce mean %x dims [1] : tensor<?x512x1024xT> -> tensor<?x1024xT>
  return %r : tensor<?x1024xT>
}
