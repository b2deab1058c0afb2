// RUN: ferric-opt %s | ferric-opt | FileCheck %s
// RUN: ferric-opt %s --mlir-print-op-generic | ferric-opt | FileCheck %s

// Round trip of every ferric op through the custom form, and through the
// generic form back to the custom form.

// Affine map aliases of @fused_maps, printed before the module.
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[TR:map[0-9]*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[SC:map[0-9]*]] = affine_map<(d0, d1) -> ()>

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unary_f32
//  CHECK-SAME: (%[[A:.*]]: tensor<4x?xf32>)
//       CHECK:   %[[NEG:.*]] = ferric.neg %[[A]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[ABS:.*]] = ferric.abs %[[NEG]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[EXP:.*]] = ferric.exp %[[ABS]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[LOG:.*]] = ferric.log %[[EXP]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[SQRT:.*]] = ferric.sqrt %[[LOG]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[RSQRT:.*]] = ferric.rsqrt %[[SQRT]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[TANH:.*]] = ferric.tanh %[[RSQRT]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[RELU:.*]] = ferric.relu %[[TANH]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[SIG:.*]] = ferric.sigmoid %[[RELU]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[SILU:.*]] = ferric.silu %[[SIG]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[GELU:.*]] = ferric.gelu %[[SILU]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[GELUX:.*]] = ferric.gelu %[[GELU]] exact : tensor<4x?xf32>
//  CHECK-NEXT:   return %[[GELUX]] : tensor<4x?xf32>
func.func @unary_f32(%a: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %0 = ferric.neg %a : tensor<4x?xf32>
  %1 = ferric.abs %0 : tensor<4x?xf32>
  %2 = ferric.exp %1 : tensor<4x?xf32>
  %3 = ferric.log %2 : tensor<4x?xf32>
  %4 = ferric.sqrt %3 : tensor<4x?xf32>
  %5 = ferric.rsqrt %4 : tensor<4x?xf32>
  %6 = ferric.tanh %5 : tensor<4x?xf32>
  %7 = ferric.relu %6 : tensor<4x?xf32>
  %8 = ferric.sigmoid %7 : tensor<4x?xf32>
  %9 = ferric.silu %8 : tensor<4x?xf32>
  %10 = ferric.gelu %9 : tensor<4x?xf32>
  %11 = ferric.gelu %10 exact : tensor<4x?xf32>
  return %11 : tensor<4x?xf32>
}

