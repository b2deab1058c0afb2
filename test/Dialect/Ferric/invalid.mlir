// RUN: ferric-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the ferric verifiers (FerricOps.cpp, FusedOp.cpp)
// and of the result type inference, then ODS type constraints and malformed
// custom syntax.

//===----------------------------------------------------------------------===//
// Elementwise operands (verifyTensorOrScalarOperands, inferElementwise)
//===----------------------------------------------------------------------===//

func.func @binary_two_scalars(%a: f32, %b: f32) {
  // expected-error@+1 {{expects at least one tensor operand}}
  %0 = ferric.add %a, %b : f32
  return
}

// -----

func.func @cmp_two_scalars(%a: f16, %b: f16) {
  // expected-error@+1 {{expects at least one tensor operand}}
  %0 = ferric.cmp lt, %a, %b : f16
  return
}

// -----

// With the result type spelled out (generic form), inference is not run at
// parse time and the verifier reports it.
func.func @binary_two_scalars_generic(%a: f32, %b: f32) {
  // expected-error@+1 {{'ferric.mul' op expects at least one tensor operand, got two scalars}}
  %0 = "ferric.mul"(%a, %b) : (f32, f32) -> tensor<4xf32>
  return
}

// -----

func.func @binary_element_types_differ(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error@+1 {{'ferric.sub' op operand element types differ: lhs is 'f32', rhs is 'f16'}}
  %0 = ferric.sub %a, %b : tensor<4xf32>, tensor<4xf16>
  return
}

// -----

func.func @binary_shapes_differ(%a: tensor<4x8xf32>, %b: tensor<4x?xf32>) {
  // expected-error@+1 {{'ferric.div' op operand shapes differ: lhs is 'tensor<4x8xf32>', rhs is 'tensor<4x?xf32>' (dim 1: 8 vs ?); use ferric.broadcast to change shapes}}
  %0 = ferric.div %a, %b : tensor<4x8xf32>, tensor<4x?xf32>
  return
}

// -----

func.func @cmp_ranks_differ(%a: tensor<8xbf16>, %b: tensor<1x8xbf16>) {
  // expected-error@+1 {{'ferric.cmp' op operand shapes differ: lhs is 'tensor<8xbf16>', rhs is 'tensor<1x8xbf16>' (rank 1 vs 2); use ferric.broadcast to change shapes}}
  %0 = ferric.cmp eq, %a, %b : tensor<8xbf16>, tensor<1x8xbf16>
  return
}

// -----

func.func @binary_scalar_rhs_type(%a: tensor<4xf32>, %s: f64) {
  // expected-error@+1 {{'ferric.max' op scalar operand rhs has type 'f64', expected the tensor element type 'f32'}}
  %0 = ferric.max %a, %s : tensor<4xf32>, f64
  return
}

// -----

func.func @cmp_scalar_lhs_type(%s: bf16, %a: tensor<4xf16>) {
  // expected-error@+1 {{'ferric.cmp' op scalar operand lhs has type 'bf16', expected the tensor element type 'f16'}}
  %0 = ferric.cmp ge, %s, %a : bf16, tensor<4xf16>
  return
}

// -----

