// ferric-run's error paths: each bad invocation exits 1 with one message
// saying what is wrong (FileCheck reads stderr), and never leaves an output
// file behind.

// RUN: rm -rf %t && mkdir -p %t

// Inputs that are not there or not .npy files.
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=%t/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: ferric-run: input 0 ('{{.*}}missing.npy'): cannot open '{{.*}}missing.npy': No such file or directory
// RUN: printf 'this is not a numpy file' > %t/garbage.npy
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=%t/garbage.npy 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: ferric-run: input 0 ('{{.*}}garbage.npy'): '{{.*}}garbage.npy': not an .npy file (bad magic)
// RUN: printf "\223NUMPY\001\000\166\000{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }                                                            \n\001\000\000\000\002\000\000\000\003\000\000\000" > %t/int32.npy
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=%t/int32.npy 2>&1 | FileCheck %s --check-prefix=INT32
// INT32: ferric-run: input 0 ('{{.*}}int32.npy'): '{{.*}}int32.npy': unsupported dtype '<i4'
// A valid file cut short in its header, and one cut short in its data.
// RUN: ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:100xf32 --output=%t/good.npy
// RUN: head -c 100 %t/good.npy > %t/short-header.npy
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=%t/short-header.npy 2>&1 | FileCheck %s --check-prefix=SHORTHEADER
// SHORTHEADER: ferric-run: input 0 ('{{.*}}short-header.npy'): '{{.*}}short-header.npy': bad .npy header: truncated
// RUN: head -c 300 %t/good.npy > %t/short-data.npy
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=%t/short-data.npy 2>&1 | FileCheck %s --check-prefix=SHORTDATA
// SHORTDATA: ferric-run: input 0 ('{{.*}}short-data.npy'): '{{.*}}short-data.npy': {{.*}}truncated
// A bad generator spec and a bad scalar.
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3xf33 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC: ferric-run: input 0 ('rand:3xf33'): invalid tensor spec 'rand:3xf33': unknown element type 'f33'
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=fused --input=rand:3xf32 --input=rand:3xf32 --input=abc 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: ferric-run: input 2 ('abc'): invalid f32 scalar 'abc'

// Inputs that do not fit the entry: dtype (from a generator and from a bf16
// .npy given to an f16 argument), rank, a static dim, a tensor for a scalar.
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3xf16 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: ferric-run: input 0 has dtype f16 but @chain expects tensor<?xf32>
// RUN: ferric-run %S/../Inputs/ops_bf16.mlir --entry=chain --input=rand:3xbf16 --output=%t/bf16.npy
// RUN: not ferric-run %S/../Inputs/ops_f16.mlir --entry=chain --input=%t/bf16.npy 2>&1 | FileCheck %s --check-prefix=BF16
// BF16: ferric-run: input 0 has dtype bf16 but @chain expects tensor<?xf16>
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3x2xf32 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: ferric-run: input 0 has rank 2 but @chain expects tensor<?xf32>
// RUN: not ferric-run %S/../Inputs/matmul_f32.mlir --entry=matmuls --input=rand:3x4xf32 --input=rand:4x2xf32 --input=rand:2x3x4xf32 --input=rand:2x4x2xf32 --input=rand:33x64xf32 --input=rand:65x17xf32 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: ferric-run: input 4 dim 1 is 64 but @matmuls expects tensor<33x65xf32>
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=fused --input=rand:3xf32 --input=rand:3xf32 --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=NOTSCALAR
// NOTSCALAR: ferric-run: input 2 must be a scalar for @fused (f32)

// Dynamic dims that disagree: two inputs of an elementwise op, a broadcast
// whose size comes from another input, matmul contraction and batch dims.
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=fused --input=rand:3xf32 --input=rand:4xf32 --input=1 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: ferric-run: input shapes disagree: 'ferric.mul' at line {{[0-9]+}} needs operand 1 (4) to match 3
// RUN: not ferric-run %S/../Inputs/broadcast_sizes.mlir --input=rand:2x3xf32 --input=rand:5x3xf32 --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=BSIZES
// BSIZES: ferric-run: input shapes disagree: 'ferric.add' at line 9 needs operand 1 (2x3) to match 5x3
// RUN: not ferric-run %S/../Inputs/matmul_f32.mlir --entry=matmuls --input=rand:3x4xf32 --input=rand:5x2xf32 --input=rand:2x3x4xf32 --input=rand:2x4x2xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 2>&1 | FileCheck %s --check-prefix=CONTRACT
// CONTRACT: ferric-run: input shapes disagree: 'ferric.matmul' at line {{[0-9]+}} contracts 3x4 with 5x2
// RUN: not ferric-run %S/../Inputs/matmul_f32.mlir --entry=matmuls --input=rand:3x4xf32 --input=rand:4x2xf32 --input=rand:3x3x4xf32 --input=rand:2x4x2xf32 --input=rand:33x65xf32 --input=rand:65x17xf32 2>&1 | FileCheck %s --check-prefix=BATCH
// BATCH: ferric-run: input shapes disagree: 'ferric.matmul' at line {{[0-9]+}} contracts 3x3x4 with 2x4x2

