// A bf16 subnormal that is only copied keeps its value (issue 16, fuzzer
// seed 7 programs 680 and 820): the broadcast of a rank-0 tensor hoists the
// load out of the loop and splats it, and on an x86 host with AVX512-BF16
// LLVM kept the value as f32 and stored it with VCVTNEPS2BF16, which
// flushes subnormals (gave -0). The runner now loads and stores bf16 as
// 16-bit integers (lib/Runner/BF16Memory.cpp). On hosts without the
// feature this passed before too. An op LLVM computes in f32 itself (min,
// max: MLIR leaves them in bf16) was narrowed with the same instruction
// (fuzzer seed 11, program 1189); the JIT's target machine now goes without
// AVX512-BF16, so that narrowing is __truncsfbf2 (JitBuiltins.cpp).

// RUN: ferric-run %s --entry=splat --no-cache --input=rand:5xbf16 --input=full=-0x1p-130:bf16 --print | FileCheck %s --check-prefix=NEG
// NEG: result 0: array([-7e-40, -7e-40, -7e-40, -7e-40, -7e-40], shape=(5,), dtype=bf16)
// RUN: ferric-run %s --entry=splat --no-cache --input=rand:3xbf16 --input=full=0x1p-133:bf16 --print | FileCheck %s --check-prefix=MIN
// MIN: result 0: array([9e-41, 9e-41, 9e-41], shape=(3,), dtype=bf16)
// RUN: ferric-run %s --entry=rows --no-cache --input=full=0x1.fcp-127:3xbf16 --print | FileCheck %s --check-prefix=ROWS
// ROWS: result 0: array({{\[}}[1.17e-38, 1.17e-38, 1.17e-38], [1.17e-38, 1.17e-38, 1.17e-38]], shape=(2, 3), dtype=bf16)
// RUN: ferric-run %s --entry=min --no-cache --input=full=-0x1.cp-131:3xbf16 --input=full=0x1p-133:3xbf16 --print | FileCheck %s --check-prefix=MINOP
// MINOP: result 0: array([-6e-40, -6e-40, -6e-40], shape=(3,), dtype=bf16)

func.func @splat(%a: tensor<?xbf16>, %s: tensor<bf16>) -> tensor<?xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xbf16>
  %b = ferric.broadcast %s dims [0] sizes(%n) : tensor<bf16> -> tensor<?xbf16>
  return %b : tensor<?xbf16>
}

func.func @rows(%r: tensor<3xbf16>) -> tensor<2x3xbf16> {
  %b = ferric.broadcast %r dims [0] : tensor<3xbf16> -> tensor<2x3xbf16>
  return %b : tensor<2x3xbf16>
}

func.func @min(%a: tensor<?xbf16>, %b: tensor<?xbf16>) -> tensor<?xbf16> {
  %0 = ferric.min %a, %b : tensor<?xbf16>
  return %0 : tensor<?xbf16>
}