// The inferred result type must match the one written in generic form.
func.func @binary_wrong_result_type(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+2 {{'ferric.pow' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error@+1 {{'ferric.pow' op failed to infer returned types}}
  %0 = "ferric.pow"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return
}

//===----------------------------------------------------------------------===//
// select
//===----------------------------------------------------------------------===//

// -----

func.func @select_element_types_differ(%c: tensor<4xi1>, %a: tensor<4xf32>, %s: f16) {
  // expected-error@+1 {{'ferric.select' op true and false values have different element types: 'f32' vs 'f16'}}
  %0 = ferric.select %c, %a, %s : tensor<4xi1>, tensor<4xf32>, f16
  return
}

// -----

func.func @select_true_shape(%c: tensor<4x9xi1>, %a: tensor<4x8xf32>, %s: f32) {
  // expected-error@+1 {{'ferric.select' op true value shape 4x8 differs from condition shape 4x9 (dim 1: 8 vs 9)}}
  %0 = ferric.select %c, %a, %s : tensor<4x9xi1>, tensor<4x8xf32>, f32
  return
}

// -----

func.func @select_false_shape(%c: tensor<4xi1>, %s: f32, %a: tensor<f32>) {
  // expected-error@+1 {{'ferric.select' op false value shape scalar differs from condition shape 4 (rank 0 vs 1)}}
  %0 = ferric.select %c, %s, %a : tensor<4xi1>, f32, tensor<f32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// clamp
//===----------------------------------------------------------------------===//

func.func @clamp_bound_shape(%x: tensor<4x8xf32>, %lo: tensor<4x?xf32>, %s: f32) {
  // expected-error@+1 {{'ferric.clamp' op bound lo has shape 4x?, the input 4x8 (dim 1: ? vs 8); use ferric.broadcast to change shapes}}
  %0 = ferric.clamp %x, %lo, %s : tensor<4x8xf32>, tensor<4x?xf32>, f32
  return
}

// -----

func.func @clamp_bound_scalar_type(%x: tensor<4xf32>, %s: f32, %h: f16) {
  // expected-error@+1 {{'ferric.clamp' op bound hi has type 'f16', expected 'tensor<4xf32>' or its element type 'f32'}}
  %0 = ferric.clamp %x, %s, %h : tensor<4xf32>, f32, f16
  return
}

// -----

func.func @clamp_bound_tensor_type(%x: tensor<4xf32>, %b: tensor<4xbf16>) {
  // expected-error@+1 {{'ferric.clamp' op bound lo has type 'tensor<4xbf16>', expected 'tensor<4xf32>' or its element type 'f32'}}
  %0 = ferric.clamp %x, %b, %b : tensor<4xf32>, tensor<4xbf16>, tensor<4xbf16>
  return
}

// -----

// The clamped value itself must be a tensor (the bounds may be scalars).
func.func @clamp_scalar_input(%s: f32, %lo: tensor<4xf32>) {
  // expected-error@+1 {{must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'f32'}}
  %0 = ferric.clamp %s, %lo, %lo : f32, tensor<4xf32>, tensor<4xf32>
  return
}

// -----

func.func @clamp_one_bound(%x: tensor<4xf32>, %s: f32) {
  // expected-error@+1 {{expected ','}}
  %0 = ferric.clamp %x, %s : tensor<4xf32>, f32
  return
}

// -----

func.func @select_condition_not_i1(%c: tensor<4xi32>, %a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.select' op operand #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<4xi32>'}}
  %0 = ferric.select %c, %a, %a : tensor<4xi32>, tensor<4xf32>
  return
}

// -----

func.func @select_condition_scalar(%c: i1, %a: f32) {
  // expected-error@+1 {{custom op 'ferric.select' invalid kind of type specified: expected builtin.tensor, but found 'i1'}}
  %0 = ferric.select %c, %a, %a : i1, f32
  return
}

//===----------------------------------------------------------------------===//
// cast
//===----------------------------------------------------------------------===//

// -----

func.func @cast_changes_shape(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.cast' op cast changes the shape: 'tensor<4xf32>' to 'tensor<8xf16>' (dim 0: 4 vs 8)}}
  %0 = ferric.cast %a : tensor<4xf32> to tensor<8xf16>
  return
}

// -----

func.func @cast_to_i1(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.cast' op result #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4xi1>'}}
  %0 = ferric.cast %a : tensor<4xf32> to tensor<4xi1>
  return
}

// -----

