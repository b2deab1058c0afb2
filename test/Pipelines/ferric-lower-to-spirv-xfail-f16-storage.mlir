// REQUIRES: spirv-tools
// XFAIL: *
// Known bug (silent miscompile): f16 and bf16 buffers on the SPIR-V path. The
// target env has only the Shader capability, so the SPIR-V type converter
// emulates 16-bit types with 32-bit ones: a memref<256xf16> argument becomes
// an array of 128 f32 (same byte size, ArrayStride 4) that the kernel indexes
// with the element index 0..255 and reads as f32. Every f16/bf16 kernel reads
// and writes the wrong bytes (and past the end of the array). spirv-val
// accepts the module. Expected: 16-bit storage (Float16 /
// StorageBuffer16BitAccess, SPV_KHR_16bit_storage; bf16 needs its own
// handling), or a diagnostic rejecting 16-bit element types on this target.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %s --ferric-lower-to-spirv -o %t/out.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/out.mlir --out-dir %t
// RUN: spirv-dis %t/swiglu_f16_kernel.spv | FileCheck %s

// CHECK: OpTypeFloat 16
// CHECK: ArrayStride 2
// CHECK-NOT: OpTypeArray %float %uint_128
func.func @swiglu_f16(%a: tensor<256xf16>, %b: tensor<256xf16>) -> tensor<256xf16> {
  %s = ferric.silu %a : tensor<256xf16>
  %r = ferric.mul %s, %b : tensor<256xf16>
  return %r : tensor<256xf16>
}