// The number of inputs and outputs.
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain 2>&1 | FileCheck %s --check-prefix=NOINPUT
// NOINPUT: ferric-run: @chain takes 1 arguments but 0 --input were given
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3xf32 --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=TWOINPUTS
// TWOINPUTS: ferric-run: @chain takes 1 arguments but 2 --input were given
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3xf32 --output=%t/o0.npy --output=%t/o1.npy --output=%t/o2.npy 2>&1 | FileCheck %s --check-prefix=OUTPUTS
// OUTPUTS: ferric-run: --output given 3 times but @chain has 2 results
// RUN: not ls %t/o0.npy

// The entry: unknown, or not given with two public functions.
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=nope --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: ferric-run: no function @nope with a body in the module
// RUN: not ferric-run %S/../Inputs/two_public.mlir --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=TWOPUBLIC
// TWOPUBLIC: ferric-run: the module has 2 public functions; choose one with --entry
// RUN: ferric-run %S/../Inputs/two_public.mlir --entry=second --input=rand:3xf32 --check | FileCheck %s --check-prefix=SECOND
// SECOND: check: result 0: {{.*}}: ok

// An unknown target, a module that is not there, a module that does not
// parse (one diagnostic, at file:line:col).
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --target=tpu --entry=chain --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: ferric-run: unknown target 'tpu' (expected cpu, cuda, vulkan or webgpu)
// RUN: not ferric-run %t/missing.mlir --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=NOMODULE
// NOMODULE: ferric-run: cannot read '{{.*}}missing.mlir': No such file or directory
// RUN: not ferric-run %S/../Inputs/parse_error.mlir --input=rand:3xf32 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: ferric-run: cannot parse the module
// PARSE-NEXT: {{.*}}parse_error.mlir:5:8: error: custom op 'ferric.bogus' is unknown
// PARSE-NOT: error

// --output: to a directory that does not exist (no file, no temporary
// left), onto a directory, and a run that fails leaves no output file,
// not even the results it wrote before the failure.
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3xf32 --output=%t/nodir/out.npy 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: ferric-run: cannot write result 0: cannot write '{{.*}}nodir/out.npy': No such file or directory
// RUN: not ls %t/nodir
// RUN: mkdir %t/isdir
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3xf32 --output=%t/isdir 2>&1 | FileCheck %s --check-prefix=ISDIR
// ISDIR: ferric-run: cannot write result 0: cannot write '{{.*}}isdir': cannot rename '{{.*}}isdir.tmp.{{[0-9]+}}': Is a directory
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3xf32 --output=%t/first.npy --output=%t/nodir/second.npy 2>&1 | FileCheck %s --check-prefix=SECONDFAILS
// SECONDFAILS: ferric-run: cannot write result 1: cannot write '{{.*}}nodir/second.npy': No such file or directory
// RUN: not ferric-run %S/../Inputs/ops_f32.mlir --entry=chain --input=rand:3xf16 --output=%t/failed.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: ls -a %t | FileCheck %s --check-prefix=LEFT --implicit-check-not=tmp --implicit-check-not=first.npy --implicit-check-not=failed.npy
// LEFT: isdir

// --check fails, and says where, when the results do not match: f32 loses
// the 1 in (x + 1e8) - 1e8, the f64 reference does not.
// RUN: not ferric-run %S/../Inputs/cancellation.mlir --input=full=0.25:8xf32 --check | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: check: result 0: max abs 0.25, {{.*}}: FAILED
// MISMATCH-NEXT: 8 elements off, 0 NaN mismatches; worst at 0
