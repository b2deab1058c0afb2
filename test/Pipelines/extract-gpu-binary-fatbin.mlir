// REQUIRES: ptxas
// The default format (fatbin) prints the object as an unkeyed string
// (`#gpu.object<#nvvm.target<...>, properties = {...}, "...">`, no `bin =`);
// the script takes the one top-level string of the object.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-nvvm -o %t/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/out.mlir --out-dir %t
// RUN: od -A n -t x1 -N 4 %t/swiglu_kernel.bin | FileCheck %s

// The fatbin magic 0xBA55ED50, little endian.
// CHECK: 50 ed 55 ba
func.func @swiglu(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