func.func @cast_from_integer(%a: tensor<4xi8>) {
  // expected-error@+1 {{'ferric.cast' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 1-bit signless integer values, but got 'tensor<4xi8>'}}
  %0 = ferric.cast %a : tensor<4xi8> to tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_element_type(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.broadcast' op element type changes from 'f32' to 'f16'}}
  %0 = ferric.broadcast %a dims [0] : tensor<4xf32> -> tensor<2x4xf16>
  return
}

// -----

func.func @broadcast_rank(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.broadcast' op input rank 1 plus 1 added dims does not equal result rank 3}}
  %0 = ferric.broadcast %a dims [0] : tensor<4xf32> -> tensor<2x4x3xf32>
  return
}

// -----

func.func @broadcast_dim_out_of_range(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.broadcast' op added dim 2 is out of range for rank 2}}
  %0 = ferric.broadcast %a dims [2] : tensor<4xf32> -> tensor<4x2xf32>
  return
}

// -----

func.func @broadcast_dim_negative(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.broadcast' op added dim -1 is out of range for rank 2}}
  %0 = ferric.broadcast %a dims [-1] : tensor<4xf32> -> tensor<4x2xf32>
  return
}

// -----

func.func @broadcast_dims_not_increasing(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.broadcast' op added dims must be strictly increasing, got [2, 0]}}
  %0 = ferric.broadcast %a dims [2, 0] : tensor<4xf32> -> tensor<2x4x3xf32>
  return
}

// -----

func.func @broadcast_result_dim(%a: tensor<64xf32>) {
  // expected-error@+1 {{'ferric.broadcast' op result dim 1 (?) does not match input dim 0 (64)}}
  %0 = ferric.broadcast %a dims [0] : tensor<64xf32> -> tensor<2x?xf32>
  return
}

// -----

func.func @broadcast_missing_size(%a: tensor<64xf32>) {
  // expected-error@+1 {{'ferric.broadcast' op expects 1 size operand(s), one per dynamic added dim, got 0}}
  %0 = ferric.broadcast %a dims [0] : tensor<64xf32> -> tensor<?x64xf32>
  return
}

// -----

func.func @broadcast_extra_size(%a: tensor<64xf32>, %n: index) {
  // expected-error@+1 {{'ferric.broadcast' op expects 0 size operand(s), one per dynamic added dim, got 1}}
  %0 = ferric.broadcast %a dims [0] sizes(%n) : tensor<64xf32> -> tensor<3x64xf32>
  return
}

// -----

func.func @broadcast_size_not_index(%a: tensor<64xf32>, %n: i64) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'i64'}}
  %0 = ferric.broadcast %a dims [0] sizes(%n) : tensor<64xf32> -> tensor<?x64xf32>
  return
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_no_dims(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'ferric.reduce' op expects at least one dim to reduce}}
  %0 = ferric.reduce sum %a dims [] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_dim_out_of_range(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'ferric.reduce' op reduced dim 2 is out of range for rank 2}}
  %0 = ferric.reduce max %a dims [2] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_dims_repeated(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'ferric.reduce' op reduced dims must be strictly increasing, got [1, 1]}}
  %0 = ferric.reduce min %a dims [1, 1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_element_type(%a: tensor<4x8xf16>) {
  // expected-error@+1 {{'ferric.reduce' op element type changes from 'f16' to 'f32'}}
  %0 = ferric.reduce sum %a dims [1] : tensor<4x8xf16> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_missing_keepdim(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'ferric.reduce' op result shape 4x1 does not match the expected 4 (rank 2 vs 1)}}
  %0 = ferric.reduce mean %a dims [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  return
}

// -----

func.func @reduce_result_shape(%a: tensor<4x?xf32>) {
  // expected-error@+1 {{'ferric.reduce' op result shape 1x4 does not match the expected 1x? (dim 1: 4 vs ?)}}
  %0 = ferric.reduce sum %a dims [0] keepdim : tensor<4x?xf32> -> tensor<1x4xf32>
  return
}

// -----

func.func @reduce_all_dims_shape(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'ferric.reduce' op result shape 1 does not match the expected scalar (rank 1 vs 0)}}
  %0 = ferric.reduce sum %a dims [0, 1] : tensor<4x8xf32> -> tensor<1xf32>
  return
}

//===----------------------------------------------------------------------===//
// matmul
//===----------------------------------------------------------------------===//

// -----

