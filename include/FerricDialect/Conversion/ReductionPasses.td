//===- ReductionPasses.td - Ferric reduction kernel passes -*- tablegen -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric-reduction-to-gpu and the pass that records its schedule choice,
// which shares its options. Included by Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_CONVERSION_REDUCTIONPASSES_TD
#define FERRIC_CONVERSION_REDUCTIONPASSES_TD

include "mlir/Pass/PassBase.td"

//===- ferric-reduction-to-gpu --------------------------------------------===//

def FerricReductionToGPUPass : Pass<"ferric-reduction-to-gpu", "func::FuncOp"> {
  let summary = "Map linalg reductions to block, warp, split or column "
                "reduction kernels";
  let description = [{
    Rewrites each bufferized `linalg.generic` with reduction loops (what
    `ferric.reduce` produces) into one `gpu.launch`:

    - When the innermost loop is a reduction (row sums, row max, full
      reductions) and the body folds the output argument with one
      `arith.addf`, `mulf`, `maximumf`, `minimumf`, `maxnumf` or `minnumf`,
      a *block reduction*: one block per output element at a time (a
      grid-stride loop over outputs); each thread folds a strided slice of
      the reduced elements with the generic's own body (consecutive threads
      read consecutive elements), then the block combines the partials in
      workgroup memory with a tree of `block-size` (rounded down to a power
      of two, at least 32) and thread 0 folds the total into the output,
      which holds the reduction's initial value.
    - With `warp-size` set (the CUDA pipeline sets 32) and an accumulator of
      at most 32 bits, such a reduction gets a second kernel, a *warp
      reduction*, chosen on the host when rows are short (at most
      `warp-max-elements` reduced elements) or many (at least 8192 outputs):
      one warp per output, each lane folding four independent strided
      partials (four loads in flight), combined with `gpu.shuffle xor`; no
      workgroup memory, no barriers. f16/bf16 partials travel through the
      shuffles as f32 (exact).
    - With `warp-size` set and `row-groups`, a *row group*: such a reduction followed in its
      block by generics that read the same buffer through the identity map
      (so they share its loop space), each either a reduction of the same
      dims or elementwise over the whole space, writing fresh buffers (the
      row max, row sum and division of softmax; the sum of squares and
      scaling of RMSNorm) becomes one kernel, one warp per row: each
      reduction's result stays in registers for the members after it (lane
      0 also stores it), and the row is read again while it is in cache.
      With `row-program`, a row group over one innermost reduced dim whose
      row fits in registers (at most `row-program-max-values` values of
      each operand per thread: automatically 40, and 64 for four-byte
      elements in cluster blocks of 256 threads or fewer)
      is a *row program* instead: a team of T threads per row (a power of
      two, about one per 16 elements, at most 1024; several teams per
      block of `block-size` when T is smaller), thread t holding chunks k
      of V consecutive elements at (k * T + t) * V (V: 16 bytes of the
      input's type when it divides the row, else 1), loaded once; the
      operands that depend only on the reduced dim (gamma, beta) are
      loaded before the row loop when they take at most
      `row-program-invariant-values` values per thread, else with every
      row. Each reduction folds a thread's values with a
      tree, the team with `gpu.shuffle xor` (and one value per warp in
      workgroup memory for teams wider than a warp); elementwise results
      stay in registers and are stored only if read after the group
      (`row-program-subwarp` for teams narrower than a warp, else
      `row-program-registers`). With `row-program-cluster` = C > 1, a row
      too long for one block (more than 1024 x `row-program-max-values`
      elements) is a team of up to
      C blocks in one thread-block cluster (`row-program-cluster`, sm_90),
      of the fewest threads from `row-program-cluster-block` up that hold
      it: each block folds its share, writes its total into every block's
      workgroup memory (`nvvm.mapa`, one remote store per block), and after
      a cluster barrier every block folds the C totals in block order. A
      dynamic row length gets variants for rows of up to 64, 128, 256, ...
      (every power of two), 1024 x `row-program-max-values` elements and,
      with clusters, the longest row each cluster block size holds, the
      host picking the shortest that holds the row. With `row-stream`, a
      row group over static rows that no row program holds, or longer than
      `row-stream-min-length` (automatic: 524288 four-byte or 131072
      narrower elements), is a *row stream* (`row-stream`): a block of
      `row-stream-threads` (512) threads per row walks the row in tiles
      (each thread `row-stream-thread-bytes` of each operand per tile,
      16-byte chunks where they divide the row) once per reduction, recomputing the elementwise members before it, and once
      more to compute and store the elementwise members; each thread
      carries its accumulators across tiles and the block combines them
      once per row. A sum of exp(v - m) right after the max m of the same
      row (softmax, log-softmax) shares the max's pass: each thread keeps
      its running max and its sum relative to it (rescaled by exp(old -
      new) as the max grows, terms 0 while the max is -inf), and the block
      rescales each thread's sum to the row's max before adding. Reductions
      whose output was filled (or copied from a buffer filled) with a
      constant before the group start from it, and that fill and copy go.
    - Such a reduction with few outputs (at least 1 and at most half of
      `split-max-blocks`, static) and more than `block-size` * 32 reduced
      elements (or a count known only at run time), such as a full
      reduction, is *split-full*: two kernels and no float atomics, so the
      result is the same run to run. The first runs G blocks per output,
      G = min(ceil(n / (block-size * 32)), split-max-blocks / outputs) (at
      least 1; computed on the host when n is dynamic): each thread folds a
      grid-strided share of the elements, the block combines its threads'
      partials with the tree, and thread 0 writes one partial per block to
      a temporary buffer (`memref.alloc`, freed after the second kernel;
      `ferric-gpu-device-memory` puts it in device memory). The second runs
      one block per output, folding its G partials with the tree into the
      output's initial value.
    - When the innermost loop is parallel (a column sum, or a reduction over
      a middle dim with the contiguous inner dim kept) and the body is such
      a combiner, the *column* schedules, coalesced along the kept dims: a
      block covers a tile of `block-size` consecutive outputs, one thread
      each, and a chunk of the reduced elements. The chunk count is
      min(ceil(split-max-blocks * block-size / outputs), reduced /
      `column-chunk-rows`, 65535), at least 1 (few outputs: more chunks).
      With one chunk and at most `column-chunk-rows` reduced elements, one
      thread per output (below); with one chunk otherwise, *column*: one
      kernel folding each output's elements into it. With more chunks,
      *split-column*: thread (chunk, output) writes partials[chunk][output]
      to a temporary buffer and a second kernel folds each output's chunks
      in a fixed order into it. With sizes known only at run time, the host
      picks column or split-column by the chunk count.
    - When such a reduction keeps few contiguous elements per outer index
      (`inner`, static, at most `column-narrow-columns` and half the block:
      [N, 8] column sums, [A, N, 16] middle-dim ones), one thread per
      output would leave most lanes idle, so the *column-narrow* schedules
      give a block all `inner` outputs of an outer index and tile the
      reduced rows across its G = block-size / inner row groups: thread t
      folds column t % inner of rows t / inner, + G, ..., so the block reads
      G * inner consecutive elements per step; a tree over the row groups
      in workgroup memory combines them in a fixed order. The rows are cut
      into min(ceil(split-max-blocks / outer), reduced / (G * 32), 65535)
      chunks (at least 1): one chunk is *column-narrow*, one kernel; more
      are *split-column-narrow*, whose second kernel folds the chunks'
      partials with the same tiling. The host picks when the counts are
      dynamic.
    - The split-full, column and thread-per-output schedules take the
      elementwise generic right after the reduction that reads its result
      (the cast back to bf16/f16 of a narrow-float sum, the division of a
      mean) into the kernel writing the outputs, so it needs no kernel of
      its own; the reduction's f32 result is then stored only if something
      else reads it.
    - Threads of the split and column schedules fold their elements in
      blocks of `split-fold-bytes` of input (128: 32 f32 or 64 bf16
      elements, at least 32): four independent accumulators of at least
      eight elements each, the block written out (no inner loop) so that
      all its loads can be in flight before its folds, combined by a tree,
      the block results folded in order; the rounding error of an f32 sum
      then grows like a cascade sum's, not like a sequential one's.
    - With `column-load-bytes` (the NVVM pipeline: 4), a thread of the
      column and split-column schedules takes that many bytes of adjacent
      columns (2 bf16/f16 columns) and reads them with one vector load per
      row, each column in its own accumulators: a warp then reads 128
      bytes per row like f32 columns do. It needs a static innermost dim
      that the count divides and inputs that read the columns in their
      last dim; the remark says "N columns per thread".
    - With `split-load-bytes` (the NVVM pipeline: 16), a thread of the
      first split-full stage of a full reduction reads that many bytes of
      consecutive elements (8 bf16/f16, 4 f32) of each input read through
      the identity map with one vector load, each element in its own
      accumulators; the remark says "N elements per load".
    - Otherwise (a body that is not one combiner of the accumulator, or
      short columns as above), *one thread per output*: a grid-stride loop
      over outputs in row-major order, each thread folding all its reduced
      elements in order; consecutive threads read consecutive elements.

    All loops run inside the kernels, so the kernels take buffers only (the
    Vulkan ABI), unlike upstream's mapping, which launches once per outer
    reduction index. Each `gpu.launch` carries the schedule it got as
    `ferric.schedule` (`block`, `warp`, `row-group`, `row-group-block`,
    `row-program-registers`, `row-program-subwarp`, `row-program-cluster`,
    `row-stream`, `split-full` and
    `split-full-stage2`, `column`, `split-column` and
    `split-column-stage2`, `column-narrow`, `split-column-narrow` and
    `split-column-narrow-stage2`, `thread-per-output`), and each reduction gets a
    remark (`--remarks-filter=ferric-reduction-to-gpu`) naming its schedule,
    its output and reduced element counts and the split (blocks per output,
    chunks), or the kernels the host picks among when sizes are dynamic.

    Inputs need projected-permutation maps and identity layouts; other
    generics are left alone.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
  let options = [
    Option<"blockSize", "block-size", "unsigned", /*default=*/"256",
           "Threads per block (power of two for block reductions)">,
    Option<"workgroupAlloc", "workgroup-alloc", "bool", /*default=*/"false",
           "Allocate the block's workgroup buffer with memref.alloc in the "
           "kernel instead of a gpu.launch workgroup attribution (the SPIR-V "
           "conversion of gpu.func does not take attributions)">,
    Option<"warpSize", "warp-size", "unsigned", /*default=*/"0",
           "Lanes of a warp (subgroup) for warp reductions with gpu.shuffle; "
           "0 disables them (the SPIR-V pipeline: subgroup operations need "
           "capabilities it does not request)">,
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "NVIDIA chip (sm_NN) whose facts the schedules follow: thread-block "
           "clusters from sm_90 on, resident threads per SM; empty: sm_90's "
           "(with warp-size)">,
    Option<"warpMaxElements", "warp-max-elements", "unsigned",
           /*default=*/"4096",
           "Rows of at most this many reduced elements use the warp "
           "reduction (whatever the number of outputs)">,
    Option<"rowGroups", "row-groups", "bool", /*default=*/"true",
           "With warp-size: one kernel for a reduction and the row-wise work "
           "after it">,
    Option<"rowGroupBlockElements", "row-group-block-elements", "unsigned",
           /*default=*/"0",
           "Row groups over rows of at least this many reduced elements run "
           "one block per row (row-group-block) instead of one warp per row; "
           "0 (the default) keeps every row group on one warp per row. With "
           "a row length known only at run time the host picks">,
    Option<"rowGroupProducers", "row-group-producers", "bool",
           /*default=*/"false",
           "A row group also takes the elementwise kernel just before its "
           "first reduction that writes the buffer it reduces (residual add "
           "+ RMSNorm: one kernel writing both results)">,
    Option<"rowProgram", "row-program", "bool", /*default=*/"false",
           "Row groups whose rows fit in registers (at most "
           "row-program-max-values values of each operand per thread, 1024 "
           "threads per row) read each row "
           "once: a row program (row-program-registers, or "
           "row-program-subwarp for teams narrower than a warp); with a row "
           "length known only at run time the host picks among variants for "
           "rows of up to 64, 128, 256, ... (every power of two), 1024 x "
           "row-program-max-values elements and the longest row of each "
           "cluster shape (variants past 64 with aligned chunks, taking rows "
           "of more than 64 elements), and the other row-group kernels">,
    Option<"rowProgramCluster", "row-program-cluster", "unsigned",
           /*default=*/"0",
           "With row-program: rows too long for one block's registers "
           "(more than 1024 x row-program-max-values elements) spread over a "
           "thread-block cluster "
           "of up to this many blocks of row-program-cluster-block threads "
           "(0, 1, 2, 4, 8 or 16; 0 and 1 disable it; 16 is beyond the "
           "portable size and the runtime allows it per kernel; NVIDIA "
           "sm_90 and newer), which combine their totals through "
           "distributed shared memory (row-program-cluster); longer rows "
           "take the other row-group kernels">,
    Option<"rowProgramClusterBlock", "row-program-cluster-block",
           "unsigned", /*default=*/"256",
           "The fewest threads per block of cluster row programs (128, 256, "
           "512 or 1024): a row takes the smallest block size from this up "
           "whose cluster holds it (smaller blocks share an SM)">,
    Option<"rowProgramThreadBytes", "row-program-thread-bytes", "unsigned",
           /*default=*/"64",
           "The bytes of each row operand a row-program thread aims to hold "
           "(at least 16 values; 16 to 256, a power of two): 64 is 16 f32 "
           "or 32 bf16 values, so that narrow rows keep as many bytes in "
           "flight per thread as f32 rows; a thread of a cluster row program "
           "aims at 32 values or more of four-byte or narrower elements">,
    Option<"rowProgramMaxValues", "row-program-max-values", "unsigned",
           /*default=*/"0",
           "The most values of each row operand a row-program thread holds "
           "in registers (0, or 8 to 64): longer rows take more threads, a "
           "cluster, or the other row-group kernels. 0 (automatic): 40, "
           "and 64 for four-byte elements in cluster blocks of 256 threads "
           "or fewer. 40 puts cluster rows of 131073 to 163840 elements in "
           "blocks of 256 threads instead of 512 (H200, softmax over "
           "152064: 0.78x the time of 32 in f32 and bf16); 64 lost up to "
           "12% on bf16 rows of 256000 but won 9-15% on f32 rows of 256000 "
           "and 262144 (H100)">,
    Option<"rowProgramAlignedChunks", "row-program-aligned-chunks", "bool",
           /*default=*/"true",
           "Row programs over rows of 64 or more elements of at most four "
           "bytes whose length no 16-byte chunk divides (GPT-2's vocabulary "
           "of 50257), and the variants for rows of a length known only at "
           "run time, move the row's whole 16-byte chunks aligned in memory "
           "and one element of its ends per thread, instead of one element "
           "per access; the operands not indexed like the loop space "
           "(gamma, beta) are then read one element at a time with every "
           "row (H100, softmax at 2^28 elements: bf16 0.79x the time over "
           "rows of 32001, 0.92x over 50257, 1.03x over 4097 and 151937; "
           "f32 0.91x over 32001; dynamic f32 rows 0.26-0.80x). Static "
           "f32 rows over a cluster keep one element per access (50257: "
           "1.10x the time). Row streams over such rows (row-stream) move "
           "aligned 16-byte chunks too, the row's ends one element per "
           "thread in a tile of their own">,
    Option<"rowProgramInvariantValues", "row-program-invariant-values",
           "unsigned", /*default=*/"16",
           "The most values of the row-invariant operands (LayerNorm's gamma "
           "and beta: read through the reduced dim only) a row-program "
           "thread keeps in registers across its rows; with more, they are "
           "loaded with each row like the row itself (H100, 2^28 elements: "
           "bf16 LayerNorm over 4096 / 16384 / 32000 0.93x / 0.91x / 0.85x "
           "the time of keeping them, f32 LayerNorm over 32000 0.93x)">,
    Option<"rowStream", "row-stream", "bool", /*default=*/"false",
           "Row groups over long rows of a static length walk each row in "
           "tiles, a block per row, once per pass (row-stream) instead of "
           "holding it in registers or re-reading it one element at a time; "
           "a sum of exp(v - max) after the row's max shares the max's pass "
           "(online softmax). Off by default here, on in the NVVM pipeline "
           "(ferric-lower-to-nvvm reduction={row-stream=0} turns it off)">,
    Option<"rowStreamMinLength", "row-stream-min-length", "unsigned",
           /*default=*/"0",
           "With row-stream, every row group over static rows of at least "
           "this many elements is a row stream; 0 (automatic): rows no row "
           "program holds, rows of at least 524288 four-byte elements and "
           "narrower rows only a cluster holds, when there are 256 rows or "
           "more (H100, softmax at 2^28: f32 over 524288 held 1275 us, "
           "streamed 1215; bf16 over 50257 / 131072 / 524288 held 696 / "
           "647 / 953, streamed 613 / 622 / 624)">,
    Option<"rowProgramClusterGrid", "row-program-cluster-grid", "unsigned",
           /*default=*/"0",
           "Cluster row programs launch at most this many clusters, each "
           "looping over rows, so that they stay resident (0: one cluster "
           "per row, up to 65535 blocks)">,
    Option<"rowStreamThreads", "row-stream-threads", "unsigned",
           /*default=*/"512",
           "Threads of a row stream's block (64, 128, 256, 512 or 1024)">,
    Option<"rowStreamThreadBytes", "row-stream-thread-bytes", "unsigned",
           /*default=*/"0",
           "Bytes of each row operand a row-stream thread loads per tile "
           "(16, 32, 64, 128 or 256): the loads each thread has in flight. "
           "0 (automatic): static rows of whole 16-byte chunks 32 for "
           "four-byte elements and 16 for narrower ones (fewer registers, "
           "more resident blocks), aligned-chunk and dynamic-length rows 64 "
           "(H100, softmax at 2^28: f32 over 524288 1196 us at 64 bytes, "
           "1100 at 32; bf16 over 131072 614 at 64, 566 at 16; bf16 over "
           "100003 593 at 64, 627 at 32)">,
    Option<"rowStreamMinBlocks", "row-stream-min-blocks", "unsigned",
           /*default=*/"0",
           "Row-stream kernels ask for this many resident blocks per SM "
           "(the ferric.min_blocks_per_sm mark: ptxas caps the registers "
           "to fit them, spilling if it must); 0 or 1: nothing asked; at "
           "most 2048 / row-stream-threads">,
    Option<"rowReciprocal", "row-reciprocal", "bool", /*default=*/"true",
           "Row groups divide by a per-row value (softmax's sum, a norm's "
           "root) through its reciprocal, taken once per row and thread, "
           "in f32 for f32 and narrower floats: a multiply per element "
           "instead of a division (within 2^-23 relative of the f32 "
           "quotient for divisors of magnitude in [2^-126, 2^126], as "
           "CUDA's div.full.f32; H100, bf16 softmax over 32000 at 2^28: "
           "see bench/RESULTS.md); false: a division per element">,
    Option<"rowProgramMaxRegisters", "row-program-max-registers",
           "unsigned", /*default=*/"0",
           "Row-program kernels whose blocks leave room for N = 65536 / "
           "(this x block threads) >= 2 resident blocks per SM ask for them "
           "(0, or 32 to 255; 255 asks nothing of blocks of 256 threads or "
           "more): the ferric.min_blocks_per_sm mark that "
           "ferric-nvvm-occupancy-hints turns into nvvm.minctasm, so that "
           "ptxas holds each thread to about this many registers, spilling "
           "if it must, and one block's loads overlap another's reductions. "
           "0 (automatic): 64 for threads holding at most 80 bytes of each "
           "row operand in blocks of 512 threads or in cluster blocks (H100: "
           "LayerNorm over 16384 bf16 0.88x, softmax over 152064 bf16 0.89x "
           "the time), none elsewhere (256-thread blocks of LayerNorm and "
           "residual add + RMSNorm over 4096 bf16 spilled: 1.21x and 2.07x)">,
    Option<"splitMaxBlocks", "split-max-blocks", "unsigned",
           /*default=*/"1024",
           "Blocks the first stage of a split reduction aims for in all, in "
           "[2, 65535]: split-full takes up to this many / outputs blocks per "
           "output; split-column takes enough row chunks for this many "
           "blocks of block-size columns">,
    Option<"splitFoldBytes", "split-fold-bytes", "unsigned",
           /*default=*/"128",
           "The bytes of its input each thread of the split-full and column "
           "schedules loads before folding them, per block of its blocked "
           "fold (4 accumulators of at least 8 elements each; a power of "
           "two, 32 to 1024): 128 is 32 f32 or 64 bf16/f16 elements, so "
           "that narrow inputs keep as many bytes in flight as f32 ones">,
    Option<"columnLoadBytes", "column-load-bytes", "unsigned",
           /*default=*/"0",
           "Threads of the column and split-column schedules take this many "
           "bytes of adjacent columns (0, or a power of two up to 16; 0 or "
           "one element: a column each) and read them with one vector load "
           "per row, when the innermost loop is static and a multiple of "
           "the count and every input read through it reads it in its last "
           "dim: 4 gives bf16/f16 columns the 128-byte warp accesses of f32 "
           "ones (the NVVM pipeline's default; SPIR-V leaves 0)">,
    Option<"splitLoadBytes", "split-load-bytes", "unsigned",
           /*default=*/"0",
           "Threads of the split-full schedule over a full reduction (every "
           "loop reduced) read this many bytes of consecutive elements of "
           "each input read through the identity map with one vector load "
           "(0, or a power of two up to 16; 0 or one element: an element "
           "per load), each element of the vector in its own accumulators; "
           "the last (count mod elements per load) elements are folded one "
           "at a time: 16 gives bf16/f16 inputs the loads of f32 ones (the "
           "NVVM pipeline's default; SPIR-V leaves 0)">,
    Option<"columnChunkRows", "column-chunk-rows", "unsigned",
           /*default=*/"64",
           "Fewest reduced elements per chunk of a split-column reduction "
           "(at least 1); columns of at most this many elements and one chunk "
           "get one thread per output">,
    Option<"columnNarrowColumns", "column-narrow-columns", "unsigned",
           /*default=*/"64",
           "Column and middle-dim reductions keeping at most this many "
           "contiguous elements per outer index (static, at most half the "
           "block) take the column-narrow schedules, a block per outer index "
           "with the reduced rows tiled across its threads; 0 disables them">
  ];
}

//===- ferric-choose-reduction-schedule -----------------------------------===//

def FerricChooseReductionSchedulePass
    : Pass<"ferric-choose-reduction-schedule", "func::FuncOp"> {
  let summary = "Record the schedule list of each reduction as an attribute";
  let description = [{
    Runs the schedule chooser of `ferric-reduction-to-gpu` (one pure
    function, `lib/Conversion/GPUCodegen/ReductionSchedule.cpp`, unit-tested
    shape by shape) on each bufferized reduction it handles and records the
    result on the `linalg.generic` (the reduction heading a row group, for
    row groups) as `ferric.reduction_schedule`: an array of
    `"GUARD: SCHEDULE"` strings that the host tries in order, e.g.

    ```mlir
    linalg.generic {..., ferric.reduction_schedule = [
        "reduced <= 4096: warp", "outputs >= 8192: warp", "always: block"]}
    ```

    A guard is `always` or `&&`-joined bounds `reduced >= N`,
    `reduced <= N`, `reduced % N == 0`, `outputs >= N` on the reduced and
    output element counts; a schedule is `thread-per-output`, `warp`,
    `block`, `split-full`, `column`, `column-narrow`, `row-group`,
    `row-group-block`, `row-program(team T, C x W, block B[, cluster N]
    [, aligned][, min-blocks M])` or `row-stream(block B, C x W[, aligned]
    [, min-blocks M])`. Static counts decide their guards here, so a static
    reduction gets one schedule.

    `ferric-reduction-to-gpu` emits the list it finds in the attribute
    instead of choosing: a user pins a schedule by writing the attribute
    (one that cannot run there, e.g. a row program smaller than the rows
    its guard admits, is an error at the reduction). Its options are those
    of `ferric-reduction-to-gpu` (one declaration); nothing else changes.
  }];
  let options = FerricReductionToGPUPass.options;
}

#endif // FERRIC_CONVERSION_REDUCTIONPASSES_TD
