// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: ferric-opt %S/../Integration/Inputs/transformer_tail.mlir --ferric-lower-to-nvvm="format=isa" -o %t/isa.mlir \
// RUN:   --remarks-filter=ferric-reduction-to-gpu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=HOST < %t/isa.mlir
// RUN: %python %ferric_src/scripts/extract-gpu-binary.py %t/isa.mlir --out-dir %t
// RUN: grep -o '[ls][dt]\.global[.a-z0-9]*' %t/tail_bf16_4096_kernel.ptx | sort | uniq -c | FileCheck %s --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_90 %t/tail_bf16_4096_kernel.ptx -o %t/k.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// The transformer-block tail as the Python package records it (numpy-style
// keepdim RMSNorm between bf16 <-> f32 casts, a gate reading w and up, the
// residual h and the output y as results; the program is
// test/Integration/Inputs/transformer_tail.mlir) is ONE kernel on CUDA:
// ferric-fuse folds the collapse_shape into the keepdim reduction and moves
// the cast of w under its broadcast, and the row program takes the
// residual add (writing bf16 h, keeping f32 float(h) and its square in
// registers) as its producer. Its chunks are 16 bytes of bf16 (8 values),
// although the reduced values are f32, and a thread holds 64 bytes of each
// row operand (row-program-thread-bytes): each thread loads four chunks of
// x, res, up and w and stores four of h and y, all 128-bit, without spills.
// (It was 6 kernels: the collapse was a fusion barrier, the cast of w a
// kernel of its own, and a producer with outputs of two element types was
// not taken.)

// REMARK: Function=tail_bf16_4096 | Remark="row-program-registers for dynamic outputs of 4096 reduced elements, 128 threads per row, 32 values each"

// HOST-LABEL: llvm.func @tail_bf16_4096(
//       HOST:   gpu.launch_func {{.*}}@tail_bf16_4096_kernel::@tail_bf16_4096_kernel
//   HOST-NOT:   gpu.launch_func
//       HOST:   llvm.return

// PTX-NOT: global
// PTX: 16 ld.global.v4.b32
// PTX-NEXT: 8 st.global.v4.b32
// PTX-NOT: global
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