func.func @matmul_ranks(%a: tensor<4x8xf32>, %b: tensor<2x8x16xf32>) {
  // expected-error@+1 {{'ferric.matmul' op expects operands of rank 2 or of rank 3 (batched), both the same; got ranks 2 and 3}}
  %0 = ferric.matmul %a, %b : tensor<4x8xf32>, tensor<2x8x16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @matmul_rank_1(%a: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error@+1 {{'ferric.matmul' op expects operands of rank 2 or of rank 3 (batched), both the same; got ranks 1 and 1}}
  %0 = ferric.matmul %a, %b : tensor<8xf32>, tensor<8xf32> -> tensor<f32>
  return
}

// -----

func.func @matmul_element_types(%a: tensor<4x8xf32>, %b: tensor<8x16xf16>) {
  // expected-error@+1 {{'ferric.matmul' op element types differ: 'f32', 'f16' -> 'f32'}}
  %0 = ferric.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf16> -> tensor<4x16xf32>
  return
}

// -----

func.func @matmul_contraction(%a: tensor<4x8xf32>, %b: tensor<7x16xf32>) {
  // expected-error@+1 {{'ferric.matmul' op contraction dims differ: lhs dim 1 is 8, rhs dim 0 is 7}}
  %0 = ferric.matmul %a, %b : tensor<4x8xf32>, tensor<7x16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @matmul_batch(%a: tensor<2x4x8xbf16>, %b: tensor<3x8x16xbf16>) {
  // expected-error@+1 {{'ferric.matmul' op batch dims differ: 2 vs 3}}
  %0 = ferric.matmul %a, %b : tensor<2x4x8xbf16>, tensor<3x8x16xbf16> -> tensor<2x4x16xbf16>
  return
}

// -----

func.func @matmul_result_rank(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) {
  // expected-error@+1 {{'ferric.matmul' op result rank 3 should be 2}}
  %0 = ferric.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<1x4x16xf32>
  return
}

// -----

func.func @matmul_result_dim(%a: tensor<?x8xf64>, %b: tensor<8x16xf64>) {
  // expected-error@+1 {{'ferric.matmul' op result dim 1 is 15, expected 16}}
  %0 = ferric.matmul %a, %b : tensor<?x8xf64>, tensor<8x16xf64> -> tensor<4x15xf64>
  return
}

// -----

func.func @matmul_contraction_transpose_rhs(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) {
  // expected-error@+1 {{'ferric.matmul' op contraction dims differ: lhs dim 1 is 8, rhs dim 1 (transpose_rhs) is 16}}
  %0 = ferric.matmul %a, %b transpose_rhs : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @matmul_contraction_transpose_lhs(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>) {
  // expected-error@+1 {{'ferric.matmul' op contraction dims differ: lhs dim 1 (transpose_lhs) is 4, rhs dim 1 is 8}}
  %0 = ferric.matmul %a, %b transpose_lhs : tensor<2x4x8xf32>, tensor<2x8x16xf32> -> tensor<2x8x16xf32>
  return
}

// -----

func.func @matmul_result_dim_transpose_lhs(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>) {
  // expected-error@+1 {{'ferric.matmul' op result dim 0 is 8, expected 4 (lhs dim 1, transpose_lhs)}}
  %0 = ferric.matmul %a, %b transpose_lhs : tensor<8x4xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return
}

// -----

func.func @matmul_result_dim_transpose_rhs(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>) {
  // expected-error@+1 {{'ferric.matmul' op result dim 1 is 8, expected 16 (rhs dim 0, transpose_rhs)}}
  %0 = ferric.matmul %a, %b transpose_rhs : tensor<4x8xf32>, tensor<16x8xf32> -> tensor<4x8xf32>
  return
}

//===----------------------------------------------------------------------===//
// fused: verify()
//===----------------------------------------------------------------------===//

// -----

func.func @fused_no_results(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op expects at least one result}}
  "ferric.fused"(%a) ({
  ^bb0(%x: f32):
    ferric.yield
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @fused_results_differ(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op result 1 has type 'tensor<8xf32>' but all results share the iteration space of result 0, 'tensor<4xf32>'}}
  %0:2 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32>, tensor<8xf32> {
  ^bb0(%x: f32):
    ferric.yield %x, %x : f32, f32
  }
  return
}

// -----

func.func @fused_map_count(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op expects 2 indexing maps (one per input), got 1}}
  %0 = ferric.fused ins(%a, %b : tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      attributes {indexing_maps = [affine_map<(d0) -> (d0)>]} {
  ^bb0(%x: f32, %y: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_map_dims(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op indexing map of input 0 must have 2 dims and no symbols, got affine_map<(d0) -> (d0)>}}
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<3x4xf32>
      attributes {indexing_maps = [affine_map<(d0) -> (d0)>]} {
  ^bb0(%x: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_map_symbols(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op indexing map of input 0 must have 1 dims and no symbols, got affine_map<(d0)[s0] -> (d0)>}}
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32>
      attributes {indexing_maps = [affine_map<(d0)[s0] -> (d0)>]} {
  ^bb0(%x: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_input_vector(%a: tensor<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op input 1 must be a ranked tensor or a scalar, got 'vector<4xf32>'}}
  %0 = ferric.fused ins(%a, %v : tensor<4xf32>, vector<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32, %y: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_input_unranked(%a: tensor<*xf32>) {
  // expected-error@+1 {{'ferric.fused' op input 0 must be a ranked tensor or a scalar, got 'tensor<*xf32>'}}
  %0 = ferric.fused ins(%a : tensor<*xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_scalar_map(%a: tensor<4xf32>, %s: f32) {
  // expected-error@+1 {{'ferric.fused' op scalar input 1 must use a map with no results, got affine_map<(d0) -> (d0)>}}
  %0 = ferric.fused ins(%a, %s : tensor<4xf32>, f32) -> tensor<4xf32>
      attributes {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]} {
  ^bb0(%x: f32, %y: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_map_not_projected_permutation(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op indexing map of input 0 must be a projected permutation, got affine_map<(d0, d1) -> (d0 + d1)>}}
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4x4xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>]} {
  ^bb0(%x: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_map_repeats_dim(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'ferric.fused' op indexing map of input 0 must be a projected permutation, got affine_map<(d0, d1) -> (d0, d0)>}}
  %0 = ferric.fused ins(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d0)>]} {
  ^bb0(%x: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_map_results_vs_rank(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'ferric.fused' op indexing map of input 0 has 1 results but the input has rank 2}}
  %0 = ferric.fused ins(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d1)>]} {
  ^bb0(%x: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_input_size(%a: tensor<4xf32>, %b: tensor<8xf32>) {
  // expected-error@+1 {{'ferric.fused' op input 1 dim 0 has size 8 but reads iteration dim 0 of size 4}}
  %0 = ferric.fused ins(%a, %b : tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32, %y: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_broadcast_input_size(%a: tensor<4x8xf32>, %r: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op input 1 dim 0 has size 4 but reads iteration dim 1 of size 8}}
  %0 = ferric.fused ins(%a, %r : tensor<4x8xf32>, tensor<4xf32>) -> tensor<4x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>]} {
  ^bb0(%x: f32, %y: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_dynamic_dim_unread(%r: tensor<8xf32>) {
  // expected-error@+1 {{'ferric.fused' op iteration dim 0 is dynamic but no input reads it, so its size is unknown}}
  %0 = ferric.fused ins(%r : tensor<8xf32>) -> tensor<?x8xf32>
      attributes {indexing_maps = [affine_map<(d0, d1) -> (d1)>]} {
  ^bb0(%x: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_dynamic_no_inputs() {
  // expected-error@+1 {{'ferric.fused' op iteration dim 0 is dynamic but no input reads it, so its size is unknown}}
  %0 = ferric.fused -> tensor<?xf32> {
    %c = arith.constant 1.0 : f32
    ferric.yield %c : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// fused: verifyRegions()
//===----------------------------------------------------------------------===//

// -----

func.func @fused_body_arg_count(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op body has 1 arguments but the op has 2 inputs}}
  %0 = ferric.fused ins(%a, %b : tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_body_arg_type(%a: tensor<4xf32>, %s: f16) {
  // expected-error@+1 {{'ferric.fused' op body argument 1 has type 'f32', expected 'f16' (the element type of input 1)}}
  %0 = ferric.fused ins(%a, %s : tensor<4xf32>, f16) -> tensor<4xf32> {
  ^bb0(%x: f32, %y: f32):
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_no_yield(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op body must end in ferric.yield}}
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    llvm.unreachable
  }
  return
}

// -----

func.func @fused_yield_count(%a: tensor<4xf32>) {
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    // expected-error@+1 {{'ferric.yield' op yields 2 values but the fused op has 1 results}}
    ferric.yield %x, %x : f32, f32
  }
  return
}

// -----

func.func @fused_yield_type(%a: tensor<4xf32>) {
  %0:2 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32>, tensor<4xi1> {
  ^bb0(%x: f32):
    // expected-error@+1 {{'ferric.yield' op value 1 has type 'f32', expected 'i1' (the element type of result 1)}}
    ferric.yield %x, %x : f32, f32
  }
  return
}

// -----

func.func @fused_tensor_op_in_body(%a: tensor<4xf32>) {
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    // expected-error@+1 {{'tensor.empty' op is not a scalar op; a ferric.fused body holds only scalar computations}}
    %t = tensor.empty() : tensor<4xf32>
    ferric.yield %x : f32
  }
  return
}

// -----

func.func @fused_region_op_in_body(%a: tensor<4xf32>) {
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    // expected-error@+1 {{'scf.execute_region' op is not a scalar op; a ferric.fused body holds only scalar computations}}
    %r = scf.execute_region -> f32 {
      scf.yield %x : f32
    }
    ferric.yield %r : f32
  }
  return
}

// -----

func.func private @opaque(f32) -> f32

func.func @fused_side_effect_in_body(%a: tensor<4xf32>) {
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32):
    // expected-error@+1 {{'func.call' op has side effects; a ferric.fused body must be pure}}
    %r = func.call @opaque(%x) : (f32) -> f32
    ferric.yield %r : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// fused and yield: ODS constraints
//===----------------------------------------------------------------------===//

// -----

func.func @fused_two_blocks(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op expects region #0 to have 0 or 1 blocks}}
  %0 = "ferric.fused"(%a) ({
  ^bb0(%x: f32):
    cf.br ^bb1
  ^bb1:
    ferric.yield %x : f32
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @fused_no_block(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = "ferric.fused"(%a) ({
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @fused_integer_result(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.fused' op result #0 must be variadic of ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 1-bit signless integer values, but got 'tensor<4xi32>'}}
  %0 = ferric.fused ins(%a : tensor<4xf32>) -> tensor<4xi32> {
  ^bb0(%x: f32):
    %i = arith.fptosi %x : f32 to i32
    ferric.yield %i : i32
  }
  return
}

// -----

func.func @yield_outside_fused(%x: f32) {
  // expected-error@+1 {{'ferric.yield' op expects parent op 'ferric.fused'}}
  ferric.yield %x : f32
}

//===----------------------------------------------------------------------===//
// ODS type constraints
//===----------------------------------------------------------------------===//

// -----

func.func @exp_integer_tensor(%a: tensor<4xi32>) {
  // expected-error@+1 {{'ferric.exp' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4xi32>'}}
  %0 = ferric.exp %a : tensor<4xi32>
  return
}

// -----

func.func @exp_f8(%a: tensor<4xf8E4M3FN>) {
  // expected-error@+1 {{'ferric.exp' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4xf8E4M3FN>'}}
  %0 = ferric.exp %a : tensor<4xf8E4M3FN>
  return
}

// -----

func.func @exp_unranked(%a: tensor<*xf32>) {
  // expected-error@+1 {{custom op 'ferric.exp' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = ferric.exp %a : tensor<*xf32>
  return
}

// -----

func.func @exp_unranked_generic(%a: tensor<*xf32>) {
  // expected-error@+1 {{'ferric.exp' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<*xf32>'}}
  %0 = "ferric.exp"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @exp_vector(%a: vector<4xf32>) {
  // expected-error@+1 {{custom op 'ferric.exp' invalid kind of type specified: expected builtin.tensor, but found 'vector<4xf32>'}}
  %0 = ferric.exp %a : vector<4xf32>
  return
}

// -----

func.func @neg_memref(%a: memref<4xf32>) {
  // expected-error@+1 {{custom op 'ferric.neg' invalid kind of type specified: expected builtin.tensor, but found 'memref<4xf32>'}}
  %0 = ferric.neg %a : memref<4xf32>
  return
}

// -----

func.func @unary_result_type_differs(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.sqrt' op requires the same type for all operands and results}}
  %0 = "ferric.sqrt"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @binary_integer_scalar(%a: tensor<4xf32>, %s: i32) {
  // expected-error@+1 {{'ferric.add' op operand #1 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values or 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got 'i32'}}
  %0 = ferric.add %a, %s : tensor<4xf32>, i32
  return
}

// -----

func.func @cmp_result_not_i1(%a: tensor<4xf32>) {
  // expected-error@+1 {{'ferric.cmp' op result #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<4xf32>'}}
  %0 = "ferric.cmp"(%a, %a) {predicate = #ferric<cmp_predicate lt>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @reduce_i1(%a: tensor<4xi1>) {
  // expected-error@+1 {{'ferric.reduce' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<4xi1>'}}
  %0 = ferric.reduce sum %a dims [0] : tensor<4xi1> -> tensor<i1>
  return
}

//===----------------------------------------------------------------------===//
// Malformed custom syntax
//===----------------------------------------------------------------------===//

// -----

func.func @missing_type(%a: tensor<4xf32>) {
  // expected-error@+1 {{expected ':'}}
  %0 = ferric.neg %a
  return
}

// -----

func.func @bad_predicate(%a: tensor<4xf32>) {
  // expected-error@+2 {{custom op 'ferric.cmp' expected ::mlir::ferric::CmpPredicate to be one of: lt, le, gt, ge, eq, ne}}
  // expected-error@+1 {{custom op 'ferric.cmp' failed to parse Ferric_CmpPredicateAttr parameter 'value' which is to be a `::mlir::ferric::CmpPredicate`}}
  %0 = ferric.cmp foo, %a, %a : tensor<4xf32>
  return
}

// -----

func.func @bad_reduce_kind(%a: tensor<4xf32>) {
  // expected-error@+2 {{custom op 'ferric.reduce' expected ::mlir::ferric::ReduceKind to be one of: sum, max, min, mean}}
  // expected-error@+1 {{custom op 'ferric.reduce' failed to parse Ferric_ReduceKindAttr parameter 'value' which is to be a `::mlir::ferric::ReduceKind`}}
  %0 = ferric.reduce prod %a dims [0] : tensor<4xf32> -> tensor<f32>
  return
}

// -----

func.func @bad_gelu_keyword(%a: tensor<4xf32>) {
  // expected-error@+1 {{expected ':'}}
  %0 = ferric.gelu %a approximate : tensor<4xf32>
  return
}

// -----

func.func @broadcast_missing_dims_keyword(%a: tensor<4xf32>) {
  // expected-error@+1 {{expected 'dims'}}
  %0 = ferric.broadcast %a [0] : tensor<4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @cast_missing_to(%a: tensor<4xf32>) {
  // expected-error@+1 {{expected 'to'}}
  %0 = ferric.cast %a : tensor<4xf32>, tensor<4xf16>
  return
}

// -----

func.func @matmul_missing_result_type(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) {
  // expected-error@+1 {{expected '->'}}
  %0 = ferric.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32>
  return
}

// -----

func.func @unknown_op(%a: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'ferric.frobnicate' is unknown}}
  %0 = ferric.frobnicate %a : tensor<4xf32>
  return
}

// -----

func.func @unknown_op_generic(%a: tensor<4xf32>) {
  // expected-error@+1 {{unregistered operation 'ferric.frobnicate' found in dialect ('ferric') that does not allow unknown operations}}
  %0 = "ferric.frobnicate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
