// The launch manifest lists the host's buffer copies in order with the
// kernel launches. Here the row maxima of 3-element rows accumulate into
// their results, and the two share one -inf fill: a kernel fills the second
// result, the host copies it into the first, then each reduction runs. A
// runner that replayed only the launches reduced the first into zeros
// (wrong max and min at 1023x3, right sums: found on webgpu).

// RUN: ferric-opt --ferric-lower-to-wgsl=kernels-only=true %s | ferric-translate --mlir-to-wgsl | FileCheck %s

func.func @two_maxima(%x: tensor<1023x3xf32>) -> (tensor<1023xf32>, tensor<1023xf32>) {
  %two = arith.constant 2.0 : f32
  %x2 = ferric.mul %x, %two : tensor<1023x3xf32>, f32
  %a = ferric.reduce max %x2 dims [1] : tensor<1023x3xf32> -> tensor<1023xf32>
  %b = ferric.reduce max %x dims [1] : tensor<1023x3xf32> -> tensor<1023xf32>
  return %a, %b : tensor<1023xf32>, tensor<1023xf32>
}

// CHECK-LABEL: "launches": {
// CHECK-NEXT:    "two_maxima": [
// The fill.
// CHECK:             "output": 1
// CHECK:           "kernel": "two_maxima_kernel"
// CHECK-NEXT:    },
// CHECK-NEXT:    {
// CHECK-NEXT:      "bytes": 4092,
// CHECK-NEXT:      "copy": {
// CHECK-NEXT:        "from": {
// CHECK-NEXT:          "elements": 1023,
// CHECK-NEXT:          "output": 1
// CHECK-NEXT:        },
// CHECK-NEXT:        "to": {
// CHECK-NEXT:          "elements": 1023,
// CHECK-NEXT:          "output": 0
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    },
// The reductions, after the copy.
// CHECK:             "output": 0
// CHECK:           "kernel": "two_maxima_kernel_0"
// CHECK:             "output": 1
// CHECK:           "kernel": "two_maxima_kernel_1"
