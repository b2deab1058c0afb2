"""Prints an elementwise chain of N ferric ops (add, mul, sub, max of the
previous value and %b) over tensor<1000xf32>: python3 gen_chain.py N."""
import sys

n = int(sys.argv[1])
ops = ["add", "mul", "sub", "max"]
print("func.func @chain(%a: tensor<1000xf32>, %b: tensor<1000xf32>) "
      "-> tensor<1000xf32> {")
for i in range(n):
    prev = "%a" if i == 0 else "%%v%d" % (i - 1)
    print("  %%v%d = ferric.%s %s, %%b : tensor<1000xf32>" % (i, ops[i % 4],
                                                              prev))
print("  return %%v%d : tensor<1000xf32>" % (n - 1))
print("}")