// The `exact` flag is a unit attribute: in attr-dict form it prints back as
// the keyword.
// CHECK-LABEL: func.func @gelu_exact_attr
//       CHECK:   ferric.gelu %{{.*}} exact : tensor<8xf32>
//   CHECK-NOT:   {exact}
func.func @gelu_exact_attr(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = ferric.gelu %a {exact} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @unary_f16
//  CHECK-SAME: (%[[A:.*]]: tensor<2x3xf16>)
//       CHECK:   %[[E:.*]] = ferric.exp %[[A]] : tensor<2x3xf16>
//  CHECK-NEXT:   %[[S:.*]] = ferric.silu %[[E]] : tensor<2x3xf16>
//  CHECK-NEXT:   %[[G:.*]] = ferric.gelu %[[S]] : tensor<2x3xf16>
//  CHECK-NEXT:   %[[N:.*]] = ferric.neg %[[G]] : tensor<2x3xf16>
//  CHECK-NEXT:   return %[[N]] : tensor<2x3xf16>
func.func @unary_f16(%a: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = ferric.exp %a : tensor<2x3xf16>
  %1 = ferric.silu %0 : tensor<2x3xf16>
  %2 = ferric.gelu %1 : tensor<2x3xf16>
  %3 = ferric.neg %2 : tensor<2x3xf16>
  return %3 : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @unary_bf16
//  CHECK-SAME: (%[[A:.*]]: tensor<?xbf16>)
//       CHECK:   %[[T:.*]] = ferric.tanh %[[A]] : tensor<?xbf16>
//  CHECK-NEXT:   %[[G:.*]] = ferric.gelu %[[T]] exact : tensor<?xbf16>
//  CHECK-NEXT:   %[[R:.*]] = ferric.rsqrt %[[G]] : tensor<?xbf16>
//  CHECK-NEXT:   return %[[R]] : tensor<?xbf16>
func.func @unary_bf16(%a: tensor<?xbf16>) -> tensor<?xbf16> {
  %0 = ferric.tanh %a : tensor<?xbf16>
  %1 = ferric.gelu %0 exact : tensor<?xbf16>
  %2 = ferric.rsqrt %1 : tensor<?xbf16>
  return %2 : tensor<?xbf16>
}

// Rank 0 is a ranked tensor too.
// CHECK-LABEL: func.func @unary_f64
//  CHECK-SAME: (%[[A:.*]]: tensor<f64>)
//       CHECK:   %[[L:.*]] = ferric.log %[[A]] : tensor<f64>
//  CHECK-NEXT:   %[[S:.*]] = ferric.sigmoid %[[L]] : tensor<f64>
//  CHECK-NEXT:   %[[R:.*]] = ferric.relu %[[S]] : tensor<f64>
//  CHECK-NEXT:   return %[[R]] : tensor<f64>
func.func @unary_f64(%a: tensor<f64>) -> tensor<f64> {
  %0 = ferric.log %a : tensor<f64>
  %1 = ferric.sigmoid %0 : tensor<f64>
  %2 = ferric.relu %1 : tensor<f64>
  return %2 : tensor<f64>
}

// The ops real models need (RoPE's sin/cos, GELU's erf, TOSA's reciprocal
// and clamp, torch's rounding).
// CHECK-LABEL: func.func @unary_more
//  CHECK-SAME: (%[[A:.*]]: tensor<4x?xf32>, %[[H:.*]]: tensor<3xf16>, %[[B:.*]]: tensor<3xbf16>, %[[D:.*]]: tensor<f64>)
//       CHECK:   %[[SIN:.*]] = ferric.sin %[[A]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[COS:.*]] = ferric.cos %[[SIN]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[ERF:.*]] = ferric.erf %[[COS]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[L1P:.*]] = ferric.log1p %[[ERF]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[EM1:.*]] = ferric.expm1 %[[L1P]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[FLO:.*]] = ferric.floor %[[EM1]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[CEI:.*]] = ferric.ceil %[[FLO]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[RND:.*]] = ferric.round %[[CEI]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[SGN:.*]] = ferric.sign %[[RND]] : tensor<4x?xf32>
//  CHECK-NEXT:   %[[REC:.*]] = ferric.reciprocal %[[SGN]] : tensor<4x?xf32>
//  CHECK-NEXT:   ferric.sin %[[H]] : tensor<3xf16>
//  CHECK-NEXT:   ferric.round %[[B]] : tensor<3xbf16>
//  CHECK-NEXT:   ferric.expm1 %[[D]] : tensor<f64>
func.func @unary_more(%a: tensor<4x?xf32>, %h: tensor<3xf16>, %b: tensor<3xbf16>,
                      %d: tensor<f64>)
    -> (tensor<4x?xf32>, tensor<3xf16>, tensor<3xbf16>, tensor<f64>) {
  %0 = ferric.sin %a : tensor<4x?xf32>
  %1 = ferric.cos %0 : tensor<4x?xf32>
  %2 = ferric.erf %1 : tensor<4x?xf32>
  %3 = ferric.log1p %2 : tensor<4x?xf32>
  %4 = ferric.expm1 %3 : tensor<4x?xf32>
  %5 = ferric.floor %4 : tensor<4x?xf32>
  %6 = ferric.ceil %5 : tensor<4x?xf32>
  %7 = ferric.round %6 : tensor<4x?xf32>
  %8 = ferric.sign %7 : tensor<4x?xf32>
  %9 = ferric.reciprocal %8 : tensor<4x?xf32>
  %10 = ferric.sin %h : tensor<3xf16>
  %11 = ferric.round %b : tensor<3xbf16>
  %12 = ferric.expm1 %d : tensor<f64>
  return %9, %10, %11, %12 : tensor<4x?xf32>, tensor<3xf16>, tensor<3xbf16>, tensor<f64>
}

// Bounds of one type with the input print one type; scalar bounds print
// all three.
// CHECK-LABEL: func.func @clamp
//  CHECK-SAME: (%[[X:.*]]: tensor<2x?xf32>, %[[LO:.*]]: tensor<2x?xf32>, %[[HI:.*]]: tensor<2x?xf32>, %[[S:.*]]: f32)
//       CHECK:   %[[C0:.*]] = ferric.clamp %[[X]], %[[LO]], %[[HI]] : tensor<2x?xf32>{{$}}
//  CHECK-NEXT:   %[[C1:.*]] = ferric.clamp %[[C0]], %[[S]], %[[S]] : tensor<2x?xf32>, f32, f32{{$}}
//  CHECK-NEXT:   %[[C2:.*]] = ferric.clamp %[[C1]], %[[LO]], %[[S]] : tensor<2x?xf32>, tensor<2x?xf32>, f32{{$}}
//  CHECK-NEXT:   %[[C3:.*]] = ferric.clamp %[[C2]], %[[S]], %[[HI]] : tensor<2x?xf32>, f32, tensor<2x?xf32>{{$}}
//  CHECK-NEXT:   return %[[C3]]
func.func @clamp(%x: tensor<2x?xf32>, %lo: tensor<2x?xf32>, %hi: tensor<2x?xf32>,
                 %s: f32) -> tensor<2x?xf32> {
  %0 = ferric.clamp %x, %lo, %hi : tensor<2x?xf32>
  %1 = ferric.clamp %0, %s, %s : tensor<2x?xf32>, f32, f32
  %2 = ferric.clamp %1, %lo, %s : tensor<2x?xf32>, tensor<2x?xf32>, f32
  %3 = ferric.clamp %2, %s, %hi : tensor<2x?xf32>, f32, tensor<2x?xf32>
  return %3 : tensor<2x?xf32>
}

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

// Two tensors of one type print a single type.
// CHECK-LABEL: func.func @binary_tensor_tensor
//  CHECK-SAME: (%[[A:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<?x8xf32>)
//       CHECK:   %[[ADD:.*]] = ferric.add %[[A]], %[[B]] : tensor<?x8xf32>{{$}}
//  CHECK-NEXT:   %[[SUB:.*]] = ferric.sub %[[ADD]], %[[B]] : tensor<?x8xf32>{{$}}
//  CHECK-NEXT:   %[[MUL:.*]] = ferric.mul %[[SUB]], %[[B]] : tensor<?x8xf32>{{$}}
//  CHECK-NEXT:   %[[DIV:.*]] = ferric.div %[[MUL]], %[[B]] : tensor<?x8xf32>{{$}}
//  CHECK-NEXT:   %[[MAX:.*]] = ferric.max %[[DIV]], %[[B]] : tensor<?x8xf32>{{$}}
//  CHECK-NEXT:   %[[MIN:.*]] = ferric.min %[[MAX]], %[[B]] : tensor<?x8xf32>{{$}}
//  CHECK-NEXT:   %[[POW:.*]] = ferric.pow %[[MIN]], %[[B]] : tensor<?x8xf32>{{$}}
//  CHECK-NEXT:   return %[[POW]] : tensor<?x8xf32>
func.func @binary_tensor_tensor(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = ferric.add %a, %b : tensor<?x8xf32>
  %1 = ferric.sub %0, %b : tensor<?x8xf32>
  %2 = ferric.mul %1, %b : tensor<?x8xf32>
  %3 = ferric.div %2, %b : tensor<?x8xf32>
  %4 = ferric.max %3, %b : tensor<?x8xf32>
  %5 = ferric.min %4, %b : tensor<?x8xf32>
  %6 = ferric.pow %5, %b : tensor<?x8xf32>
  return %6 : tensor<?x8xf32>
}

// Writing the same type twice prints it once.
// CHECK-LABEL: func.func @binary_same_types_spelled_twice
//       CHECK:   ferric.add %{{.*}}, %{{.*}} : tensor<4xf32>{{$}}
func.func @binary_same_types_spelled_twice(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = ferric.add %a, %b : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// A scalar operand on either side; the result takes the tensor's type.
// CHECK-LABEL: func.func @binary_tensor_scalar
//  CHECK-SAME: (%[[A:.*]]: tensor<2x?xf16>, %[[S:.*]]: f16)
//  CHECK-SAME: -> (tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>)
//       CHECK:   %[[ADD:.*]] = ferric.add %[[A]], %[[S]] : tensor<2x?xf16>, f16
//  CHECK-NEXT:   %[[SUB:.*]] = ferric.sub %[[S]], %[[A]] : f16, tensor<2x?xf16>
//  CHECK-NEXT:   %[[MUL:.*]] = ferric.mul %[[A]], %[[S]] : tensor<2x?xf16>, f16
//  CHECK-NEXT:   %[[DIV:.*]] = ferric.div %[[S]], %[[A]] : f16, tensor<2x?xf16>
//  CHECK-NEXT:   %[[MAX:.*]] = ferric.max %[[A]], %[[S]] : tensor<2x?xf16>, f16
//  CHECK-NEXT:   %[[MIN:.*]] = ferric.min %[[S]], %[[A]] : f16, tensor<2x?xf16>
//  CHECK-NEXT:   %[[POW:.*]] = ferric.pow %[[A]], %[[S]] : tensor<2x?xf16>, f16
//  CHECK-NEXT:   %[[POW2:.*]] = ferric.pow %[[S]], %[[A]] : f16, tensor<2x?xf16>
//  CHECK-NEXT:   return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[MAX]], %[[MIN]], %[[POW]], %[[POW2]]
func.func @binary_tensor_scalar(%a: tensor<2x?xf16>, %s: f16)
    -> (tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>,
        tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>) {
  %0 = ferric.add %a, %s : tensor<2x?xf16>, f16
  %1 = ferric.sub %s, %a : f16, tensor<2x?xf16>
  %2 = ferric.mul %a, %s : tensor<2x?xf16>, f16
  %3 = ferric.div %s, %a : f16, tensor<2x?xf16>
  %4 = ferric.max %a, %s : tensor<2x?xf16>, f16
  %5 = ferric.min %s, %a : f16, tensor<2x?xf16>
  %6 = ferric.pow %a, %s : tensor<2x?xf16>, f16
  %7 = ferric.pow %s, %a : f16, tensor<2x?xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>,
        tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>, tensor<2x?xf16>
}

// CHECK-LABEL: func.func @binary_bf16_f64
//  CHECK-SAME: (%[[A:.*]]: tensor<3xbf16>, %[[S:.*]]: bf16, %[[D:.*]]: tensor<?x?x?xf64>, %[[T:.*]]: f64)
//       CHECK:   %[[X:.*]] = ferric.mul %[[A]], %[[S]] : tensor<3xbf16>, bf16
//  CHECK-NEXT:   %[[Y:.*]] = ferric.sub %[[D]], %[[T]] : tensor<?x?x?xf64>, f64
//  CHECK-NEXT:   %[[Z:.*]] = ferric.div %[[Y]], %[[D]] : tensor<?x?x?xf64>{{$}}
//  CHECK-NEXT:   return %[[X]], %[[Z]] : tensor<3xbf16>, tensor<?x?x?xf64>
func.func @binary_bf16_f64(%a: tensor<3xbf16>, %s: bf16, %d: tensor<?x?x?xf64>, %t: f64)
    -> (tensor<3xbf16>, tensor<?x?x?xf64>) {
  %0 = ferric.mul %a, %s : tensor<3xbf16>, bf16
  %1 = ferric.sub %d, %t : tensor<?x?x?xf64>, f64
  %2 = ferric.div %1, %d : tensor<?x?x?xf64>
  return %0, %2 : tensor<3xbf16>, tensor<?x?x?xf64>
}

//===----------------------------------------------------------------------===//
// cmp and select
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @cmp
//  CHECK-SAME: (%[[A:.*]]: tensor<?x4xf32>, %[[B:.*]]: tensor<?x4xf32>, %[[S:.*]]: f32)
//       CHECK:   %[[LT:.*]] = ferric.cmp lt, %[[A]], %[[B]] : tensor<?x4xf32>{{$}}
//  CHECK-NEXT:   %[[LE:.*]] = ferric.cmp le, %[[A]], %[[B]] : tensor<?x4xf32>{{$}}
//  CHECK-NEXT:   %[[GT:.*]] = ferric.cmp gt, %[[A]], %[[B]] : tensor<?x4xf32>{{$}}
//  CHECK-NEXT:   %[[GE:.*]] = ferric.cmp ge, %[[A]], %[[B]] : tensor<?x4xf32>{{$}}
//  CHECK-NEXT:   %[[EQ:.*]] = ferric.cmp eq, %[[A]], %[[B]] : tensor<?x4xf32>{{$}}
//  CHECK-NEXT:   %[[NE:.*]] = ferric.cmp ne, %[[A]], %[[B]] : tensor<?x4xf32>{{$}}
//  CHECK-NEXT:   %[[TS:.*]] = ferric.cmp gt, %[[A]], %[[S]] : tensor<?x4xf32>, f32
//  CHECK-NEXT:   %[[ST:.*]] = ferric.cmp le, %[[S]], %[[B]] : f32, tensor<?x4xf32>
//  CHECK-NEXT:   return %[[LT]], %[[LE]], %[[GT]], %[[GE]], %[[EQ]], %[[NE]], %[[TS]], %[[ST]] : tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>
func.func @cmp(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %s: f32)
    -> (tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>,
        tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>) {
  %0 = ferric.cmp lt, %a, %b : tensor<?x4xf32>
  %1 = ferric.cmp le, %a, %b : tensor<?x4xf32>
  %2 = ferric.cmp gt, %a, %b : tensor<?x4xf32>
  %3 = ferric.cmp ge, %a, %b : tensor<?x4xf32>
  %4 = ferric.cmp eq, %a, %b : tensor<?x4xf32>
  %5 = ferric.cmp ne, %a, %b : tensor<?x4xf32>
  %6 = ferric.cmp gt, %a, %s : tensor<?x4xf32>, f32
  %7 = ferric.cmp le, %s, %b : f32, tensor<?x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>,
        tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>
}

// The predicate may also be written as a string.
// CHECK-LABEL: func.func @cmp_f16_quoted_predicate
//       CHECK:   ferric.cmp eq, %{{.*}}, %{{.*}} : tensor<8xf16>{{$}}
func.func @cmp_f16_quoted_predicate(%a: tensor<8xf16>, %b: tensor<8xf16>) -> tensor<8xi1> {
  %0 = ferric.cmp "eq", %a, %b : tensor<8xf16>
  return %0 : tensor<8xi1>
}

// CHECK-LABEL: func.func @select
//  CHECK-SAME: (%[[C:.*]]: tensor<?x4xi1>, %[[A:.*]]: tensor<?x4xf32>, %[[B:.*]]: tensor<?x4xf32>, %[[S:.*]]: f32, %[[T:.*]]: f32)
//       CHECK:   %[[TT:.*]] = ferric.select %[[C]], %[[A]], %[[B]] : tensor<?x4xi1>, tensor<?x4xf32>{{$}}
//  CHECK-NEXT:   %[[TS:.*]] = ferric.select %[[C]], %[[A]], %[[S]] : tensor<?x4xi1>, tensor<?x4xf32>, f32
//  CHECK-NEXT:   %[[ST:.*]] = ferric.select %[[C]], %[[S]], %[[B]] : tensor<?x4xi1>, f32, tensor<?x4xf32>
//  CHECK-NEXT:   %[[SS:.*]] = ferric.select %[[C]], %[[S]], %[[T]] : tensor<?x4xi1>, f32{{$}}
//  CHECK-NEXT:   return %[[TT]], %[[TS]], %[[ST]], %[[SS]] : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
func.func @select(%c: tensor<?x4xi1>, %a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %s: f32, %t: f32)
    -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = ferric.select %c, %a, %b : tensor<?x4xi1>, tensor<?x4xf32>
  %1 = ferric.select %c, %a, %s : tensor<?x4xi1>, tensor<?x4xf32>, f32
  %2 = ferric.select %c, %s, %b : tensor<?x4xi1>, f32, tensor<?x4xf32>
  %3 = ferric.select %c, %s, %t : tensor<?x4xi1>, f32
  return %0, %1, %2, %3 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// CHECK-LABEL: func.func @select_bf16
//       CHECK:   ferric.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x2xi1>, tensor<2x2xbf16>{{$}}
func.func @select_bf16(%c: tensor<2x2xi1>, %a: tensor<2x2xbf16>, %b: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %0 = ferric.select %c, %a, %b : tensor<2x2xi1>, tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

//===----------------------------------------------------------------------===//
// cast
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @cast
//  CHECK-SAME: (%[[A:.*]]: tensor<4x?xf32>, %[[M:.*]]: tensor<4x?xi1>, %[[D:.*]]: tensor<8xf64>)
//       CHECK:   %[[H:.*]] = ferric.cast %[[A]] : tensor<4x?xf32> to tensor<4x?xf16>
//  CHECK-NEXT:   %[[W:.*]] = ferric.cast %[[H]] : tensor<4x?xf16> to tensor<4x?xf64>
//  CHECK-NEXT:   %[[B:.*]] = ferric.cast %[[A]] : tensor<4x?xf32> to tensor<4x?xbf16>
//  CHECK-NEXT:   %[[BW:.*]] = ferric.cast %[[B]] : tensor<4x?xbf16> to tensor<4x?xf32>
//  CHECK-NEXT:   %[[I:.*]] = ferric.cast %[[M]] : tensor<4x?xi1> to tensor<4x?xf32>
//  CHECK-NEXT:   %[[I16:.*]] = ferric.cast %[[M]] : tensor<4x?xi1> to tensor<4x?xf16>
//  CHECK-NEXT:   %[[DN:.*]] = ferric.cast %[[D]] : tensor<8xf64> to tensor<8xf32>
//  CHECK-NEXT:   %[[HB:.*]] = ferric.cast %[[H]] : tensor<4x?xf16> to tensor<4x?xbf16>
//  CHECK-NEXT:   %[[SAME:.*]] = ferric.cast %[[A]] : tensor<4x?xf32> to tensor<4x?xf32>
//  CHECK-NEXT:   return %[[W]], %[[BW]], %[[I]], %[[I16]], %[[DN]], %[[HB]], %[[SAME]]
func.func @cast(%a: tensor<4x?xf32>, %m: tensor<4x?xi1>, %d: tensor<8xf64>)
    -> (tensor<4x?xf64>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf16>,
        tensor<8xf32>, tensor<4x?xbf16>, tensor<4x?xf32>) {
  %0 = ferric.cast %a : tensor<4x?xf32> to tensor<4x?xf16>
  %1 = ferric.cast %0 : tensor<4x?xf16> to tensor<4x?xf64>
  %2 = ferric.cast %a : tensor<4x?xf32> to tensor<4x?xbf16>
  %3 = ferric.cast %2 : tensor<4x?xbf16> to tensor<4x?xf32>
  %4 = ferric.cast %m : tensor<4x?xi1> to tensor<4x?xf32>
  %5 = ferric.cast %m : tensor<4x?xi1> to tensor<4x?xf16>
  %6 = ferric.cast %d : tensor<8xf64> to tensor<8xf32>
  %7 = ferric.cast %0 : tensor<4x?xf16> to tensor<4x?xbf16>
  %8 = ferric.cast %a : tensor<4x?xf32> to tensor<4x?xf32>
  return %1, %3, %4, %5, %6, %7, %8
      : tensor<4x?xf64>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf16>,
        tensor<8xf32>, tensor<4x?xbf16>, tensor<4x?xf32>
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @broadcast_static
//  CHECK-SAME: (%[[R:.*]]: tensor<64xf32>, %[[M:.*]]: tensor<4xi1>)
//       CHECK:   %[[A:.*]] = ferric.broadcast %[[R]] dims [0] : tensor<64xf32> -> tensor<32x64xf32>
//  CHECK-NEXT:   %[[B:.*]] = ferric.broadcast %[[R]] dims [1] : tensor<64xf32> -> tensor<64x3xf32>
//  CHECK-NEXT:   %[[C:.*]] = ferric.broadcast %[[R]] dims [0, 2] : tensor<64xf32> -> tensor<2x64x3xf32>
//  CHECK-NEXT:   %[[D:.*]] = ferric.broadcast %[[M]] dims [0] : tensor<4xi1> -> tensor<5x4xi1>
//  CHECK-NEXT:   return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @broadcast_static(%r: tensor<64xf32>, %m: tensor<4xi1>)
    -> (tensor<32x64xf32>, tensor<64x3xf32>, tensor<2x64x3xf32>, tensor<5x4xi1>) {
  %0 = ferric.broadcast %r dims [0] : tensor<64xf32> -> tensor<32x64xf32>
  %1 = ferric.broadcast %r dims [1] : tensor<64xf32> -> tensor<64x3xf32>
  %2 = ferric.broadcast %r dims [0, 2] : tensor<64xf32> -> tensor<2x64x3xf32>
  %3 = ferric.broadcast %m dims [0] : tensor<4xi1> -> tensor<5x4xi1>
  return %0, %1, %2, %3
      : tensor<32x64xf32>, tensor<64x3xf32>, tensor<2x64x3xf32>, tensor<5x4xi1>
}

// Dynamic added dims take `sizes`; dynamic input dims carry over and need
// none.
// CHECK-LABEL: func.func @broadcast_dynamic
//  CHECK-SAME: (%[[R:.*]]: tensor<64xf16>, %[[X:.*]]: tensor<?xbf16>, %[[S:.*]]: tensor<f64>, %[[N:.*]]: index, %[[K:.*]]: index)
//       CHECK:   %[[A:.*]] = ferric.broadcast %[[R]] dims [0] sizes(%[[N]]) : tensor<64xf16> -> tensor<?x64xf16>
//  CHECK-NEXT:   %[[B:.*]] = ferric.broadcast %[[R]] dims [0, 2] sizes(%[[N]], %[[K]]) : tensor<64xf16> -> tensor<?x64x?xf16>
//  CHECK-NEXT:   %[[C:.*]] = ferric.broadcast %[[R]] dims [0, 2] sizes(%[[K]]) : tensor<64xf16> -> tensor<2x64x?xf16>
//  CHECK-NEXT:   %[[D:.*]] = ferric.broadcast %[[X]] dims [1] : tensor<?xbf16> -> tensor<?x7xbf16>
//  CHECK-NEXT:   %[[E:.*]] = ferric.broadcast %[[S]] dims [0, 1] sizes(%[[N]]) : tensor<f64> -> tensor<3x?xf64>
//  CHECK-NEXT:   return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @broadcast_dynamic(%r: tensor<64xf16>, %x: tensor<?xbf16>, %s: tensor<f64>, %n: index, %k: index)
    -> (tensor<?x64xf16>, tensor<?x64x?xf16>, tensor<2x64x?xf16>, tensor<?x7xbf16>, tensor<3x?xf64>) {
  %0 = ferric.broadcast %r dims [0] sizes(%n) : tensor<64xf16> -> tensor<?x64xf16>
  %1 = ferric.broadcast %r dims [0, 2] sizes(%n, %k) : tensor<64xf16> -> tensor<?x64x?xf16>
  %2 = ferric.broadcast %r dims [0, 2] sizes(%k) : tensor<64xf16> -> tensor<2x64x?xf16>
  %3 = ferric.broadcast %x dims [1] : tensor<?xbf16> -> tensor<?x7xbf16>
  %4 = ferric.broadcast %s dims [0, 1] sizes(%n) : tensor<f64> -> tensor<3x?xf64>
  return %0, %1, %2, %3, %4
      : tensor<?x64xf16>, tensor<?x64x?xf16>, tensor<2x64x?xf16>, tensor<?x7xbf16>, tensor<3x?xf64>
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reduce
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
//       CHECK:   %[[A:.*]] = ferric.reduce sum %[[X]] dims [1] : tensor<4x8xf32> -> tensor<4xf32>
//  CHECK-NEXT:   %[[B:.*]] = ferric.reduce max %[[X]] dims [1] keepdim : tensor<4x8xf32> -> tensor<4x1xf32>
//  CHECK-NEXT:   %[[C:.*]] = ferric.reduce min %[[X]] dims [0] : tensor<4x8xf32> -> tensor<8xf32>
//  CHECK-NEXT:   %[[D:.*]] = ferric.reduce mean %[[X]] dims [0] keepdim : tensor<4x8xf32> -> tensor<1x8xf32>
//  CHECK-NEXT:   %[[E:.*]] = ferric.reduce sum %[[X]] dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
//  CHECK-NEXT:   %[[F:.*]] = ferric.reduce max %[[X]] dims [0, 1] keepdim : tensor<4x8xf32> -> tensor<1x1xf32>
//  CHECK-NEXT:   %[[G:.*]] = ferric.reduce min %[[X]] dims [1] keepdim : tensor<4x8xf32> -> tensor<4x1xf32>
//  CHECK-NEXT:   %[[H:.*]] = ferric.reduce mean %[[X]] dims [1] : tensor<4x8xf32> -> tensor<4xf32>
//  CHECK-NEXT:   return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]], %[[H]]
func.func @reduce(%x: tensor<4x8xf32>)
    -> (tensor<4xf32>, tensor<4x1xf32>, tensor<8xf32>, tensor<1x8xf32>,
        tensor<f32>, tensor<1x1xf32>, tensor<4x1xf32>, tensor<4xf32>) {
  %0 = ferric.reduce sum %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  %1 = ferric.reduce max %x dims [1] keepdim : tensor<4x8xf32> -> tensor<4x1xf32>
  %2 = ferric.reduce min %x dims [0] : tensor<4x8xf32> -> tensor<8xf32>
  %3 = ferric.reduce mean %x dims [0] keepdim : tensor<4x8xf32> -> tensor<1x8xf32>
  %4 = ferric.reduce sum %x dims [0, 1] : tensor<4x8xf32> -> tensor<f32>
  %5 = ferric.reduce max %x dims [0, 1] keepdim : tensor<4x8xf32> -> tensor<1x1xf32>
  %6 = ferric.reduce min %x dims [1] keepdim : tensor<4x8xf32> -> tensor<4x1xf32>
  %7 = ferric.reduce mean %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<4xf32>, tensor<4x1xf32>, tensor<8xf32>, tensor<1x8xf32>,
        tensor<f32>, tensor<1x1xf32>, tensor<4x1xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @reduce_dynamic
//  CHECK-SAME: (%[[X:.*]]: tensor<?x?x16xbf16>, %[[Y:.*]]: tensor<?x3xf16>, %[[Z:.*]]: tensor<2x?xf64>)
//       CHECK:   %[[A:.*]] = ferric.reduce sum %[[X]] dims [0, 2] : tensor<?x?x16xbf16> -> tensor<?xbf16>
//  CHECK-NEXT:   %[[B:.*]] = ferric.reduce mean %[[X]] dims [2] keepdim : tensor<?x?x16xbf16> -> tensor<?x?x1xbf16>
//  CHECK-NEXT:   %[[C:.*]] = ferric.reduce max %[[Y]] dims [0] : tensor<?x3xf16> -> tensor<3xf16>
//  CHECK-NEXT:   %[[D:.*]] = ferric.reduce min %[[Z]] dims [1] keepdim : tensor<2x?xf64> -> tensor<2x1xf64>
//  CHECK-NEXT:   return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @reduce_dynamic(%x: tensor<?x?x16xbf16>, %y: tensor<?x3xf16>, %z: tensor<2x?xf64>)
    -> (tensor<?xbf16>, tensor<?x?x1xbf16>, tensor<3xf16>, tensor<2x1xf64>) {
  %0 = ferric.reduce sum %x dims [0, 2] : tensor<?x?x16xbf16> -> tensor<?xbf16>
  %1 = ferric.reduce mean %x dims [2] keepdim : tensor<?x?x16xbf16> -> tensor<?x?x1xbf16>
  %2 = ferric.reduce max %y dims [0] : tensor<?x3xf16> -> tensor<3xf16>
  %3 = ferric.reduce min %z dims [1] keepdim : tensor<2x?xf64> -> tensor<2x1xf64>
  return %0, %1, %2, %3 : tensor<?xbf16>, tensor<?x?x1xbf16>, tensor<3xf16>, tensor<2x1xf64>
}

//===----------------------------------------------------------------------===//
// matmul
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @matmul
//  CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8x16xf32>, %[[C:.*]]: tensor<2x4x8xf16>, %[[D:.*]]: tensor<2x8x5xf16>)
//       CHECK:   %[[M:.*]] = ferric.matmul %[[A]], %[[B]] : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
//  CHECK-NEXT:   %[[BM:.*]] = ferric.matmul %[[C]], %[[D]] : tensor<2x4x8xf16>, tensor<2x8x5xf16> -> tensor<2x4x5xf16>
//  CHECK-NEXT:   return %[[M]], %[[BM]]
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<2x4x8xf16>, %d: tensor<2x8x5xf16>)
    -> (tensor<4x16xf32>, tensor<2x4x5xf16>) {
  %0 = ferric.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  %1 = ferric.matmul %c, %d : tensor<2x4x8xf16>, tensor<2x8x5xf16> -> tensor<2x4x5xf16>
  return %0, %1 : tensor<4x16xf32>, tensor<2x4x5xf16>
}

// Dynamic dims are compatible with anything, in the operands and the result.
// CHECK-LABEL: func.func @matmul_dynamic
//  CHECK-SAME: (%[[A:.*]]: tensor<?x?xbf16>, %[[B:.*]]: tensor<?x?xbf16>, %[[C:.*]]: tensor<?x4x?xf64>, %[[D:.*]]: tensor<3x?x5xf64>, %[[E:.*]]: tensor<4x8xf32>, %[[F:.*]]: tensor<8x16xf32>)
//       CHECK:   %[[M:.*]] = ferric.matmul %[[A]], %[[B]] : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
//  CHECK-NEXT:   %[[BM:.*]] = ferric.matmul %[[C]], %[[D]] : tensor<?x4x?xf64>, tensor<3x?x5xf64> -> tensor<?x4x5xf64>
//  CHECK-NEXT:   %[[DR:.*]] = ferric.matmul %[[E]], %[[F]] : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<?x16xf32>
//  CHECK-NEXT:   return %[[M]], %[[BM]], %[[DR]]
func.func @matmul_dynamic(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %c: tensor<?x4x?xf64>, %d: tensor<3x?x5xf64>,
                          %e: tensor<4x8xf32>, %f: tensor<8x16xf32>)
    -> (tensor<?x?xbf16>, tensor<?x4x5xf64>, tensor<?x16xf32>) {
  %0 = ferric.matmul %a, %b : tensor<?x?xbf16>, tensor<?x?xbf16> -> tensor<?x?xbf16>
  %1 = ferric.matmul %c, %d : tensor<?x4x?xf64>, tensor<3x?x5xf64> -> tensor<?x4x5xf64>
  %2 = ferric.matmul %e, %f : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<?x16xf32>
  return %0, %1, %2 : tensor<?x?xbf16>, tensor<?x4x5xf64>, tensor<?x16xf32>
}

// The transpose flags print as keywords after the operands.
// CHECK-LABEL: func.func @matmul_transposed
//  CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<16x8xf32>, %[[XT:.*]]: tensor<2x8x4xbf16>, %[[Y:.*]]: tensor<2x8x5xbf16>, %[[YT:.*]]: tensor<2x5x8xbf16>)
//       CHECK:   %[[R:.*]] = ferric.matmul %[[X]], %[[W]] transpose_rhs : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<4x16xf32>
//  CHECK-NEXT:   %[[L:.*]] = ferric.matmul %[[XT]], %[[Y]] transpose_lhs : tensor<2x8x4xbf16>, tensor<2x8x5xbf16> -> tensor<2x4x5xbf16>
//  CHECK-NEXT:   %[[LR:.*]] = ferric.matmul %[[XT]], %[[YT]] transpose_lhs transpose_rhs : tensor<2x8x4xbf16>, tensor<2x5x8xbf16> -> tensor<2x4x5xbf16>
//  CHECK-NEXT:   %[[D:.*]] = ferric.matmul %[[X]], %[[W]] transpose_rhs : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<?x?xf32>
//  CHECK-NEXT:   return %[[R]], %[[L]], %[[LR]], %[[D]]
func.func @matmul_transposed(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>, %xt: tensor<2x8x4xbf16>,
                             %y: tensor<2x8x5xbf16>, %yt: tensor<2x5x8xbf16>)
    -> (tensor<4x16xf32>, tensor<2x4x5xbf16>, tensor<2x4x5xbf16>, tensor<?x?xf32>) {
  %0 = ferric.matmul %x, %w transpose_rhs : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<4x16xf32>
  %1 = ferric.matmul %xt, %y transpose_lhs : tensor<2x8x4xbf16>, tensor<2x8x5xbf16> -> tensor<2x4x5xbf16>
  %2 = ferric.matmul %xt, %yt transpose_lhs transpose_rhs : tensor<2x8x4xbf16>, tensor<2x5x8xbf16> -> tensor<2x4x5xbf16>
  %3 = ferric.matmul %x, %w {transpose_rhs} : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<4x16xf32>, tensor<2x4x5xbf16>, tensor<2x4x5xbf16>, tensor<?x?xf32>
}

//===----------------------------------------------------------------------===//
// fused
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fused_no_maps
//  CHECK-SAME: (%[[A:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<?x8xf32>)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[B]] : tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
//  CHECK-NEXT:     %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
//  CHECK-NEXT:     ferric.yield %[[S]] : f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<?x8xf32>
func.func @fused_no_maps(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = ferric.fused ins(%a, %b : tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    ferric.yield %s : f32
  }
  return %r : tensor<?x8xf32>
}

// A row vector read through a broadcast map, a transposed read and a scalar
// input with its empty map.
// The maps are printed as aliases at the top of the module (checked there).
// CHECK-LABEL: func.func @fused_maps
//  CHECK-SAME: (%[[A:.*]]: tensor<4x?xf16>, %[[R:.*]]: tensor<?xf16>, %[[T:.*]]: tensor<?x4xf16>, %[[S:.*]]: f16)
//       CHECK:   %[[F:.*]] = ferric.fused ins(%[[A]], %[[R]], %[[T]], %[[S]] : tensor<4x?xf16>, tensor<?xf16>, tensor<?x4xf16>, f16) -> tensor<4x?xf16> attributes {indexing_maps = [#[[ID]], #[[ROW]], #[[TR]], #[[SC]]]} {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f16, %[[Z:.*]]: f16, %[[W:.*]]: f16):
//  CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f16
//  CHECK-NEXT:     %[[N:.*]] = arith.addf %[[M]], %[[Z]] : f16
//  CHECK-NEXT:     %[[P:.*]] = arith.maximumf %[[N]], %[[W]] : f16
//  CHECK-NEXT:     ferric.yield %[[P]] : f16
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]] : tensor<4x?xf16>
func.func @fused_maps(%a: tensor<4x?xf16>, %r: tensor<?xf16>, %t: tensor<?x4xf16>, %s: f16) -> tensor<4x?xf16> {
  %f = ferric.fused ins(%a, %r, %t, %s : tensor<4x?xf16>, tensor<?xf16>, tensor<?x4xf16>, f16)
      -> tensor<4x?xf16> attributes {
        indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                         affine_map<(d0, d1) -> (d1)>,
                         affine_map<(d0, d1) -> (d1, d0)>,
                         affine_map<(d0, d1) -> ()>]} {
  ^bb0(%x: f16, %y: f16, %z: f16, %w: f16):
    %m = arith.mulf %x, %y : f16
    %n = arith.addf %m, %z : f16
    %p = arith.maximumf %n, %w : f16
    ferric.yield %p : f16
  }
  return %f : tensor<4x?xf16>
}

// Without maps, a scalar input is seen at every point.
// CHECK-LABEL: func.func @fused_scalar_no_maps
//  CHECK-SAME: (%[[A:.*]]: tensor<2x3xf64>, %[[S:.*]]: f64)
//       CHECK:   ferric.fused ins(%[[A]], %[[S]] : tensor<2x3xf64>, f64) -> tensor<2x3xf64> {
//  CHECK-NEXT:   ^bb0(%{{.*}}: f64, %{{.*}}: f64):
//  CHECK-NEXT:     arith.divf
//  CHECK-NEXT:     ferric.yield %{{.*}} : f64
func.func @fused_scalar_no_maps(%a: tensor<2x3xf64>, %s: f64) -> tensor<2x3xf64> {
  %f = ferric.fused ins(%a, %s : tensor<2x3xf64>, f64) -> tensor<2x3xf64> {
  ^bb0(%x: f64, %y: f64):
    %d = arith.divf %x, %y : f64
    ferric.yield %d : f64
  }
  return %f : tensor<2x3xf64>
}

// Several results share the iteration space; they may differ in element type.
// CHECK-LABEL: func.func @fused_multi_result
//  CHECK-SAME: (%[[A:.*]]: tensor<16xbf16>, %[[B:.*]]: tensor<16xbf16>)
//       CHECK:   %[[F:.*]]:3 = ferric.fused ins(%[[A]], %[[B]] : tensor<16xbf16>, tensor<16xbf16>) -> tensor<16xbf16>, tensor<16xi1>, tensor<16xf32> {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: bf16, %[[Y:.*]]: bf16):
//  CHECK-NEXT:     %[[S:.*]] = arith.subf %[[X]], %[[Y]] : bf16
//  CHECK-NEXT:     %[[C:.*]] = arith.cmpf olt, %[[X]], %[[Y]] : bf16
//  CHECK-NEXT:     %[[E:.*]] = arith.extf %[[S]] : bf16 to f32
//  CHECK-NEXT:     ferric.yield %[[S]], %[[C]], %[[E]] : bf16, i1, f32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[F]]#0, %[[F]]#1, %[[F]]#2 : tensor<16xbf16>, tensor<16xi1>, tensor<16xf32>
func.func @fused_multi_result(%a: tensor<16xbf16>, %b: tensor<16xbf16>)
    -> (tensor<16xbf16>, tensor<16xi1>, tensor<16xf32>) {
  %f:3 = ferric.fused ins(%a, %b : tensor<16xbf16>, tensor<16xbf16>)
      -> tensor<16xbf16>, tensor<16xi1>, tensor<16xf32> {
  ^bb0(%x: bf16, %y: bf16):
    %s = arith.subf %x, %y : bf16
    %c = arith.cmpf olt, %x, %y : bf16
    %e = arith.extf %s : bf16 to f32
    ferric.yield %s, %c, %e : bf16, i1, f32
  }
  return %f#0, %f#1, %f#2 : tensor<16xbf16>, tensor<16xi1>, tensor<16xf32>
}

// No inputs: a static iteration space filled by the body.
// CHECK-LABEL: func.func @fused_no_inputs
//       CHECK:   %[[F:.*]] = ferric.fused -> tensor<2x2xf32> {
//  CHECK-NEXT:     %[[C:.*]] = arith.constant 1.500000e+00 : f32
//  CHECK-NEXT:     ferric.yield %[[C]] : f32
//  CHECK-NEXT:   }
func.func @fused_no_inputs() -> tensor<2x2xf32> {
  %f = ferric.fused -> tensor<2x2xf32> {
    %c = arith.constant 1.5 : f32
    ferric.yield %c : f32
  }
  return %f : tensor<2x2xf32>
}

// Rank 0: one point; an i1 tensor input.
// CHECK-LABEL: func.func @fused_rank0
//       CHECK:   ferric.fused ins(%{{.*}}, %{{.*}} : tensor<i1>, tensor<f32>) -> tensor<f32> {
//  CHECK-NEXT:   ^bb0(%[[C:.*]]: i1, %[[X:.*]]: f32):
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[X]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.select %[[C]], %[[X]], %[[N]] : f32
//  CHECK-NEXT:     ferric.yield %[[S]] : f32
func.func @fused_rank0(%c: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  %f = ferric.fused ins(%c, %x : tensor<i1>, tensor<f32>) -> tensor<f32> {
  ^bb0(%b: i1, %v: f32):
    %n = arith.negf %v : f32
    %s = arith.select %b, %v, %n : f32
    ferric.yield %s : f32
  }
  return %f : tensor<f32>
}
