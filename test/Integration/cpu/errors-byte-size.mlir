// A tensor whose size in bytes does not fit in 64 bits is one error before
// anything is allocated (issue 42): 2^62 f32 elements are 2^64 bytes, which
// the lowered code's size computation wrapped to 0, so the kernel wrote
// past a 64-byte buffer (heap corruption), static or dynamic, fused or not.
// The same through the C API and Python: unittests/CAPI/
// FerricCAPIHardeningTest.cpp, python/tests/test_hardening.py.

// RUN: not ferric-run %s --entry=static_huge --input=full=1:f32 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not ferric-run %s --entry=static_huge --input=full=1:f32 --no-fuse 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: ferric-run: a result of 'ferric.broadcast' at line 23 has type tensor<4611686018427387904xf32>, whose size in bytes does not fit in 64 bits

// RUN: not ferric-run %s --entry=dynamic_huge --input=full=1:f32 --input=rand:1xf32 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not ferric-run %s --entry=dynamic_huge --input=full=1:f32 --input=rand:1xf32 --no-fuse 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not ferric-run %s --entry=dynamic_huge --input=full=1:f32 --input=rand:1xf32 --check 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: ferric-run: 'ferric.broadcast' at line 33 gives a 4611686018427387904 tensor of f32 for these inputs, whose size in bytes does not fit in 64 bits
// DYNAMIC-NOT: result

// The same program with x empty runs.
// RUN: ferric-run %s --entry=dynamic_huge --input=full=1:f32 --input=rand:0xf32 --print | FileCheck %s --check-prefix=EMPTY
// EMPTY: result 0: array([], shape=(0,), dtype=f32)

func.func @static_huge(%a: tensor<f32>) -> tensor<4611686018427387904xf32> {
  %b = ferric.broadcast %a dims [0] : tensor<f32> -> tensor<4611686018427387904xf32>
  %e = ferric.exp %b : tensor<4611686018427387904xf32>
  return %e : tensor<4611686018427387904xf32>
}

func.func private @dynamic_huge(%a: tensor<f32>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %big = arith.constant 4611686018427387904 : index
  %m = arith.muli %n, %big : index
  %b = ferric.broadcast %a dims [0] sizes(%m) : tensor<f32> -> tensor<?xf32>
  %e = ferric.exp %b : tensor<?xf32>
  return %e : tensor<?xf32>
}
