// REQUIRES: spirv-tools
// 16-bit floats on the SPIR-V path. f16: the default target env offers
// Float16 and 16-bit storage, so a memref<256xf16> is an array of 256 halfs
// (ArrayStride 2) and the math runs in f32 (ScalarMath widens narrow types).
// bf16 has no SPIR-V type: the buffers are i16 words
// (ferric-bf16-buffers-as-i16) widened to f32 with integer shifts.
// spirv-update-vce keeps only the capabilities each kernel uses.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-spirv -o %t/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/out.mlir --out-dir %t
// RUN: spirv-val --target-env vulkan1.1 %t/swiglu_f16_kernel.spv
// RUN: spirv-val --target-env vulkan1.1 %t/swiglu_bf16_kernel.spv
// RUN: spirv-dis %t/swiglu_f16_kernel.spv | FileCheck %s --check-prefix=F16
// RUN: spirv-dis %t/swiglu_bf16_kernel.spv | FileCheck %s --check-prefix=BF16

// F16-DAG: OpCapability Float16
// F16-DAG: OpCapability StorageBuffer16BitAccess
// F16-DAG: OpExtension "SPV_KHR_16bit_storage"
// F16-DAG: OpDecorate %_arr_half_uint_256 ArrayStride 2
// F16-DAG: %half = OpTypeFloat 16
// F16-DAG: %_arr_half_uint_256 = OpTypeArray %half %uint_256
// F16-NOT: OpCapability Float64
// F16: OpFConvert %float
// F16: Exp
// F16: OpFConvert %half

// BF16-DAG: OpCapability Int16
// BF16-DAG: OpCapability StorageBuffer16BitAccess
// BF16-DAG: OpDecorate %_arr_ushort_uint_256 ArrayStride 2
// BF16-DAG: %_arr_ushort_uint_256 = OpTypeArray %ushort %uint_256
// BF16-NOT: OpTypeFloat 16
// BF16-NOT: OpCapability Float16
// BF16: OpUConvert %uint
// BF16: OpShiftLeftLogical %uint
// BF16: OpBitcast %float
// BF16: Exp
// Round to nearest even, then keep the high half.
// BF16: OpShiftRightLogical %uint
// BF16: OpSConvert %ushort
func.func @swiglu_f16(%a: tensor<256xf16>, %b: tensor<256xf16>) -> tensor<256xf16> {
  %s = ferric.silu %a : tensor<256xf16>
  %r = ferric.mul %s, %b : tensor<256xf16>
  return %r : tensor<256xf16>
}

func.func @swiglu_bf16(%a: tensor<256xbf16>, %b: tensor<256xbf16>) -> tensor<256xbf16> {
  %s = ferric.silu %a : tensor<256xbf16>
  %r = ferric.mul %s, %b : tensor<256xbf16>
  return %r : tensor<256xbf16>
}
