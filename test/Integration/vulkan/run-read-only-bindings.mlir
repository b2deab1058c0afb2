// A kernel's read-only buffers are never copied back to the host (issue 42):
// pow's expansion calls GLSL.std.450 Floor (instruction number 8), and the
// runtime's SPIR-V reflection once read that literal as an id, marked the
// constant exponent's buffer (id 8) written and copied the device buffer
// back into the constant's read-only global: a segfault. An input marked
// the same way would have its caller's memory overwritten
// (python/tests/test_read_only_inputs.py runs that on read-only pages).
// The reflection itself: unittests/Runtime/SpirvReflectionTest.cpp.

// RUN: ferric-run %s --target=vulkan --entry=pow_f32 --input=full=0.5:f32 --print | FileCheck %s --check-prefix=F32
// RUN: ferric-run %s --target=vulkan --entry=pow_f32 --input=full=0.5:f32 --no-fuse --print | FileCheck %s --check-prefix=F32
// RUN: ferric-run %s --target=vulkan --entry=pow_f16 --input=full=0.5:f16 --print | FileCheck %s --check-prefix=F16
// RUN: ferric-run %s --target=vulkan --entry=pow_rows --input=full=0.5:3x4xf32 --check | FileCheck %s --check-prefix=CHECK --implicit-check-not=FAILED
// F32: result 0: array(0.25, shape=(), dtype=f32)
// F16: result 0: array(0.25, shape=(), dtype=f16)
// CHECK: check: result 0: {{.*}}: ok

func.func @pow_f32(%a0: tensor<f32>) -> tensor<f32> {
  %c = arith.constant dense<2.0> : tensor<f32>
  %r = ferric.pow %a0, %c : tensor<f32>
  return %r : tensor<f32>
}

func.func @pow_f16(%a0: tensor<f16>) -> tensor<f16> {
  %c = arith.constant dense<2.0> : tensor<f16>
  %r = ferric.pow %a0, %c : tensor<f16>
  return %r : tensor<f16>
}

// A constant table broadcast over rows, read by every element.
func.func @pow_rows(%a0: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 0.5]> : tensor<4xf32>
  %b = ferric.broadcast %c dims [0] : tensor<4xf32> -> tensor<3x4xf32>
  %r = ferric.pow %a0, %b : tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
