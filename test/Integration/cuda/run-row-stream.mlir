// Row streams on CUDA (row-stream, RowStream.cpp): a block per row walking
// the row in tiles, one pass per reduction (softmax's and log-softmax's max
// and sum of exp in one, online), then a pass computing and storing the
// elementwise members. row-stream-min-length=1 streams every static row
// group, so the row-program inputs run streamed over rows of 1 to 100003
// elements (16-byte chunks where they divide the row, else 16-byte chunks
// aligned in memory with the row's ends apart, which start at a different
// offset in every row of an odd length; single elements with
// row-program-aligned-chunks=0; masked tails, the 3-pass LayerNorm, the two results
// of residual add + RMSNorm, no rows at all); Inputs/row_stream.mlir adds a
// masked softmax (log(relu(x)): -inf wherever x <= 0, so threads and
// whole rows start at -inf and rows of one element are all -inf, NaN as
// in the unfused program), softmax over the last dim of a rank-3 tensor,
// and the automatic choice (row-stream=1 alone) over long rows: fewer than
// 256 rows of f32 over 524288, bf16 over 131072 and 524288 and log-softmax
// bf16 over 262144 are held over a cluster (the host's pick by row count),
// 256 rows of bf16 over 131072 are streamed, and so are rows no cluster
// holds (residual add + RMSNorm over 1048576 f32).
// --check compares every result with the unfused program run on the CPU in
// f64. Each RUN line is one `ferric-run ... --check` command
// (scripts/gpu-tests.sh runs them without lit).

// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_1 --input=randn:37x1xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_17 --input=randn:37x17xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_33 --input=randn:37x33xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_1000 --input=randn:9x1000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_4097 --input=randn:9x4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_32000 --input=randn:3x32000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_100003 --input=randn:2x100003xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_f32_1 --input=randn:37x1xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_f32_17 --input=randn:37x17xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_f32_33 --input=randn:37x33xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_f32_1000 --input=randn:9x1000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_f32_4097 --input=randn:9x4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_f32_32000 --input=randn:3x32000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_f32_100003 --input=randn:2x100003xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=rmsnorm_f32_1 --input=randn:37x1xf32 --input=randn:1xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=rmsnorm_f32_17 --input=randn:37x17xf32 --input=randn:17xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=rmsnorm_f32_33 --input=randn:37x33xf32 --input=randn:33xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=rmsnorm_f32_1000 --input=randn:9x1000xf32 --input=randn:1000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=rmsnorm_f32_4097 --input=randn:9x4097xf32 --input=randn:4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=rmsnorm_f32_32000 --input=randn:3x32000xf32 --input=randn:32000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=rmsnorm_f32_100003 --input=randn:2x100003xf32 --input=randn:100003xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_f32_1 --input=randn:37x1xf32 --input=randn:37x1xf32 --input=randn:1xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_f32_17 --input=randn:37x17xf32 --input=randn:37x17xf32 --input=randn:17xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_f32_33 --input=randn:37x33xf32 --input=randn:37x33xf32 --input=randn:33xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_f32_1000 --input=randn:9x1000xf32 --input=randn:9x1000xf32 --input=randn:1000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_f32_4097 --input=randn:9x4097xf32 --input=randn:9x4097xf32 --input=randn:4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_f32_32000 --input=randn:3x32000xf32 --input=randn:3x32000xf32 --input=randn:32000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_f32_100003 --input=randn:2x100003xf32 --input=randn:2x100003xf32 --input=randn:100003xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f32_1 --input=randn:37x1xf32 --input=randn:1xf32 --input=randn:1xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f32_17 --input=randn:37x17xf32 --input=randn:17xf32 --input=randn:17xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f32_33 --input=randn:37x33xf32 --input=randn:33xf32 --input=randn:33xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f32_1000 --input=randn:9x1000xf32 --input=randn:1000xf32 --input=randn:1000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f32_4097 --input=randn:9x4097xf32 --input=randn:4097xf32 --input=randn:4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f32_32000 --input=randn:3x32000xf32 --input=randn:32000xf32 --input=randn:32000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f32_100003 --input=randn:2x100003xf32 --input=randn:100003xf32 --input=randn:100003xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_4097 --input=randn:0x4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_bf16_33 --input=randn:37x33xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_bf16_4097 --input=randn:9x4097xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_bf16_32000 --input=randn:3x32000xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_bf16_100003 --input=randn:2x100003xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_bf16_4097 --input=randn:9x4097xbf16 --input=randn:9x4097xbf16 --input=randn:4097xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_bf16_4097 --input=randn:9x4097xbf16 --input=randn:4097xbf16 --input=randn:4097xbf16 --atol=0.2 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_bf16_4096 --input=randn:9x4096xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f16_4096 --input=randn:9x4096xf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f16_4096 --input=randn:9x4096xf16 --input=randn:4096xf16 --input=randn:4096xf16 --atol=0.02 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_4097 --input=randn:9x4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-program-aligned-chunks=0}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_bf16_100003 --input=randn:2x100003xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-program-aligned-chunks=0}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_bf16_4097 --input=randn:9x4097xbf16 --input=randn:4097xbf16 --input=randn:4097xbf16 --atol=0.2 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-program-aligned-chunks=0}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_bf16_33 --input=randn:37x33xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-program-aligned-chunks=0}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_bf16_50257 --input=randn:11x50257xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=masked_softmax_f32_1 --input=randn:37x1xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=masked_softmax_f32_33 --input=randn:37x33xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=masked_softmax_f32_4097 --input=randn:9x4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=masked_softmax_bf16_4097 --input=randn:9x4097xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=softmax3d_f32_1000 --input=randn:2x3x1000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// The automatic choice (row-stream=1 alone):
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=softmax_bf16_131072 --input=randn:256x131072xbf16 --pipeline-options="reduction={row-stream=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=softmax_f32_524288 --input=randn:3x524288xf32 --pipeline-options="reduction={row-stream=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=softmax_bf16_131072 --input=randn:5x131072xbf16 --pipeline-options="reduction={row-stream=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=softmax_bf16_524288 --input=randn:2x524288xbf16 --pipeline-options="reduction={row-stream=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=log_softmax_bf16_262144 --input=randn:3x262144xbf16 --pipeline-options="reduction={row-stream=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_stream.mlir --target=cuda --entry=residual_rmsnorm_f32_1048576 --input=randn:2x1048576xf32 --input=randn:2x1048576xf32 --input=randn:1048576xf32 --pipeline-options="reduction={row-stream=1}" --check | FileCheck %s --implicit-check-not=FAILED

// Dynamic row lengths (../../Inputs/row_groups.mlir): with
// row-stream-min-length=1 the host streams every non-empty row, in 16-byte
// chunks when the length is a multiple of one, else single elements; empty
// rows take the re-reading kernels:
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=softmax_f32 --input=randn:37x0xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=softmax_f32 --input=randn:37x1xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=softmax_f32 --input=randn:9x4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=softmax_f32 --input=randn:9x4096xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=softmax_bf16 --input=randn:9x4099xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=softmax_bf16 --input=randn:9x32000xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=layernorm_f32 --input=randn:9x1000xf32 --input=randn:1000xf32 --input=randn:1000xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=residual_rmsnorm_f32 --input=randn:3x100003xf32 --input=randn:3x100003xf32 --input=randn:100003xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1}" --check | FileCheck %s --implicit-check-not=FAILED
// And with row-stream=1 alone, rows longer than every held variant (f32
// over 10^6+3):
// RUN: ferric-run %S/../Inputs/row_groups.mlir --target=cuda --entry=softmax_f32 --input=randn:2x1000003xf32 --pipeline-options="reduction={row-stream=1}" --check | FileCheck %s --implicit-check-not=FAILED

// Other stream shapes (row-stream-threads, row-stream-thread-bytes,
// row-stream-min-blocks): tiles of 64 to 1024 threads x 16 to 256 bytes,
// registers capped for 2 to 8 resident blocks per SM.
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_f32_4097 --input=randn:9x4097xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-stream-threads=64 row-stream-thread-bytes=16}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=softmax_bf16_50257 --input=randn:11x50257xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-stream-threads=1024 row-stream-thread-bytes=256 row-stream-min-blocks=2}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=layernorm_f32_100003 --input=randn:2x100003xf32 --input=randn:100003xf32 --input=randn:100003xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-stream-threads=256 row-stream-thread-bytes=32 row-stream-min-blocks=4}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=residual_rmsnorm_bf16_4097 --input=randn:9x4097xbf16 --input=randn:9x4097xbf16 --input=randn:4097xbf16 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-stream-threads=128 row-stream-thread-bytes=128}" --check | FileCheck %s --implicit-check-not=FAILED
// RUN: ferric-run %S/Inputs/row_program_static.mlir --target=cuda --entry=log_softmax_f32_33 --input=randn:37x33xf32 --pipeline-options="reduction={row-stream=1 row-stream-min-length=1 row-stream-threads=64 row-stream-min-blocks=8}" --check | FileCheck %s --implicit-check-not=FAILED

// CHECK: ok
